import FoundationEssentials
import WXBasics
import WeatherKit

/// `confidence`: a place's ensemble days from its today, and where the answer came from.
package struct ConfidenceReport: Hashable, Sendable {
    package var place: Place
    package var ensemble: EnsembleForecast
    /// The days shown, from the place's today, at most as many as asked: today's from the
    /// next hour (`restOfToday`), the later ones whole.
    package var days: [EnsembleDay]
    /// How many days were asked for.
    package var requestedDays: Int
    package var origin: DataOrigin
    /// Today and the first hour its row counts (UTC), as `chance` counts the rest of today;
    /// nil when today is not shown.
    package var restOfToday: RestOfToday?
    /// The days of the answer left out as beyond the ensemble's range from today (the answer
    /// is for another time than now); 0 normally.
    package var daysBeyondRange = 0
    /// The place's today when the report was made (nil: not known), to say when the first day
    /// shown is not one of the days just ahead.
    package var today: LocalDate?

    /// Today's date and the first hour its row counts (UTC).
    package struct RestOfToday: Hashable, Sendable {
        package var date: LocalDate
        package var from: Date
    }

    /// The most members any figure comes from (the count in the heading).
    package var memberCount: Int {
        max(ensemble.temperatureMembers.count, ensemble.precipitationMembers.count)
    }

    /// What a reader should know about the answer, in words: odd members, each day whose
    /// figures come from fewer members than the answer has (`fewerMembersNote`), and where the
    /// ensemble ends when it ends before the days asked for.
    package func notes(format: ValueFormatter) -> [String] {
        var lines = ensemble.notes.map { Self.text($0, clock: ensemble.clock, format: format) }
        if let today, let first = days.first?.date, first.dayNumber > today.dayNumber + 1 {
            lines.append(
                "the answer has no day before \(format.day(first)), \(first.dayNumber - today.dayNumber) days from today: these are not the days just ahead"
            )
        }
        if daysBeyondRange > 0 {
            lines.append(
                DaysAhead<EnsembleDay>.leftOutNote(
                    daysBeyondRange, covered: OpenMeteoEnsembleProvider.forecastDays, what: "the ensemble"))
        }
        // A day between two shown that no member covers whole (an hour missing from the
        // answer, or null in all): said, not dropped from the table without a word.
        for (earlier, later) in zip(days, days.dropFirst()) where later.date.dayNumber > earlier.date.dayNumber + 1 {
            for number in (earlier.date.dayNumber + 1)..<later.date.dayNumber {
                lines.append(
                    "\(format.day(CivilCalendar.date(fromDays: number))) is not shown: no member has a value for every hour of it"
                )
            }
        }
        lines += days.compactMap { fewerMembersNote($0, format: format) }
        if days.count < requestedDays, let last = ensemble.lastHour {
            let local = ensemble.clock.localTime(last)
            lines.append(
                "the ensemble’s hours end \(format.day(local.date)) \(format.clock(local)) \(ValueFormatter.zone(local)); a day is shown only when the members cover all of it"
            )
        }
        return lines
    }

    /// "Wed 02 Dec: 4 of 5 members (the others lack values for part of the day, and their rain
    /// is under 1 mm in the hours they have)": a day whose temperatures come from fewer members
    /// than the answer has with temperature, or whose rain from fewer than it has with
    /// precipitation — the heading's count and the "figures come from those" note are the
    /// answer's. A member is left out of a figure by `EnsembleMemberCount`'s rule: its values
    /// stop before the day ends (or have a gap) and those it has do not settle the figure — a
    /// high and low are never settled by part of a day, a wet day is once 1 mm is reached
    /// (`whyLeftOut`).
    /// One count when the day's temperature and rain rest on as many members (out of
    /// `memberCount`, the heading's), else each short one out of its variable's; nil for a day
    /// with them all. The JSON's day gives the same counts (`members` of each figure).
    func fewerMembersNote(_ day: EnsembleDay, format: ValueFormatter) -> String? {
        let temperature = max(day.high?.members ?? 0, day.low?.members ?? 0)
        let precipitation = day.precipitationMembers
        let temperatureOf = ensemble.temperatureMembers.count
        let precipitationOf = ensemble.precipitationMembers.count
        guard temperature < temperatureOf || precipitation < precipitationOf else { return nil }
        let counts: String
        if temperature == precipitation {
            counts = "\(temperature) of \(memberCount) members"
        } else {
            counts = [
                temperature < temperatureOf ? "temperature from \(temperature) of \(temperatureOf) members" : nil,
                precipitation < precipitationOf ? "rain from \(precipitation) of \(precipitationOf) members" : nil,
            ].compactMap { $0 }.joined(separator: ", ")
        }
        let why = Self.whyLeftOut(
            temperature: temperature < temperatureOf, rain: precipitation < precipitationOf, format: format)
        return "\(format.day(day.date)): \(counts) (\(why))"
    }

    /// Why members were left out of a day's figures, as `fewerMembersNote` says it: for the
    /// temperature (`temperature`: some were) a value missing at any hour leaves a member out;
    /// for the rain (`rain`) only when the amounts it has are under the wet threshold as well
    /// (in `format`'s units, as `chance` says its thresholds).
    static func whyLeftOut(temperature: Bool, rain: Bool, format: ValueFormatter) -> String {
        let wet =
            "under \(format.precipitationThreshold(EnsembleDay.wetThresholdMillimetres, nested: true)) in the hours they have"
        switch (temperature, rain) {
        case (true, false): return "the others lack a temperature for part of the day"
        case (false, true): return "the others lack rain for part of the day and are \(wet)"
        default: return "the others lack values for part of the day, and their rain is \(wet)"
        }
    }

    /// One note in words; `clock` and `format` say the time of missing hours.
    static func text(_ note: EnsembleNote, clock: ZoneClock, format: ValueFormatter) -> String {
        func name(_ variable: String) -> String { variable == "temperature_2m" ? "temperature" : variable }
        switch note {
        case .fewerMembers(let variable, let found, let expected):
            return
                "the answer has \(found) of the model’s \(expected) members with \(name(variable)); the figures come from those"
        case .membersWithoutValues(let variable, let count):
            return "\(Counting.count(count, "member")) without any \(name(variable)) value left out"
        case .unexpectedKeys(let count, let example):
            return
                "\(Counting.count(count, "member value list")) for a variable not asked for ignored (\(example))"
        case .missingHours(let count, let first):
            let local = clock.localTime(first)
            return
                "the answer lacks \(Counting.count(count, "hour")) (from \(format.day(local.date)) \(format.clock(local))): no member has a value there, and a day with such an hour is not counted whole"
        }
    }
}

