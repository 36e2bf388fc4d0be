import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// How a snapshot's forecast turned out: `saved N` for one, `saved verify [place]` summed.
extension SnapshotsHandler {
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
        let key = snapshot.coordinate.rounded
        var kept = KeptDays()
        kept.add(snapshot, days: snapshot.reading.forecastDays?.map(\.date) ?? [])
        log.forEachListedSnapshotWithKeptDays { other, keptDays, _ in
            guard other.id > 0, other.coordinate.rounded == key else { return }
            kept.add(other, days: keptDays)
        }
        // Recorded answers: what happened is read at the place's later recorded instant.
        let checked = try await coverage.readingLater(about: [snapshot.coordinate], isolation: #isolation) {
            () async throws(ShellError) in
            let now = clocks.now(at: snapshot.coordinate)
            return await observe(at: snapshot.coordinate, kept: kept, now: now).outcome(of: snapshot)
        }
        var outcome = checked.value
        outcome.yourZone = yourZone()
        return checked.notices.map { .notice($0) } + [.snapshot(snapshot, outcome)]
    }

    /// `saved verify [place]`: each place's snapshots (or those of `place`, by snapshot or
    /// favorite name) scored together, one request per place and date range.
    ///
    /// In bounded memory at any size: the list is read from the log's index once, keeping for
    /// each place only where its snapshots' records are (`SnapshotLocation`, 16 bytes a snapshot)
    /// and the days they kept; then, place by place, what happened is asked and each record is
    /// read at its offset and taken into the running sums of `ForecastScore` and `LeadScore`.
    /// Every snapshot held with its kept forecast, and their checked days, took 245 MB at 150,000
    /// snapshots (of one place as of all); now 16–25 MB (`make bench`).
    func verifySnapshots(_ place: String?) async throws(ShellError) -> [CommandResult] {
        if let problem = log.readProblem() { throw ShellError(problem) }
        let wanted = place?.lowercased()
        let favoriteKey = place.flatMap { favorite(named: $0) }?.coordinate.rounded
        // Coordinates typed (`48.85,2.35`, `48.8500°N 2.3500°E`) name the snapshots kept there, to
        // the 4 decimals a snapshot's place is stored and shown with (trial: `48.85,2.35` found
        // none of those saved at 48.8500,2.3500).
        let typedKey = place.flatMap { Coordinate(parsing: $0) }?.rounded
        var places: [PlaceSnapshots] = []
        var placeIndex: [Coordinate: Int] = [:]
        // A place typed: where snapshots are, and under which names, for a did-you-mean.
        var kept = KeptPlaces()
        log.forEachListedSnapshotWithKeptDays { snapshot, keptDays, location in
            guard snapshot.id > 0 else { return }
            if wanted != nil { kept.add(snapshot) }
            if let wanted, snapshot.placeName.lowercased() != wanted,
                snapshot.coordinate.rounded != favoriteKey, snapshot.coordinate.rounded != typedKey
            {
                return
            }
            let key = snapshot.coordinate.rounded
            let index = placeIndex[key] ?? places.count
            if index == places.count {
                placeIndex[key] = index
                places.append(PlaceSnapshots(key: key, coordinate: snapshot.coordinate))
            }
            places[index].add(snapshot, keptDays: keptDays, at: location)
        }
        placeIndex = [:]
        guard !places.isEmpty else {
            guard let place else { throw .nothingYet(.snapshots) }
            throw .nothingYet(.snapshotsOf(place, nearest: kept.nearest(to: place, favorites: favorites())))
        }
        // Recorded answers: what happened is read at each place's later recorded instant.
        let scored = try await coverage.readingLater(about: places.map(\.coordinate), isolation: #isolation) {
            () async throws(ShellError) in
            var scores: [PlaceScore] = []
            var failures: [(place: String, error: ShellError)] = []
            for place in places {
                let now = clocks.now(at: place.coordinate)
                let observed = await observe(at: place.coordinate, kept: place.keptDays, now: now)
                // The service failed: nothing of the place can be checked, which is not "to come"
                // (trial: "7 to come" for days past, exit 0). Said as an error, as `compare` says
                // a place it has no weather for; the places that could be checked still show.
                if let failure = observed.failure {
                    if failure == .cancelled { throw .cancelled }
                    failures.append(("\(place.placeName) (\(place.key.latitudeLongitudeText))", failure))
                    continue
                }
                var tally = PlaceTally()
                log.forEachSnapshot(at: place.locations) { tally.add($0, observed.outcome(of: $0)) }
                scores.append(
                    PlaceScore(
                        placeName: place.placeName, coordinate: place.key, score: tally.score,
                        source: observed.source, problem: observed.problem, leads: tally.leadScores,
                        utcDaySnapshots: tally.utcDaySnapshots, utcDaySnapshotsChecked: tally.utcDaySnapshotsChecked))
            }
            // No place could be checked: the one error line, as any command whose service failed.
            if scores.isEmpty, let first = failures.first, failures.count == 1 { throw first.error }
            return (scores, failures.map { "no snapshot of \($0.place) checked: \($0.error.description)" })
        }
        let (scores, unchecked) = scored.value
        return scored.notices.map { .notice($0) } + [.verification(scores, unchecked: unchecked)]
    }

    /// What happened at `coordinate` on the days of a place's snapshots that have passed (`now`:
    /// the place's, with recorded answers its recorded time): the place's days in one request,
    /// and the UTC days of snapshots whose forecast came in GMT (`Snapshot.daysAreUTC`) in
    /// another, asked in GMT, so that each kept day is set against the same span of hours. Only
    /// the kinds of day kept are asked for.
    func observe(at coordinate: Coordinate, kept: KeptDays, now: Date) async -> PlaceObservations {
        PlaceObservations(
            placeDays: await observe(
                at: coordinate, over: kept.passed(now: now, utcDays: false), now: now, utcDays: false),
            utcDays: await observe(at: coordinate, over: kept.passed(now: now, utcDays: true), now: now, utcDays: true))
    }

    /// What happened at `coordinate` on the `passed` days, asked in one request, the place's days
    /// or UTC days (`utcDays`); or why it could not be had.
    func observe(at coordinate: Coordinate, over passed: PassedDays, now: Date, utcDays: Bool) async -> Observations {
        var observations = Observations(now: now)
        if passed.beforeArchive {
            observations.problem =
                "what happened is not available before 1940-01-01, where Open-Meteo’s archive starts"
        }
        guard let first = passed.first, let last = passed.last else { return observations }
        if let lacking = coverage.lacking(.past, at: coordinate) {
            observations.problem = "what happened is not available: \(lacking)"
        } else if let provider = archive {
            do {
                let fetched = try await provider.dailyObserved(at: coordinate, from: first, to: last, utcDays: utcDays)
                for day in fetched.value { observations.days[day.date] = day }
                observations.source = OpenMeteoPastProvider.sourceName(from: first, to: last, now: now)
            } catch {
                if case .malformedResponse(_, let detail) = error, detail.hasPrefix(OpenMeteoPastProvider.notUTCDays) {
                    // Other days than those asked for: said as what was not done, and why.
                    observations.problem = "what happened is not compared: \(detail)"
                } else {
                    observations.problem = "what happened is not available: \(error.description)"
                }
                observations.failure = ShellError(serviceError: error)
            }
        } else {
            observations.problem = "what happened is not available: no archive service is configured"
        }
        return observations
    }

    /// The favorites in state.plist (read only when `saved verify` names a place).
    func favorites() -> [Favorite] { persistence.state.document.favorites }

    /// The favorite `name` names as people type it (see `FavoriteMatching`); nil for none and
    /// for a prefix of several. state.plist is read only here, when `saved verify` names a place.
    func favorite(named name: String) -> Favorite? {
        FavoriteMatching.match(name, in: favorites()).only
    }
}

