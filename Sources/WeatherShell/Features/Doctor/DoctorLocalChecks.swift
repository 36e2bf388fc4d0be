import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

#if canImport(Glibc)
import Glibc
#endif

/// What the front end knows of the terminal, for `doctor` (the session has no terminal).
package struct TerminalFacts: Hashable, Sendable {
    /// Whether standard input is a terminal (the prompt, libedit).
    package var inputIsTerminal = false
    /// Whether output is coloured, and why in a few words.
    package var colour = false
    package var colourReason = "the output is not a terminal"
    /// The columns output is laid out for.
    package var width = 80
    /// Whether the locale's character set is UTF-8.
    package var unicode = false

    package init() {}
}

/// `doctor`'s checks that ask no service: the state folder, the terminal, the files wx reads.
/// Each reads the file system as it is and changes nothing.
enum DoctorLocalChecks {
    /// Below this much free space in the state folder's file system, bytes (10 MB), writes of
    /// the log and the cache may fail: a problem.
    static let leastFreeBytes: UInt64 = 10 << 20

    /// The state folders (favorites, history, cache): each writable, or to be made in a folder
    /// that is.
    static func folders(_ configuration: Configuration) -> [DoctorCheck] {
        var seen: [String] = []
        var checks: [DoctorCheck] = []
        for (subject, path) in [
            ("favorites folder", configuration.configFolder), ("history folder", configuration.stateFolder),
            ("cache folder", configuration.cacheFolder),
        ] where !seen.contains(path) {
            seen.append(path)
            checks.append(folder(subject, path))
        }
        // One folder for both (WX_HOME, --home): named once.
        if configuration.configFolder == configuration.stateFolder { checks[0].subject = "state folder" }
        return checks
    }

    /// Why this process cannot write in (and search) the folder at `path`: the errno of
    /// `access(2)` (`EROFS` on a read-only file system, `EACCES` without permission); nil when
    /// it can.
    static func writeError(_ path: String) -> Int32? {
        access(path, W_OK | X_OK) == 0 ? nil : errno
    }

    /// The advice for a folder on a read-only file system: no permission there can change it.
    static let readOnlyAdvice = "start wx with --home DIR (or set WX_HOME) to a folder on a writable file system"

