import FoundationEssentials
import WXBasics
import WeatherKit

/// `best`, `chance` and `plume`: what they use — the ensemble service, the units, and, per
/// command, the resolved place, its answer and the instant it is now there — and nothing of
/// the session. Each returns a result; none renders.
struct DecisionHandler {
    let provider: any EnsembleProvider
    /// The user's units: a bare number in a condition is in these.
    let units: UnitPreferences
    let model: EnsembleModel = .ecmwfIFS025

    /// The ensemble at `place`: the one request every ensemble view shares (none while the
    /// place's answer is from the model's latest run).
    ///
    /// - Throws: `ShellError.service`.
    func fetch(at place: Place) async throws(ShellError) -> Fetched<EnsembleForecast> {
        do throws(ServiceError) {
            return try await provider.ensemble(at: place.coordinate, model: model)
        } catch {
            // As every command says a service's failure (ShellError(serviceError:)).
            if case .transport(_, .cancelled) = error { throw .cancelled }
            throw .service(error)
        }
    }

    // MARK: - best

    /// `best`: every window of the request's length in its span, counted over the members, each
    /// with the deterministic forecast's values over it.
    ///
    /// - Parameter forecast: the forecast `show` uses at the place, or why there is none (said
    ///   in the report; the odds stand without it).
    /// - Throws: a usage error (`DecisionRefusal.cannotBothHold`) for conditions that cannot all hold;
    ///   `.notApplicable` for a window longer than the members reach or than the span; `.notInAnswer` when the model's answer lacks
    ///   a variable a condition reads.
    func best(
        _ request: BestRequest, answer: Fetched<EnsembleForecast>, forecast: Result<Forecast, ShellError>? = nil,
        place: Place, now: Date
    ) throws(ShellError) -> BestReport {
        let ensemble = answer.value
        let defaulted = request.terms.isEmpty
        let terms = defaulted ? DecisionVocabulary.words[0].terms : request.terms
        let conditions = Self.applied(terms, units: units)
        try Self.refuseContradictions(conditions, units: units)
        for variable in Set(conditions.compactMap(\.variable)) where ensemble.members(variable).isEmpty {
            throw .notInAnswer(
                EnsembleLackingText.reason([variable], in: ensemble) + "; try a condition without it"
            )
        }
        let from = ensemble.nextHour(after: now)
        guard let last = ensemble.times.last, last > from else {
            throw .notInAnswer(
                "the \(ensemble.model.displayName) answer ends before the next hour; "
                    + EnsembleRetryText.advice(answer.origin, now: now))
        }
        let reach = Int(last.timeIntervalSince(from) / 3_600)
        guard request.hours <= reach else {
            throw .notApplicable(
                "a \(request.hours)-hour window is longer than the members reach: \(Counting.count(reach, "hour")) from the next hour to \(DecisionText.dateTime(last, ensemble.clock))"
            )
        }
        let (spanStart, spanEnd) = try span(request.span, ensemble: ensemble, from: from, now: now)
        if spanEnd <= spanStart, case .day(let day) = request.span {
            // The day asked, by its date (not today's).
            let date = day.resolved(today: ensemble.clock.localTime(now).date)
            throw DecisionRefusal.noHoursLeft(request.span, day: date).shellError
        }
        let deterministic = try? forecast?.get()
        let (found, members) = BestWindows.windows(
            ensemble, conditions: conditions, hours: request.hours, spanStart: spanStart, spanEnd: spanEnd,
            coordinate: ensemble.coordinate, forecast: deterministic.map(ForecastHours.init))
        var windows = found
        guard !windows.isEmpty else {
            // An answer for later days than the span's (a recording, a clock set wrong): its
            // start is the cause, not the window's length (trial 58).
            if let first = ensemble.times.first, first >= spanEnd {
                let today = ensemble.clock.localTime(now).date
                throw .notInAnswer(
                    EnsembleRetryText.startsLater(
                        ensemble.model.displayName, first: ensemble.clock.localTime(first).date, today: today)
                        + ", after \(DecisionText.spanName(request.span)); "
                        + EnsembleRetryText.advice(answer.origin, now: now))
            }
            let length = Int(spanEnd.timeIntervalSince(spanStart) / 3_600)
            throw .notApplicable(
                "no \(request.hours)-hour window fits in \(DecisionText.spanName(request.span)): \(Counting.count(max(0, length), "hour")) from \(DecisionText.dateTime(spanStart, ensemble.clock)) to \(DecisionText.dateTime(spanEnd, ensemble.clock))"
            )
        }
        // No member with values for any window: nothing can be said to hold or not.
        if windows.allSatisfy({ $0.members == 0 }) {
            let clock = ensemble.clock
            let variables = Set(conditions.compactMap(\.variable)).sorted { $0.rawValue < $1.rawValue }
            let names = Counting.list(variables.map { EnsembleLackingText.longName($0) })
            throw .notInAnswer(
                "no member has \(names) values for the hours of \(DecisionText.spanName(request.span)) (\(DecisionText.dateTime(spanStart, clock)) to \(DecisionText.dateTime(spanEnd, clock))): from 0 members, wx cannot say whether a window holds"
            )
        }
        // Not one hour of any window holds in any member: the closest are those that miss least.
        if !windows.contains(where: { $0.memberHoursHolding > 0 }) {
            BestWindows.measureMisses(
                &windows, ensemble: ensemble, conditions: conditions, hours: request.hours,
                coordinate: ensemble.coordinate)
        }
        let (top, qualified) = BestWindows.top(windows)
        return BestReport(
            place: place, model: ensemble.model, zone: ensemble.zone, hours: request.hours,
            words: defaulted ? ["dry"] : request.words, defaultedToDry: defaulted, conditions: conditions,
            wordConditions: Self.wordTerms(defaulted ? ["dry"] : request.words, terms).map {
                Self.applied($0, units: units)
            },
            span: request.span, spanStart: spanStart, spanEnd: spanEnd, windows: windows, top: top,
            qualified: qualified, membersWithVariables: members, origin: answer.origin, answerEnd: ensemble.times.last,
            forecastEnd: deterministic?.hourly.last?.time, forecastMissing: Self.missing(forecast),
            counted: CountedMembers(ensemble, variables: BestWindows.countedVariables(conditions), every: true))
    }