/// What happened on the passed days of one place's snapshots (`SnapshotsHandler.observe`), to
/// check each of its snapshots against.
struct Observations {
    /// "Now" at the place: a day has passed once it is over there.
    var now: Date
    var days: [LocalDate: ObservedDay] = [:]
    /// Which service told what happened; nil when none was asked.
    var source: String?
    /// Why what happened could not be had (the service failed, offline, before the archive).
    var problem: String?
    /// The service's failure, when it was asked and failed (offline without saved data too):
    /// `saved verify` then fails for the place rather than count its passed days as to come.
    var failure: ShellError?

    /// `snapshot`'s kept forecast next to what happened.
    func outcome(of snapshot: Snapshot) -> ForecastOutcome {
        let today = PassedDays.today(of: snapshot, now: now)
        let checked = (snapshot.reading.forecastDays ?? []).map { day in
            DayCheck(forecast: day, observed: days[day.date], hasPassed: day.date < today)
        }
        var outcome = ForecastOutcome(
            kept: snapshot.reading.forecastDays != nil, days: checked, source: source,
            problem: checked.contains(where: \.hasPassed) ? problem : nil, judgedAt: now)
        outcome.daysAreUTC = snapshot.daysAreUTC && outcome.kept
        return outcome
    }
}

/// What happened at one place, in both kinds of day its snapshots may have kept: the place's
/// days, and UTC days for snapshots whose forecast came in GMT (`Snapshot.daysAreUTC`). A
/// snapshot is checked against its own kind only, never a UTC day against the place's day of
/// the same date (hours apart).
struct PlaceObservations {
    var placeDays: Observations
    var utcDays: Observations

