import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// `log`, `log compact` and `reset state`: what the files hold, and their repair — given the
/// files (`SessionPersistence`) and the clock compaction stamps with, not the favorites: `log`
/// at 10,000 favorites read and decoded every one of them (69 M of its 96 M instructions) for
/// nothing it says.
@MainActor
struct LogHandler {
    let persistence: SessionPersistence
    /// The time of what wx records (compaction).
    let recordingNow: @Sendable () -> Date

    /// `log`: the statistics of log.jsonl; `log compact`: rewrites it without deleted snapshots
    /// and unreadable lines.
    func logCommand(compact: Bool) throws(ShellError) -> [CommandResult] {
        if let problem = persistence.log.readProblem() { throw ShellError(problem) }
        guard compact else {
            let (stats, tail) = try persistence.readingLog { log in
                (log.statistics(), log.unterminatedBytes() ?? 0)
            }
            return [.logStatistics(stats, unterminatedBytes: tail)]
        }
        return [
            .logCompacted(
                try persistence.storing { () throws(StoreError) in try persistence.log.compact(now: recordingNow()) })
        ]
    }

    /// `reset state`: replaces a state.plist wx cannot read, the old file kept aside; refused
    /// when there is no file or a readable one.
    func resetStateCommand() throws(ShellError) -> [CommandResult] {
        persistence.state.refresh()
        guard persistence.state.isReadOnly else {
            // No file yet is nothing to reset, not a readable one (trial 15).
            guard FileManager.default.fileExists(atPath: persistence.state.path) else {
                throw .notApplicable("there is no state.plist yet: nothing to reset (“fav” and the settings make one)")
            }
            throw .notApplicable(
                "state.plist is readable: “reset state” only replaces a file wx cannot read (remove favorites with “fav rm”)"
            )
        }
        let aside = try persistence.storing { () throws(StoreError) -> String? in try persistence.state.reset() }
        // What the session held in memory is in the fresh file (`StateStore.reset`), said by
        // name: "Berlin and units imperial, held in memory, saved in it".
        let held = Self.heldChanges(in: persistence.state.document)
        let start =
            held.isEmpty ? "no favorites, default settings" : "\(Counting.list(held)), held in memory, saved in it"
        return [.notice("state.plist starts afresh: \(start)" + (aside.map { "; the old file is at \($0)" } ?? ""))]
    }

    /// What a fresh document holds that an empty one does not, in words: each favorite's name,
    /// then each setting changed from its default ("units imperial", "units metric (wind
    /// changed)", "provider openweathermap").
    static func heldChanges(in document: StateDocument) -> [String] {
        var held = document.favorites.map(\.name)
        let settings = document.settings
        let defaults = Settings()
        if settings.unitSetting != defaults.unitSetting {
            let setting = settings.unitSetting
            let apart = UnitQuantity.allCases.filter { setting.overrides[$0] != nil }.map(\.rawValue)
            held.append(
                "units \(setting.preset.rawValue)" + (apart.isEmpty ? "" : " (\(Counting.list(apart)) changed)"))
        }
        for (name, value, standard) in [
            ("language", settings.language, defaults.language), ("geocoder", settings.geocoder, defaults.geocoder),
            ("provider", settings.provider, defaults.provider),
        ] where value != standard {
            held.append("\(name) \(value ?? "default")")
        }
        return held
    }
}
