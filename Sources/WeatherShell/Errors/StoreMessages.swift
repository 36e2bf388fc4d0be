import WXBasics
import WeatherKit
import WeatherStore

#if canImport(Glibc)
import Glibc
#endif

// The one place where what the stores report (StoreError, StateWarning, StoreNote) becomes
// what the user reads.

extension ShellError {
    /// The shell's error for a store's: a snapshot that does not exist is the same mistake
    /// wherever it is found; everything else is a storage failure, worded by `userText`.
    init(_ error: StoreError) {
        switch error {
        case .noSuchSnapshot(let id): self = .noSuchSnapshot(id)
        default: self = .store(error)
        }
    }
}

extension StoreError {
    /// One line for the user: the file, what did not happen, the cause.
    var userText: String {
        switch self {
        case .file(let error): error.description
        case .logNotReadable(let error):
            "\(error.description); \(Self.repairLog(error)); the history and snapshots cannot be shown until then"
        case .stateReadOnly(let problem): problem.userText
        case .notEncodable(.state, let detail): "cannot encode the state: \(detail)"
        case .notEncodable(.log, _): "cannot encode a log record"
        case .recordTooLong(let bytes, let limit):
            "not saved: its record for log.jsonl would be \(bytes) bytes, more than the \(limit) wx reads back; nothing written"
        case .noSuchSnapshot(let id): ShellError.noSuchSnapshot(id).description
        case .notCompacted(let cause): "log.jsonl not compacted: \(cause.userText)"
        case .numbersExhausted(let file, let field):
            "\(file == .log ? "log.jsonl" : "state.plist") holds the largest \(field) wx gives (\(EventLog.maximumNumber)); nothing written; move the file aside to start numbering afresh"
        case .snapshotKeptInMemory(let cause):
            "snapshot not written (\(cause.userText)); kept in memory, it is written with the next record this session writes, or lost when wx ends"
        case .deletionKeptInMemory(let id, let cause):
            "snapshot \(id) deleted in this session only, not written (\(cause.userText)); the deletion is written with the next record this session writes, or lost when wx ends"
        }
    }
}

extension StoreError {
    /// The advice when a file's folder (WX_HOME, or what is in its place) is a file: nothing can
    /// be moved aside under a file, so the folder is what to fix.
    ///
    /// The file named is the one in the way — the first part of the path that is not a folder —
    /// and when that is `HOME` itself, HOME is what to fix: "…/homefile/.config/wx is a file"
    /// sent the user after a folder that was never there.
    static func homeIsAFile(_ path: String, home: String? = getenv("HOME").map { String(cString: $0) }) -> String {
        let file = fileInTheWay(of: path)
        if let home, !home.isEmpty, file == home {
            return
                "HOME (\(file)) is a file, not a folder: set HOME to your home folder, or WX_HOME to a folder for wx’s state"
        }
        return "\(file) is a file, not a folder: set WX_HOME to a folder (or move the file away)"
    }

    /// The first part of `path`'s folder that is there and is not a folder (what makes ENOTDIR);
    /// the folder itself when none is found (it changed meanwhile).
    static func fileInTheWay(of path: String) -> String {
        let folder = folder(of: path)
        // Each prefix as the path spells it ("/tmp//x" stays so, as HOME may spell it).
        var ends = folder.indices.filter { folder[$0] == "/" && $0 != folder.startIndex }
        ends.append(folder.endIndex)
        for end in ends {
            let prefix = String(folder[..<end])
            var info = stat()
            guard stat(prefix, &info) == 0 else { break }
            if (info.st_mode & S_IFMT) != S_IFDIR { return prefix }
        }
        return folder
    }

