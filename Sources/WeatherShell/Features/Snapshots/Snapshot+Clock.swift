import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

extension Snapshot {
    /// The snapshot's data time (`date`) at its place, under the UTC offset kept with it (which the
    /// service gave for that instant; for a record written before wx kept one, its zone's rules
    /// gave it when the record was read), as `saved`, `--json` and `export` give it.
    func localTime(_ date: Date) -> LocalDateTime {
        ZoneClock.fixed(Int(date.timeIntervalSince1970.rounded(.down)), offset: utcOffsetSeconds, abbreviation: nil)
    }
}

extension WeatherSession {
    /// The snapshots as Tab offers them (`saved rm <TAB>`): each number with its place and the
    /// local date and time of its data (as `saved` lists them, not when it was saved), newest first.
    package func snapshotsForCompletion() -> [SnapshotChoice] {
        var choices: [SnapshotChoice] = []
        log.forEachListedSnapshot { snapshot in
            guard snapshot.id > 0 else { return }
            let local = snapshot.localTime(snapshot.reading.dataTime)
            let time =
                (local.hour < 10 ? "0" : "") + "\(local.hour):" + (local.minute < 10 ? "0" : "") + "\(local.minute)"
            choices.append(
                SnapshotChoice(
                    id: snapshot.id,
                    label: "\(snapshot.id)  \(TerminalText.sanitized(snapshot.placeName)) · \(local.date.iso) \(time)"))
        }
        return choices.reversed()
    }
}
