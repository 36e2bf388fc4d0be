import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// How a snapshot's forecast turned out: `saved N` for one, `saved verify [place]` summed.
extension WeatherSession {
    /// The most forecast days a snapshot keeps (today and the six after: what `daily` shows).
    package nonisolated static let keptForecastDays = 7

    /// The days ahead a snapshot keeps of `forecast`: today (in the place's time zone) and
    /// after, those with readings, at most `keptForecastDays`.
    package nonisolated static func keptDays(_ forecast: Forecast, now: Date) -> [KeptForecastDay] {
        let today = forecast.clock.localTime(now).date
        return forecast.daily.filter { $0.date >= today && $0.hasReadings }.prefix(keptForecastDays).map(
            KeptForecastDay.init)
    }

    /// `saved N`: the snapshot, and its kept forecast next to what happened on the days that
    /// have passed. When the past cannot be had, the snapshot still shows, saying why. The
    /// range asked for is that of all the place's snapshots, as `saved verify` asks it, so
    /// that one request (cached for good once past) serves every snapshot of the place.
    ///
    /// The place's range is read from the days each of the place's snapshots kept, as the log's
    /// index lists them, holding no snapshot but this one: every snapshot held with its kept forecast
    /// took 833 MB at 150,000 snapshots, and reading the whole log for them 16–22 s.
    func showSnapshot(_ id: Int) async throws(ShellError) -> [CommandResult] {
        if let problem = log.readProblem() { throw ShellError(problem) }
        guard let snapshot = log.snapshot(id) else { throw missingSnapshot(id) }
        // Recorded answers: what happened is read at the place's later recorded instant.
        let checked = try await coverage.readingLater(about: [snapshot.coordinate], isolation: #isolation) {
            () async throws(ShellError) in
            let now = now(at: snapshot.coordinate)
            let key = snapshot.coordinate.rounded
            var days = PassedDays()
            days.add(snapshot, now: now)
            log.forEachListedSnapshotWithKeptDays { other, keptDays in
                guard other.id > 0, other.coordinate.rounded == key else { return }
                var dated = other
                dated.reading.forecastDays = keptDays.map {
                    KeptForecastDay(
                        date: $0, temperatureMaxCelsius: nil, temperatureMinCelsius: nil,
                        precipitationSumMillimetres: nil,
                        precipitationProbabilityMaxPercent: nil, weatherCode: nil)
                }
                days.add(dated, now: now)
            }
            return await check([snapshot], over: days).outcomes[0]
        }
        return checked.notices.map { .notice($0) } + [.snapshot(snapshot, checked.value)]
    }

    /// `saved verify [place]`: each place's snapshots (or those of `place`, by snapshot or
    /// favorite name) scored together, one request per place and date range.
    func verifySnapshots(_ place: String?) async throws(ShellError) -> [CommandResult] {
        if let problem = log.readProblem() { throw ShellError(problem) }
        var snapshots = log.snapshots().filter { $0.id > 0 }
        if let place {
            let wanted = place.lowercased()
            let favorite = favorite(named: place)
            snapshots = snapshots.filter {
                $0.placeName.lowercased() == wanted || $0.coordinate.rounded == favorite?.coordinate.rounded
            }
            guard !snapshots.isEmpty else { throw .nothingYet(.snapshotsOf(place)) }
        }
        guard !snapshots.isEmpty else { throw .nothingYet(.snapshots) }
        var order: [Coordinate] = []
        var byPlace: [Coordinate: [Snapshot]] = [:]
        for snapshot in snapshots {
            let key = snapshot.coordinate.rounded
            if byPlace[key] == nil { order.append(key) }
            byPlace[key, default: []].append(snapshot)
        }
        // Recorded answers: what happened is read at each place's later recorded instant.
        let scored = try await coverage.readingLater(
            about: order.compactMap { byPlace[$0]?.first?.coordinate }, isolation: #isolation
        ) {
            () async throws(ShellError) in
            var scores: [PlaceScore] = []
            for key in order {
                let group = byPlace[key]!
                let checked = await check(group)
                scores.append(
                    PlaceScore(
                        placeName: group.last!.placeName, coordinate: key,
                        score: ForecastScore(snapshots: checked.outcomes.map { $0.kept ? $0.days : nil }),
                        source: checked.source, problem: checked.problem,
                        leads: RunsHandler.leadScores(Array(zip(group, checked.outcomes)).map { ($0.0, $0.1) })))
            }
            return scores
        }
        return scored.notices.map { .notice($0) } + [.verification(scored.value)]
    }

