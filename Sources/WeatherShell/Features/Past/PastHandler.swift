import FoundationEssentials
import WXBasics
import WeatherKit

/// The weather that was: `past` (days gone by) and `normal` (the 1991–2020 normals). Given
/// what they read — the archive, the place resolver, the clocks, the last weather (whose zone
/// tells the place's today) and the user's time zone — and returning the place to make current.
@MainActor
struct PastHandler {
    /// The archive service; nil: none configured.
    let archive: (any PastWeatherProvider)?
    let places: PlaceResolver
    let clocks: SessionClocks
    /// The last weather fetched: its forecast's zone gives its place's today.
    let lastWeather: WeatherReport?
    /// The user's time zone (`TZ`), for a place whose zone is not known without the tz database.
    let userTimeZone: String?

    /// How many days `normal` shows, from today.
    nonisolated static let normalDays = 7

    func now(at coordinate: Coordinate?) -> Date { clocks.now(at: coordinate) }
    func todayUTC(at coordinate: Coordinate?) -> LocalDate { clocks.todayUTC(at: coordinate) }
    func notBegunAnywhere(at coordinate: Coordinate?) -> LocalDate { clocks.notBegunAnywhere(at: coordinate) }

    /// The calendar day today at `coordinate` as best known before asking, its UTC offset now
    /// (seconds), and whether it is the place's own: in the place's time zone when its
    /// forecast is at hand (the last weather), else in the zone nearest to it (`NearestZone`,
    /// among `countryCode`'s zones when it is given),
    /// else — without the tz database — in the user's (`TZ`), else in UTC. The answer's own
    /// zone then decides.
    func placeToday(at coordinate: Coordinate, countryCode: String? = nil) -> (
        date: LocalDate, offset: Int, isThePlaces: Bool
    ) {
        let now = now(at: coordinate)
        if let report = lastWeather, report.place.coordinate == coordinate {
            let local = report.forecast.clock.localTime(now)
            return (local.date, local.utcOffsetSeconds, true)
        }
        if let zone = NearestZone.identifier(
            latitude: coordinate.latitude, longitude: coordinate.longitude, countryCode: countryCode)
        {
            let local = ZoneClock(ZoneInfo(identifier: zone, abbreviation: nil, utcOffsetSeconds: 0)).localTime(now)
            return (local.date, local.utcOffsetSeconds, true)
        }
        if let zone = userTimeZone {
            let local = ZoneClock(ZoneInfo(identifier: zone, abbreviation: nil, utcOffsetSeconds: 0)).localTime(now)
            return (local.date, local.utcOffsetSeconds, false)
        }
        return (todayUTC(at: coordinate), 0, false)
    }

    /// Where a day is today, in words for `pastRange`'s errors: "in Kochi, UTC+05:30".
    nonisolated static func atThePlace(_ place: Place, offset: Int) -> String {
        "in \(place.name), UTC\(TimeWords.utcOffset(offset))"
    }

    /// The words for today in the earliest time zone, where a day is over last.
    nonisolated static let inTheEarliestZone = "at UTC+14, the earliest time zone"

    /// `past DATE[..DATE] [place]`: one request (none when cached) to the archive or, for the
    /// last days, the forecast API. `today`, `yesterday`, weekdays and days ago are the place's
    /// calendar days: counted from the best guess (`placeToday`), and when the answer's time
    /// zone puts today on another day, counted again from it and asked for once more.
    ///
    /// - Throws: `ShellError.usage` for days before 1940-01-01, today or later (at the place),
    ///   a range running backwards or longer than 31 days; `.service` for the service's own errors.
    func past(_ days: PastDays, _ target: String?) async throws(ShellError) -> HandlerOutcome {
        guard let provider = archive else { throw .noService("archive") }
        // Before the place is known, only a day after today in the earliest zone (UTC+14) is
        // refused: it has not begun anywhere. Today there is not over anywhere either, but the
        // error then names the place's own day and offset, known once the place is (trial 2,
        // finding 7). The rest of the days are checked before the place is looked up, on "now"
        // before any place is known (with recorded answers the latest recording's time, so that no day
        // a place has is refused here; trial 4, item 5), then counted on the place's own.
        // Not for the current location, whose own day decides at once, nor with recorded answers,
        // whose "now" before a place is known is its latest recording's: "before today
        // (2026-10-04 at UTC+14, …)" for Berlin, whose recorded today is 2025-07-27 (trial 11).
        if target != nil || places.currentPlace == nil, !places.coverage.isRecorded {
            _ = try Self.pastRange(
                days, today: todayUTC(at: nil), notOver: notBegunAnywhere(at: nil), where: Self.inTheEarliestZone,
                placeDecidesToday: true)
        }
        // The days are counted from the place's today before they are asked, its zone guessed
        // among its country's: coordinates are named first, as the zone of every other answer
        // is guessed at the place as named (`PlaceResolver.resolvingAtPlacesClock`).
        let fetching = try await places.resolving(target, needing: .past, namingFirst: true) {
            place async throws(ShellError) -> Fetched<PastWeather> in try await past(days, at: place, from: provider)
        }
        let (resolved, fetched) = (fetching.resolved, fetching.value)
        let weather = fetched.value
        return HandlerOutcome(
            about: resolved,
            UnknownUnitsText.warnings(weather.unknownUnits, from: weather.source.service)
                + [.past(PastReport(place: resolved.place, weather: weather, origin: fetched.origin))])
    }

