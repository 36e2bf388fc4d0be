import FoundationEssentials
import WXBasics
import WeatherKit

/// The rules `brief` builds its sentences by: one table, which `help brief` prints and the code
/// below reads. The thresholds are those the other views use (a wet hour as `best`'s "dry",
/// a wet day and the likelihood bands as `confidence`'s).
enum BriefRules {
    /// An hour is wet when its precipitation (the sum of the hour before its time) reaches this,
    /// mm — `best`'s "dry" is under it.
    static let wetHourMillimetres = 0.1
    /// How far ahead the rain sentence looks from the next whole hour, hours.
    static let rainHorizonHours = 24
    /// A member's day is wet at this many mm or more (`EnsembleDay.wetThresholdMillimetres`, as
    /// `confidence` and `watch --rain` count).
    static var wetDayMillimetres: Double { EnsembleDay.wetThresholdMillimetres }
    /// Rain is "likely" when at least this share of members has a wet day, percent.
    static let likelyPercent = 65.0
    /// Rain is "unlikely" at or under this share, percent; between the two it is "possible"
    /// (`confidence` calls 35–65 % uncertain).
    static let unlikelyPercent = 35.0
    /// Tomorrow is "warmer" or "cooler" than today when its high differs by at least this, °C;
    /// else "about as warm".
    static let warmerCoolerCelsius = 2.0
    /// The parts of the day, at the place's clock: the hour each starts (it ends where the next
    /// starts).
    static let partsOfDay: [(startHour: Int, word: String)] = [
        (0, "night"), (6, "morning"), (12, "afternoon"), (18, "evening"),
    ]

    /// `changed`: a day's high or low changed when it moved by at least this, °C — the same
    /// step as "warmer" and "cooler".
    static var changedTemperatureCelsius: Double { warmerCoolerCelsius }
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
            "highs and lows: each day’s changed when it moved \(DecimalText.shortest(changedTemperatureCelsius)) °C or more",
            "rain: a day’s changed when its amount moved \(DecimalText.shortest(changedRainMillimetres)) mm or more, or the day turned wet or dry (wet: \(DecimalText.shortest(wetDayMillimetres)) mm or more)",
            "rain today: its start or end (by the rules of brief) changed when it moved \(DecimalText.shortest(changedRainHours)) hour or more, or the rain came or went; a start both looks put before now is not compared",
            "warnings: each new or ended, by the feed’s id",
            "ensemble: the chance of a wet day changed when it moved \(DecimalText.shortest(changedChancePoints)) points or more, or from likely, possible or unlikely to another",
            "nothing changed that matters: none of these",
        ]
    }

    /// The table, a row a rule, for `help brief` (in °C and mm; the sentences use your units).
    static var table: [String] {
        [
            "dry: no hour with \(DecimalText.shortest(wetHourMillimetres)) mm or more in the next \(rainHorizonHours) hours from the next hour",
            "rain starts: the hour before the first wet hour’s time (an hour’s amount is the sum of the hour before it); dry again: the time of the last wet hour of that spell",
            "heaviest: the wet hour of the spell with the most (the first of equals), and its amount",
            "likely: \(DecimalText.shortest(likelyPercent)) % of the ensemble’s members or more with \(DecimalText.shortest(wetDayMillimetres)) mm or more that day; unlikely: \(DecimalText.shortest(unlikelyPercent)) % or less; possible between",
            "warmer, cooler: tomorrow’s high at least \(DecimalText.shortest(warmerCoolerCelsius)) °C above or below today’s; else about as warm; the range is the members’ 10th to 90th percentile",
            "parts of the day: night 00–06, morning 06–12, afternoon 12–18, evening 18–24 at the place’s clock; tonight is this evening’s night",
            "warnings: each in force, or starting within 24 hours, from the feed “warnings” asks",
            "earlier runs (with --sure): tomorrow’s high has warmed or cooled since the oldest run that forecast it when it moved \(DecimalText.shortest(warmerCoolerCelsius)) °C or more; else it held",
            "since you looked: the most important change by changed’s rules (help changed), after an earlier look",
        ]
    }

    /// "likely", "possible" or "unlikely" for a share of members, percent.
    static func likelihood(percent: Double) -> String {
        percent >= likelyPercent - 1e-9 ? "likely" : percent <= unlikelyPercent + 1e-9 ? "unlikely" : "possible"
    }

    /// "warmer", "cooler" or nil (about as warm) for a change of the high, °C.
    static func warmth(change: Double) -> String? {
        change >= warmerCoolerCelsius - 1e-9 ? "warmer" : change <= -warmerCoolerCelsius + 1e-9 ? "cooler" : nil
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

    /// The first spell of rain in the `hours` from `from` (the next whole hour), by the rules
    /// above; nil when every hour is dry. Hours without a value count as dry.
    static func spell(_ hours: [HourlyForecast], from: Date) -> RainSpell? {
        let end = from.addingTimeInterval(Double(rainHorizonHours) * 3_600)
        let window = hours.filter { $0.time >= from && $0.time <= end }
        func wet(_ hour: HourlyForecast) -> Bool { (hour.precipitationMillimetres ?? 0) >= wetHourMillimetres - 1e-9 }
        guard let first = window.firstIndex(where: wet) else { return nil }
        var last = first
        while last + 1 < window.count, wet(window[last + 1]) { last += 1 }
        let spell = window[first...last]
        var heaviest = spell.first!
        for hour in spell where (hour.precipitationMillimetres ?? 0) > (heaviest.precipitationMillimetres ?? 0) {
            heaviest = hour
        }
        return RainSpell(
            start: window[first].time.addingTimeInterval(-3_600), end: window[last].time,
            heaviestEnd: heaviest.time, heaviestMillimetres: heaviest.precipitationMillimetres ?? 0,
            totalMillimetres: spell.reduce(0) { $0 + ($1.precipitationMillimetres ?? 0) },
            lastsPastWindow: last == window.count - 1 && window[last].time >= end)
    }
}

/// The first spell of rain `brief` speaks of: instants, amounts in mm.
package struct RainSpell: Hashable, Sendable {
    /// When it starts (the hour before the first wet hour's time).
    package var start: Date
    /// When it is dry again (the last wet hour's time).
    package var end: Date
    /// The end of the heaviest hour (it covers the hour before).
    package var heaviestEnd: Date
    package var heaviestMillimetres: Double
    package var totalMillimetres: Double
    /// Whether it is still raining where the sentence stops looking.
    package var lastsPastWindow: Bool
}

/// One sentence of `brief`, with the facts it states.
package enum BriefSentence: Hashable, Sendable {
    /// No wet hour from `from` for `hours` hours.
    case dry(from: Date, hours: Int)
    /// A spell of rain; `now` says whether it has begun.
    case rain(RainSpell, now: Date)
    /// The ensemble's members with a wet day on `date`, out of `of`.
    case chance(date: LocalDate, isToday: Bool, members: Int, of: Int)
    /// Tomorrow's high against today's, °C; the members' range for tomorrow when at hand.
    case tomorrow(todayHigh: Double, tomorrowHigh: Double, range: ClosedRange<Double>?)
    /// An official warning in force or starting within 24 hours.
    case warning(WeatherWarning)
    /// Tomorrow's high as the run issued on `issued` forecast it (`thenHigh`) and as the current
    /// run does (`nowHigh`), °C.
    case runs(date: LocalDate, issued: LocalDate, thenHigh: Double, nowHigh: Double)
    /// The most important change since the look at `earlier` by `changed`'s rules; nil when
    /// nothing changed that matters.
    case sinceLook(earlier: Date, change: LookChange?)
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
}
