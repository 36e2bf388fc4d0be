import FoundationEssentials
import WXBasics
import WeatherKit

/// The rules `brief` builds its sentences by: one table, which `help brief` prints and the code
/// below reads. The thresholds are those the other views use (a wet hour as `best`'s "dry",
/// a wet day and the likelihood bands as `confidence`'s).
enum BriefRules {
    /// The most warnings `brief` names one by one; the rest are counted (a feed of 2,000
    /// identical frost warnings made 2,000 lines).
    static let mostWarnings = 3

    /// An hour is wet when its precipitation (the sum of the hour before its time) reaches this,
    /// mm — `best`'s "dry" is under it.
    static let wetHourMillimetres = 0.1
    /// How far ahead the rain sentence looks from the next whole hour, hours.
    static let rainHorizonHours = 24
    /// The most spells after the first the rain sentence names one by one; more are said
    /// together, "on and off", with their total and the heaviest (a showery day's six spells
    /// made a sentence of six lines).
    static let mostLaterSpellsNamed = 2
    /// A member's day is wet at this many mm or more (`EnsembleDay.wetThresholdMillimetres`, as
    /// `confidence` and `watch --rain` count).
    static var wetDayMillimetres: Double { EnsembleDay.wetThresholdMillimetres }
    /// Rain is "likely" when at least this share of members has a wet day, percent.
    static let likelyPercent = 65.0
    /// Rain is "unlikely" at or under this share, percent; between the two it is "possible"
    /// (`confidence` calls 35–65 % uncertain).
    static let unlikelyPercent = 35.0
    /// Tomorrow is "N °C warmer" or "cooler" than today when its high differs by at least
    /// this, °C; "about as warm" only under it (trial: 1.9 °C cooler was "about as warm").
    static let warmerCoolerCelsius = 1.0
    /// The parts of the day, at the place's clock: the hour each starts (it ends where the next
    /// starts).
    static let partsOfDay: [(startHour: Int, word: String)] = [
        (0, "night"), (6, "morning"), (12, "afternoon"), (18, "evening"),
    ]

    /// `changed`: a day's high or low changed when it moved by at least this, °C; and `brief
    /// --sure`'s earlier runs: tomorrow's high "held within" it. The change is said with its
    /// size ("2 °C lower"), so a smaller step than this is left out, never worded as none.
    static let changedTemperatureCelsius = 2.0
    /// `changed`: a day's rain changed when it moved by at least this, mm, or the day turned wet
    /// or dry (a wet day: `wetDayMillimetres` or more, as the ensemble's members count).
    static let changedRainMillimetres = 1.0
    /// `changed`: the rain's start or end today changed when it moved by at least this, hours,
    /// or the rain came or went.
    static let changedRainHours = 1.0
    /// `changed`: the ensemble's chance changed when it moved by at least this, percentage
    /// points, or its word (likely, possible, unlikely) changed.
    static let changedChancePoints = 10.0

    /// The rows of `changed`'s rules, for `help changed` and `help brief`.
    static var changeTable: [String] {
        [
            "highs and lows: each day’s changed when it moved \(DecimalText.shortest(changedTemperatureCelsius)) °C or more, said with the difference of the exact values, converted and rounded once, as brief says tomorrow’s (15.4 to 17.6 °C is “2 °C higher”, beside 18 and 15 °C)",
            "rain: a day’s changed when its amount moved \(DecimalText.shortest(changedRainMillimetres)) mm or more, or the day turned wet or dry (wet: \(DecimalText.shortest(wetDayMillimetres)) mm or more)",
            "rain today: its start or end (by the rules of brief) changed when it moved \(DecimalText.shortest(changedRainHours)) hour or more, or the rain came or went; only rain starting today at the place’s clock and within the 24 hours the earlier look saw (an end past them is their end), so rain both answers had is not news because the window moved onto it; a start both looks put before now is not compared; when the rain came or went today, the other look’s start within its 24 hours is named (rain from tomorrow 06:00 is not “dry for the next 24 hours”)",
            "warnings: each new or ended, by the feed’s id",
            "ensemble: the chance of a wet day (the rest of today, and tomorrow whole; after midnight, today whole against the earlier look’s tomorrow, the same day) changed when it moved \(DecimalText.shortest(changedChancePoints)) points or more, or from likely, possible or unlikely to another",
            "nothing changed that matters: none of these (and said with it when the chance was not compared)",
            "the same forecast: the earlier look showed this same answer of the service (a look moments before): nothing is new since, and nothing was compared",
        ]
    }