extension EnsembleDay {
    /// "rain ≥ 1 mm over the day": what `confidence`, `check --rain`, `watch --rain` and
    /// `brief` count of a member, in the user's units as `chance` says its thresholds
    /// (`ValueFormatter.precipitationThreshold`: "rain ≥ 1 mm (about 0.039 in) over the day"),
    /// with its window in words; `day` names the day ("over tomorrow", "over the rest of today").
    static func rainWindowText(_ format: ValueFormatter, day: String = "the day") -> String {
        "rain ≥ \(format.precipitationThreshold(wetThresholdMillimetres)) over \(day)"
    }

    /// "rain ≥ 1 mm over the day: 19 of 51 members (37 %)" ("rain ≥ 1 mm (about 0.039 in) over
    /// the day: …" in inches): the day's amount, added, said so beside `chance`'s "in an hour"; nil without
    /// members that have the whole day.
    func rainSentence(format: ValueFormatter) -> String? {
        guard let percent = rainPercent else { return nil }
        return
            "\(Self.rainWindowText(format)): \(wetMembers) of \(precipitationMembers) members (\(NearLimit.text(percent, base: 0, limits: EnsembleAgreement.rainPercentLimits)) %)"
    }
}

/// `models`: several models' days at a place from its today, and where the answer came from.
package struct ModelsReport: Hashable, Sendable {
    package var place: Place
    package var comparison: ModelComparison
    /// The days shown, from the place's today.
    package var days: [ModelDay]
    package var origin: DataOrigin
    /// How many days were asked for (7 without a count): more than `days` has are said to be
    /// missing, as `daily` and `confidence` say what their answer covers.
    package var requestedDays = 7
    /// The days of the answer left out as beyond the models' range from today (`DaysAhead`:
    /// the answer is for another time than now); 0 normally.
    package var daysBeyondRange = 0
}

