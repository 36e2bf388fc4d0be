import FoundationEssentials
import WXBasics
import WeatherKit

// What a forecast covers, asked by the view model (to refuse hourly/daily/rain on data without
// them) and by the presentation (to say so under show, hourly and daily): one definition for
// both layers.

extension DailyForecast {
    /// Whether the day has any reading worth a table row (not just sunrise and sunset).
    var hasReadings: Bool {
        weatherCode != nil || temperatureMinCelsius != nil || temperatureMaxCelsius != nil
            || precipitationSumMillimetres != nil
    }
}

extension DailyForecast {
    /// Whether the day has something for a column of the table of days (a condition, known or
    /// said unknown as case OM-2's null code is; low, high, rain chance, amount, wind): a day
    /// with sunrise and sunset alone — OpenWeatherMap's day of an old reading beside steps of
    /// other days — has nothing to show in a row of its own.
    var hasTableValues: Bool {
        hasReadings || condition != nil || precipitationProbabilityMaxPercent != nil
            || windSpeedMaxKilometresPerHour != nil || windGustsMaxKilometresPerHour != nil
    }

    /// The day with `current`'s temperature inside its low and high when the reading falls on
    /// it: a range never leaves out the reading shown beside it (a day built from 3-hour steps,
    /// or a model's daily high below the measured temperature). A side the answer left out
    /// (`null`) stays out: the reading alone is not the day's low or high (a null high read as
    /// the 19 °C of 10:00 while the hours after it said 21 and 22).
    func including(_ current: CurrentConditions?, clock: ZoneClock) -> DailyForecast {
        guard let current, let temperature = current.temperatureCelsius,
            temperatureMinCelsius != nil || temperatureMaxCelsius != nil,
            clock.localTime(current.time).date == date
        else { return self }
        var day = self
        day.temperatureMinCelsius = temperatureMinCelsius.map { min($0, temperature) }
        day.temperatureMaxCelsius = temperatureMaxCelsius.map { max($0, temperature) }
        return day
    }
}

extension Forecast {
    /// Current conditions and nothing ahead: no hours, no day with a reading.
    var isCurrentConditionsOnly: Bool { hourly.isEmpty && !daily.contains(where: \.hasReadings) }

    /// What to say when there is nothing ahead: OpenWeatherMap's forecast answer had no steps;
    /// an Open-Meteo answer may have left the blocks out.
    var noForecastText: String {
        if let missing = missingParts.first(where: { $0.part == .forecastSteps }) {
            return "current conditions only: \(missingText("forecast steps", missing))"
        }
        return switch source {
        case .openWeatherMap:
            "no forecast steps in OpenWeatherMap’s answer, current conditions only; “provider open-meteo” for forecasts"
        default: "no hourly or daily forecast in \(source.displayName)’s answer"
        }
    }

    /// "forecast only: OpenWeatherMap’s current conditions did not come — it …", when that
    /// part failed and the steps came; nil otherwise. (Steps that did not come are said by
    /// `noForecastText`.)
    var missingConditionsText: String? {
        missingParts.first { $0.part == .currentConditions }.map {
            "forecast only: \(missingText("current conditions", $0))"
        }
    }

    /// "time zone guessed: Open-Meteo answered in GMT and the place’s country is not known, so
    /// its times are shown at Asia/Kathmandu (UTC+05:45), the zone nearest to it, which may be a
    /// neighbouring country’s" when the zone is a guess from the coordinates alone
    /// (`zoneGuessed`); nil otherwise.
    var zoneGuessText: String? {
        guard zoneGuessed else { return nil }
        let name = zone.identifier.map { "\($0) (UTC\(TimeWords.utcOffset(zone.utcOffsetSeconds)))" }
        return
            "time zone guessed: \(utcReason) and the place’s country is not known, so its times are shown at \(name ?? "UTC" + TimeWords.utcOffset(zone.utcOffsetSeconds)), the zone nearest to it, which may be a neighbouring country’s"
    }

    /// Why the answer was read at UTC's clock: "Open-Meteo answered in GMT", or "Open-Meteo gave
    /// a time zone wx cannot read (“Mars/Olympus”)" (`unreadableZone`) — trial 57's unreadable
    /// zone was said to be GMT.
    var utcReason: String {
        guard let unreadableZone else { return "\(source.displayName) answered in GMT" }
        return "\(source.displayName) gave a time zone wx cannot read (\(unreadableZone))"
    }