    /// The folder a file's `path` names ("." for a bare name).
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }

    /// How to make a log.jsonl wx cannot read usable again.
    static func repairLog(_ error: FileError) -> String {
        let path = error.path.isEmpty ? "log.jsonl" : error.path
        switch error.code {
        case EACCES?, EPERM?:
            return
                "fix its permissions (chmod u+rw \(path); if a “sudo wx” left it root’s: sudo chown \"$USER\" \(path))"
        case nil:
            return "move it aside (mv \(path) \(path).old) and wx starts a new log"
        case ENOTDIR?:
            return homeIsAFile(path)
        default:
            return "check the disk, or move the file aside (mv \(path) \(path).old)"
        }
    }
}

extension StateProblem {
    /// Why favorites and settings cannot be saved.
    var userText: String {
        switch self {
        case .unknownVersion(let version):
            "state.plist has format version \(version), which wx \(WXVersion.current) does not know; favorites and settings are read-only"
                + (version > StateDocument.currentVersion ? " (a newer wx wrote it)" : "")
        case .notReadable(let error):
            "\(error.description); \(Self.repair(error)); favorites and settings are read-only until then"
        case .unreadable(let copy):
            "state.plist could not be read" + (copy.map { " (a copy is at \($0))" } ?? "")
                + "; favorites and settings are read-only until “reset state”"
        }
    }
}

extension StateProblem {
    /// Whether the file stays unusable until “reset state”: it does not parse, or is of a version
    /// this wx does not know. A file that cannot be opened (permissions, a folder in its place)
    /// can be mended while wx runs, and is tried again at each change.
    var lastsUntilReset: Bool {
        switch self {
        case .unreadable, .unknownVersion: true
        case .notReadable: false
        }
    }
}

extension StateProblem {
    /// Why `what` ("favorites", "settings") cannot change and what to do, for a problem that
    /// lasts until “reset state” (`lastsUntilReset`): "state.plist could not be read, so
    /// favorites are read-only; “reset state” starts afresh (the old file stays at COPY)". A
    /// file that cannot be opened says its own repair (`userText`).
    func readOnlyText(of what: String) -> String {
        switch self {
        case .unreadable(let copy?):
            "state.plist could not be read, so \(what) are read-only; “reset state” starts afresh (the old file stays at \(copy))"
        case .unreadable(nil):
            "state.plist could not be read, so \(what) are read-only; “reset state” starts afresh (the old file is moved aside, not deleted)"
        case .unknownVersion(let version):
            "state.plist has format version \(version), which this wx does not know, so \(what) are read-only; "
                + (version > StateDocument.currentVersion ? "a newer wx can change them, or " : "")
                + "“reset state” starts afresh (the old file is moved aside, not deleted)"
        case .notReadable:
            userText
        }
    }
}

extension StateProblem {
    /// What is wrong, short, for a command after the full text (`userText`) was said once —
    /// as the warning at start or an earlier error: "/tmp/x is a file, not a folder (see
    /// above)". Trial 9 saw the whole explanation twice, as `warning:` and again for `favs`.
    var shortText: String {
        switch self {
        case .notReadable(let error): StoreError.shortCause(error, file: "state.plist")
        case .unreadable: "state.plist could not be read (see above)"
        case .unknownVersion(let version):
            "state.plist has format version \(version), which this wx does not know (see above)"
        }
    }
}

extension StoreError {
    /// Why `file` cannot be read, short, pointing back to where it was said in full.
    static func shortCause(_ error: FileError, file: String) -> String {
        let path = error.path.isEmpty ? file : error.path
        guard error.code == ENOTDIR else { return "\(path) cannot be read (see above)" }
        return "\(fileInTheWay(of: path)) is a file, not a folder (see above)"
    }
}

extension ShellError {
    /// This error in one short line, once it was said in full (a warning at start, an earlier
    /// error): what did not happen, and why, pointing back. Only a file of the store that cannot
    /// be read says the same long text at every command; nil for any other error.
    ///
    /// A command that throws `stateReadOnly` found no favorites to show or use (`favs`,
    /// `compare`, `export favorites`); one that throws `logNotReadable` could not read the
    /// history or the snapshots; a write says "not saved" (`CommandResult.notSaved`, then
    /// `shortText` alone).
    var shortAfterExplained: ShellError? {
        switch self {
        case .store(.stateReadOnly(let problem)):
            .storage("favorites not read: \(problem.shortText)")
        case .store(.logNotReadable(let error)):
            .storage("the history and snapshots cannot be shown: \(StoreError.shortCause(error, file: "log.jsonl"))")
        default:
            nil
        }
    }
}

