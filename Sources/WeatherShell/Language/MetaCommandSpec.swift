import WXBasics
import WeatherKit

/// One backslash or dot command (`\o`, `.read`), declared once, as `CommandSpec` declares a
/// command: its spellings and what `help` says of it (`spec`, which the man page lists too),
/// how `help`'s list shows it, whether a file name completes after it, and how its words
/// become a `MetaCommand` — with the usage error for words it cannot take.
/// `MetaCommand(typed:words:)`, `help`, `help \o`, Tab and the man page all read
/// `MetaCommandSpec.all` (through `Registry`).
struct MetaCommandSpec: Sendable {
    /// How `help`'s command list shows a meta command (the man page and `help \o` describe
    /// every one whole).
    enum Listing: Sendable {
        /// In the one row the short ones share (“\q \? \i FILE …”, “quit, help, run a file, …”):
        /// its form there and its word.
        case shared(form: String, brief: String)
        /// In a row of its own: its form and what it does, briefly.
        case ownRow(form: String, brief: String)
        /// Not in the list.
        case unlisted
    }

    /// The name, aliases, synopsis, summary and details `help \o` shows.
    let spec: CommandSpec
    /// How `help`'s list shows it.
    let listing: Listing
    /// Whether its argument is a file name (Tab completes one, as after `source`).
    let takesFile: Bool
    /// The meta command its argument (the rest of the line; nil when none) makes, or the
    /// refusal; `shown` is the name as typed, fit for an error.
    let make: @Sendable (_ argument: String?, _ shown: String) -> MetaCommand

    /// Every spelling: the name, then the aliases.
    var spellings: [String] { [spec.name] + spec.aliases }

    private init(
        _ name: String, aliases: [String], synopsis: String, summary: String, details: [String] = [],
        listing: Listing, takesFile: Bool = false,
        make: @escaping @Sendable (_ argument: String?, _ shown: String) -> MetaCommand
    ) {
        spec = CommandSpec(name: name, aliases: aliases, synopsis: synopsis, summary: summary, details: details) {
            arguments throws(ShellError) in throw arguments.usage()
        }
        self.listing = listing
        self.takesFile = takesFile
        self.make = make
    }

    /// The meta command spelled `name` (any case); nil for one wx does not have.
    static func named(_ name: String) -> MetaCommandSpec? {
        let name = name.lowercased()
        return all.first { $0.spellings.contains(name) }
    }

    /// Every backslash and dot command wx runs, in the order `help` and the man page list them.
    static let all: [MetaCommandSpec] = [
        MetaCommandSpec(
            "\\q", aliases: ["\\quit", ".quit", ".exit", ".q"], synopsis: "\\q", summary: "leave wx, as “quit”",
            listing: .shared(form: "\\q", brief: "quit")
        ) { _, _ in .quit },
        MetaCommandSpec(
            "\\?", aliases: ["\\h", "\\help", ".help"], synopsis: "\\?", summary: "the command list, as “help”",
            listing: .shared(form: "\\?", brief: "help")
        ) { _, _ in .help },
        MetaCommandSpec(
            "\\i", aliases: ["\\ir", "\\include", ".read"], synopsis: "\\i FILE",
            summary: "run each line of FILE as if typed", details: ["A file may read another, up to 8 deep."],
            listing: .shared(form: "\\i FILE", brief: "run a file"), takesFile: true
        ) { argument, shown in
            argument.map { .read($0) } ?? .refused("“\(shown)” runs a file of commands: \(shown) FILE")
        },
        MetaCommandSpec(
            "\\o", aliases: ["\\out", ".output"], synopsis: "\\o [FILE]",
            summary: "results into FILE from now on; “\\o” alone sends them back here",
            details: [
                "FILE is created or emptied. Errors and notices still come to the screen; wx’s own files are refused."
            ],
            listing: .shared(form: "\\o [FILE]", brief: "results to a file"), takesFile: true
        ) { argument, _ in .output(argument == "stdout" ? nil : argument) },
        MetaCommandSpec(
            ".once", aliases: [], synopsis: ".once FILE",
            summary: "the next command’s results into FILE, then here again",
            details: [
                "FILE is created or emptied. Errors and notices still come to the screen; wx’s own files are refused."
            ],
            listing: .unlisted, takesFile: true
        ) { argument, shown in
            // It acted as `.output`: every later result went to the file until `\o` (trial 8).
            argument.map { .once($0) }
                ?? .refused("“\(shown)” sends the next command’s results to a file: \(shown) FILE")
        },
        MetaCommandSpec(
            "\\timing", aliases: [".timer"], synopsis: "\\timing [on|off]",
            summary: "each command’s time after it, in milliseconds; alone it turns timing on or off",
            listing: .shared(form: "\\timing", brief: "times")
        ) { argument, shown in
            switch argument?.lowercased() {
            case nil: .timing(nil)
            case "on": .timing(true)
            case "off": .timing(false)
            default: .refused("“\(shown)” is \(shown) on or \(shown) off")
            }
        },
        MetaCommandSpec(
            "\\e", aliases: ["\\edit"], synopsis: "\\e",
            summary:
                "the last line in $EDITOR, run when the editor ends — nothing runs when it comes back unchanged, as in psql (Ctrl-X Ctrl-E edits the line being typed and runs it, changed or not, as in bash)",
            listing: .ownRow(form: "\\e", brief: "the last line in $EDITOR, run if changed")
        ) { _, _ in .edit },
    ]
}

/// `help \o`, `help .read`: the backslash and dot commands described as `help` describes a
/// command, from their declarations (`MetaCommandSpec.all`).
extension CommandSpec {
    /// The description of the meta command `word` (`\o`, `.output`, any case), as typed.
    ///
    /// - Throws: `ShellError.usage` with the line that names the wx command meant, for a psql or
    ///   sqlite3 command wx does not run (`help \d`), as running it would.
    /// - Returns: nil when `word` starts with neither `\` nor `.`.
    static func metaCommandHelp(_ word: String) throws(ShellError) -> CommandSpec? {
        guard let name = MetaCommand.name(word) else { return nil }
        guard let meta = MetaCommandSpec.named(name) else {
            throw .usage(MetaCommand.meant(name.lowercased(), shown: MetaCommand.shown(name)))
        }
        return meta.spec
    }

    /// `help`'s rows for the backslash and dot commands, as (form, what it does): the shared
    /// row, then each of its own (`MetaCommandSpec.Listing`).
    static var metaCommandRows: [(form: String, brief: String)] {
        var shared: [(form: String, brief: String)] = []
        var own: [(form: String, brief: String)] = []
        for meta in Registry.metaCommands {
            switch meta.listing {
            case .shared(let form, let brief): shared.append((form, brief))
            case .ownRow(let form, let brief): own.append((form, brief))
            case .unlisted: break
            }
        }
        guard !shared.isEmpty else { return own }
        return [(shared.map(\.form).joined(separator: " "), shared.map(\.brief).joined(separator: ", "))] + own
    }
}
