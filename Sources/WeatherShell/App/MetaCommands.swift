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
    /// when it does not start with `\` or `.`.
    init?(typed: String, words: [String]) {
        let text = typed.trimmed
        guard let first = text.first, first == "\\" || first == "." else { return nil }
        let name = String(text.prefix { !$0.isWhitespace })
        let argument = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
        let shown = TerminalText.sanitized(String(name.prefix(24)))
        switch name.lowercased() {
        case "\\q", "\\quit", ".quit", ".exit", ".q": self = .quit
        case "\\?", "\\h", "\\help", ".help": self = .help
        case "\\i", "\\ir", "\\include", ".read":
            guard let argument else {
                self = .refused("“\(shown)” runs a file of commands: \(shown) FILE")
                return
            }
            self = .read(argument)
        case "\\o", "\\out", ".output":
            self = .output(argument == "stdout" ? nil : argument)
        case ".once":
            // It acted as `.output`: every later result went to the file until `\o` (trial 8).
            guard let argument else {
                self = .refused("“\(shown)” sends the next command’s results to a file: \(shown) FILE")
                return
            }
            self = .once(argument)
        case "\\timing", ".timer":
            switch argument?.lowercased() {
            case nil: self = .timing(nil)
            case "on": self = .timing(true)
            case "off": self = .timing(false)
            default: self = .refused("“\(shown)” is \(shown) on or \(shown) off")
            }
        case "\\e", "\\edit": self = .edit
        default: self = .refused(Self.meant(name.lowercased(), shown: shown))
        }
    }

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

/// Results written to a file (`\o FILE`) instead of standard output; errors still go where
/// they went.
final class FileOutput: OutputSink {
    private let descriptor: Int32
    private let errors: any OutputSink
    /// An error line as the runner writes it (fitted to a terminal's width, `putError`).
    private let fitted: (String) -> String
    let path: String

    /// Opens (creates or truncates) `path` for writing; `fitted` lays out the line that says a
    /// write failed.
    ///
    /// - Throws: `ShellError.storage` naming the file and the cause.
    init(path: String, errors: any OutputSink, fitted: @escaping (String) -> String = { $0 }) throws(ShellError) {
        // O_NONBLOCK: a named pipe nobody reads would hold the open, and the prompt, forever
        // (issue 38); it fails with ENXIO instead. Writes block again once it is open.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            if errno == ENXIO {
                throw .storage(
                    "results not sent to \(path): it is a named pipe (FIFO) that nobody is reading; choose a file")
            }
            throw .storage("results not sent to \(path): \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.descriptor = descriptor
        self.errors = errors
        self.fitted = fitted
        self.path = path
    }

    deinit { close(descriptor) }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                errors.writeError(fitted("error: results not written to \(path)\n"))
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    func writeError(_ text: String) { errors.writeError(text) }
}

/// Running the meta commands.
extension ShellRunner {
    func run(_ meta: MetaCommand) async -> LineStatus {
        switch meta {
        case .quit:
            return .quit
        case .help:
            emit(.help(CommandTable.all))
            return .succeeded
        case .read(let path):
            guard readDepth < 8 else {
                report(
                    .usage("\\i is 8 files deep: \(TerminalText.sanitized(path)) not read (does a file read itself?)"))
                return .failed
            }
            readDepth += 1
            defer { readDepth -= 1 }
            return await runFile(session.configuration.expandPath(path), what: "file", quitEnds: true)
        case .output(nil):
            // Said as `\o FILE` says where results go (trial 4, item 19: nothing was said).
            putError(outputFile == nil && onceFile == nil ? "results already go here\n" : "results go here again\n")
            outputFile = nil
            onceFile = nil
            return .succeeded
        case .output(let path?):
            guard let file = openOutput(path) else { return .failed }
            outputFile = file
            onceFile = nil
            putError("results go to \(file.path) (“\\o” alone sends them back here)\n")
            return .succeeded
        case .once(let path):
            guard let file = openOutput(path) else { return .failed }
            onceFile = file
            putError("the next command’s results go to \(file.path)\n")
            return .succeeded
        case .timing(let on):
            timing = on ?? !timing
            putError("timing is \(timing ? "on" : "off")\n")
            return .succeeded
        case .edit:
            return await editLastLine()
        case .refused(let line):
            report(.usage(line))
            return .usageError
        }
    }

    /// The file `\o FILE` or `.once FILE` names, opened (created or emptied); nil, the error
    /// said, when it is one of wx's own files or cannot be opened.
    private func openOutput(_ path: String) -> FileOutput? {
        let full = session.configuration.expandPath(path)
        if let own = session.ownFile(at: full) {
            report(.storage("results not sent to \(full): it is one of wx’s own files (\(own)); choose another file"))
            return nil
        }
        do {
            let width = errorWidth
            let paths = ([full] + pathsWithSpaces).filter { $0.contains(" ") }
            return try FileOutput(path: full, errors: standardOutput) { text in
                width.map { Self.wrappedAtWords(text, width: $0(), keeping: paths) } ?? text
            }
        } catch {
            report(error)
            return nil
        }
    }

    /// `\timing`: one line on standard error after a command, in milliseconds to a tenth.
    func reportTime(_ elapsed: Duration) {
        let (seconds, attoseconds) = elapsed.components
        let tenths = Int(seconds) * 10_000 + Int(attoseconds / 100_000_000_000_000)
        putError("time: \(tenths / 10).\(tenths % 10) ms\n")
    }
}
