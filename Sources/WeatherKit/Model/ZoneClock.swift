import FoundationEssentials
import WXBasics

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

    /// Whether the wall-clock reading at `date` also happens at another instant: the time
    /// repeated when daylight saving time ends (02:00–02:59 in Berlin on the last Sunday of
    /// October, 01:00–01:59 in New York on the first Sunday of November, 01:30–01:59 on Lord
    /// Howe Island, whose clocks go back by 30 minutes). Always false under a fixed offset.
    ///
    /// Looks for the other instant under the offsets in force a day before and a day after:
    /// a reading is repeated when one of them gives the same wall clock at another instant.
    package func isRepeated(_ date: Date) -> Bool {
        guard zone.identifier != nil else { return false }
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = localTime(date).utcOffsetSeconds
        let wall = seconds + offset
        for probe in [seconds - 86_400, seconds + 86_400] {
            let other = localTime(Date(timeIntervalSince1970: Double(probe))).utcOffsetSeconds
            guard other != offset else { continue }
            // The instant that reads `wall` under the other offset, if that offset is in
            // force then.
            let instant = wall - other
            if localTime(Date(timeIntervalSince1970: Double(instant))).utcOffsetSeconds == other { return true }
        }
        return false
    }

    /// The reading at `seconds` since the epoch under a fixed offset.
    package static func fixed(_ seconds: Int, offset: Int, abbreviation: String?) -> LocalDateTime {
        LocalDateTime(seconds, utcOffsetSeconds: offset, abbreviation: abbreviation)
    }
}

extension ZoneInfo {
    /// The names services and the tz database give UTC itself.
    static let utcNames: Set<String> = [
        "GMT", "UTC", "UCT", "Zulu", "Universal", "Greenwich", "GMT0", "GMT+0", "GMT-0", "Etc/GMT", "Etc/UTC",
        "Etc/UCT", "Etc/Zulu", "Etc/Universal", "Etc/Greenwich", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0",
    ]

    /// Whether the tz database holds `identifier`; true also when there is no database to ask
    /// (it holds no "UTC"), where a service's name is kept as it came.
    package static func isKnownIdentifier(_ identifier: String) -> Bool {
        let database = TimeZoneDatabase.shared
        return database.zone(identifier) != nil || database.zone("UTC") == nil
    }

    /// Whether this is UTC itself rather than a place's clock: offset 0 under one of UTC's names
    /// ("GMT", "UTC", "Etc/UTC" …) or under no name. Open-Meteo answers so when asked with
    /// `timezone=GMT` or without `timezone` (case OM-11), whatever the place.
    package var isUTC: Bool {
        utcOffsetSeconds == 0 && (identifier.map { Self.utcNames.contains($0) } ?? true)
    }

    /// The zone of the place at `coordinate` as the tz database has it: the zone nearest to it
    /// (`NearestZone`, as `past` finds a place's day before any answer) among its country's when
    /// `countryCode` is given, with its offset (seconds east of UTC) and abbreviation at
    /// `instant`. Nil without the database.
    package static func nearest(to coordinate: Coordinate, at instant: Date, countryCode: String? = nil) -> ZoneInfo? {
        guard
            let identifier = NearestZone.identifier(
                latitude: coordinate.latitude, longitude: coordinate.longitude, countryCode: countryCode),
            let local = TimeZoneDatabase.shared.localTime(
                Int(instant.timeIntervalSince1970.rounded(.down)), in: identifier)
        else { return nil }
        return ZoneInfo(
            identifier: identifier, abbreviation: local.abbreviation, utcOffsetSeconds: local.utcOffsetSeconds)
    }
}

extension ZoneInfo {
    /// The place's zone when a service told only the UTC offset its clock kept at `instant`
    /// (`offset`, seconds east of UTC; an NWS alert's "2019-12-20T13:34:00-08:00"): `guess`
    /// when it keeps that offset then; else the tz database's zone nearest to `coordinate`
    /// (among `countryCode`'s) that keeps it (Portland guessed Boise's −07:00, told −08:00:
    /// America/Los_Angeles), with its offset and abbreviation at `now`; else the offset alone,
    /// without a name or daylight saving time.
    ///
    /// Which wins: a zone a service names (Open-Meteo's `timezone` with `timezone=auto`) over
    /// an offset a service tells, and that over the guess (`nearest`).
    package static func keeping(
        _ offset: Int, at instant: Date, guess: ZoneInfo?, near coordinate: Coordinate, countryCode: String?,
        now: Date
    ) -> ZoneInfo {
        if let guess, ZoneClock(guess).localTime(instant).utcOffsetSeconds == offset { return guess }
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        if let identifier = NearestZone.identifier(
            latitude: coordinate.latitude, longitude: coordinate.longitude, countryCode: countryCode,
            accept: { TimeZoneDatabase.shared.localTime(seconds, in: $0)?.utcOffsetSeconds == offset }),
            let local = TimeZoneDatabase.shared.localTime(Int(now.timeIntervalSince1970.rounded(.down)), in: identifier)
        {
            return ZoneInfo(
                identifier: identifier, abbreviation: local.abbreviation, utcOffsetSeconds: local.utcOffsetSeconds)
        }
        return ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: offset)
    }
}

extension ZoneInfo {
    /// The zone keeping the offset the first of `warnings` that tells one
    /// (`WeatherWarning.localOffsetSeconds`) at its onset (else its end, else `now`): `guess`
    /// when it does, else the nearest zone that does (`keeping`); nil when none tells one.
    package static func told(
        by warnings: [WeatherWarning], guess: ZoneInfo?, near coordinate: Coordinate, countryCode: String?,
        now: Date
    ) -> ZoneInfo? {
        guard let warning = warnings.first(where: { $0.localOffsetSeconds != nil }),
            let offset = warning.localOffsetSeconds
        else { return nil }
        return keeping(
            offset, at: warning.onset ?? warning.end ?? now, guess: guess, near: coordinate, countryCode: countryCode,
            now: now)
    }
}