    /// Why the forecast's values are missing, as a sentence's end; nil when it came.
    static func missing(_ forecast: Result<Forecast, ShellError>?) -> String? {
        guard case .failure(let error)? = forecast else { return nil }
        return error.description
    }

    /// Each word's own conditions, from the words and the conditions as the parser made them: an
    /// activity's or condition word's whole set from the table (though `terms` holds a condition
    /// two words share once), a comparison its one. Replays the parser's rule — a word adds the
    /// conditions of its set not already there, a comparison adds its own.
    static func wordTerms(_ words: [String], _ terms: [DecisionTerm]) -> [[DecisionTerm]] {
        let table = DecisionVocabulary.words + DecisionVocabulary.activities
        var cursor = 0
        var result: [[DecisionTerm]] = []
        for word in words {
            if let named = table.first(where: { $0.word == word }) {
                cursor += DecisionVocabulary.added(named.terms, after: terms[..<min(cursor, terms.count)]).count
                result.append(named.terms)
            } else if cursor < terms.count {
                result.append([terms[cursor]])
                cursor += 1
            } else {
                result.append([])
            }
        }
        return result
    }

    /// The conditions as applied to the members' values, in `units` for a bare number.
    static func applied(_ terms: [DecisionTerm], units: UnitPreferences) -> [AppliedCondition] {
        terms.map { term -> AppliedCondition in
            switch term {
            case .daylight: return .daylight
            case .limit(let typed):
                let (comparison, limit) = typed.applied(units)
                // The unit it was read in kept with it: a view shown again in other units
                // says this limit, not its number in theirs.
                return AppliedCondition(
                    variable: typed.variable, comparison: comparison, limit: limit, typed: typed.resolved(units),
                    typedUnit: typed.readIn(units))
            }
        }
    }

    /// What a variable's value can be, in its own unit: beyond the records (−89.2 °C and
    /// 56.7 °C, a 408 km/h gust, 1825 mm of rain in a day, about 2 m of snow in a day), and
    /// cloud cover's 0 to 100 %.
    static func possible(_ variable: EnsembleVariable) -> ClosedRange<Double> {
        switch variable {
        case .temperature: -90...60
        case .windSpeed, .windGusts: 0...410
        case .precipitation, .snowfall: 0...2_000
        case .cloudCover: 0...100
        }
    }