    /// The table, a row a rule, for `help brief` (in °C and mm; the sentences use your units).
    static var table: [String] {
        [
            "dry: no hour with \(DecimalText.shortest(wetHourMillimetres)) mm or more in the next \(rainHorizonHours) hours (or the hours the forecast has left, said so)",
            "rain starts, dry again: as “rain” says them (a spell that starts within the \(rainHorizonHours) hours is followed to its end, or to where the forecast ends, “still raining when the forecast ends”) — an hour’s amount is the sum of the hour before its time (the 15-minute data’s where the place has them, the hours’ past their end), so rain starts where the first wet hour begins and is dry again where the last wet hour in a row after it ends; snow when the hours’ weather codes say snow",
            "rain again: every spell after the first that starts within the \(rainHorizonHours) hours, each followed to its end as the first is, from where its first wet hour begins to where the last in a row ends, with its amount (the sum of its hours: “rain again 13:00–14:00 (0.1 mm) and 20:00–22:00 (31.0 mm)”); more than \(mostLaterSpellsNamed) said together, “on and off” from the first’s start to the last’s end with their total and the heaviest of them (the most mm, the first of equals) with its amount; snow when a spell’s own hours’ weather codes say snow",
            "heaviest: the wet hour of the spell with the most, with the hours in a row after it that have as much (the first such run of equals), and the amount of each — named only when some hours of the spell have more than others, with its day when that is not today; when all have the same, that amount an hour; where the data’s steps are longer than an hour (OpenWeatherMap’s 3 hours), a step’s amount over its span (“4.4 mm in those 3 hours”, “every 3 hours”)",
            "likely: \(DecimalText.shortest(likelyPercent)) % of the ensemble’s members or more with \(DecimalText.shortest(wetDayMillimetres)) mm or more that day; unlikely: \(DecimalText.shortest(unlikelyPercent)) % or less; possible between",
            "tomorrow covered in part (the ensemble’s answer stops before it ends): counted over the hours it covers, as check --rain counts it; likely when those hours already reach \(DecimalText.shortest(likelyPercent)) % (the hours missing can only add rain), else not judged yet, said with the hours and the count",
            "warmer, cooler: tomorrow’s high at least \(DecimalText.shortest(warmerCoolerCelsius)) °C above or below today’s, said with the difference (“2 °C cooler”) of the exact highs, converted and rounded once, so every unit says the same change; about as warm only under that; the range is the members’ 10th to 90th percentile",
            "parts of the day: night 00–06, morning 06–12, afternoon 12–18, evening 18–24 at the place’s clock; tonight is this evening’s night",
            "warnings: each in force, or starting within 24 hours, from the feed “warnings” asks",
            "earlier runs (with --sure): tomorrow’s high has warmed or cooled since the oldest run that forecast it when it moved \(DecimalText.shortest(changedTemperatureCelsius)) °C or more; else it held within that",
            "since you looked: the most important change by changed’s rules (help changed), after an earlier look",
        ]
    }

    /// "likely", "possible" or "unlikely" for a share of members, percent.
    static func likelihood(percent: Double) -> String {
        percent >= likelyPercent - 1e-9 ? "likely" : percent <= unlikelyPercent + 1e-9 ? "unlikely" : "possible"
    }

    /// "warmer", "cooler" or nil (about as warm) for a change of the high, °C, at `step`
    /// (tomorrow against today: `warmerCoolerCelsius`).
    static func warmth(change: Double, step: Double = warmerCoolerCelsius) -> String? {
        change >= step - 1e-9 ? "warmer" : change <= -step + 1e-9 ? "cooler" : nil
    }

