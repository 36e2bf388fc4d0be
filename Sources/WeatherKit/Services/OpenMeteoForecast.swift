import WXBasics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Forecasts from Open-Meteo (`/v1/forecast`): current conditions, 16 days of hours and days, and
/// the next hours in 15-minute steps, in **one** request per place — or one request for several
/// places (comma-separated coordinates, answered with an array).
///
/// Asks for `timezone=auto` and `timeformat=unixtime`, so every time is an absolute instant and
/// DST changes inside the forecast cannot shift an hour; reads ISO local times as well (the
/// recorded bodies in Fixtures/ use them). Values are converted to °C, km/h, mm and hPa from the
/// units the answer declares, so an answer in °F or mph is read right.
public struct OpenMeteoForecastProvider: ForecastProvider {
    public let service = Service.openMeteo
    let baseURL: String
    let client: ServiceClient

    /// `current=` variables, as Open-Meteo names them.
    static let currentVariables = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "dew_point_2m", "weather_code",
        "precipitation", "pressure_msl", "cloud_cover", "visibility", "uv_index", "wind_speed_10m",
        "wind_direction_10m", "wind_gusts_10m", "is_day",
    ]
    /// `hourly=` variables.
    static let hourlyVariables = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "dew_point_2m",
        "precipitation_probability", "precipitation", "weather_code", "pressure_msl", "cloud_cover",
        "visibility", "uv_index", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m", "is_day",
    ]
    /// `daily=` variables.
    static let dailyVariables = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum",
        "precipitation_probability_max", "sunrise", "sunset", "daylight_duration", "wind_speed_10m_max",
        "wind_gusts_10m_max", "wind_direction_10m_dominant", "uv_index_max",
    ]

    public init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    /// The request URL for `coordinates` (one or several places).
    public func url(for coordinates: [Coordinate]) -> String {
        QueryString.url(
            base: baseURL, path: "/v1/forecast",
            [
                ("latitude", coordinates.map { DecimalText.shortest($0.rounded.latitude) }.joined(separator: ",")),
                ("longitude", coordinates.map { DecimalText.shortest($0.rounded.longitude) }.joined(separator: ",")),
                ("current", Self.currentVariables.joined(separator: ",")),
                ("hourly", Self.hourlyVariables.joined(separator: ",")),
                ("daily", Self.dailyVariables.joined(separator: ",")),
                ("minutely_15", "precipitation"), ("forecast_minutely_15", "24"),
                ("forecast_days", "16"), ("timezone", "auto"), ("timeformat", "unixtime"),
            ])
    }

    public func forecast(at coordinate: Coordinate, language: String = "en") async throws(ServiceError) -> Fetched<
        Forecast
    > {
        let fetched = try await forecasts(at: [coordinate], language: language)
        guard let first = fetched.value.first else {
            throw .malformedResponse(service, detail: "no forecast in the answer")
        }
        return Fetched(value: try first.get(), origin: fetched.origin)
    }

    /// Forecasts for several places. Each place is cached on its own, under the URL a one-place
    /// request would use: places with a current entry come from the cache, the rest come in one
    /// request, and a later `show` of any of them needs none. When that request cannot be made
    /// (offline, service unreachable), saved entries stand in for every place or the error stands.
    ///
    /// - Returns: one forecast per coordinate, in order; the origin is the least fresh of them.
    public func forecasts(
        at coordinates: [Coordinate], language: String = "en"
    ) async throws(ServiceError) -> Fetched<[Result<Forecast, ServiceError>]> {
        guard !coordinates.isEmpty else { return Fetched(value: [], origin: .network) }
        if coordinates.count == 1 {
            let url = url(for: coordinates)
            let fetched = try await client.json(
                ServiceRequest(service: service, url: url, cacheKey: url, staleFallback: true),
                validity: { json, now in Self.validUntil(json, now: now) })
            return Fetched(
                value: try Self.forecasts(from: fetched.value, requested: coordinates).map { .success($0) },
                origin: fetched.origin)
        }
        let keys = coordinates.map { url(for: [$0]) }
        let saved = keys.map { client.cached($0) }
        var answers: [JSONValue?] = saved.map { $0?.fresh == true ? $0!.answer.value : nil }
        var origins: [DataOrigin] = saved.map { $0?.fresh == true ? $0!.answer.origin : .network }
        var failures: [Int: ServiceError] = [:]
        let missing = answers.indices.filter { answers[$0] == nil }
        if !missing.isEmpty {
            do {
                let wanted = missing.map { coordinates[$0] }
                let fetched = try await client.json(
                    ServiceRequest(service: service, url: url(for: wanted), cacheKey: nil, staleFallback: false),
                    validity: { _, _ in nil })
                let items = fetched.value.array ?? [fetched.value]
                _ = try Self.forecasts(from: fetched.value, requested: wanted)  // the shape and count, checked once
                for (index, item) in zip(missing, items) {
                    answers[index] = item
                    client.store(item, for: keys[index], validUntil: Self.validUntil(item, now: client.context.now()))
                }
            } catch {
                // The service cannot be reached: saved answers, however old, stand in; a place
                // with none has only the reason.
                let offline = client.context.offline
                let reason = offline ? ServiceClient.offlineError(service) : error
                let nothingToShow = missing.count == coordinates.count && missing.allSatisfy { saved[$0] == nil }
                guard offline || error.isUnreachable, !nothingToShow else { throw reason }
                for index in missing {
                    if let entry = saved[index] {
                        answers[index] = entry.answer.value
                        origins[index] = .stale(stored: entry.stored, reason: offline ? nil : error)
                    } else {
                        failures[index] = reason
                    }
                }
            }
        }
        var results: [Result<Forecast, ServiceError>] = []
        for (index, coordinate) in coordinates.enumerated() {
            if let failure = failures[index] {
                results.append(.failure(failure))
            } else {
                results.append(.success(try Self.forecast(from: answers[index]!, requested: coordinate)))
            }
        }
        let shown = origins.indices.filter { failures[$0] == nil }.map { origins[$0] }
        return Fetched(value: results, origin: DataOrigin.leastFresh(shown))
    }

    /// Until when an answer is current: the end of the 15-minute interval `current` describes
    /// (Open-Meteo updates on that grid); 15 minutes when the answer has no `current`.
    static func validUntil(_ json: JSONValue, now: Date) -> Date {
        let first = json.array?.first ?? json
        let offset = first["utc_offset_seconds"]?.int ?? 0
        if let current = first["current"], let time = current["time"].flatMap({ instant($0, offset: offset) }) {
            let interval = Double(current["interval"]?.int ?? 900)
            return time.addingTimeInterval(interval > 0 ? interval : 900)
        }
        return now.addingTimeInterval(900)
    }

    // MARK: - Mapping (pure, tested on every recorded body)

    /// Maps an answer for `requested` places: an object for one, an array for several.
    ///
    /// - Throws: `ServiceError.rejected` with the service's `reason` for `{"error":true}`;
    ///   `.malformedResponse` for a shape that is not a forecast or a count that does not match.
    public static func forecasts(from json: JSONValue, requested: [Coordinate]) throws(ServiceError) -> [Forecast] {
        let items = json.array ?? [json]
        guard !items.isEmpty else { throw .malformedResponse(.openMeteo, detail: "no forecast in the answer") }
        guard items.count == requested.count else {
            throw .malformedResponse(.openMeteo, detail: "\(items.count) forecasts for \(requested.count) places asked")
        }
        var result: [Forecast] = []
        for (item, coordinate) in zip(items, requested) {
            result.append(try forecast(from: item, requested: coordinate))
        }
        return result
    }

    /// Maps one forecast object. Any value may be null or missing; such readings stay nil.
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`; `.malformedResponse`
    ///   when the body is not an object.
    public static func forecast(from json: JSONValue, requested: Coordinate) throws(ServiceError) -> Forecast {
        guard json.object != nil else { throw .malformedResponse(.openMeteo, detail: "expected a forecast object") }
        if json["error"]?.bool == true {
            throw .rejected(.openMeteo, status: 200, reason: json["reason"]?.nonEmptyString)
        }
        let offset = json["utc_offset_seconds"]?.int ?? 0
        let zone = ZoneInfo(
            identifier: json["timezone"]?.nonEmptyString,
            abbreviation: json["timezone_abbreviation"]?.nonEmptyString.map(TerminalText.sanitized),
            utcOffsetSeconds: abs(offset) <= 18 * 3_600 ? offset : 0)
        var forecast = Forecast(
            coordinate: requested.rounded, zone: zone, elevationMetres: json["elevation"]?.double, source: "Open-Meteo")
        forecast.current = current(from: json, offset: zone.utcOffsetSeconds)
        forecast.hourly = hourly(from: json, offset: zone.utcOffsetSeconds)
        forecast.daily = daily(from: json, offset: zone.utcOffsetSeconds)
        if let block = Block(json, "minutely_15", offset: zone.utcOffsetSeconds) {
            let precipitation = block.column("precipitation", .precipitation)
            forecast.quarterHours = block.times.indices.compactMap { index in
                block.times[index].map {
                    QuarterHourPrecipitation(time: $0, precipitationMillimetres: precipitation[index])
                }
            }
        }
        return forecast
    }

    static func current(from json: JSONValue, offset: Int) -> CurrentConditions? {
        if let block = json["current"], let time = block["time"].flatMap({ instant($0, offset: offset) }) {
            let units = json["current_units"] ?? .null
            let reading = Reading(values: block, units: units)
            var current = CurrentConditions(time: time)
            current.temperatureCelsius = reading.temperature("temperature_2m", "temperature")
            current.apparentTemperatureCelsius = reading.temperature("apparent_temperature")
            current.relativeHumidityPercent = reading.plain("relative_humidity_2m", "relativehumidity_2m")
            current.dewPointCelsius = reading.temperature("dew_point_2m", "dewpoint_2m")
            current.weatherCode = reading.code("weather_code", "weathercode")
            current.precipitationMillimetres = reading.precipitation("precipitation")
            current.pressureHectopascals = reading.plain("pressure_msl")
            current.cloudCoverPercent = reading.plain("cloud_cover", "cloudcover")
            current.visibilityMetres = reading.distance("visibility")
            current.uvIndex = reading.plain("uv_index")
            current.windSpeedKilometresPerHour = reading.speed("wind_speed_10m", "windspeed_10m")
            current.windGustsKilometresPerHour = reading.speed("wind_gusts_10m", "windgusts_10m")
            current.windDirectionDegrees = reading.plain("wind_direction_10m", "winddirection_10m")
            current.isDay = block[firstOf: ["is_day"]]?.bool
            return current
        }
        // The legacy block (`current_weather=true`): temperature, windspeed, winddirection, weathercode.
        if let block = json["current_weather"], let time = block["time"].flatMap({ instant($0, offset: offset) }) {
            let units = json["current_weather_units"] ?? .null
            let reading = Reading(values: block, units: units)
            var current = CurrentConditions(time: time)
            current.temperatureCelsius = reading.temperature("temperature")
            current.windSpeedKilometresPerHour = reading.speed("windspeed", "wind_speed")
            current.windDirectionDegrees = reading.plain("winddirection", "wind_direction")
            current.weatherCode = reading.code("weathercode", "weather_code")
            current.isDay = block["is_day"]?.bool
            return current
        }
        return nil
    }

    static func hourly(from json: JSONValue, offset: Int) -> [HourlyForecast] {
        guard let block = Block(json, "hourly", offset: offset) else { return [] }
        // Each variable's column is found once, then read by index.
        let temperature = block.column("temperature_2m", .temperature)
        let apparent = block.column("apparent_temperature", .temperature)
        let humidity = block.column("relative_humidity_2m", .plain, aliases: ["relativehumidity_2m"])
        let dewPoint = block.column("dew_point_2m", .temperature, aliases: ["dewpoint_2m"])
        let probability = block.column("precipitation_probability", .plain)
        let precipitation = block.column("precipitation", .precipitation)
        let code = block.column("weather_code", .plain, aliases: ["weathercode"])
        let pressure = block.column("pressure_msl", .plain)
        let cloudCover = block.column("cloud_cover", .plain, aliases: ["cloudcover"])
        let visibility = block.column("visibility", .distance)
        let uvIndex = block.column("uv_index", .plain)
        let windSpeed = block.column("wind_speed_10m", .speed, aliases: ["windspeed_10m"])
        let windGusts = block.column("wind_gusts_10m", .speed, aliases: ["windgusts_10m"])
        let windDirection = block.column("wind_direction_10m", .plain, aliases: ["winddirection_10m"])
        let isDay = block.column("is_day", .plain)
        return block.times.indices.compactMap { i in
            guard let time = block.times[i] else { return nil }
            var hour = HourlyForecast(time: time)
            hour.temperatureCelsius = temperature[i]
            hour.apparentTemperatureCelsius = apparent[i]
            hour.relativeHumidityPercent = humidity[i]
            hour.dewPointCelsius = dewPoint[i]
            hour.precipitationProbabilityPercent = probability[i]
            hour.precipitationMillimetres = precipitation[i]
            hour.weatherCode = code.code(i)
            hour.pressureHectopascals = pressure[i]
            hour.cloudCoverPercent = cloudCover[i]
            hour.visibilityMetres = visibility[i]
            hour.uvIndex = uvIndex[i]
            hour.windSpeedKilometresPerHour = windSpeed[i]
            hour.windGustsKilometresPerHour = windGusts[i]
            hour.windDirectionDegrees = windDirection[i]
            hour.isDay = isDay[i].map { $0 != 0 }
            return hour
        }
    }

    static func daily(from json: JSONValue, offset: Int) -> [DailyForecast] {
        guard let block = Block(json, "daily", offset: offset) else { return [] }
        let rawTimes = block.values["time"]?.array ?? []
        let code = block.column("weather_code", .plain, aliases: ["weathercode"])
        let maximum = block.column("temperature_2m_max", .temperature)
        let minimum = block.column("temperature_2m_min", .temperature)
        let precipitation = block.column("precipitation_sum", .precipitation)
        let probability = block.column("precipitation_probability_max", .plain)
        let sunrise = block.column("sunrise", .plain)
        let sunset = block.column("sunset", .plain)
        let daylight = block.column("daylight_duration", .plain)
        let windSpeed = block.column("wind_speed_10m_max", .speed, aliases: ["windspeed_10m_max"])
        let windGusts = block.column("wind_gusts_10m_max", .speed, aliases: ["windgusts_10m_max"])
        let windDirection = block.column("wind_direction_10m_dominant", .plain, aliases: ["winddirection_10m_dominant"])
        let uvIndex = block.column("uv_index_max", .plain)
        return rawTimes.indices.compactMap { i in
            // Days are "YYYY-MM-DD", or with unixtime the instant of local midnight.
            let date: LocalDate?
            switch rawTimes[i] {
            case .string(let text): date = LocalDate(iso: Substring(text.prefix(10)))
            case .number:
                date = rawTimes[i].unixTime.map {
                    ZoneClock.fixed(Int($0.timeIntervalSince1970), offset: offset, abbreviation: nil).date
                }
            default: date = nil
            }
            guard let date else { return nil }
            var day = DailyForecast(date: date)
            day.weatherCode = code.code(i)
            day.temperatureMaxCelsius = maximum[i]
            day.temperatureMinCelsius = minimum[i]
            day.precipitationSumMillimetres = precipitation[i]
            day.precipitationProbabilityMaxPercent = probability[i]
            day.sunrise = sunrise.raw(i).flatMap { instant($0, offset: offset) }
            day.sunset = sunset.raw(i).flatMap { instant($0, offset: offset) }
            day.daylightDurationSeconds = daylight[i]
            day.windSpeedMaxKilometresPerHour = windSpeed[i]
            day.windGustsMaxKilometresPerHour = windGusts[i]
            day.windDirectionDominantDegrees = windDirection[i]
            day.uvIndexMax = uvIndex[i]
            return day
        }
    }

    /// An instant from Unix seconds, or from a local ISO time without zone read at `offset`.
    static func instant(_ value: JSONValue, offset: Int) -> Date? {
        switch value {
        case .number:
            return value.unixTime
        case .string(let text):
            return CivilCalendar.secondsAsIfUTC(iso: text).map { Date(timeIntervalSince1970: Double($0 - offset)) }
        default:
            return nil
        }
    }
}

/// Unit conversion of one value by the unit string the answer declares for it.
/// Converted values are rounded to 0.01 so that no conversion noise (19.666666…) reaches the
/// JSON output; the services' own precision is 0.1.
enum DeclaredUnit {
    static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func celsius(_ value: Double, unit: String?) -> Double {
        switch unit {
        case "°F", "F", "fahrenheit": round(TemperatureUnit.fahrenheit.celsius(from: value))
        case "K", "kelvin": round(TemperatureUnit.kelvin.celsius(from: value))
        default: value
        }
    }

    static func kilometresPerHour(_ value: Double, unit: String?) -> Double {
        switch unit {
        case "mph": round(WindSpeedUnit.milesPerHour.kilometresPerHour(from: value) ?? value)
        case "m/s", "ms": round(WindSpeedUnit.metresPerSecond.kilometresPerHour(from: value) ?? value)
        case "kn", "kt", "knots": round(WindSpeedUnit.knots.kilometresPerHour(from: value) ?? value)
        default: value
        }
    }

    static func millimetres(_ value: Double, unit: String?) -> Double {
        switch unit {
        case "inch", "in", "″": round(PrecipitationUnit.inches.millimetres(from: value))
        case "cm": value * 10
        default: value
        }
    }

    static func metres(_ value: Double, unit: String?) -> Double {
        switch unit {
        case "ft", "feet": value * 0.3048
        case "km": value * 1000
        default: value
        }
    }
}

/// One flat block of values (`current`) with its units block.
struct Reading {
    let values: JSONValue
    let units: JSONValue

    private func raw(_ keys: [String]) -> (Double, String?)? {
        for key in keys {
            if let value = values[key]?.double { return (value, units[key]?.string) }
            if let value = values[key + "_best_match"]?.double { return (value, units[key + "_best_match"]?.string) }
        }
        return nil
    }

    func plain(_ keys: String...) -> Double? { raw(keys)?.0 }
    func temperature(_ keys: String...) -> Double? { raw(keys).map { DeclaredUnit.celsius($0.0, unit: $0.1) } }
    func speed(_ keys: String...) -> Double? { raw(keys).map { DeclaredUnit.kilometresPerHour($0.0, unit: $0.1) } }
    func precipitation(_ keys: String...) -> Double? { raw(keys).map { DeclaredUnit.millimetres($0.0, unit: $0.1) } }
    func distance(_ keys: String...) -> Double? { raw(keys).map { DeclaredUnit.metres($0.0, unit: $0.1) } }
    func code(_ keys: String...) -> Int? {
        raw(keys).flatMap { $0.0 == $0.0.rounded() && abs($0.0) < 1_000 ? Int($0.0) : nil }
    }
}

/// What a variable measures, which decides how its declared unit converts.
enum Quantity {
    case plain, temperature, speed, precipitation, distance
}

/// One variable of a block: its values, converted to wx's units as they are read.
struct Column {
    let values: [JSONValue]
    let convert: (Double) -> Double

    /// The value at `index` in canonical units; nil when null, missing or not a number.
    subscript(index: Int) -> Double? {
        guard index < values.count, let value = values[index].double else { return nil }
        return convert(value)
    }

    /// The value at `index` as it came (for times).
    func raw(_ index: Int) -> JSONValue? { index < values.count ? values[index] : nil }

    /// A WMO code: an integral number (3 or 3.0) below 1000.
    func code(_ index: Int) -> Int? {
        guard let value = self[index], value == value.rounded(), abs(value) < 1_000 else { return nil }
        return Int(value)
    }
}

/// A column-wise block (`hourly`, `daily`, `minutely_15`): a `time` array and one array per
/// variable, any element of which may be null, and any array of which may be shorter or missing.
struct Block {
    let values: JSONValue
    let units: JSONValue
    let times: [Date?]

    init?(_ json: JSONValue, _ name: String, offset: Int) {
        guard let values = json[name], let rawTimes = values["time"]?.array else { return nil }
        self.values = values
        self.units = json[name + "_units"] ?? .null
        self.times = rawTimes.map { OpenMeteoForecastProvider.instant($0, offset: offset) }
    }

    /// The variable `key` (or a legacy alias, or the `_best_match` of several models), with the
    /// conversion its declared unit needs.
    func column(_ key: String, _ quantity: Quantity, aliases: [String] = []) -> Column {
        for name in [key] + aliases + [key + "_best_match"] {
            guard let array = values[name]?.array else { continue }
            let unit = units[name]?.string
            let convert: (Double) -> Double
            switch quantity {
            case .plain: convert = { $0 }
            case .temperature: convert = { DeclaredUnit.celsius($0, unit: unit) }
            case .speed: convert = { DeclaredUnit.kilometresPerHour($0, unit: unit) }
            case .precipitation: convert = { DeclaredUnit.millimetres($0, unit: unit) }
            case .distance: convert = { DeclaredUnit.metres($0, unit: unit) }
            }
            return Column(values: array, convert: convert)
        }
        return Column(values: [], convert: { $0 })
    }
}