    /// The one rule for a limit against what its variable can be (`possible`), for every
    /// variable and every command that reads conditions (`best`, `chance`): a limit no value can
    /// meet (`rain<0`, `wind<0`, `cloud>100`, `temp>1000`, a Beaufort force past 12) never
    /// holds; a limit no value can be on the other side of — beyond the range on the side every
    /// value meets (`rain>-1`, `cloud<101`, `temp>-100`, `temp<100`, `gusts<1000`, `wind<13bft`,
    /// `temp>-5` in kelvin) — always holds. Either is refused. A limit at a bound is taken
    /// (`rain>=0`, `cloud<=100`, `wind<=12bft`): a value can be at it.
    ///
    /// - Throws: `DecisionRefusal.neverHolds` or `.alwaysHolds` (usage errors), which the view
    ///   words with the variable's range in the user's units.
    static func refuseImpossible(_ limits: [TypedLimit], units: UnitPreferences) throws(ShellError) {
        for typed in limits {
            let range = possible(typed.variable)
            // As applied to the values (a Beaufort force as its range of speeds).
            let (comparison, limit) = typed.applied(units)
            let never =
                switch comparison {
                case .below: limit <= range.lowerBound
                case .atMost: limit < range.lowerBound
                case .above: limit >= range.upperBound
                case .atLeast: limit > range.upperBound
                }
            // Beyond the range on the side every value meets: a Beaufort force against forces
            // 0 to 12 as typed (its range of speeds ends at no speed), any other limit against
            // the range in the variable's own unit.
            let (typedLimit, bounds) =
                typed.isBeaufort(units) ? (typed.amount, 0.0...12.0) : (typed.canonical(units), range)
            let always = typed.comparison.isUpperBound ? typedLimit > bounds.upperBound : typedLimit < bounds.lowerBound
            guard never || always else { continue }
            let shown = AppliedCondition(
                variable: typed.variable, comparison: typed.comparison, limit: typed.canonical(units), typed: typed)
            throw
                (never
                ? DecisionRefusal.neverHolds(shown, possible: range, units: units)
                : DecisionRefusal.alwaysHolds(shown, possible: range, units: units)).shellError
        }
    }

    /// Conditions on one variable that no value meets (`temp>30 temp<10`, `dry rain>1`).
    ///
    /// - Throws: `DecisionRefusal.cannotBothHold` (a usage error, exit status 2: arguments
    ///   that cannot be), which the view words in the user's units.
    static func refuseContradictions(_ conditions: [AppliedCondition], units: UnitPreferences) throws(ShellError) {
        let limits = conditions.filter { $0.variable != nil }
        for lower in limits where !lower.comparison.isUpperBound {
            for upper in limits where upper.variable == lower.variable && upper.comparison.isUpperBound {
                let strict = lower.comparison == .above || upper.comparison == .below
                guard lower.limit > upper.limit || (lower.limit == upper.limit && strict) else { continue }
                throw DecisionRefusal.cannotBothHold(lower, upper, units: units).shellError
            }
        }
    }

    /// Where `span` starts and ends: from the next hour at the earliest.
    ///
    /// - Throws: `ShellError.notApplicable` for a day before today; `.notInAnswer` for one
    ///   after the answer's hours (`DecisionRefusal.dayNotCovered` when they start after it).
    func span(_ span: DecisionSpan, ensemble: EnsembleForecast, from: Date, now: Date) throws(ShellError) -> (
        Date, Date
    ) {
        let clock = ensemble.clock
        let today = clock.localTime(now).date
        func days(_ first: LocalDate, _ count: Int) throws(ShellError) -> (Date, Date) {
            let after = CivilCalendar.date(fromDays: first.dayNumber + count)
            try Self.refuseDate(first, today: today)
            // An answer for later days (its first hour after the asked ones): said by the day
            // asked and where the members' hours start.
            if let answerStart = ensemble.times.first, clock.localTime(answerStart).date >= after {
                throw DecisionRefusal.dayNotCovered(
                    ensemble.model, day: first, membersStart: answerStart, zone: ensemble.zone
                ).shellError
            }
            guard let start = ensemble.times.first(where: { clock.localTime($0).date >= first }) else {
                throw .notInAnswer(
                    "the \(ensemble.model.displayName) answer ends \(DecisionText.dateTime(ensemble.times.last ?? from, clock)), before \(first.iso)"
                )
            }
            let end =
                ensemble.times.first(where: { clock.localTime($0).date >= after })
                ?? ensemble.times.last!
            return (max(start, from), end)
        }
        switch span {
        case .next(let count): return (from, from.addingTimeInterval(Double(count) * 86_400))
        case .day(let day): return try days(day.resolved(today: today), 1)
        case .weekend:
            // Saturday (6) and Sunday (0): this weekend while it lasts.
            switch today.weekday {
            case 0: return try days(today, 1)
            case 6: return try days(today, 2)
            default: return try days(CivilCalendar.date(fromDays: today.dayNumber + 6 - today.weekday), 2)
            }
        }
    }

