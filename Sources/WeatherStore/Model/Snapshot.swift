import FoundationEssentials
import WeatherKit

/// A saved weather reading for a place.
package struct Snapshot: Hashable, Sendable {
    /// 1, 2, 3… never reused, even after deletion.
    package var id: Int
    /// When `save` ran (UTC, wx's clock).
    package var savedAt: Date
    package var placeName: String
    /// The coordinate that was asked for, 4 decimals.
    package var coordinate: Coordinate
    /// The place's UTC offset when the data was valid, seconds; for showing local times.
    package var utcOffsetSeconds: Int
    /// The place's IANA zone, when known.
    package var timeZone: String?
    package var reading: SnapshotReading
    /// Whether the kept forecast's days (`reading.forecastDays`) are UTC days, 00:00–24:00 UTC,
    /// not the place's: the forecast came in GMT (`Forecast.daysAreUTC`; log.jsonl `days_utc`).
    /// Their high, low and sum are then checked against what happened over the same UTC days.
    /// False for records without the field (every snapshot saved before wx kept it).
    package var daysAreUTC: Bool

    package init(
        id: Int, savedAt: Date, placeName: String, coordinate: Coordinate, utcOffsetSeconds: Int, timeZone: String?,
        reading: SnapshotReading, daysAreUTC: Bool = false
    ) {
        self.id = id
        self.savedAt = savedAt
        self.placeName = placeName
        self.coordinate = coordinate
        self.utcOffsetSeconds = utcOffsetSeconds
        self.timeZone = timeZone
        self.reading = reading
        self.daysAreUTC = daysAreUTC
    }
}

extension Snapshot {
    /// The longest place name kept with a snapshot, characters. A geocoder's display name runs to
    /// a hundred or so ("Hamburg, Freie und Hansestadt Hamburg, Deutschland"); a longer one is
    /// not a place name and is cut here, before it is stored, with "…" at the end.
    package static let longestPlaceName = 200

    /// The longest IANA time zone name taken from a service, characters (the longest in use,
    /// "America/Argentina/ComodRivadavia", has 32).
    package static let longestTimeZone = 64

    /// This snapshot with its texts from services bounded: the place name cut to
    /// `longestPlaceName` characters, a time zone name longer than `longestTimeZone` left out
    /// (the UTC offset still places its times).
    package var bounded: Snapshot {
        var bounded = self
        if placeName.count > Self.longestPlaceName {
            bounded.placeName = String(placeName.prefix(Self.longestPlaceName - 1)) + "…"
        }
        if let zone = timeZone, zone.count > Self.longestTimeZone { bounded.timeZone = nil }
        return bounded
    }
}
