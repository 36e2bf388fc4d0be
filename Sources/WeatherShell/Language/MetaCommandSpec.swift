import WXBasics
import WeatherKit

/// `help \o`, `help .read`: the backslash and dot commands described as `help` describes a
/// command. Not in the command table — `MetaCommand` reads them before any command is parsed.
extension CommandSpec {
    /// The description of the meta command `word` (`\o`, `.output`, any case), as typed.
    ///
    /// - Throws: `ShellError.usage` with the line that names the wx command meant, for a psql or
    ///   sqlite3 command wx does not run (`help \d`), as running it would.
    /// - Returns: nil when `word` starts with neither `\` nor `.`.
    static func metaCommandHelp(_ word: String) throws(ShellError) -> CommandSpec? {
        switch MetaCommand(typed: word, words: [word]) {
        case nil: return nil
        case .quit?: return metaQuit
        case .help?: return metaHelp
        case .read?: return metaRead
        case .output?: return metaOutput
        case .once?: return metaOnce
        case .timing?: return metaTiming
        case .edit?: return metaEdit
        case .refused(let line)?:
            // `\i` alone is refused for its missing FILE; asking about it is not a mistake.
            if ["\\i", "\\ir", "\\include", ".read"].contains(word.lowercased()) { return metaRead }
            if word.lowercased() == ".once" { return metaOnce }
            throw .usage(line)
        }
    }

    /// Every backslash and dot command, as `help` describes each (the man page lists them).
    package static var metaCommands: [CommandSpec] {
        [metaQuit, metaHelp, metaRead, metaOutput, metaOnce, metaTiming, metaEdit]
    }

    private static func meta(
        _ name: String, aliases: [String], synopsis: String, summary: String, details: [String] = []
    ) -> CommandSpec {
        CommandSpec(name: name, aliases: aliases, synopsis: synopsis, summary: summary, details: details) {
            arguments throws(ShellError) in throw arguments.usage()
        }
    }

    static let metaQuit = meta(
        "\\q", aliases: ["\\quit", ".quit", ".exit", ".q"], synopsis: "\\q", summary: "leave wx, as “quit”")
    static let metaHelp = meta(
        "\\?", aliases: ["\\h", "\\help", ".help"], synopsis: "\\?", summary: "the command list, as “help”")
    static let metaRead = meta(
        "\\i", aliases: ["\\ir", "\\include", ".read"], synopsis: "\\i FILE",
        summary: "run each line of FILE as if typed",
        details: ["A file may read another, up to 8 deep."])
    static let metaOutput = meta(
        "\\o", aliases: ["\\out", ".output"], synopsis: "\\o [FILE]",
        summary: "results into FILE from now on; “\\o” alone sends them back here",
        details: [
            "FILE is created or emptied. Errors and notices still come to the screen; wx’s own files are refused."
        ])
    static let metaOnce = meta(
        ".once", aliases: [], synopsis: ".once FILE", summary: "the next command’s results into FILE, then here again",
        details: [
            "FILE is created or emptied. Errors and notices still come to the screen; wx’s own files are refused."
        ])
    static let metaTiming = meta(
        "\\timing", aliases: [".timer"], synopsis: "\\timing [on|off]",
        summary: "each command’s time after it, in milliseconds; alone it turns timing on or off")
    static let metaEdit = meta(
        "\\e", aliases: ["\\edit"], synopsis: "\\e",
        summary:
            "the last line in $EDITOR, run when the editor ends — nothing runs when it comes back unchanged, as in psql (Ctrl-X Ctrl-E edits the line being typed and runs it, changed or not, as in bash)"
    )
}
