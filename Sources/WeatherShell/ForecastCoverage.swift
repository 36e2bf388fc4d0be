import WeatherKit

// What a forecast covers, asked by the view model (to refuse hourly/daily/rain on data without
// them) and by the renderers (to say so under show): one definition for both layers.

extension DailyForecast {
    /// Whether the day has any reading worth a table row (not just sunrise and sunset).
    var hasReadings: Bool {
        weatherCode != nil || temperatureMinCelsius != nil || temperatureMaxCelsius != nil || precipitationSumMillimetres != nil
    }
}

extension Forecast {
    /// Current conditions and nothing ahead: no hours, no day with a reading.
    var isCurrentConditionsOnly: Bool { hourly.isEmpty && !daily.contains(where: \.hasReadings) }

    /// What to say when there is nothing ahead: OpenWeatherMap's current-weather API has no
    /// forecast at all; an Open-Meteo answer may have left the blocks out.
    var noForecastText: String {
        source == "OpenWeatherMap"
            ? "OpenWeatherMap gives current conditions only; “provider open-meteo” for forecasts"
            : "no hourly or daily forecast in \(source)’s answer"
    }
}
