import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

extension Forecast {
    /// Current conditions and nothing ahead: no hours, no day with a reading.
    var isCurrentConditionsOnly: Bool { hourly.isEmpty && !daily.contains(where: \.hasReadings) }

    /// What to say when there is nothing ahead: OpenWeatherMap's forecast answer had no steps;
    /// an Open-Meteo answer may have left the blocks out.
    var noForecastText: String {
        switch source {
        case .openWeatherMap:
            "no forecast steps in OpenWeatherMap’s answer, current conditions only; “provider open-meteo” for forecasts"
        default: "no hourly or daily forecast in \(source.displayName)’s answer"
        }
    }
}

/// What a forecast covers at a moment, and what it leaves out: the facts behind the notes
/// "this forecast covers … not now" and "this forecast does not cover today".
package struct ForecastCoverage: Hashable, Sendable {
    /// The answer has current conditions and nothing ahead (OpenWeatherMap's current weather).
    package var isCurrentConditionsOnly: Bool
    /// What to say about that (`Forecast.noForecastText`).
    package var noForecastText: String
    /// The local days of the first and last hour, when now is more than an hour outside them.
    package var hoursNotNow: ClosedRange<LocalDate>?
    /// The answer's last day, when it has days but none is the place's today or later.
    package var lastDayBeforeToday: LocalDate?
    /// "3-hour steps from OpenWeatherMap; days are built from them" when the hours are coarser
    /// than one hour; nil otherwise.
    package var stepNote: String?

    package init(_ forecast: Forecast, now: Date) {
        let clock = forecast.clock
        isCurrentConditionsOnly = forecast.isCurrentConditionsOnly
        noForecastText = forecast.noForecastText
        if forecast.hourStepSeconds > 3_600, !forecast.hourly.isEmpty {
            stepNote =
                "\(forecast.hourStepSeconds / 3_600)-hour steps from \(forecast.source.displayName); days are built from them"
        }
        if let first = forecast.hourly.first, let last = forecast.hourly.last,
            now < first.time.addingTimeInterval(-3_600)
                || now > last.time.addingTimeInterval(Double(max(3_600, forecast.hourStepSeconds)))
        {
            let days = (clock.localTime(first.time).date, clock.localTime(last.time).date)
            hoursNotNow = min(days.0, days.1)...max(days.0, days.1)
        }
        let today = clock.localTime(now).date
        if !isCurrentConditionsOnly, let last = forecast.daily.map(\.date).max(), last < today {
            lastDayBeforeToday = last
        }
    }
}
