import WXBasics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Converts instants to a place's wall-clock time.
///
/// With an IANA identifier present in the system tz database (`/usr/share/zoneinfo`), the zone's
/// own file gives DST-correct times without ICU and without touching `TZ` (`TimeZoneDatabase`).
/// Otherwise the fixed UTC offset from the service is used, which is what the service itself
/// computed its local times with.
package struct ZoneClock: Sendable {
    package var zone: ZoneInfo

    package init(_ zone: ZoneInfo) { self.zone = zone }

    /// The wall-clock reading at `date`.
    package func localTime(_ date: Date) -> LocalDateTime {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        if let identifier = zone.identifier, let reading = TimeZoneDatabase.shared.localTime(seconds, in: identifier) {
            return reading
        }
        return Self.fixed(seconds, offset: zone.utcOffsetSeconds, abbreviation: zone.abbreviation)
    }

    /// The reading at `seconds` since the epoch under a fixed offset.
    package static func fixed(_ seconds: Int, offset: Int, abbreviation: String?) -> LocalDateTime {
        LocalDateTime(seconds, utcOffsetSeconds: offset, abbreviation: abbreviation)
    }
}
