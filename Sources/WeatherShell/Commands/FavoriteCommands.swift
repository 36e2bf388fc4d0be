import WeatherKit

// Favorites: `fav` and its subcommands, `favs`.
extension CommandSpec {
    static let fav = CommandSpec(
        name: "fav", synopsis: "fav [rm <name> | rename <old> <new>]",
        summary: "toggle the current location as a favorite",
        details: [
            "“fav” adds the current location (★) or removes it (☆) when it is one already. A favorite is identified by its coordinates.",
            "Quote names with spaces: fav rename \"New York\" NYC.",
        ],
        completion: .subcommands([FavoriteSubcommand.rename, FavoriteSubcommand.remove], otherwise: .none)
    ) { arguments throws(ShellError) in
        if arguments.isEmpty { return .favoriteToggle }
        guard let subcommand = arguments.subcommand() else { throw arguments.usage() }
        switch subcommand {
        case FavoriteSubcommand.remove:
            guard let name = arguments.rest() else { throw arguments.spec.usage(of: subcommand) }
            return .favoriteRemove(name)
        default:
            guard arguments.words.count == 2 else { throw arguments.spec.usage(of: subcommand) }
            return .favoriteRename(from: arguments.words[0], to: arguments.words[1])
        }
    }

    static let favs = CommandSpec(name: "favs", synopsis: "favs", summary: "list favorites") {
        arguments throws(ShellError) in
        try arguments.alone(.favorites)
    }
}

enum FavoriteSubcommand {
    static let remove = Subcommand("rm", aliases: ["remove", "del"], arguments: "<name>", then: .favorites)
    static let rename = Subcommand("rename", aliases: ["mv"], arguments: "<old> <new>", then: .favoriteList)
}
