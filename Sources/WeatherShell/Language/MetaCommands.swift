import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// psql's backslash commands and sqlite3's dot commands, as people type them from habit.
///
/// Before, a leading backslash was dropped and the rest prefix-matched: `\d` ran `daily`, `\c`
/// `compare` (a request per favorite), `\w` started `watch`. Now a word starting with `\` or `.`
/// never reaches the command table: the ones worth having run (`\q`, `\?`, `\i FILE`, `\o FILE`,
/// `\timing`, and the same in sqlite3's spelling), the others are refused with one line that
/// names the wx command meant.
enum MetaCommand: Equatable {
    /// `\q`, `.quit`, `.exit`.
    case quit
    /// `\?`, `\h`, `.help`: the command list, with the editing keys.
    case help
    /// `\i FILE`, `.read FILE`: each line of the file run as if typed.
    case read(String)
    /// `\o FILE`, `.output FILE`: results into the file from now on; nil (or `stdout`) ends it.
    case output(String?)
    /// `.once FILE` (sqlite3): the next command's results into the file, then here again.
    case once(String)
    /// `\timing [on|off]`, `.timer on|off`: each command's time after it; nil toggles.
    case timing(Bool?)
    /// `\e`, `\edit`: the last line in $EDITOR, run when the editor ends (Ctrl-X Ctrl-E does
    /// the same with the line being typed).
    case edit
    /// Anything else: refused, with the line that says what to type in wx.
    case refused(String)

    /// The meta command `typed` (one command's text, as typed) is, with its lexed `words`; nil
    /// when it does not start with `\` or `.`. The name is looked up in `MetaCommandSpec.all`;
    /// a name not there is refused with the line that names the wx command meant.
    init?(typed: String, words: [String]) {
        guard let name = Self.name(typed) else { return nil }
        let argument = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
        let shown = Self.shown(name)
        guard let spec = MetaCommandSpec.named(name) else {
            self = .refused(Self.meant(name.lowercased(), shown: shown))
            return
        }
        self = spec.make(argument, shown)
    }

    /// The first word of `typed` when it starts with `\` or `.`; nil otherwise.
    static func name(_ typed: String) -> String? {
        let text = typed.trimmed
        guard let first = text.first, first == "\\" || first == "." else { return nil }
        return String(text.prefix { !$0.isWhitespace })
    }

    /// `name` as an error may show it: at most 24 characters, nothing the terminal would act on.
    static func shown(_ name: String) -> String { TerminalText.sanitized(String(name.prefix(24))) }

    /// What wx has for a psql or sqlite3 command it does not run.
    static func meant(_ name: String, shown: String) -> String {
        switch name {
        case "\\d", "\\dt", "\\d+", "\\dt+", "\\l", "\\list", "\\dn", ".tables", ".schema", ".databases", ".indexes",
            ".fullschema":
            "“\(shown)” is not wx’s: there are no tables — “favs” lists favorites, “saved” snapshots, “history” commands"
        case "\\c", "\\connect", ".open", ".cd", ".connection":
            "“\(shown)” is not wx’s: wx keeps one state folder (“about” says where; start wx with --home DIR for another)"
        case "\\w", "\\copy", ".save", ".dump", ".backup", ".export", ".excel":
            "“\(shown)” is not wx’s: “export favorites|snapshots|history FILE” writes wx’s data to a file"
        case ".mode", ".headers", ".header":
            // sqlite3's are about CSV and tables as often as not (trial 15).
            "“\(shown)” is not wx’s: “format json” shows every field, “format text” goes back; “export favorites|snapshots|history --format csv” writes CSV with a header row"
        case "\\x", "\\a", "\\pset", "\\h+", ".width":
            "“\(shown)” is not wx’s: “format json” shows every field, “format text” goes back"
        case "\\s", ".history": "“\(shown)” is not wx’s: “history” lists the commands"
        case "\\!", ".shell", ".system":
            "“\(shown)” is not wx’s: wx runs no shell commands (Ctrl-Z, then fg, comes back)"
        case "\\g", "\\r", "\\p", ".print": "“\(shown)” is not wx’s: Enter runs the line; Up recalls the last one"
        default:
            "“\(shown)” is not a wx command: wx has \\q, \\?, \\i FILE, \\o FILE, \\timing and \\e (or .quit, .help, .read, .output, .timer); “help” lists the rest"
        }
    }
}
