import WXBasics
import WeatherKit

// How the forecast moved and how good it has been: `drift` and `skill`, from Open-Meteo's
// Previous Runs API.
extension CommandSpec {
    static let drift = CommandSpec(
        name: "drift", synopsis: "drift [day] [place | favorite]",
        summary: "how the last 7 days’ runs forecast a day",
        details: [
            "The day’s high, low and precipitation as the runs of each of the last seven days forecast it, oldest first, with the change in one phrase (“cooling 6.0 °C in a week, precipitation 0.4 mm → 6.2 mm”) and a bar of the high per run.",
            "day is “tomorrow” (the default), “today”, a weekday (“sat”, “saturday”: the next one, today included) or a date (2026-12-05), in the place’s calendar; from 2024-01-01 (where the service’s runs start) to 7 days ahead.",
            "The value of a run made N days ahead is Open-Meteo’s “previous_dayN” series over the day’s hours: what the run of about N days before each hour forecast for it. The high and low are over the hours 00:00–23:00; precipitation, each value the hour before its time, over the hours that end within the day (01:00 to the next 00:00). Each row is dated by its run, never after today, and “ahead” is the day minus that run’s day (the newest run, “previous_day0”, marked “newest run”, is as far ahead as the day is): for a day further ahead than its lead no run that old exists yet, and the row is empty or the newest run’s values again. A row without figures had no whole day from its run. Open-Meteo keeps amounts, not chances, of precipitation for earlier runs.",
            "One request to Open-Meteo’s Previous Runs API (WX_OPEN_METEO_PREVIOUS_RUNS_URL), reused for an hour. Without a place, for the current location; with one, as “show” does.",
        ],
        // The day's words (a date is typed), then a favorite; or a favorite straight away.
        completion: .subcommands(
            (["tomorrow", "today"] + DriftDay.weekdayNames).map { Subcommand($0, then: .favorites) },
            otherwise: .favorites),
        costs: [
            RequestCost(
                services: [.openMeteoPreviousRuns],
                "1 Previous Runs request (16 series over 3 days: about 1.6 weighted calls), kept an hour")
        ]
    ) { arguments throws(ShellError) in
        var day: DriftDay?
        if let first = arguments.words.first, let parsed = DriftDay(parsing: first) {
            day = parsed
            _ = arguments.next()
        } else if let first = arguments.words.first, let bad = PastDays.impossibleDate(in: first) {
            throw .usage("\(TerminalText.sanitized(bad)) is not a day of the calendar")
        }
        return .drift(day, try CommandParser.optionalPlace(&arguments))
    }

    static let skill = CommandSpec(
        name: "skill", synopsis: "skill [DAYS] [place | favorite]",
        summary: "how good forecasts 1–7 days ahead were here",
        details: [
            "For forecasts made 1 to 7 days ahead, over the last DAYS days (30; up to \(SkillSpan.maximumDays)): the mean absolute error and the bias (forecast − observed, on average) of the daily high and low, and how often “rain / no rain” came true (a rain day has at least 1 mm), each with the number of days it rests on. A figure with no days to rest on is not given. A day’s precipitation is, on both sides, the sum of the hourly values that end within it (01:00 to the next 00:00; each value is the hour before its time): the archive’s hours, not its daily sum, which takes the hours labelled 00:00–23:00.",
            "What happened is Open-Meteo’s archive (ERA5 reanalysis, as “past” uses; WX_OPEN_METEO_ARCHIVE_URL), not the model’s own newest run, so a model is not scored against itself. The archive runs about five days behind, so the days end five days before today (UTC); days it has no data for yet are left out, and wx says how many.",
            "The forecasts are Open-Meteo’s Previous Runs API (WX_OPEN_METEO_PREVIOUS_RUNS_URL), which keeps runs from 2024-01-01. A lead whose values repeat the next shorter one (seen with GFS beyond day 6) is named, not scored as a forecast of its own.",
            "Two requests, one to each service; both answers are kept until the end of the day (UTC), so “skill” again for the same place that day makes none. Without a place, for the current location.",
        ],
        completion: .countThenFavorites,
        costs: [
            RequestCost(
                services: [.openMeteoArchive, .openMeteoPreviousRuns],
                "1 archive and 1 Previous Runs request over DAYS days and the day after (30 days: about 2.2 + 3.1 weighted calls), kept until the end of the UTC day"
            )
        ]
    ) { arguments throws(ShellError) in
        // A leading whole number is the count of days.
        let count = try CommandParser.count(&arguments, rule: .skill)
        return .skill(count, try CommandParser.optionalPlace(&arguments))
    }
}

extension CountRule {
    /// `skill [DAYS]`: the days scored, up to `SkillSpan.maximumDays`.
    static let skill = CountRule(what: "the number of days", maximum: SkillSpan.maximumDays, reach: nil)
}

/// The day `drift` is about, as typed; resolved in the place's calendar.
package enum DriftDay: Hashable, Sendable {
    case today
    case tomorrow
    /// The next such weekday, today included (0 Sunday … 6 Saturday).
    case weekday(Int)
    /// `2026-12-05`.
    case date(LocalDate)

    /// Weekday names as typed: three letters or more of the English name.
    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Parses `today`, `tomorrow`, a weekday (`sat`, `Saturday`) or `YYYY-MM-DD`; nil for
    /// anything else (then the word starts the place).
    package init?(parsing word: String) {
        let lower = word.lowercased()
        if lower == "today" {
            self = .today
        } else if lower == "tomorrow" {
            self = .tomorrow
        } else if lower.count >= 3, let index = Self.weekdayNames.firstIndex(where: { $0.hasPrefix(lower) }) {
            self = .weekday(index)
        } else if word.count == 10, let date = LocalDate(iso: Substring(word)), date.iso == word {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// The calendar day, given the date today at the place.
    package func resolved(today: LocalDate) -> LocalDate {
        switch self {
        case .today: return today
        case .tomorrow: return CivilCalendar.date(fromDays: today.dayNumber + 1)
        case .weekday(let weekday):
            return CivilCalendar.date(fromDays: today.dayNumber + (weekday - today.weekday + 7) % 7)
        case .date(let date): return date
        }
    }

    /// Whether the day counts from today (so the place's today decides it).
    var isRelative: Bool {
        if case .date = self { return false }
        return true
    }
}

/// The most days `skill` scores at once (a 92-day answer of 14 series is about 0.5 MB): the
/// parser's limit and the handler's.
enum SkillSpan {
    static let maximumDays = 92
}