    /// `past`'s days at `place`, counted from the best guess of its today and, when the
    /// answer's time zone puts today on another day, counted again and asked for once more.
    func past(
        _ days: PastDays, at place: Place, from provider: any PastWeatherProvider
    ) async throws(ShellError) -> Fetched<PastWeather> {
        let latest = notBegunAnywhere(at: place.coordinate)
        let guess = placeToday(at: place.coordinate, countryCode: place.countryCode)
        var today = guess.date
        var range = try Self.pastRange(
            days, today: today, notOver: guess.isThePlaces ? today : latest,
            where: guess.isThePlaces ? Self.atThePlace(place, offset: guess.offset) : Self.inTheEarliestZone)
        var fetched = try await Self.fetchPast(provider, at: place.coordinate, range: range, today: today)
        let answerNow = fetched.value.clock.localTime(now(at: place.coordinate))
        if answerNow.date != today || !guess.isThePlaces {
            today = answerNow.date
            let counted = try Self.pastRange(
                days, today: today, notOver: today, where: Self.atThePlace(place, offset: answerNow.utcOffsetSeconds))
            if counted != range {
                range = counted
                fetched = try await Self.fetchPast(provider, at: place.coordinate, range: range, today: today)
            }
        }
        return fetched
    }

    /// The days of `days` counted from `today`, checked.
    ///
    /// - Parameters:
    ///   - notOver: the first day that is not over (today at the place, when known).
    ///   - place: where `notOver` is today, in words ("in Kochi, UTC+05:30").
    ///   - placeDecidesToday: `notOver` itself passes (only the days after it are refused), to be
    ///     refused in the place's own words once the place is known.
    /// - Throws: `ShellError.usage` as `past` says.
    nonisolated static func pastRange(
        _ days: PastDays, today: LocalDate, notOver: LocalDate, where place: String, placeDecidesToday: Bool = false
    )
        throws(ShellError)
        -> ClosedRange<LocalDate>
    {
        let first = days.first.resolved(today: today)
        let last = days.last?.resolved(today: today) ?? first
        guard first <= last else {
            throw .usage("a range of days runs forward: \(last.iso)..\(first.iso), not \(first.iso)..\(last.iso)")
        }
        guard first >= PastSource.firstDay else {
            throw .usage("Open-Meteo’s archive starts on 1940-01-01: no weather for \(first.iso)")
        }
        guard last < notOver || (placeDecidesToday && last == notOver) else {
            throw .usage(
                last == notOver
                    ? "today (\(notOver.iso) \(place)) is not over: “show” and “hourly” have it"
                    : "\(last.iso) has not happened yet: “past” is for days before today (\(notOver.iso) \(place))")
        }
        let count = last.dayNumber - first.dayNumber + 1
        guard count <= PastDays.maximumDays else {
            throw .usage("“past” shows at most \(PastDays.maximumDays) days at once, not \(count)")
        }
        return first...last
    }

    /// One request for `range` (none when cached), to the service that has those days.
    static func fetchPast(
        _ provider: any PastWeatherProvider, at coordinate: Coordinate, range: ClosedRange<LocalDate>, today: LocalDate
    ) async throws(ShellError) -> Fetched<PastWeather> {
        do {
            return try await provider.past(
                at: coordinate, days: range, source: PastSource.choose(for: range, today: today),
                hours: range.lowerBound == range.upperBound)
        } catch {
            throw ShellError(serviceError: error)
        }
    }

    /// `normal [place]`: the normals for the next days; one archive request the first time for
    /// a place, none after.
    func normal(_ target: String?) async throws(ShellError) -> HandlerOutcome {
        guard let provider = archive else { throw .noService("archive") }
        let fetching = try await places.placeWithoutCount(target, command: "normal") { () async throws(ShellError) in
            try await places.resolving(target, needing: .normals) {
                place async throws(ShellError) -> Fetched<Climatology> in
                do throws(ServiceError) { return try await provider.normals(at: place.coordinate) } catch {
                    throw ShellError(serviceError: error)
                }
            }
        }
        let (resolved, fetched) = (fetching.resolved, fetching.value)
        // The place's today when its forecast is at hand, else today in UTC.
        let today =
            lastWeather.flatMap { report in
                report.place.coordinate == resolved.place.coordinate
                    ? report.forecast.clock.localTime(now(at: resolved.place.coordinate)).date : nil
            } ?? todayUTC(at: resolved.place.coordinate)
        let days = (0..<Self.normalDays).map { CivilCalendar.date(fromDays: today.dayNumber + $0) }
        // A variable in a unit wx does not know is left out ("—"), said once, as for every answer.
        return HandlerOutcome(
            about: resolved,
            UnknownUnitsText.warnings(fetched.value.unknownUnits, from: .openMeteoArchive) + [
                .normal(
                    NormalReport(place: resolved.place, climatology: fetched.value, days: days, origin: fetched.origin))
            ])
    }
}
