import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// `import snapshots|history FILE`: an export read back into the log, whole or not at all.
extension ExchangeHandler {
    /// The full path of `path` and the text of the file there, for `import`.
    ///
    /// - Parameter limit: the largest file read, bytes: `maximumImportBytes` for favorites,
    ///   `maximumLogImportBytes` for snapshots and history.
    /// - Throws: `.storage` when it cannot be read (or is larger than `limit`, said with what to
    ///   do, or not a regular file), `.unreadableFile` when it is not UTF-8.
    func importText(_ path: String, limit: Int = maximumImportBytes) throws(ShellError) -> (path: String, text: String)
    {
        let full = configuration.expandPath(path)
        let data: Data
        do { data = try FileIO.contents(of: full, limit: limit) } catch {
            // Too large: what to do, not only why (nu61: "larger than 16 MB" and no next step).
            if error.isOverLimit {
                throw .storage(
                    "cannot read \(full): larger than \(limit >> 20) MB; split it at line ends into files under \(limit >> 20) MB, each with the header line, and import each (an import adds only what the log does not hold yet)"
                )
            }
            throw .storage(error.description)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .unreadableFile("\(full) is not UTF-8 text; nothing imported")
        }
        return (full, text)
    }

    /// Reads every record of the file first — one that cannot be read, or is out of bounds,
    /// refuses the file, naming its line or item — then adds those the log does not hold yet,
    /// whole or not at all (`EventLog.importSnapshots`/`importCommands`: a copy of the log with
    /// them renamed over it): the ids or numbers kept when all lie above the log's, else
    /// numbered on from its highest. Ctrl-C until the log is replaced imports nothing
    /// (`ShellError.cancelled`).
    func importLog(_ kind: LogImportKind, from path: String) throws(ShellError) -> [CommandResult] {
        let (full, text) = try importText(path, limit: Self.maximumLogImportBytes)
        // Every record read and checked before anything is written.
        func read<T>(_ body: () throws(DataExchange.FileProblem) -> T) throws(ShellError) -> T {
            do { return try body() } catch {
                // Ctrl-C (the line's task cancelled) stops the reading: "“import …” cancelled".
                if Task.isCancelled { throw .cancelled }
                throw .unreadableFile("\(full): \(error.description); nothing imported")
            }
        }
        var snapshots: [Snapshot] = []
        var commands: [HistoryEntry] = []
        switch kind {
        case .snapshots:
            snapshots = try read { () throws(DataExchange.FileProblem) in try DataExchange.snapshots(from: text) }
        case .history:
            // The history keeps no secrets, whoever wrote the file (`ShellRunner.redacted`).
            let secrets = configuration.openWeatherMapKey.map { [$0] } ?? []
            commands = try read { () throws(DataExchange.FileProblem) in try DataExchange.history(from: text) }.map {
                HistoryEntry(number: $0.number, line: Redaction.scrubbed($0.line, secrets: secrets), time: $0.time)
            }
        }
        let outcome: LogImportOutcome
        do {
            outcome =
                try kind == .snapshots
                ? persistence.log.importSnapshots(snapshots) : persistence.log.importCommands(commands)
        } catch {
            // Cancelled before the log was replaced: nothing is imported (`replaceWithImport`).
            if Task.isCancelled { throw .cancelled }
            throw .storage("\(kind.rawValue) not imported: \(error.userText)")
        }
        return [.importedRecords(LogImportSummary(kind: kind, path: full, outcome: outcome))]
    }
}

/// What `import snapshots|history` did, for the renderers.
package struct LogImportSummary: Hashable, Sendable {
    package var kind: LogImportKind
    /// The file, as a full path.
    package var path: String
    package var outcome: LogImportOutcome

    /// The noun for one record ("snapshot", "command").
    var noun: String { kind.exportKind.noun }
}
