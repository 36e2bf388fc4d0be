import FoundationEssentials
import WXBasics

/// The forecast's values against what each kind can physically be, so that an answer with
/// 1e308, a non-finite value, −500 °C or negative precipitation is refused whole — named by its
/// service and field — before `show`, `hourly`, `rain` or `brief` print any of it or the cache
/// keeps it (as the ensemble, models and previous-runs answers are; issue 38).
extension PhysicalRange {
    /// Felt temperature, °C: wind chill and heat index reach further than the air's records.
    static let apparentTemperature = Bound(-130...90, "°C", "apparent temperature")
    /// Air and dew-point temperature, °C.
    static let temperature = Bound(temperatureCelsius, "°C", "temperature")
    /// Precipitation of a quarter hour, an hour or a day, mm.
    static let precipitation = Bound(precipitationMillimetres, "mm", "precipitation")
    /// A share: relative humidity, cloud cover, a chance, %.
    static let percent = Bound(0...100, "%", "percentage")
    /// Wind speed and gusts, km/h: the strongest gust measured is 408 km/h.
    static let speed = Bound(0...500, "km/h", "wind speed")
    /// A direction, degrees from north.
    static let direction = Bound(0...360, "°", "direction")
    /// Air pressure, hPa: at the sea or at the ground of any inhabited place.
    static let pressure = Bound(300...1_100, "hPa", "air pressure")
    /// Visibility, m.
    static let visibility = Bound(0...1_000_000, "m", "visibility")
    /// UV index (the highest measured is about 43).
    static let uvIndex = Bound(0...50, "", "UV index")
    /// Daylight of a day, seconds.
    static let daylight = Bound(0...86_400, "s", "daylight")

    /// Refuses `forecast` (canonical units) when one of its values is outside what its kind can
    /// be or not finite.
    ///
    /// - Parameter service: the service the answer came from, named in the error.
    /// - Throws: `ServiceError.malformedResponse` of `service` naming the block and variable
    ///   (`hourly.temperature_2m holds −500 °C, which no temperature is: −100 to 70 °C`).
    package static func check(_ forecast: Forecast, service: Service) throws(ServiceError) {
        func check(_ values: [Double?], _ variable: String, _ bound: Bound) throws(ServiceError) {
            try PhysicalRange.check(values, variable: variable, bound: bound, service: service)
        }
        if let now = forecast.current {
            try check([now.temperatureCelsius], "current.temperature_2m", temperature)
            try check([now.apparentTemperatureCelsius], "current.apparent_temperature", apparentTemperature)
            try check([now.dewPointCelsius], "current.dew_point_2m", temperature)
            try check([now.relativeHumidityPercent], "current.relative_humidity_2m", percent)
            try check([now.cloudCoverPercent], "current.cloud_cover", percent)
            try check([now.precipitationMillimetres], "current.precipitation", precipitation)
            try check([now.snowfallMillimetres], "current.snowfall", precipitation)
            try check([now.pressureHectopascals], "current.pressure_msl", pressure)
            try check([now.visibilityMetres], "current.visibility", visibility)
            try check([now.uvIndex], "current.uv_index", uvIndex)
            try check([now.windSpeedKilometresPerHour], "current.wind_speed_10m", speed)
            try check([now.windGustsKilometresPerHour], "current.wind_gusts_10m", speed)
            try check([now.windDirectionDegrees], "current.wind_direction_10m", direction)
        }
        let hours = forecast.hourly
        try check(hours.map(\.temperatureCelsius), "hourly.temperature_2m", temperature)
        try check(hours.map(\.apparentTemperatureCelsius), "hourly.apparent_temperature", apparentTemperature)
        try check(hours.map(\.dewPointCelsius), "hourly.dew_point_2m", temperature)
        try check(hours.map(\.relativeHumidityPercent), "hourly.relative_humidity_2m", percent)
        try check(hours.map(\.precipitationProbabilityPercent), "hourly.precipitation_probability", percent)
        try check(hours.map(\.precipitationMillimetres), "hourly.precipitation", precipitation)
        try check(hours.map(\.windSpeedKilometresPerHour), "hourly.wind_speed_10m", speed)
        try check(hours.map(\.windGustsKilometresPerHour), "hourly.wind_gusts_10m", speed)
        try check(hours.map(\.windDirectionDegrees), "hourly.wind_direction_10m", direction)
        try check(hours.map(\.pressureHectopascals), "hourly.pressure_msl", pressure)
        try check(hours.map(\.cloudCoverPercent), "hourly.cloud_cover", percent)
        try check(hours.map(\.visibilityMetres), "hourly.visibility", visibility)
        try check(hours.map(\.uvIndex), "hourly.uv_index", uvIndex)
        try check(forecast.quarterHours.map(\.precipitationMillimetres), "minutely_15.precipitation", precipitation)
        let days = forecast.daily
        try check(days.map(\.temperatureMaxCelsius), "daily.temperature_2m_max", temperature)
        try check(days.map(\.temperatureMinCelsius), "daily.temperature_2m_min", temperature)
        try check(days.map(\.precipitationSumMillimetres), "daily.precipitation_sum", precipitation)
        try check(days.map(\.precipitationProbabilityMaxPercent), "daily.precipitation_probability_max", percent)
        try check(days.map(\.daylightDurationSeconds), "daily.daylight_duration", daylight)
        try check(days.map(\.windSpeedMaxKilometresPerHour), "daily.wind_speed_10m_max", speed)
        try check(days.map(\.windGustsMaxKilometresPerHour), "daily.wind_gusts_10m_max", speed)
        try check(days.map(\.windDirectionDominantDegrees), "daily.wind_direction_10m_dominant", direction)
        try check(days.map(\.uvIndexMax), "daily.uv_index_max", uvIndex)
    }
}
