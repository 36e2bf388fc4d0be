import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    package init(
        id: Int, savedAt: Date, placeName: String, coordinate: Coordinate, utcOffsetSeconds: Int, timeZone: String?,
        reading: SnapshotReading
    ) {
        self.id = id
        self.savedAt = savedAt
        self.placeName = placeName
        self.coordinate = coordinate
        self.utcOffsetSeconds = utcOffsetSeconds
        self.timeZone = timeZone
        self.reading = reading
    }
}