    /// Checks the kept forecasts of `snapshots`, all of one place, with one range of past days:
    /// `range`, else the days of `snapshots` that have passed.
    func check(
        _ snapshots: [Snapshot], over range: PassedDays? = nil
    ) async -> (outcomes: [ForecastOutcome], source: String?, problem: String?) {
        // "Now" at the snapshots' own place (with recorded answers, its recorded time).
        let now = now(at: snapshots.first?.coordinate)
        let passed =
            range
            ?? snapshots.reduce(into: PassedDays()) { days, snapshot in days.add(snapshot, now: now) }
        var observed: [LocalDate: ObservedDay] = [:]
        var source: String?
        var problem: String?
        if passed.beforeArchive {
            problem = "what happened is not available before 1940-01-01, where Open-Meteo’s archive starts"
        }
        if let first = passed.first, let last = passed.last, let snapshot = snapshots.first {
            if let lacking = coverage.lacking(.past, at: snapshot.coordinate) {
                problem = "what happened is not available: \(lacking)"
            } else if let provider = services.past {
                do {
                    let fetched = try await provider.dailyObserved(at: snapshot.coordinate, from: first, to: last)
                    for day in fetched.value { observed[day.date] = day }
                    source = OpenMeteoPastProvider.sourceName(from: first, to: last, now: now)
                } catch {
                    problem = "what happened is not available: \(error.description)"
                }
            } else {
                problem = "what happened is not available: no archive service is configured"
            }
        }
        let outcomes = snapshots.map { snapshot in
            let today = PassedDays.today(of: snapshot, now: now)
            let days = (snapshot.reading.forecastDays ?? []).map { day in
                DayCheck(forecast: day, observed: observed[day.date], hasPassed: day.date < today)
            }
            return ForecastOutcome(
                kept: snapshot.reading.forecastDays != nil, days: days, source: source,
                problem: days.contains(where: \.hasPassed) ? problem : nil)
        }
        return (outcomes, source, problem)
    }
}

/// A snapshot's kept forecast next to what happened (`saved N`).
package struct ForecastOutcome: Hashable, Sendable {
    /// Whether the snapshot kept a forecast (snapshots from before wx kept one did not).
    package var kept: Bool
    /// Each kept day, with what happened once it has passed.
    package var days: [DayCheck]
    /// Which service told what happened ("Open-Meteo archive"); nil when none was asked.
    package var source: String?
    /// Why days that have passed have no observed values (the service failed, offline).
    package var problem: String?

    package init(kept: Bool, days: [DayCheck], source: String?, problem: String?) {
        self.kept = kept
        self.days = days
        self.source = source
        self.problem = problem
    }
}

/// One place's snapshots scored (`saved verify`).
package struct PlaceScore: Hashable, Sendable {
    /// The name of the place's latest snapshot.
    package var placeName: String
    package var coordinate: Coordinate
    package var score: ForecastScore
    package var source: String?
    /// Why what happened could not be had, when it could not.
    package var problem: String?
    /// The same figures by lead time: days after the snapshot's own day (as `skill` gives them).
    package var leads: [LeadScore] = []
}

/// The days a place's snapshots kept that have passed, as a range: what `saved N` and `saved
/// verify` ask the archive for, gathered a snapshot at a time.
struct PassedDays {
    /// The first and last passed day on or after the archive's first (`PastSource.firstDay`).
    var first: LocalDate?
    var last: LocalDate?
    /// Whether a passed day lies before the archive's first: it is refused before the request
    /// (a snapshot dated 1800 asked for 225 years in one request).
    var beforeArchive = false

    /// The snapshot's today at `now`, in its own time zone: a day has passed once it is over there.
    static func today(of snapshot: Snapshot, now: Date) -> LocalDate {
        ZoneClock(
            ZoneInfo(identifier: snapshot.timeZone, abbreviation: nil, utcOffsetSeconds: snapshot.utcOffsetSeconds)
        ).localTime(now).date
    }

    /// Takes in the passed days `snapshot` kept.
    mutating func add(_ snapshot: Snapshot, now: Date) {
        let today = Self.today(of: snapshot, now: now)
        for day in snapshot.reading.forecastDays ?? [] where day.date < today {
            guard day.date >= PastSource.firstDay else {
                beforeArchive = true
                continue
            }
            first = min(first ?? day.date, day.date)
            last = max(last ?? day.date, day.date)
        }
    }
}
