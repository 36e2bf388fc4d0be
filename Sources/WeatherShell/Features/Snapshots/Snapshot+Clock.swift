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