    /// `snapshot`'s kept forecast next to what happened on the same kind of day.
    func outcome(of snapshot: Snapshot) -> ForecastOutcome {
        (snapshot.daysAreUTC ? utcDays : placeDays).outcome(of: snapshot)
    }

    /// The first failure of a request made, if any.
    var failure: ShellError? { placeDays.failure ?? utcDays.failure }

    /// The services that told what happened, each once ("Open-Meteo archive").
    var source: String? {
        var sources: [String] = []
        for source in [placeDays.source, utcDays.source].compactMap(\.self) where !sources.contains(source) {
            sources.append(source)
        }
        return sources.isEmpty ? nil : sources.joined(separator: " and ")
    }

    /// Why what happened could not be had, for either kind of day.
    var problem: String? { placeDays.problem ?? utcDays.problem }
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
    /// Whether the days are UTC days (the forecast came in GMT, `Snapshot.daysAreUTC`), and what
    /// happened was taken over the same UTC days.
    package var daysAreUTC = false
    /// Whether the days are UTC days (`daysAreUTC`) and one of them was set against what
    /// happened (it has passed and has observed values): the one rule by which `saved N` and
    /// `saved verify` say that UTC days were checked — no day checked, no such check made.
    package var utcDaysChecked: Bool { daysAreUTC && days.contains { $0.observed != nil } }
    /// "Now" at the place, by which the days were judged passed or not (`Observations.now`): with
    /// recorded answers (`make demo`) the recording's time, which the snapshot's data time also
    /// is; nil when not known.
    package var judgedAt: Date?
    /// The zone of the user's clock (`Configuration.localTimeZone`; nil: UTC), in which the
    /// saved-at time is said "by your clock" when the days were judged by the recording's.
    package var yourZone: String?

    package init(kept: Bool, days: [DayCheck], source: String?, problem: String?, judgedAt: Date? = nil) {
        self.kept = kept
        self.days = days
        self.source = source
        self.problem = problem
        self.judgedAt = judgedAt
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
    /// How many of its snapshots kept UTC days (`Snapshot.daysAreUTC`), checked against what
    /// happened over the same UTC days.
    package var utcDaySnapshots = 0
    /// How many of those had a day checked (passed, with what happened): the text's line on UTC
    /// days is said only then — of snapshots none of whose days could be checked yet, nothing
    /// was set against UTC days.
    package var utcDaySnapshotsChecked = 0
}

/// The days a place's snapshots kept that have passed, as a range: what `saved N` and `saved
/// verify` ask the archive for.
struct PassedDays {
    /// The first and last passed day on or after the archive's first (`PastSource.firstDay`).
    var first: LocalDate?
    var last: LocalDate?
    /// Whether a passed day lies before the archive's first: it is refused before the request
    /// (a snapshot dated 1800 asked for 225 years in one request).
    var beforeArchive = false

    /// The snapshot's today at `now`, in its own time zone: a day has passed once it is over there.
    static func today(of snapshot: Snapshot, now: Date) -> LocalDate {
        today(in: KeptDays.Zone(snapshot), now: now)
    }

    static func today(in zone: KeptDays.Zone, now: Date) -> LocalDate {
        ZoneClock(ZoneInfo(identifier: zone.identifier, abbreviation: nil, utcOffsetSeconds: zone.utcOffsetSeconds))
            .localTime(now).date
    }