    /// A date `best` cannot look at: one that has passed, or one past the ensemble's
    /// `forecastDays` days from today — an out-of-range argument, a usage error (exit status 2,
    /// as `best 300h` and `chance`'s days; it was 1).
    ///
    /// - Parameters:
    ///   - today: today at the place, or the UTC date when the place's is not known yet;
    ///   - slack: days either way the place's today may lie from `today` (1 before the answer
    ///     gives the place's clock: `today` is then a guess). Only a date out of range by more
    ///     than `slack` is refused; the last date named is always `today`'s last, the ensemble's
    ///     `forecastDays` days from it (today + 9), so every refusal names the same date.
    /// - Throws: `ShellError.usage`.
    static func refuseDate(_ date: LocalDate, today: LocalDate, slack: Int = 0) throws(ShellError) {
        let days = OpenMeteoEnsembleProvider.forecastDays
        if date.dayNumber < today.dayNumber - slack {
            throw .usage("\(date.iso) has passed; “best” looks ahead (today at the earliest)")
        }
        let last = CivilCalendar.date(fromDays: today.dayNumber + days - 1)
        if date.dayNumber > last.dayNumber + slack {
            throw .usage(
                "\(date.iso) is past the ensemble’s \(days) days; “best” looks from today to \(last.iso) at the latest")
        }
    }

    // MARK: - chance

    /// `chance`: each threshold's days from today, counted over the members.
    ///
    /// - Throws: `ShellError.notInAnswer` when no day from today is in the answer.
    func chance(_ request: ChanceRequest, answer: Fetched<EnsembleForecast>, place: Place, now: Date) throws(ShellError)
        -> ChanceReport
    {
        let ensemble = answer.value
        let from = ensemble.nextHour(after: now)
        // Today is the place's day now, not the next hour's (at 23:30 that is tomorrow's).
        let today = ensemble.clock.localTime(now).date
        let count = request.days ?? 7
        // Today without hours left from the next hour (23:40): the days start tomorrow, still
        // `count` of them, as frost's nights move on (trial 58: `chance … 2` gave one day).
        let todayWithoutHours = ensemble.clock.localTime(from).date > today
        let firstDay = today.dayNumber + (todayWithoutHours ? 1 : 0)
        let dates = (0..<count).map { CivilCalendar.date(fromDays: firstDay + $0) }
        var rows: [ChanceRow] = []
        for threshold in request.thresholds {
            var row: ChanceRow
            switch threshold {
            case .frost:
                // Frost is counted on the temperature: without it (left out for its unit, or not
                // carried), the row says so as every other row does.
                let members = ensemble.membersByNumber(.temperature)
                row = ChanceRow(
                    threshold: threshold, variable: .temperature, comparison: .below, limit: 0, perDay: false, days: [],
                    variableMissing: members.isEmpty,
                    unknownUnit: UnknownUnitsText.reason(
                        EnsembleVariable.temperature.rawValue, in: ensemble.unknownUnits))
                guard !members.isEmpty else { break }
                // The nights move on: once this morning's night is over (09:00 passed), the
                // first night shown is the next one, and still `count` of them.
                let first = ChanceCounts.firstNight(ensemble.clock, today: today, from: from)
                for offset in 0..<count {
                    let date = CivilCalendar.date(fromDays: first.dayNumber + offset)
                    // A night with an instant no member has (the answer stops within it, or an
                    // instant is null in all or missing): counted over the instants it holds,
                    // as a day covered in part is, and shown with them.
                    let part = ChanceCounts.partNight(ensemble, ending: date, from: from)
                    let whole = part == nil ? ChanceCounts.night(ensemble, ending: date, from: from) : nil
                    guard let slots = whole ?? part?.slots, !slots.isEmpty else { continue }
                    var night = ChanceCounts.day(
                        date, slots: slots, members: members, times: ensemble.times, covering: false,
                        reaches: { $0.contains { $0 < 0 } }, hourCounts: { value, _ in value < 0 },
                        fromNextHour: ChanceCounts.nightBegun(ensemble.clock, ending: date, from: from))
                    night.part = part
                    row.days.append(night)
                }
                if first != today { row.nightsFrom = first }
            case .limit(let typed, let perDay, let word):
                let (comparison, limit) = typed.applied(units)
                let variable = typed.variable
                let members = ensemble.membersByNumber(variable)
                // The unit it was read in kept with it (`TypedLimit.resolved`), as best's.
                row = ChanceRow(
                    threshold: .limit(typed.resolved(units), perDay: perDay, word: word), variable: variable,
                    comparison: comparison, limit: limit,
                    perDay: perDay, days: [], variableMissing: members.isEmpty,
                    unknownUnit: UnknownUnitsText.reason(variable.rawValue, in: ensemble.unknownUnits))
                guard !members.isEmpty else { break }
                let sums = perDay && (variable == .precipitation || variable == .snowfall)
                for date in dates {
                    // A day with an hour no member has (the answer stops within it, or an hour
                    // is null in all or missing): counted over the hours it holds, by the rule
                    // `check --rain` reads a day by, and shown with those hours.
                    let part = ensemble.partHours(of: date, from: from, variable: variable)
                    let whole =
                        part == nil
                        ? ChanceCounts.slots(ensemble, date: date, from: from, covering: variable.coversPrecedingHour)
                        : nil
                    guard let slots = whole ?? part?.slots, !slots.isEmpty else { continue }
                    var day = ChanceCounts.day(
                        date, slots: slots, members: members, times: ensemble.times,
                        covering: variable.coversPrecedingHour,
                        settledInPart: ChanceCounts.settledInPart(
                            variable: variable, comparison: comparison, perDay: perDay),
                        reaches: {
                            ChanceCounts.reaches(
                                $0, variable: variable, comparison: comparison, limit: limit, perDay: perDay)
                        },
                        hourCounts: { value, reached in
                            sums ? reached && value >= 0.1 : comparison.holds(value, limit)
                        }, fromNextHour: date == today)
                    day.part = part
                    row.days.append(day)
                }
            }
            rows.append(row)
        }
        // As best and plume: nothing to count is a failure; a threshold that can be counted
        // is shown beside those that cannot, each said.
        if rows.allSatisfy(\.variableMissing) {
            let missing = Set(rows.map(\.variable)).sorted { $0.rawValue < $1.rawValue }
            throw .notInAnswer(
                EnsembleLackingText.reason(missing, in: ensemble) + "; try a threshold without it")
        }
        guard rows.contains(where: { !$0.days.isEmpty }) else {
            throw .notInAnswer(
                "the \(ensemble.model.displayName) answer covers no whole day from today; "
                    + EnsembleRetryText.advice(answer.origin, now: now))
        }
        return ChanceReport(
            place: place, model: ensemble.model, zone: ensemble.zone, rows: rows, requestedDays: count,
            origin: answer.origin, todayWithoutHours: todayWithoutHours ? today : nil,
            lastTime: ensemble.times.last, lateStart: ensemble.times.first.flatMap { $0 > from ? $0 : nil },
            counted: CountedMembers(ensemble, variables: rows.filter { !$0.variableMissing }.map(\.variable)))
    }