    /// The part of the day of `time` in words from `today`'s view: "this morning", "tonight",
    /// "tomorrow afternoon", "Tue evening".
    static func partOfDay(_ local: LocalDateTime, today: LocalDate) -> String {
        let word = partsOfDay.last { $0.startHour <= local.hour }?.word ?? "night"
        let days = local.date.dayNumber - today.dayNumber
        switch (days, word) {
        case (0, "night"), (1, "night"): return "tonight"
        case (0, _): return "this \(word)"
        case (1, _): return "tomorrow \(word)"
        default: return "\(ValueFormatter.weekdays[local.date.weekday]) \(word)"
        }
    }

    /// The rain sentence's reading of the next `rainHorizonHours` hours from now: `rain`'s own
    /// (`PrecipitationOutlook`: each hour's amount is the hour before its time, the 15-minute
    /// data where the place has them; a spell that starts within the horizon followed to its
    /// end in the data), so `brief`, `rain` and `changed` say the same times and amount — and
    /// what falls, by the hours' weather codes. `hours`: how many whole hours from now the
    /// answer covers (at most the horizon); nil when it has none from now. (A spell cut at the
    /// horizon read "heaviest 06:00–07:10" for 0.3 mm in each hour of 06:00–09:00, 07:10 being
    /// now + 24 h and no hour of the data: trial 55.)
    static func outlook(_ forecast: Forecast, now: Date) -> (spell: RainSpell?, hours: Int)? {
        guard
            let outlook = PrecipitationOutlook(
                forecast: forecast, now: now, horizon: Double(rainHorizonHours) * 3_600, followSpell: true)
        else { return nil }
        let hours = Int((outlook.horizonSeconds / 3_600).rounded(.down))
        guard hours > 0 || outlook.kind != .dry else { return nil }
        guard outlook.kind != .dry, let start = outlook.start else { return (nil, hours) }
        // Still wet where the data end: the spell is said up to there.
        let end = outlook.end ?? outlook.readUntil ?? now.addingTimeInterval(outlook.horizonSeconds)
        // The heaviest of the spell's hours (each the hour before its time; the first of equals).
        let step = Double(forecast.hourStepSeconds)
        let spellHours = forecast.hourly.filter {
            $0.time > start && $0.time.addingTimeInterval(-step) < end && $0.precipitationMillimetres != nil
        }
        var heaviest = spellHours.first
        for hour in spellHours where (hour.precipitationMillimetres ?? 0) > (heaviest?.precipitationMillimetres ?? 0) {
            heaviest = hour
        }
        // The heaviest is as long as the hours after it in a row with the same amount: four
        // hours of 0.5 mm are heaviest together, not the first of them alone.
        var heaviestEnd = heaviest?.time ?? end
        if let heaviest, let first = spellHours.firstIndex(of: heaviest) {
            for hour in spellHours[first...].dropFirst() {
                guard hour.time == heaviestEnd.addingTimeInterval(step),
                    hour.precipitationMillimetres == heaviest.precipitationMillimetres
                else { break }
                heaviestEnd = hour.time
            }
        }
        var spell = RainSpell(
            start: start, end: end,
            heaviestStart: heaviest.map { $0.time.addingTimeInterval(-step) } ?? start,
            heaviestEnd: min(heaviestEnd, end),
            heaviestMillimetres: heaviest?.precipitationMillimetres ?? outlook.totalMillimetres,
            totalMillimetres: outlook.totalMillimetres, lastsPastWindow: outlook.end == nil,
            snow: outlook.falls == .snow, stepSeconds: forecast.hourStepSeconds)
        // No hour heavier than another: there is no heaviest part to name.
        spell.even = spellHours.allSatisfy { $0.precipitationMillimetres == heaviest?.precipitationMillimetres }
        if outlook.end != nil {
            spell.later = laterSpells(forecast, after: end, until: now.addingTimeInterval(outlook.horizonSeconds))
        }
        return (spell, hours)
    }