extension ShellError {
    /// This error the first time it is said, in full, led by what the command could not do:
    /// "favorites not read: state.plist could not be read (a copy is at …); …". Said alone, the
    /// problem read as the warning at start, and `favs` as silent (nu59). Nil: as it is.
    var explainedInFull: ShellError? {
        guard case .store(.stateReadOnly(let problem)) = self else { return nil }
        return .storage("favorites not read: \(problem.userText)")
    }
}

extension StateProblem {
    /// How to make a file wx cannot read usable again.
    static func repair(_ error: FileError) -> String {
        let path = error.path.isEmpty ? "state.plist" : error.path
        switch error.code {
        case EACCES?, EPERM?:
            return "fix its permissions (chmod u+rw \(path)) or move it aside (“reset state” does)"
        case nil:
            return "move it aside (“reset state” does)"
        case ENOTDIR?:
            return StoreError.homeIsAFile(path)
        default:
            return "check the disk, or move the file aside (“reset state” does)"
        }
    }
}

extension StateWarning {
    /// The warning's text, without the "warning: " the session puts before it.
    var userText: String {
        switch self {
        case .readOnly(let problem): problem.userText
        case .entriesLeftOut(let count, let copy):
            "\(count == 1 ? "1 entry" : "\(count) entries") of state.plist could not be read and \(count == 1 ? "is" : "are") left out"
                + (copy.map { " (the file as it was is at \($0))" } ?? "")
        case .entriesKept(let count):
            "\(count == 1 ? "1 entry" : "\(count) entries") of state.plist could not be read: \(count == 1 ? "it is" : "they are") left out here and kept in the file as \(count == 1 ? "it is" : "they are")"
        case .damagedUnderSession(let copy, let favorites):
            "state.plist was damaged by another program while wx ran"
                + (copy.map { " (the damaged file is at \($0))" } ?? "")
                + "; this session keeps its \(Counting.count(favorites, "favorite")) and settings, and writes them back at the next change (“units” with its setting again does)"
        }
    }
}

extension StoreNote {
    /// Whether the note says what wx could not do (lines or looks of the log skipped), which on
    /// stderr begins "warning: " as every such line does; records kept in memory and now
    /// written are not.
    var isWarning: Bool {
        switch self {
        case .keptRecordsWritten: false
        case .unreadableLinesSkipped, .unreadableLooksSkipped, .unreadableCheckMark: true
        }
    }

    /// The note as the session shows it after a command ("2 commands, snapshot 7 kept in memory
    /// were written to log.jsonl").
    var userText: String {
        switch self {
        case .keptRecordsWritten(let commands, let snapshotIDs):
            let parts =
                (commands == 0 ? [] : [commands == 1 ? "1 command" : "\(commands) commands"])
                + snapshotIDs.map { "snapshot \($0)" }
            return
                "\(parts.joined(separator: ", ")) kept in memory \(commands + snapshotIDs.count == 1 ? "was" : "were") written to log.jsonl"
        case .unreadableLinesSkipped:
            return
                "some lines of log.jsonl could not be read and were skipped (“log” counts them; “log compact” moves them to a file of their own)"
        case .unreadableLooksSkipped(let count):
            return
                "\(count == 1 ? "1 look" : "\(count) looks") kept for “changed” could not be read and \(count == 1 ? "was" : "were") skipped (“log compact” moves them to a file of their own)"
        case .unreadableCheckMark:
            return
                "a mark of check’s in log.jsonl newer than the one compared with could not be read (a damaged line), so a change told already may be told again"
        }
    }
}
