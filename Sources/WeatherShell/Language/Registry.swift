/// Everything a user types, declared once and listed here: wx's commands (a `CommandSpec` per
/// `CommandName`, in its feature's folder), the backslash and dot commands (`MetaCommandSpec`)
/// and wx's own flags (a `FlagSpec` per `Flag`). `help`, `wx --help`, the man page, Tab and the
/// shells' completion, the usage errors and both parsers — the line's (`CommandParser`,
/// `MetaCommand`) and the command line's (`FlagReading`) — read these lists; none keeps a list of
/// its own.
package enum Registry {
    /// Every command, in the order `help` lists them.
    package static var commands: [CommandSpec] { CommandTable.all }

    /// Every backslash and dot command, in the order `help` and the man page list them.
    static var metaCommands: [MetaCommandSpec] { MetaCommandSpec.all }

    /// Every backslash and dot command as `help \o` and the man page describe it.
    package static var metaCommandSpecs: [CommandSpec] { metaCommands.map(\.spec) }

    /// Every flag of wx, in the order `wx --help` and the man page list them; hidden ones too.
    package static let flags: [FlagSpec] = Flag.allCases.map(\.declaration)

    /// The flags people read of (`wx --help`, the man page) and Tab offers.
    package static var listedFlags: [FlagSpec] { flags.filter(\.isListed) }

    /// The flag spelled `spelling` exactly ("--home", "-n"); nil for none of wx's.
    package static func flag(spelled spelling: String) -> FlagSpec? {
        flags.first { $0.spellings.contains(spelling) }
    }
}