    // MARK: - plume

    /// `plume`: the members' percentiles hour by hour from the next hour.
    ///
    /// - Throws: `ShellError.notInAnswer` when the answer has no such variable or no hour from
    ///   the next.
    func plume(_ request: PlumeRequest, answer: Fetched<EnsembleForecast>, place: Place, now: Date) throws(ShellError)
        -> PlumeReport
    {
        let ensemble = answer.value
        guard !ensemble.members(request.variable).isEmpty else {
            throw .notInAnswer(
                EnsembleLackingText.reason([request.variable], in: ensemble)
            )
        }
        let count = request.hours ?? 48
        let from = ensemble.nextHour(after: now)
        let hours = ChanceCounts.plume(ensemble, variable: request.variable, from: from, count: count)
        // One hour is a plume of one row (HOURS is 1 to 240); none is an answer that has ended.
        guard let first = hours.first else {
            throw .notInAnswer(
                "the \(ensemble.model.displayName) answer has no hours left; "
                    + EnsembleRetryText.advice(answer.origin, now: now))
        }
        // An answer that starts after the hours asked (a recording, a clock set wrong) is refused
        // as best refuses it: its rows had no date and read as the next hours (nu60).
        if first.time >= from.addingTimeInterval(Double(count) * 3_600) {
            let today = ensemble.clock.localTime(now).date
            throw .notInAnswer(
                EnsembleRetryText.startsLater(
                    ensemble.model.displayName, first: ensemble.clock.localTime(first.time).date, today: today)
                    + ", after the next \(Counting.count(count, "hour")); "
                    + EnsembleRetryText.advice(answer.origin, now: now))
        }
        return PlumeReport(
            place: place, model: ensemble.model, zone: ensemble.zone, variable: request.variable, hours: hours,
            requestedHours: count, origin: answer.origin, membersStartLate: first.time > from ? first.time : nil,
            counted: CountedMembers(ensemble, variables: [request.variable]))
    }
}
