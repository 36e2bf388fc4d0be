import FoundationEssentials
import WXBasics
import WeatherKit

/// wx's clocks, chosen once by the composition root: what "now" is for what wx shows, for what
/// it records, and for what it waits on.
package struct SessionClocks: Sendable {
    /// wx's own clock: the system clock or `WX_NOW`.
    package let now: @Sendable () -> Date
    /// The time of what wx records (history lines, a snapshot's `ts`, deletions, compaction):
    /// wx's own clock, never a recorded instant, which differs between places and years — so
    /// the history runs forward.
    package let recordingNow: @Sendable () -> Date
    /// What `watch` waits on (the system clock; a manual one in tests).
    package let clock: any WXClock
    /// The instant the answers about a place were recorded (`AnswerCoverage.recordedInstant`);
    /// nil for live answers.
    package let recordedInstant: @Sendable (Coordinate?) -> Date?

    package init(
        now: @escaping @Sendable () -> Date, recordingNow: (@Sendable () -> Date)? = nil, clock: any WXClock,
        recordedInstant: @escaping @Sendable (Coordinate?) -> Date? = { _ in nil }
    ) {
        self.now = now
        self.recordingNow = recordingNow ?? now
        self.clock = clock
        self.recordedInstant = recordedInstant
    }

    /// "Now" at `coordinate` (nil: a command's place is not known yet): the instant the answers
    /// about it were recorded, when they were, else wx's own clock.
    package func now(at coordinate: Coordinate?) -> Date { recordedInstant(coordinate) ?? now() }

    /// The date today in UTC, "now" at `coordinate` (nil: before the place is known; see
    /// `now(at:)`): relative dates (`yesterday`, `-3`) count from it, and it decides which
    /// service has a past day.
    func todayUTC(at coordinate: Coordinate?) -> LocalDate {
        ZoneClock.fixed(Int(now(at: coordinate).timeIntervalSince1970), offset: 0, abbreviation: nil).date
    }

    /// The date today at `coordinate` as best known before any answer gives the place's zone:
    /// in the zone nearest to it (`NearestZone`, among `countryCode`'s zones when given), else
    /// UTC's date (without the tz database).
    func todayGuessed(at coordinate: Coordinate, countryCode: String?) -> LocalDate {
        todayInNearestZone(at: coordinate, countryCode: countryCode) ?? todayUTC(at: coordinate)
    }

    /// The date today at `coordinate` in the zone nearest to it (`NearestZone`, among
    /// `countryCode`'s zones when given); nil without the tz database.
    func todayInNearestZone(at coordinate: Coordinate, countryCode: String?) -> LocalDate? {
        guard
            let zone = NearestZone.identifier(
                latitude: coordinate.latitude, longitude: coordinate.longitude, countryCode: countryCode)
        else { return nil }
        return ZoneClock(ZoneInfo(identifier: zone, abbreviation: nil, utcOffsetSeconds: 0)).localTime(
            now(at: coordinate)
        ).date
    }

    /// The first day not begun anywhere when it is "now" at `coordinate`: the day after today
    /// in the earliest time zone (UTC+14).
    func notBegunAnywhere(at coordinate: Coordinate?) -> LocalDate {
        ZoneClock.fixed(Int(now(at: coordinate).timeIntervalSince1970), offset: 14 * 3_600, abbreviation: nil).date
    }
}
