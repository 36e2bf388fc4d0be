import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `compare` as text.
extension TextRenderer {
    /// `compare`: a row per place that has weather. Places without weather are reported as
    /// errors (`CommandResult.problems`), not as rows: nothing is printed when none has any.
    static func comparison(_ reports: [WeatherReport], context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        guard !reports.isEmpty else { return [] }
        let places = reports.map { WeatherPresentation.show($0, now: context.now(at: $0.place.coordinate)) }
        let unit = format.temperatureSymbol
        let winds = places.map { place in
            format.wind(place.reading?.windSpeedKilometresPerHour, from: place.reading?.windDirectionDegrees)
        }
        // A today that is a UTC day (an answer in GMT) is marked, and the mark said under the
        // table; the others then end in a space, so that the numbers stay in line.
        let marked = places.contains { $0.today != nil && $0.report.forecast.daysAreUTC }
        let ranges = places.map { place in
            place.today.map {
                "\(format.temperatureValue($0.temperatureMinCelsius)) … \(format.temperatureValue($0.temperatureMaxCelsius))"
                    + (place.report.forecast.daysAreUTC ? "*" : marked ? " " : "")
            } ?? ValueFormatter.missing + (marked ? " " : "")
        }
        let rains = places.map { format.percent($0.todaysChance) }
        // Names and conditions are words and give way; values stay whole, and whole columns
        // are left out (wind, then rain, then today's range) when the width cannot hold them.
        // A column no place's answer carries is left out too; a place without it shows "—".
        var columns: [TextTable.Column] = [
            .init(
                header: "place", cells: places.map(\.report.place.name), width: max(12, min(24, context.width - 62)),
                shrinkable: 14),
            .init(
                header: "now \(unit)", cells: places.map { format.temperatureValue($0.reading?.temperatureCelsius) },
                width: 7, right: true),
        ]
        columns += ifCarried(carriesCondition(places.map { $0.reading?.condition })) {
            .init(
                header: "condition",
                cells: places.map { place in
                    place.reading?.condition.map { condition($0, isNight: place.reading?.isNight) }
                        ?? ValueFormatter.missing
                }, lead: 2,
                width: 18, shrinkable: 13)
        }
        columns.append(
            .init(header: "today \(unit)", cells: ranges, width: 12, right: true, dropOrder: 3, name: "today’s range"))
        columns += ifCarried(places.contains { $0.carriesChance }) {
            .init(header: "rain", cells: rains, width: 6, right: true, dropOrder: 2, name: "rain chance")
        }
        columns += ifCarried(places.contains { $0.carriesWind }) {
            .init(header: "wind", cells: winds, lead: 2, dropOrder: 1)
        }
        let laid = TextTable(columns: columns).layout(width: context.width)
        var lines = laid.lines + leftOutNote(laid.leftOutHeaders, width: context.width, style: style)
        let utcDays = places.filter { $0.today != nil && $0.report.forecast.daysAreUTC }.map(\.report.place.name)
        if marked, laid.keptHeaders.contains("today \(unit)") {
            lines += note("* over the UTC day: \(gmtAnswersText(utcDays, of: places.count)) in GMT", context, style)
        }
        // A row's "now" from conditions hours old is said to be so, as `show` says it; a row
        // with no "now" at all says why, as `show` does (nu59: "Paris office — — — —" said
        // nothing, where `show` said "this forecast covers Fri 23 Oct to Thu 29 Oct, not now").
        for place in places {
            let name = place.report.place.name
            if place.conditionsAreNotNow, let current = place.current {
                lines += note("\(name): " + conditionsNotNowText(current, place, format: format), context, style)
            } else if place.reading == nil {
                lines += note("\(name): " + noReadingText(place.coverage, format: format), context, style)
            }
        }
        if let origin = places.first?.report.origin { lines += offlineNote(origin, context: context, style: style) }
        return lines
    }

    /// Why a place has no reading for now, in `show`'s words: "this forecast covers Fri 23 Oct
    /// to Thu 29 Oct, not now" (`notNowText`), else what did not come of the answer
    /// (`ForecastCoverage.missingNote`), else "no current conditions in this forecast".
    static func noReadingText(_ coverage: ForecastCoverage, format: ValueFormatter) -> String {
        if let hours = coverage.hoursNotNow { return notNowText(hours, format: format) }
        return coverage.missingNote ?? "no current conditions in this forecast"
    }

    /// Whose answers came in GMT, for the note under `compare`'s marked rows: "the answer for
    /// Reykjavik was", "the answers for A, B and C were"; past three names, "the 59 answers marked
    /// * were", and "all 60 answers were" (trial 62: a five-line footnote naming 60 favorites).
    static func gmtAnswersText(_ names: [String], of count: Int) -> String {
        if names.count == 1 { return "the answer for \(names[0]) was" }
        if names.count == count { return names.count == 2 ? "both answers were" : "all \(names.count) answers were" }
        if names.count > 3 { return "the \(names.count) answers marked * were" }
        return "the answers for \(names.dropLast().joined(separator: ", ")) and \(names.last!) were"
    }
}

extension WeatherPresentation {
    /// `compare`'s "rain", percent: today's chance — the day's (daily maximum), else, where the
    /// day lacks one, the hour in progress now's (`amountHour`, as `show` and the JSON
    /// `precipitation_hour` give it). Nil with no today: a forecast that does not cover today
    /// has no chance for it, and the chance of the hour of conditions 15 months old read "0 %"
    /// beside "today —" and a JSON `today: null` (trial 55).
    var todaysChance: Double? {
        guard let today else { return nil }
        return today.precipitationProbabilityMaxPercent ?? amountHour?.precipitationProbabilityPercent
    }

    /// Whether the answer carries a chance of precipitation for `compare`'s "rain"
    /// (`todaysChance`): today's (daily), or the hour in progress now's (hourly); false when
    /// neither series is carried, or there is no today to carry it.
    var carriesChance: Bool {
        let uncarried = report.forecast.uncarried
        guard today != nil else { return false }
        return !uncarried.contains(.dailyPrecipitationProbability)
            || (amountHour != nil && !uncarried.contains(.hourlyPrecipitationProbability))
    }

    /// Whether the answer carries the wind now: the current conditions' speed, or the hour of
    /// the reading's, whose series is carried.
    var carriesWind: Bool {
        reading?.windSpeedKilometresPerHour != nil
            || (readingHour != nil && !report.forecast.uncarried.contains(.hourlyWind))
    }

    /// The hour `reading` reads from (`NowReading`): the current conditions' hour, else the
    /// hour containing now.
    private var readingHour: HourlyForecast? { current != nil ? conditionsHour : currentHour }
}