    /// The spells after the first: each run of wet hours after `end` whose first hour begins
    /// before `until` (the horizon), followed to its end in the data as the first spell is — a
    /// spell ending inside the 24 hours was said "from tomorrow 05:00" with no end, its end
    /// read only where the dry hour after it was inside them, and a third spell was never said
    /// (trial61: 31 mm this evening left out). Each with its amount, the sum of its hours, mm;
    /// what falls by its own hours' weather codes (the first spell's rule). Empty when every
    /// hour after is dry. "Dry again by 05:00" alone hid 0.1 mm at 10:00–11:00 (trial).
    static func laterSpells(_ forecast: Forecast, after end: Date, until: Date) -> [LaterSpell] {
        let step = Double(forecast.hourStepSeconds)
        let after = forecast.hourly.filter { $0.time.addingTimeInterval(-step) >= end }
        func wet(_ index: Int) -> Bool { (after[index].precipitationMillimetres ?? 0) >= wetHourMillimetres }
        var spells: [LaterSpell] = []
        var index = after.startIndex
        while index < after.endIndex {
            guard wet(index) else {
                index += 1
                continue
            }
            let start = after[index].time.addingTimeInterval(-step)
            guard start < until else { break }
            var total = 0.0
            var last = index
            while true {
                total += after[last].precipitationMillimetres ?? 0
                guard last + 1 < after.endIndex, wet(last + 1) else { break }
                last += 1
            }
            let stop = after[last].time
            spells.append(
                LaterSpell(
                    start: start, end: stop, totalMillimetres: total,
                    snow: PrecipitationOutlook.Falls.over(forecast, from: start, to: stop) == .snow,
                    lastsPastData: last == after.endIndex - 1))
            index = last + 1
        }
        return spells
    }
}

/// The first spell of rain `brief` speaks of: instants, amounts in mm.
package struct RainSpell: Hashable, Sendable {
    /// When it starts (the hour before the first wet hour's time).
    package var start: Date
    /// When it is dry again (the last wet hour's time).
    package var end: Date
    /// Where the heaviest hours begin: the start of the first with the most.
    package var heaviestStart: Date
    /// Where they end: the end of the last of the hours in a row after the first with its
    /// amount (its own end when the next has less), at `end` at the latest.
    package var heaviestEnd: Date
    /// The heaviest steps' amount, each (mm over one step, `stepSeconds`).
    package var heaviestMillimetres: Double
    package var totalMillimetres: Double
    /// Whether it is still raining where the forecast's data end (`end` is there).
    package var lastsPastWindow: Bool
    /// Whether every step of the spell has the same amount (`heaviestMillimetres`): the
    /// sentence then names no heaviest span, only the amount of each step.
    package var even: Bool = false
    /// Whether the hours' weather codes say snow (as `rain` says it).
    package var snow: Bool = false
    /// The length of the data's steps, each amount's span, seconds (`Forecast.hourStepSeconds`:
    /// 3,600 for Open-Meteo's hours, 10,800 for OpenWeatherMap's 3-hour steps).
    package var stepSeconds: Int = 3_600
    /// The spells after this one that start within the horizon, in order, each followed to
    /// its end (`BriefRules.laterSpells`); the sentence names them after "dry again".
    package var later: [LaterSpell] = []
}

/// A spell of `brief`'s after the first: instants, its amount in mm.
package struct LaterSpell: Hashable, Sendable {
    /// Where its first wet hour begins (the hour before its time).
    package var start: Date
    /// Where its last wet hour in a row ends (that hour's time): where it is dry again, or
    /// where the data end when `lastsPastData`.
    package var end: Date
    /// The sum of its hours' precipitation, mm.
    package var totalMillimetres: Double
    /// Whether its own hours' weather codes say snow (the rule `RainSpell.snow` follows).
    package var snow: Bool
    /// Whether it is still wet in the data's last hour (`end` is there).
    package var lastsPastData: Bool
}