extension ModelDay {
    /// What the models disagree on, in words ("rain (ECMWF IFS 3.2 mm wet, NOAA GFS 0.1 mm dry,
    /// CMC GEM 0.6 mm)"); empty when they agree. Every amount is a number, as the table beside it
    /// shows it, and "dry" (under 0.2 mm) or "wet" (1 mm or more) follows it by `help models`'
    /// rule: "dry" for 0.0 but "0.1 mm" for an amount as dry by the rule read as two rules
    /// (trial 9), and "dry" alone beside a table showing 0.1 contradicted it (trial 6).
    /// `digits`: each model's column's decimals (one for the whole table), so that an amount
    /// reads as in its column ("0.020 in" beside a column of 0.020, not "0.02").
    func disagreements(models: [ForecastModel], format: ValueFormatter, digits: [Int?] = []) -> [String] {
        var parts: [String] = []
        if disagreesOnRain {
            let named = zip(models, values).enumerated().compactMap { index, pair -> String? in
                let (model, value) = pair
                let column = digits.indices.contains(index) ? digits[index] : nil
                return value.precipitationSumMillimetres.map {
                    let kind =
                        $0 < ModelDay.dryBelowMillimetres ? " dry" : $0 >= ModelDay.wetFromMillimetres ? " wet" : ""
                    return
                        "\(model.displayName) \(TextRenderer.modelAmountValue($0, format: format, digits: column)) \(format.units.precipitation.symbol)\(kind)"
                }
            }
            parts.append("rain (" + named.joined(separator: ", ") + ")")
        }
        if disagreesOnHigh, let range = highRangeCelsius {
            let degrees =
                format.units.temperature.convert(celsius: range) - format.units.temperature.convert(celsius: 0)
            // By `NearLimit`'s rule: a range of 3.04 °C is "3.04", not "3.0", beside the mark.
            let limit =
                format.units.temperature.convert(celsius: ModelDay.highDisagreementCelsius)
                - format.units.temperature.convert(celsius: 0)
            parts.append(
                "the high, by \(NearLimit.text(degrees, base: 1, limits: [limit])) \(format.temperatureSymbol)")
        }
        return parts
    }
}

extension WeatherPresentation {
    /// Tomorrow's chance of rain in the place's calendar from the cached ensemble, when it
    /// covers the whole day.
    var ensembleTomorrow: EnsembleRainChances.Day? {
        guard let chances = report.rainChances else { return nil }
        let tomorrow = CivilCalendar.date(fromDays: local.date.dayNumber + 1)
        return chances.days.first { $0.date == tomorrow && $0.rainPercent != nil }
    }

    /// The cached ensemble's temperature spread for each hour shown, when there is one.
    var ensembleHours: [EnsembleHour] {
        guard let ensemble = report.ensemble else { return [] }
        let wanted = Set(hours.map(\.time))
        return ensemble.hours.filter { wanted.contains($0.time) }
    }
}