    /// "OpenWeatherMap’s forecast steps did not come — it sent an answer wx cannot read (…); try
    /// again later": the reason after a dash, the service named once ("it" where the reason
    /// starts with its name). Inside parentheses the reason's own parentheses nested, and read
    /// in two passes (trial 9).
    private func missingText(_ part: String, _ missing: MissingForecastPart) -> String {
        let name = source.displayName
        var reason = missing.reason.description
        if reason.hasPrefix(name + " ") { reason = "it" + reason.dropFirst(name.count) }
        return "\(name)’s \(part) did not come — \(reason)"
    }
}

/// What a forecast covers at a moment, and what it leaves out: the facts behind the notes
/// "this forecast covers … not now" and "this forecast does not cover today".
package struct ForecastCoverage: Hashable, Sendable {
    /// The answer has current conditions and nothing ahead (OpenWeatherMap's current weather).
    package var isCurrentConditionsOnly: Bool
    /// What to say about that (`Forecast.noForecastText`).
    package var noForecastText: String
    /// The first and last hour, when now is more than an hour outside them.
    package var hoursNotNow: HoursNotNow?
    /// The answer's last day, when it has days but none is the place's today or later.
    package var lastDayBeforeToday: LocalDate?
    /// "3-hour steps from OpenWeatherMap; days are built from them" when the hours are coarser
    /// than one hour, with how far apart they are when that is not one step ("3-hour steps 9
    /// hours apart"); nil for whole hours one after another.
    package var stepNote: String?
    /// What did not come of an answer whose other parts did (`Forecast.missingConditionsText`):
    /// `show` says it on stderr as a notice; the views then leave out "no current conditions".
    package var missingNote: String?
    /// When the answer's days are UTC's (`Forecast.daysAreUTC`): the place's local time at
    /// 00:00 UTC now, where each of its days begins and ends ("02:00 CEST"); nil when the days
    /// are the place's.
    package var utcDayStart: LocalDateTime?
    /// The service that answered ("Open-Meteo"), for the notes that name it.
    package var sourceName: String
    /// Why the days are UTC's, when they are (`Forecast.utcReason`): "Open-Meteo answered in
    /// GMT", or that its zone could not be read.
    package var utcReason: String

    /// Days that are UTC days: where each begins at the place's clock ("05:30 IST") and why
    /// ("Open-Meteo answered in GMT"), for every view that says so (`show`'s days, `brief`).
    package struct UTCDays: Hashable, Sendable {
        package var start: LocalDateTime
        package var reason: String
    }

    /// `utcDayStart` with its reason; nil when the days are the place's.
    package var utcDays: UTCDays? { utcDayStart.map { UTCDays(start: $0, reason: utcReason) } }

    package init(_ forecast: Forecast, now: Date) {
        let clock = forecast.clock
        sourceName = forecast.source.displayName
        utcReason = forecast.utcReason
        isCurrentConditionsOnly = forecast.isCurrentConditionsOnly
        noForecastText = forecast.noForecastText
        missingNote = forecast.missingConditionsText
        // What the steps are, gaps included ("3-hour steps 9 hours apart"), not only their length.
        if let steps = forecast.stepDescription {
            stepNote =
                forecast.hourStepSeconds > 3_600
                ? "\(steps) from \(forecast.source.displayName); days are built from them"
                : "\(steps) from \(forecast.source.displayName)"
        }
        // Steps that start at the next boundary (OpenWeatherMap's) still follow now.
        if let first = forecast.hourly.first, let last = forecast.hourly.last, !forecast.hoursReach(now) {
            hoursNotNow = HoursNotNow(
                first: clock.localTime(first.time), last: clock.localTime(last.time), today: clock.localTime(now).date,
                ended: now > last.time, days: forecast.dataDays)
        }
        let today = clock.localTime(now).date
        if forecast.daysAreUTC {
            let seconds = Int(now.timeIntervalSince1970.rounded(.down))
            let midnight = seconds - ((seconds % 86_400) + 86_400) % 86_400
            utcDayStart = clock.localTime(Date(timeIntervalSince1970: Double(midnight)))
        }
        // Of the days that are rows (`hasTableValues`): a reading's day with sunrise alone is none.
        if !isCurrentConditionsOnly, let last = forecast.daily.filter(\.hasTableValues).map(\.date).max(),
            last < today
        {
            lastDayBeforeToday = last
        }
    }
}

/// A forecast's hours when now lies outside them: the first and last hour (local times at the
/// place), the place's today, and on which side of them now is.
package struct HoursNotNow: Hashable, Sendable {
    package var first: LocalDateTime
    package var last: LocalDateTime
    package var today: LocalDate
    /// Now is after the last hour (else before the first).
    package var ended: Bool
    /// The days the data covers (`Forecast.dataDays`): those the note names; nil: the dates
    /// of the first and last hour.
    package var days: ClosedRange<LocalDate>? = nil
}