    /// One folder: writable as it is, or to be made inside the nearest one that exists.
    ///
    /// - Parameter writeError: why a folder cannot be written (`writeError(_:)`; a test's
    ///   stand-in for a read-only file system).
    static func folder(
        _ subject: String, _ path: String, writeError: (String) -> Int32? = DoctorLocalChecks.writeError
    ) -> DoctorCheck {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                return DoctorCheck(
                    .state, subject, .problem, "\(path) is not a folder",
                    advice: "move it aside, or start wx with --home DIR")
            }
            if let error = writeError(path) {
                guard error != EROFS else {
                    return DoctorCheck(
                        .state, subject, .problem,
                        "\(path) is on a read-only file system: nothing can be saved there", advice: readOnlyAdvice)
                }
                return DoctorCheck(
                    .state, subject, .problem, "\(path) is not writable: nothing can be saved there",
                    advice: "chmod u+rwx \(path), or start wx with --home DIR")
            }
            return DoctorCheck(.state, subject, .ok, "\(path), writable")
        }
        let parent = nearestExisting(path)
        guard stat(parent, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return DoctorCheck(
                .state, subject, .problem, "\(path) cannot be made: \(parent) is a file, not a folder",
                advice: "move the file away, or start wx with --home DIR")
        }
        if let error = writeError(parent) {
            guard error != EROFS else {
                return DoctorCheck(
                    .state, subject, .problem,
                    "\(path) does not exist and cannot be made: \(parent) is on a read-only file system",
                    advice: readOnlyAdvice)
            }
            return DoctorCheck(
                .state, subject, .problem, "\(path) does not exist and cannot be made in \(parent)",
                advice: "make it (mkdir -p \(path)), or start wx with --home DIR")
        }
        return DoctorCheck(.state, subject, .ok, "\(path), made at the first save")
    }

    /// `path`, or the nearest folder above it that exists ("/" at worst).
    static func nearestExisting(_ path: String) -> String {
        var current = path
        while !FileIO.exists(current), let slash = current.lastIndex(of: "/") {
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
        return current
    }

    /// Free space in the file system of the history folder (the log grows there).
    static func freeSpace(_ configuration: Configuration) -> DoctorCheck {
        var info = statvfs()
        let path = nearestExisting(configuration.stateFolder)
        guard statvfs(path, &info) == 0 else {
            return DoctorCheck(.state, "free space", .note, "cannot tell for \(path)")
        }
        let free = UInt64(info.f_bavail) * UInt64(info.f_frsize)
        let shown = bytesText(free)
        guard free >= leastFreeBytes else {
            return DoctorCheck(
                .state, "free space", .problem, "\(shown) free where the log is: saving may fail",
                advice: "free some space, or start wx with --home DIR on another disk")
        }
        return DoctorCheck(.state, "free space", .ok, "\(shown) free")
    }

    /// "12 MB", "3.4 GB".
    static func bytesText(_ bytes: UInt64) -> String {
        let megabytes = Double(bytes) / 1_048_576
        if megabytes < 1024 { return "\(Int(megabytes)) MB" }
        return "\(DecimalText.shortest((megabytes / 1024 * 10).rounded() / 10)) GB"
    }

    /// Whether another process holds the lock wx takes to write in a state folder
    /// (`.wx.lock`): asked without waiting (`LOCK_NB`); wx itself holds none between commands.
    /// Something other than a file in its place (a folder, a FIFO) is a problem: no change
    /// can be saved until it is moved aside.
    static func lock(_ configuration: Configuration) -> DoctorCheck {
        var held: [String] = []
        for folder in Set([configuration.configFolder, configuration.stateFolder]).sorted() {
            let path = folder + "/.wx.lock"
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                let what = FileKind(info).notRegularReason ?? "it is not a regular file"
                return DoctorCheck(
                    .state, "lock", .problem, "\(path) cannot be locked: \(what), so no change can be saved",
                    advice: "move it aside (mv \(path) \(path).aside); wx makes a new one")
            }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            if flock(descriptor, LOCK_SH | LOCK_NB) != 0, errno == EWOULDBLOCK {
                held.append(path)
            } else {
                flock(descriptor, LOCK_UN)
            }
        }
        guard held.isEmpty else {
            return DoctorCheck(
                .state, "lock", .problem, "another process holds \(held.joined(separator: ", ")): saving waits for it",
                advice: "if no other wx is saving, find the holder with “fuser \(held[0])”")
        }
        return DoctorCheck(.state, "lock", .ok, "free")
    }

    /// The terminal: colour, width, UTF-8 and the line editor.
    static func terminal(_ facts: TerminalFacts) -> [DoctorCheck] {
        [
            DoctorCheck(.terminal, "colour", .ok, "\(facts.colour ? "on" : "off"): \(facts.colourReason)"),
            DoctorCheck(
                .terminal, "width", facts.width < 40 ? .note : .ok,
                "\(facts.width) columns" + (facts.width < 40 ? " (wx lays out for 40 at least)" : "")),
            facts.unicode
                ? DoctorCheck(.terminal, "UTF-8", .ok, "yes")
                : DoctorCheck(
                    .terminal, "UTF-8", .note, "no: symbols are shown in ASCII",
                    advice: "set LANG to a UTF-8 locale (C.UTF-8) for symbols, degree signs and charts"),
            facts.inputIsTerminal
                ? DoctorCheck(.terminal, "line editor", .ok, "libedit at the prompt")
                : DoctorCheck(.terminal, "line editor", .ok, "not used: the input is not a terminal"),
        ]
    }

    /// The start-up file: each line of `wxrc` parses as a command (nothing is run).
    static func startupFile(_ path: String) -> DoctorCheck {
        guard FileIO.exists(path) else { return DoctorCheck(.files, "wxrc", .ok, "none at \(path)") }
        let text: String
        do {
            let data = try FileIO.contents(of: path, limit: 1 << 20)
            guard let decoded = String(validating: data, as: UTF8.self) else {
                return DoctorCheck(.files, "wxrc", .problem, "\(path) is not UTF-8 text", advice: "save it as UTF-8")
            }
            text = decoded
        } catch {
            return DoctorCheck(.files, "wxrc", .problem, error.description, advice: "make it readable, or remove it")
        }
        var problems: [String] = []
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated() {
            if let problem = startupLineProblem(String(line)) { problems.append("line \(index + 1): \(problem)") }
        }
        guard let first = problems.first else {
            return DoctorCheck(.files, "wxrc", .ok, "\(path) reads (\(Counting.count(lines.count, "line")))")
        }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return DoctorCheck(
            .files, "wxrc", .problem, "\(path) \(first)\(more)", advice: "correct the line; “help” lists commands")
    }

    /// Why one line of the start-up file would not run; nil when it parses.
    static func startupLineProblem(_ line: String) -> String? {
        let commands: [ShellWords.Command]
        do { commands = try ShellWords.commands(line) } catch { return error.description }
        for command in commands {
            if let meta = MetaCommand(typed: command.text, words: command.words.map(\.text)) {
                if case .refused(let reason) = meta { return reason }
                continue
            }
            do {
                if try CommandParser.parse(words: ShellWords.keepingMetaBackslash(command)) == .quit {
                    return "“quit” would end wx before its prompt"
                }
            } catch {
                return error.description
            }
        }
        return nil
    }

    /// The commands libedit's `el_source` knows at the start of a line of `~/.editrc`.
    static let editrcCommands: Set<String> = [
        "bind", "echotc", "edit", "gettc", "history", "settc", "setty", "telltc",
    ]

    /// `~/.editrc` (or `$EDITRC`): each line for wx (no `prog:` prefix, or `wx:`) starts with a
    /// command libedit knows.
    static func editrc(_ path: String?) -> DoctorCheck {
        guard let path else { return DoctorCheck(.files, "editrc", .ok, "no home folder to read one from") }
        guard FileIO.exists(path) else { return DoctorCheck(.files, "editrc", .ok, "none at \(path)") }
        let text: String
        do {
            text = String(decoding: try FileIO.contents(of: path, limit: 1 << 20), as: UTF8.self)
        } catch {
            return DoctorCheck(.files, "editrc", .problem, error.description, advice: "make it readable, or remove it")
        }
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = raw.trimmed
            if line.isEmpty || line.hasPrefix("#") { continue }
            // "prog:command": only wx's lines are read by wx.
            if let colon = line.firstIndex(of: ":"), !line[..<colon].contains(where: \.isWhitespace) {
                guard line[..<colon] == "wx" else { continue }
                line = String(line[line.index(after: colon)...]).trimmed
            }
            let word = String(line.prefix { !$0.isWhitespace })
            guard editrcCommands.contains(word) else {
                return DoctorCheck(
                    .files, "editrc", .problem,
                    "\(path) line \(index + 1): “\(TerminalText.sanitized(String(word.prefix(24))))” is not a libedit command",
                    advice: "libedit reads bind, edit, history, settc, setty, telltc (man editrc)")
            }
        }
        return DoctorCheck(.files, "editrc", .ok, "\(path) reads")
    }
}