    /// Takes in the days of `dates` before `today`.
    mutating func add(_ dates: some Sequence<LocalDate>, before today: LocalDate) {
        for date in dates where date < today {
            guard date >= PastSource.firstDay else {
                beforeArchive = true
                continue
            }
            first = min(first ?? date, date)
            last = max(last ?? date, date)
        }
    }
}

/// The days a place's snapshots kept, gathered a snapshot at a time from the list (their dates
/// only, by time zone: each a day of the snapshot's own calendar), from which the days passed at
/// any "now" follow (`passed(now:)`) without the snapshots.
struct KeptDays {
    /// A snapshot's time zone, as its days are reckoned in: UTC's for UTC days
    /// (`Snapshot.daysAreUTC`), which have passed once they are over in UTC.
    struct Zone: Hashable {
        var identifier: String?
        var utcOffsetSeconds: Int
        var isUTC: Bool

        init(_ snapshot: Snapshot) {
            isUTC = snapshot.daysAreUTC
            identifier = isUTC ? nil : snapshot.timeZone
            utcOffsetSeconds = isUTC ? 0 : snapshot.utcOffsetSeconds
        }
    }

    private var days: [Zone: Set<LocalDate>] = [:]

    /// Takes in the dates of the forecast days `snapshot` kept.
    mutating func add(_ snapshot: Snapshot, days dates: [LocalDate]) {
        guard !dates.isEmpty else { return }
        days[Zone(snapshot), default: []].formUnion(dates)
    }

    /// The kept days of one kind (UTC days, or the place's) that have passed at `now`, each in
    /// its snapshot's time zone.
    func passed(now: Date, utcDays: Bool) -> PassedDays {
        var passed = PassedDays()
        for (zone, dates) in days where zone.isUTC == utcDays {
            passed.add(dates, before: PassedDays.today(in: zone, now: now))
        }
        return passed
    }
}

/// One place's snapshots as the list gives them (`saved verify`): where their records are and
/// the days they kept, not the snapshots.
struct PlaceSnapshots {
    /// The place's coordinate rounded, which its snapshots share.
    var key: Coordinate
    /// The coordinate of the place's first snapshot: what the archive is asked at.
    var coordinate: Coordinate
    /// The name of the place's latest snapshot.
    var placeName = ""
    var locations: [SnapshotLocation] = []
    var keptDays = KeptDays()

    init(key: Coordinate, coordinate: Coordinate) {
        self.key = key
        self.coordinate = coordinate
    }

    /// Takes in the next of the place's snapshots, as listed.
    mutating func add(_ snapshot: Snapshot, keptDays dates: [LocalDate], at location: SnapshotLocation) {
        placeName = snapshot.placeName
        locations.append(location)
        keptDays.add(snapshot, days: dates)
    }
}

/// One place's figures (`saved verify`), taken in a snapshot at a time: the score and the score
/// by lead time as running sums, in the order the snapshots come.
struct PlaceTally {
    var score = ForecastScore()
    /// How many snapshots kept UTC days, and how many of those had a day checked.
    var utcDaySnapshots = 0
    var utcDaySnapshotsChecked = 0
    /// By lead: days after the snapshot's own day (in the place's time zone) the day forecast was.
    private var leads: [Int: LeadScore] = [:]

    /// Takes in `snapshot` and its kept forecast next to what happened.
    mutating func add(_ snapshot: Snapshot, _ outcome: ForecastOutcome) {
        score.add(outcome.kept ? outcome.days : nil)
        guard outcome.kept else { return }
        if snapshot.daysAreUTC {
            utcDaySnapshots += 1
            // Checked as `ForecastScore` counts a checked day: one with what happened.
            if outcome.utcDaysChecked { utcDaySnapshotsChecked += 1 }
        }
        // The snapshot's own day in its days' calendar: the UTC day of its data for UTC days.
        let saved = PassedDays.today(of: snapshot, now: snapshot.reading.dataTime)
        for day in outcome.days {
            guard let observed = day.observed else { continue }
            let lead = day.forecast.date.dayNumber - saved.dayNumber
            leads[lead, default: LeadScore(lead: lead)].add(
                ForecastPair(
                    forecastMaxCelsius: day.forecast.temperatureMaxCelsius,
                    forecastMinCelsius: day.forecast.temperatureMinCelsius,
                    forecastPrecipitationMillimetres: day.forecast.precipitationSumMillimetres, observed: observed))
        }
    }

    /// The figures of each lead that had a checked day, shortest lead first.
    var leadScores: [LeadScore] { leads.keys.sorted().map { leads[$0]! } }
}