/// One sentence of `brief`, with the facts it states.
package enum BriefSentence: Hashable, Sendable {
    /// The answer has no hours from now: its rain cannot be said (kept beside any other sentence).
    case noHours
    /// The answer has hours from now but no precipitation in them (the demo's Munich records
    /// temperatures and wind only): its rain cannot be said, and the rest is briefed.
    case noPrecipitation
    /// No wet hour from `from` for `hours` hours: the horizon, or fewer when the answer has
    /// only those left.
    case dry(from: Date, hours: Int)
    /// A spell of rain; `now` says whether it has begun.
    case rain(RainSpell, now: Date)
    /// The ensemble's members with a wet day on `date` (today: its hours from the next hour), out of `of`.
    case chance(date: LocalDate, isToday: Bool, members: Int, of: Int)
    /// Tomorrow's chance when the ensemble covers tomorrow only in part (its answer stops before
    /// the day ends): the reading over the hours it holds at `BriefRules.likelyPercent`, by
    /// `check --rain`'s rule (`ChanceReading.partOfTomorrow`) — "likely" when those hours
    /// already reach it, else not judged yet (`isUnknown`).
    case chancePart(ChanceReading)
    /// Tomorrow's high against today's, °C; the members' range for tomorrow when at hand.
    case tomorrow(todayHigh: Double, tomorrowHigh: Double, range: ClosedRange<Double>?)
    /// An official warning in force or starting within 24 hours.
    case warning(WeatherWarning)
    /// The warnings beyond `BriefRules.mostWarnings` (the feed's most severe first), counted:
    /// a brief is a few sentences, `warnings` lists them all.
    case moreWarnings(Int)
    /// Tomorrow's high as the run issued on `issued` forecast it (`thenHigh`) and as the current
    /// run does (`nowHigh`), °C.
    case runs(date: LocalDate, issued: LocalDate, thenHigh: Double, nowHigh: Double)
    /// The most important change since the look at `earlier` by `changed`'s rules; nil when
    /// nothing changed that matters. `sameAnswer`: the earlier look showed this same answer of
    /// the service (`Look.showsSameAnswer`), so "nothing changed" would claim a comparison
    /// of two forecasts that was not made. `utcDaysThen`: nil when both looks' days are of one
    /// kind; else whether the earlier look's were UTC days and this one's the place's (or the
    /// other way round): each day's high, low and rain were not compared, and that is said.
    /// `chanceGap`: why the ensemble's chance of rain was not compared
    /// (`LookComparison.chanceGap`; nil: compared, or neither look had it), said beside
    /// "nothing changed" (trial59) and named in `--json` as `changed` names it.
    case sinceLook(
        earlier: Date, change: LookChange?, sameAnswer: Bool, utcDaysThen: Bool? = nil,
        chanceGap: LookComparison.ChanceGap? = nil)
}

extension BriefSentence {
    /// Whether the sentence sets the forecast's days side by side (today's and tomorrow's
    /// highs): UTC days are then said to be UTC days.
    package var comparesDays: Bool {
        if case .tomorrow = self { return true }
        return false
    }
}

/// `brief`'s answer: the place, the instant, the zone and the sentences, in order.
package struct BriefReport: Hashable, Sendable {
    package var place: Place
    package var now: Date
    package var zone: ZoneInfo
    package var sentences: [BriefSentence]
    /// Whether the ensemble was at hand (cached for the current run, or fetched by `--sure`).
    package var ensembleUsed: Bool
    package var origin: DataOrigin
    /// When the forecast's days are UTC days (`Forecast.daysAreUTC`: it came in GMT for a place
    /// whose clock is not UTC's): where each begins at the place's clock and why
    /// (`ForecastCoverage.utcDays`). Today's and tomorrow's highs the `tomorrow` sentence sets
    /// side by side are then those UTC days', and the views say so as `show` says it; nil when
    /// the days are the place's.
    package var utcDays: ForecastCoverage.UTCDays? = nil
}
