import WXBasics
import WeatherKit

/// What went wrong with `state.plist` or `log.jsonl`: the facts — the failed file operation with
/// its path and errno (`FileError`), a format version, a snapshot id — never a sentence for the
/// user. The shell words them (WeatherShell's StoreMessages.swift).
package enum StoreError: Error, Hashable, Sendable {
    /// A file operation failed: `FileError` holds the path, the operation and the errno.
    case file(FileError)
    /// log.jsonl is there and cannot be read — no permission (EACCES: owned by root after a
    /// `sudo wx`), an I/O error (EIO), a FIFO or folder in its place: the `FileError` says which.
    /// Never taken for an empty log.
    case logNotReadable(FileError)
    /// state.plist cannot be changed because the file on disk cannot be used as it is.
    case stateReadOnly(StateProblem)
    /// A document or record could not be encoded for `file`; `detail` is the encoder's error.
    case notEncodable(StoreFile, detail: String)
    /// A record for log.jsonl would be `bytes` long, more than the `limit` wx writes and reads
    /// back (`EventLog.longestRecord`): nothing was written or kept.
    case recordTooLong(bytes: Int, limit: Int)
    /// No snapshot has this id (never saved, or deleted).
    case noSuchSnapshot(Int)
    /// A number read from `file` (`field`: "n", "id") is at the end of the range wx gives out
    /// (`EventLog.maximumNumber`), so no next one can be given; nothing was written.
    case numbersExhausted(StoreFile, field: String)
    /// `log compact` failed for the cause given; the log is as it was.
    indirect case notCompacted(StoreError)
    /// A snapshot could not be written for the cause given: it is kept in memory for this session
    /// (with id 0) and written with the next record that can be.
    indirect case snapshotKeptInMemory(StoreError)
    /// The deletion of snapshot `id` could not be written for the cause given: it holds for this
    /// session and is written with the next record that can be.
    indirect case deletionKeptInMemory(id: Int, StoreError)
}

extension StoreError {
    /// Why a lock another process held was not had (`LockWaitEnd`), at any depth; nil when the
    /// failure was another.
    package var lockWaitEnd: LockWaitEnd? {
        switch self {
        case .file(let error): error.lockWaitEnd
        case .notCompacted(let cause), .snapshotKeptInMemory(let cause), .deletionKeptInMemory(_, let cause):
            cause.lockWaitEnd
        default: nil
        }
    }
}

/// The two files of the store.
package enum StoreFile: Hashable, Sendable {
    /// `state.plist`: favorites and settings.
    case state
    /// `log.jsonl`: commands, snapshots and deletions.
    case log
}

/// Why state.plist is read-only for this session.
package enum StateProblem: Hashable, Sendable {
    /// The file does not parse; `copy` is where it was set aside (nil when copying failed).
    case unreadable(copy: String?)
    /// Something is at the file's path that wx cannot open or read — no permission (EACCES), an
    /// I/O error (EIO), a folder, FIFO, socket or device: the `FileError` says which. It is never
    /// treated as empty and never replaced.
    case notReadable(FileError)
    /// The file has a format `version` this wx does not know: newer than
    /// `StateDocument.currentVersion` (a newer wx wrote it), or below 1.
    case unknownVersion(Int)
}

/// What `StateStore.refresh()` found wrong with the file, to tell the user once.
package enum StateWarning: Hashable, Sendable {
    /// The file cannot be used as it is: favorites and settings are read-only.
    case readOnly(StateProblem)
    /// `count` entries (favorites, settings) could not be read and are left out, some of them
    /// (a `favorites` that is not an array) lost at the next write; `copy` is where the file as it
    /// was is kept (nil when copying failed).
    case entriesLeftOut(count: Int, copy: String?)
    /// `count` entries (favorites, settings) could not be read: they are left out of what wx
    /// shows and kept in the file as they are at every rewrite.
    case entriesKept(count: Int)
    /// Another program damaged the file while this session ran (it no longer parses): the
    /// session keeps what it read (`favorites` favorites and the settings) and writes it back at
    /// its next change; `copy` is where the damaged file was copied (nil when copying failed).
    case damagedUnderSession(copy: String?, favorites: Int)
}

/// Something the event log did on its own that the user should hear of once.
package enum StoreNote: Hashable, Sendable {
    /// Records kept in memory after a failed write were written: `commands` commands and the
    /// snapshots that got these ids, in order.
    case keptRecordsWritten(commands: Int, snapshotIDs: [Int])
    /// Some lines of log.jsonl could not be read and were skipped (not a count: reading snapshots
    /// does not parse every command line; `statistics()` gives one).
    case unreadableLinesSkipped
    /// `count` look records (kept for `changed`) could not be read and were skipped.
    case unreadableLooksSkipped(count: Int)
    /// A line newer than check's mark that was compared with could not be read and looks like
    /// a mark of check's (a torn `{…"command":"check"…`): the comparison went to the mark before
    /// it, so a change told already may be told again (trial 63).
    case unreadableCheckMark
}
