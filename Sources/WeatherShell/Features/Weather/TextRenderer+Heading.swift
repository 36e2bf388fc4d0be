import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// The heading of the weather's views, and the notes under it when the data is old or not about now.
extension TextRenderer {
    /// "Hamburg, Deutschland · Sun 03:10 GMT": the place and its local time now, in at most
    /// `width` columns. A long place name is what gets shortened (ending in "…"); the time and
    /// its zone are always whole.
    static func heading(_ presentation: WeatherPresentation, format: ValueFormatter, width: Int = .max) -> String {
        placeHeading(presentation.report.place.label, timeText(presentation.local, format: format), width: width)
    }

    /// "Sun 03:10 GMT": a heading's time, with its zone's lettered abbreviation, else its UTC
    /// offset ("UTC+07:00" whether the answer named the zone, whose tz abbreviation is "+07", or
    /// gave only its offset, as OpenWeatherMap does: trial 10 saw both for one place).
    static func timeText(_ local: LocalDateTime, format: ValueFormatter) -> String {
        "\(ValueFormatter.weekdays[local.weekday]) \(format.clock(local)) \(ValueFormatter.zone(local))"
    }

    /// "Hamburg, Deutschland · Sun 14 Jul 2024": a view's heading in at most `width` columns,
    /// and never more than the weather's views take (`TextRenderer.reportWidth`, 80), whatever
    /// the terminal: every view's heading is made here, and its callers pass the terminal's
    /// width (trial 55: at 200 columns a full Brussels address ran to 172 over lines of 78).
    /// The place name gives way (cut with "…") so that what follows it (a time, a date, the
    /// feed) stays whole; only when that alone is wider than the line is the line cut at its end.
    /// A `decoration` after it (", run by run") is dropped before any of the name is: at 40
    /// columns drift's heading kept the decoration and cut "Berlin, Deutschland" to "Ber…"
    /// (trial 6).
    ///
    /// A `shorter` form of `what` ("20–23 Jul 2025" for "Sun 20 Jul 2025 to Wed 23 Jul 2025") is
    /// used when the whole place does not fit beside `what`: at 40 columns past's range heading
    /// cut "Berlin, Deutschland" to "Be…" (trial 8).
    static func placeHeading(
        _ label: String, _ what: String, shorter: String? = nil, decoration: String = "", width: Int
    ) -> String {
        let width = min(width, reportWidth)
        var tail = " · " + what
        if !decoration.isEmpty, TextLayout.columns(label + tail + decoration) <= width {
            return label + tail + decoration
        }
        if let shorter, TextLayout.columns(label + tail) > width { tail = " · " + shorter }
        return TextLayout.truncate(
            TextLayout.truncate(label, to: max(1, width - TextLayout.columns(tail))) + tail, to: width)
    }

    /// The heading line, and the offline line under it when the data is old.
    /// The place and its local time (cut to the width of the views, at most 80 columns: a full
    /// address can be 150), then what makes the data below less than current: its age when it came
    /// from the cache after a failure, and a forecast whose hours do not include now.
    static func header(
        _ presentation: WeatherPresentation, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        [style.bold(heading(presentation, format: format, width: context.width))]
            + offlineNote(
                presentation.report.origin, readingTime: presentation.reading?.time, context: context, style: style)
            + coverageNote(presentation.coverage, format: format, style: style, context: context)
    }

    /// "this forecast covers Sun 27 Jul to Sat 02 Aug, not now" when now is outside its hours.
    /// Under it, "3-hour steps from OpenWeatherMap; days are built from them" for coarse steps.
    static func coverageNote(_ coverage: ForecastCoverage, format: ValueFormatter, style: Style, context: RenderContext)
        -> [String]
    {
        // (Current conditions that did not come are said by `show` on stderr, as a notice.)
        let steps = coverage.stepNote.map { note($0, context, style) } ?? []
        guard let hours = coverage.hoursNotNow else { return steps }
        return note(notNowText(hours, format: format), context, style) + steps
    }

