import WXBasics
import WeatherKit

// Favorites: `fav` and its subcommands, `favs`.
extension CommandSpec {
    static let fav = CommandSpec(
        name: "fav", synopsis: "fav [add | rm <name> | rename <old> <new>]",
        summary: "toggle the current location as a favorite",
        details: [
            "“fav” adds the current location (★) or removes it (☆) when it is one already. A favorite is identified by its coordinates: a favorite of state.plist wx cannot read (left out of “favs”, kept in the file) that may be the place — nothing read of it says otherwise, and its name is the place’s or both its coordinates could be read — keeps “fav” from adding it, in a line naming that entry (mend it, or remove it there); “import favorites” counts that place as saved already.",
            "While state.plist cannot be used (it does not parse, or a newer wx wrote it), favorites are read-only: “fav”, “fav rm”, “fav rename” and “import favorites” change nothing and say why, and “reset state” starts afresh (the old file is kept aside). A binary property list (bplist00) is read, and written back as XML at the next change.",
            "“fav add” only adds: a script, “replay” or “!N” run again never removes what it added. A plain “fav” run from the history — by “replay”, “!N”, “!!” or “^old^new” — only adds too: replaying “find Hamburg; fav” leaves Hamburg a favorite, as it was then, and when it is one already the line says so (“★ Hamburg is a favorite already: a “fav” run from the history adds, never removes”). Typed, “fav” toggles.",
            "A favorite is named by its whole name: case, accents and typographic quotes do not matter, but a part of a name names none — “fav rm Paris” beside only “Paris office” removes nothing, and “show Paris” looks Paris up. Tab completes a part to the whole name.",
            "After a “find” that failed (or a “show PLACE” or “use N” that did), the current location is still the place before it: until a command chooses or shows a place, “fav” neither removes nor adds that one (“fav rm NAME” and “fav add” do).",
            "Quote names with spaces: fav rename \"New York\" NYC. A name that reads as another place’s coordinates (48.85,2.35) is refused, by “import favorites” too: typed, coordinates always mean the place. The words after “hourly”, “daily”, “confidence”, “models” or “skill” that together name a favorite are that favorite, a number first or not.",
        ],
        completion: .subcommands(FavoriteSubcommand.declarations, otherwise: .none)
    ) { arguments throws(ShellError) in
        if arguments.isEmpty { return .favoriteToggle }
        guard let subcommand = arguments.subcommand(FavoriteSubcommand.self) else { throw arguments.usage() }
        switch subcommand {
        case .add:
            // `fav add 48.85,2.35` was told "usage: fav add" alone (a new user): it takes no
            // place, and saying so with the way to add that place is the help it needed.
            guard arguments.words.isEmpty else {
                let place = TerminalText.sanitized(ShellWords.join(arguments.words))
                throw .usage(
                    "“fav add” takes no place: it adds the current location — “show \(place)”, then “fav add”")
            }
            return .favoriteAdd
        case .remove:
            guard let name = arguments.rest() else { throw arguments.spec.usage(of: subcommand.declaration) }
            return .favoriteRemove(name)
        case .rename:
            guard arguments.words.count == 2 else { throw arguments.spec.usage(of: subcommand.declaration) }
            return .favoriteRename(from: arguments.words[0], to: arguments.words[1])
        }
    }

    static let favs = CommandSpec(name: "favs", synopsis: "favs", summary: "list favorites") {
        arguments throws(ShellError) in
        try arguments.alone(.favorites)
    }
}

/// `fav add`, `fav rename` and `fav rm`, in the order Tab lists them.
enum FavoriteSubcommand: SubcommandWord {
    case add, rename, remove

    var declaration: Subcommand {
        switch self {
        case .add: Subcommand("add", arguments: "", then: .none)
        case .rename: Subcommand("rename", aliases: ["mv"], arguments: "<old> <new>", then: .favoriteList)
        case .remove: Subcommand("rm", aliases: ["remove", "del"], arguments: "<name>", then: .favorites)
        }
    }
}