/// An ensemble chance as `watch` checks it: the day of today and tomorrow with the higher
/// share, and whether it is at or above the threshold.
package struct ChanceReading: Hashable, Sendable {
    package var alert: ChanceAlert
    package var date: LocalDate
    /// Whether `date` is the place's today (else tomorrow): its hours from the next hour only.
    package var isToday: Bool
    /// Members with the event, and the members it is out of.
    package var members: Int
    package var ofMembers: Int
    package var model: EnsembleModel
    /// The day covered only in part (an hour of it no member has: the answer stops before it
    /// ends, or an hour inside is null or missing), counted over the hours it holds; nil for a
    /// whole day.
    package var part: EnsemblePartDay?

    package init(
        alert: ChanceAlert, date: LocalDate, isToday: Bool, members: Int, ofMembers: Int, model: EnsembleModel
    ) {
        self.alert = alert
        self.date = date
        self.isToday = isToday
        self.members = members
        self.ofMembers = ofMembers
        self.model = model
    }

    package var percent: Double { ofMembers > 0 ? Double(members) * 100 / Double(ofMembers) : 0 }
    package var isAbove: Bool { ofMembers > 0 && percent >= alert.thresholdPercent - 1e-9 }

    /// The one rule for a day covered in part (`check`, `watch`, `brief`): when the hours held
    /// already reach the threshold, the day does (the missing hours only add rain), so it
    /// holds; when they do not, wx does not know — never "no" (README: a script is never told
    /// "no" when wx does not know). True for the second.
    package var isUnknown: Bool { part != nil && !isAbove }

    /// "tomorrow’s 23 hours the ensemble covers (of 24, to 23:00)", "the rest of today’s 18
    /// hours the ensemble covers (of 19, without 19:00–20:00)": the window a reading of a day
    /// covered in part counts, in place of "tomorrow"; nil for a whole day.
    func partWindow(_ format: ValueFormatter) -> String? {
        guard let day = part else { return nil }
        return "\(isToday ? "the rest of today" : "tomorrow")’s "
            + PartDayText.hours(day.hours, coversPrecedingHour: day.variable.coversPrecedingHour, format: format)
    }

    /// Why a reading that `isUnknown` cannot say no: "tomorrow is only partly covered by the
    /// ensemble (23 of its 24 hours, to 23:00), and 8 of 48 members (17 %) over them are under
    /// 30 %: the hours missing may bring more" (its clock in `units`'); nil otherwise.
    func unknownReason(_ units: UnitPreferences) -> String? {
        guard isUnknown, let day = part else { return nil }
        let format = ValueFormatter(units: units)
        let what = alert.kind == .rain ? "more" : "frost"
        return
            "\(isToday ? "the rest of today" : "tomorrow") is only partly covered by the ensemble (\(day.hoursCovered) of its \(day.hoursInDay) hours, \(PartDayText.held(day.hours, coversPrecedingHour: day.variable.coversPrecedingHour, format: format))), and \(members) of \(ofMembers) members (\(NearLimit.text(percent, base: 0, limits: [alert.thresholdPercent])) %) over those hours are under \(DecimalText.shortest(alert.thresholdPercent)) %: the hours missing may bring \(what)"
    }

    /// Why `kind`'s chance cannot be read from `ensemble` at all, as `check`, `watch` and `brief
    /// --sure` say it: its variable left out for its unit (`unitLeftOut`), or no member with any
    /// value of it (`EnsembleLackingText`, as `best`, `chance` and `plume` say it: every value
    /// null, unit "undefined" — case OM-1); nil when some member has it.
    static func unreadable(_ kind: ChanceAlert.Kind, in ensemble: EnsembleForecast) -> String? {
        unitLeftOut(kind, in: ensemble)
            ?? EnsembleLackingText.reason(ifLacking: kind == .rain ? .precipitation : .temperature, in: ensemble)
    }

    /// Why the chance of `kind` (rain: precipitation; frost: the temperature) cannot be counted
    /// from `ensemble`: "the ensemble’s precipitation is given in “ligne”, a unit wx does not
    /// know"; nil when its variable was not left out for its unit.
    static func unitLeftOut(_ kind: ChanceAlert.Kind, in ensemble: EnsembleForecast) -> String? {
        let variable: EnsembleVariable = kind == .rain ? .precipitation : .temperature
        return UnknownUnitsText.reason(variable.rawValue, in: ensemble.unknownUnits).map {
            "the ensemble’s \(kind == .rain ? "precipitation" : "temperature") is \($0)"
        }
    }

    /// The reading for `alert` from `ensemble` at `now`: the rest of today's (its hours from
    /// the next hour, as `chance` counts today: `EnsembleForecast.day(_:from:)`) or tomorrow's
    /// whole, whichever is higher; nil when the ensemble covers neither (today with no hour
    /// left is not read).
    ///
    /// A day covered in part (`EnsembleForecast.partOfDay`: its end, or an hour inside, that
    /// no member has) is counted over the hours held and decides by `isUnknown`'s rule: a day
    /// whose hours held reach the threshold holds, and else, unless the other day holds, wx
    /// cannot tell — today's missing hour is never taken as "no" (trial 60: "none held" from
    /// tomorrow alone), nor tomorrow's.
    static func reading(_ alert: ChanceAlert, ensemble: EnsembleForecast, now: Date) -> ChanceReading? {
        let today = ensemble.clock.localTime(now).date
        let variable: EnsembleVariable = alert.kind == .rain ? .precipitation : .temperature
        let readings = [today, CivilCalendar.date(fromDays: today.dayNumber + 1)].compactMap { date -> ChanceReading? in
            if let part = ensemble.partOfDay(date, from: now, variable: variable) {
                let (members, of) =
                    alert.kind == .rain
                    ? (part.wetMembers, part.precipitationMembers) : (part.frostMembers, part.temperatureMembers)
                guard of > 0 else { return nil }
                var reading = ChanceReading(
                    alert: alert, date: date, isToday: date == today, members: members, ofMembers: of,
                    model: ensemble.model)
                reading.part = part
                return reading
            }
            guard let day = ensemble.day(date, from: now) else { return nil }
            let (members, of): (Int, Int) =
                alert.kind == .rain
                ? (day.wetMembers, day.precipitationMembers) : (day.frostMembers, day.temperatureMembers)
            guard of > 0 else { return nil }
            return ChanceReading(
                alert: alert, date: day.date, isToday: day.date == today, members: members, ofMembers: of,
                model: ensemble.model)
        }
        let higher: (ChanceReading, ChanceReading) -> Bool = { $0.percent < $1.percent }
        return readings.filter(\.isAbove).max(by: higher) ?? readings.first(where: \.isUnknown)
            ?? readings.max(by: higher)
    }

    /// The reading for `alert` of tomorrow when the ensemble covers it only in part (an hour of
    /// it no member has), counted over the hours it holds (`EnsembleForecast.partOfDay`), with
    /// `part` set: it holds when those hours reach the threshold, and is unknown (`isUnknown`)
    /// when they do not — as `reading` reads such a day. Nil for a whole tomorrow, or one with
    /// no hour held.
    static func partOfTomorrow(_ alert: ChanceAlert, ensemble: EnsembleForecast, now: Date) -> ChanceReading? {
        let today = ensemble.clock.localTime(now).date
        let tomorrow = CivilCalendar.date(fromDays: today.dayNumber + 1)
        let variable: EnsembleVariable = alert.kind == .rain ? .precipitation : .temperature
        guard let day = ensemble.partOfDay(tomorrow, from: now, variable: variable) else { return nil }
        let (members, of) =
            alert.kind == .rain
            ? (day.wetMembers, day.precipitationMembers) : (day.frostMembers, day.temperatureMembers)
        guard of > 0 else { return nil }
        var reading = ChanceReading(
            alert: alert, date: tomorrow, isToday: false, members: members, ofMembers: of, model: ensemble.model)
        reading.part = day
        return reading
    }
}