    /// "this forecast covers Sun 27 Jul to Sat 02 Aug, not now", with the year ("Thu 18 Dec
    /// 2025") when the hours lie in another year than today; one day as one ("covers Tue
    /// 15 Apr"); and when the hours end or begin today, the hour itself: "this forecast’s last
    /// hour is 02:00 today, before now" (trial 4: "covers Tue 15 Apr to Tue 15 Apr, not now"
    /// read as false on Tue 15 Apr).
    static func notNowText(_ hours: HoursNotNow, format: ValueFormatter) -> String {
        if hours.ended, hours.last.date == hours.today {
            return "this forecast’s last hour is \(format.clock(hours.last)) today, before now"
        }
        if !hours.ended, hours.first.date == hours.today {
            return "this forecast’s first hour is \(format.clock(hours.first)) today, after now"
        }
        // The days of the data, not the date of the last hour at the place (01:00 CEST on 3 Aug
        // ends a GMT answer whose days end on 2 Aug: trial 57).
        let (first, last) =
            hours.days.map { ($0.lowerBound, $0.upperBound) }
            ?? (min(hours.first.date, hours.last.date), max(hours.first.date, hours.last.date))
        // The year only when the hours lie in another year than today: "covers Thu 18 Dec, not
        // now" read as this December (trial 9).
        let otherYear = first.year != hours.today.year || last.year != hours.today.year
        let day = otherYear ? format.dayWithYear : format.day
        let span = first == last ? day(first) : "\(day(first)) to \(day(last))"
        return "this forecast covers \(span), not now"
    }

    /// A dim note under a weather view, indented and wrapped to the view's width.
    static func note(_ text: String, _ context: RenderContext, _ style: Style) -> [String] {
        wrap(text, indent: 2, width: context.reportWidth).map(style.dim)
    }

    /// "this forecast does not cover today: its days end on Sat 02 Aug", under a table of days
    /// that all lie before the place's today.
    ///
    /// Under days that are UTC's (an answer in GMT for a place whose clock is not), "days are UTC
    /// days (02:00–02:00 CEST): Open-Meteo answered in GMT": their lows, highs and sums are the
    /// service's, over 00:00–24:00 UTC, and are not made over as the place's days.
    static func daysNote(_ coverage: ForecastCoverage, format: ValueFormatter, style: Style, context: RenderContext)
        -> [String]
    {
        var lines: [String] = []
        if let start = coverage.utcDayStart {
            lines += note(utcDaysText(start, reason: coverage.utcReason, format: format), context, style)
        }
        guard let last = coverage.lastDayBeforeToday else { return lines }
        return lines + note("this forecast does not cover today: its days end on \(format.day(last))", context, style)
    }

    /// "days are UTC days (02:00–02:00 CEST): Open-Meteo answered in GMT": the one wording for
    /// days of an answer in GMT at a place whose clock is not UTC's (`daily`, `past`); `start`
    /// is 00:00 UTC at the place's clock; `reason` says why they are UTC's when it is not that
    /// `sourceName` answered in GMT (a zone that could not be read: `Forecast.utcReason`).
    static func utcDaysText(
        _ start: LocalDateTime, sourceName: String = "Open-Meteo", reason: String? = nil, format: ValueFormatter
    ) -> String {
        let clock = "\(format.clock(start)) \(ValueFormatter.zone(start))"
        return "days are UTC days (\(format.clock(start))–\(clock)): \(reason ?? "\(sourceName) answered in GMT")"
    }

    /// The line saying the data is old and why, when it came from the cache after a failure: its
    /// age by `DataAge`'s rule — of the reading at `readingTime` when the view shows one, as
    /// `line` gives it, and then when it was fetched too when that reads otherwise.
    static func offlineNote(_ origin: DataOrigin, readingTime: Date? = nil, context: RenderContext, style: Style)
        -> [String]
    {
        guard case .stale(let stored, let reason) = origin else { return [] }
        let seconds = DataAge.seconds(readingTime: readingTime, fetched: stored, now: context.now) ?? 0
        let age = ValueFormatter.age(seconds: seconds)
        let fetched = ValueFormatter.age(seconds: context.now.timeIntervalSince(stored))
        let text = staleText(age: age, fetched: fetched == age ? nil : fetched, reason: reason)
        return wrap(text, indent: 2, width: context.reportWidth).map(style.dim)
    }

    /// What a stale answer is, said by one rule: "offline:" only under `--offline` (no reason:
    /// nothing was asked); after any failure of a request, "saved data from AGE ago" with what
    /// happened in parentheses — a service that did not answer in time, could not be reached,
    /// refused, or was unavailable was asked, so it is not "offline" (the fresh user's timed-out
    /// Open-Meteo read "offline: data from …").
    ///
    /// `fetched`, when given, is how long ago the answer was fetched where that is not the data's
    /// age (`DataAge`): "saved data from 2 h 10 min ago, fetched 2 h 0 min ago (…)".
    static func staleText(age: String, fetched: String? = nil, reason: ServiceError?) -> String {
        let when = "data from \(age) ago" + (fetched.map { ", fetched \($0) ago" } ?? "")
        guard let reason else { return "offline: " + when }
        return "saved \(when) (\(reason.description))"
    }
}
