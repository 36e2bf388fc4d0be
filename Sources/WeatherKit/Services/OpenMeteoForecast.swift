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
package struct OpenMeteoForecastProvider: ForecastProvider {
    package let service = Service.openMeteo
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

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    /// The request URL for `coordinates` (one or several places).
    package func url(for coordinates: [Coordinate]) -> String {
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

    package func forecast(at coordinate: Coordinate, language: String = "en") async throws(ServiceError) -> Fetched<
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
    package func forecasts(
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
            do throws(ServiceError) {
                let wanted = missing.map { coordinates[$0] }
                // Element by element: one place the service could not answer (a bare `nan`,
                // an error object) leaves the others readable.
                let items = try await client.jsonElements(
                    ServiceRequest(service: service, url: url(for: wanted), cacheKey: nil, staleFallback: false))
                if items.count == 1, case .success(let only) = items[0], only.array == nil, only["error"] != nil {
                    _ = try Self.forecast(from: only, requested: wanted[0])  // the service's reason, for all
                }
                guard items.count == wanted.count else {
                    throw ServiceError.malformedResponse(
                        service, detail: "\(items.count) forecasts for \(wanted.count) places asked")
                }
                for (index, item) in zip(missing, items) {
                    do throws(ServiceError) {
                        let value = try item.get()
                        _ = try Self.forecast(from: value, requested: coordinates[index])
                        answers[index] = value
                        client.store(
                            value, for: keys[index], validUntil: Self.validUntil(value, now: client.context.now()))
                    } catch {
                        failures[index] = error
                    }
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
                continue
            }
            do throws(ServiceError) {
                results.append(.success(try Self.forecast(from: answers[index]!, requested: coordinate)))
            } catch {
                results.append(.failure(error))
                failures[index] = error
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
    package static func forecasts(from json: JSONValue, requested: [Coordinate]) throws(ServiceError) -> [Forecast] {
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
    package static func forecast(from json: JSONValue, requested: Coordinate) throws(ServiceError) -> Forecast {
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
        forecast.current = try current(from: json, offset: zone.utcOffsetSeconds)
        forecast.hourly = try hourly(from: json, offset: zone.utcOffsetSeconds)
        forecast.daily = try daily(
            from: json, offset: zone.utcOffsetSeconds, latitude: requested.latitude, current: forecast.current)
        if let block = try Block(json, "minutely_15", offset: zone.utcOffsetSeconds) {
            let precipitation = try block.column("precipitation", .precipitation)
            forecast.quarterHours = block.times.indices.compactMap { index in
                block.times[index].map {
                    QuarterHourPrecipitation(time: $0, precipitationMillimetres: precipitation[index])
                }
            }
        }
        return forecast
    }

    static func current(from json: JSONValue, offset: Int) throws(ServiceError) -> CurrentConditions? {
        if let block = json["current"], let time = block["time"].flatMap({ instant($0, offset: offset) }) {
            let units = json["current_units"] ?? .null
            try DeclaredUnit.checkTime(units["time"]?.string, variable: "current.time")
            let reading = Reading(values: block, units: units)
            var current = CurrentConditions(time: time)
            current.temperatureCelsius = try reading.value(.temperature, "temperature_2m", "temperature")
            current.apparentTemperatureCelsius = try reading.value(.temperature, "apparent_temperature")
            current.relativeHumidityPercent = try reading.value(.percent, "relative_humidity_2m", "relativehumidity_2m")
            current.dewPointCelsius = try reading.value(.temperature, "dew_point_2m", "dewpoint_2m")
            current.weatherCode = try reading.code("weather_code", "weathercode")
            current.precipitationMillimetres = try reading.value(.precipitation, "precipitation")
            current.pressureHectopascals = try reading.value(.pressure, "pressure_msl")
            current.cloudCoverPercent = try reading.value(.percent, "cloud_cover", "cloudcover")
            current.visibilityMetres = try reading.value(.distance, "visibility")
            current.uvIndex = try reading.value(.index, "uv_index")
            current.windSpeedKilometresPerHour = try reading.value(.speed, "wind_speed_10m", "windspeed_10m")
            current.windGustsKilometresPerHour = try reading.value(.speed, "wind_gusts_10m", "windgusts_10m")
            current.windDirectionDegrees = try reading.value(
                .direction, "wind_direction_10m", "winddirection_10m")
            current.isDay = block[firstOf: ["is_day"]]?.bool
            return current
        }
        // The legacy block (`current_weather=true`): temperature, windspeed, winddirection, weathercode.
        if let block = json["current_weather"], let time = block["time"].flatMap({ instant($0, offset: offset) }) {
            let units = json["current_weather_units"] ?? .null
            let reading = Reading(values: block, units: units)
            var current = CurrentConditions(time: time)
            current.temperatureCelsius = try reading.value(.temperature, "temperature")
            current.windSpeedKilometresPerHour = try reading.value(.speed, "windspeed", "wind_speed")
            current.windDirectionDegrees = try reading.value(.direction, "winddirection", "wind_direction")
            current.weatherCode = try reading.code("weathercode", "weather_code")
            current.isDay = block["is_day"]?.bool
            return current
        }
        return nil
    }

    static func hourly(from json: JSONValue, offset: Int) throws(ServiceError) -> [HourlyForecast] {
        guard let block = try Block(json, "hourly", offset: offset) else { return [] }
        // Each variable's column is found once, then read by index.
        let temperature = try block.column("temperature_2m", .temperature)
        let apparent = try block.column("apparent_temperature", .temperature)
        let humidity = try block.column("relative_humidity_2m", .percent, aliases: ["relativehumidity_2m"])
        let dewPoint = try block.column("dew_point_2m", .temperature, aliases: ["dewpoint_2m"])
        let probability = try block.column("precipitation_probability", .percent)
        let precipitation = try block.column("precipitation", .precipitation)
        let code = try block.column("weather_code", .code, aliases: ["weathercode"])
        let pressure = try block.column("pressure_msl", .pressure)
        let cloudCover = try block.column("cloud_cover", .percent, aliases: ["cloudcover"])
        let visibility = try block.column("visibility", .distance)
        let uvIndex = try block.column("uv_index", .index)
        let windSpeed = try block.column("wind_speed_10m", .speed, aliases: ["windspeed_10m"])
        let windGusts = try block.column("wind_gusts_10m", .speed, aliases: ["windgusts_10m"])
        let windDirection = try block.column("wind_direction_10m", .direction, aliases: ["winddirection_10m"])
        let isDay = try block.column("is_day", .index)
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

    /// A day of a `daily` block: "YYYY-MM-DD", or with unixtime the instant of its local
    /// midnight (`offset`: the answer's `utc_offset_seconds`); nil for anything else.
    static func day(_ value: JSONValue, offset: Int) -> LocalDate? {
        switch value {
        case .string(let text): LocalDate(iso: Substring(text.prefix(10)))
        case .number:
            value.unixTime.map {
                ZoneClock.fixed(Int($0.timeIntervalSince1970), offset: offset, abbreviation: nil).date
            }
        default: nil
        }
    }

    /// The days of the answer. A day Open-Meteo marks as without sunrise and sunset — sunrise
    /// equal to sunset (both at local midnight, or in older answers at 1970-01-01T00:00),
    /// sunrise at the day's start and sunset at the next day's (the newer form), a daylight of
    /// 0 s or 86,400 s, or both times null (`marksNoSunriseOrSunset`) — is polar night or
    /// midnight sun, told apart by its daylight duration, else by `is_day` of the current
    /// conditions when they fall on that day, else by `latitude` and the date.
    static func daily(
        from json: JSONValue, offset: Int, latitude: Double = 0, current: CurrentConditions? = nil
    ) throws(ServiceError) -> [DailyForecast] {
        guard let block = try Block(json, "daily", offset: offset) else { return [] }
        let rawTimes = block.values["time"]?.array ?? []
        let code = try block.column("weather_code", .code, aliases: ["weathercode"])
        let maximum = try block.column("temperature_2m_max", .temperature)
        let minimum = try block.column("temperature_2m_min", .temperature)
        let precipitation = try block.column("precipitation_sum", .precipitation)
        let probability = try block.column("precipitation_probability_max", .percent)
        let sunrise = try block.times("sunrise")
        let sunset = try block.times("sunset")
        let daylight = try block.column("daylight_duration", .duration)
        let windSpeed = try block.column("wind_speed_10m_max", .speed, aliases: ["windspeed_10m_max"])
        let windGusts = try block.column("wind_gusts_10m_max", .speed, aliases: ["windgusts_10m_max"])
        let windDirection = try block.column(
            "wind_direction_10m_dominant", .direction, aliases: ["winddirection_10m_dominant"])
        let uvIndex = try block.column("uv_index_max", .index)
        let currentDate = current.map {
            ZoneClock.fixed(Int($0.time.timeIntervalSince1970), offset: offset, abbreviation: nil).date
        }
        return rawTimes.indices.compactMap { i in
            guard let date = Self.day(rawTimes[i], offset: offset) else { return nil }
            var day = DailyForecast(date: date)
            day.weatherCode = code.code(i)
            day.temperatureMaxCelsius = maximum[i]
            day.temperatureMinCelsius = minimum[i]
            day.precipitationSumMillimetres = precipitation[i]
            day.precipitationProbabilityMaxPercent = probability[i]
            day.daylightDurationSeconds = daylight[i]
            let rise = sunrise.raw(i).flatMap { instant($0, offset: offset) }
            let set = sunset.raw(i).flatMap { instant($0, offset: offset) }
            let placeholder = [rise, set].contains { $0.map { isEpochPlaceholder($0, offset: offset) } ?? false }
            let asked = !sunrise.values.isEmpty || !sunset.values.isEmpty
            if (rise != nil && rise == set) || placeholder
                || Self.marksNoSunriseOrSunset(
                    sunrise: rise, sunset: set, daylightSeconds: day.daylightDurationSeconds, asked: asked)
            {
                // Sun from one day's start to the next's is a whole day of daylight.
                let span = rise.flatMap { rise in set.map { $0.timeIntervalSince(rise) } }
                day.sun = .withoutSunriseOrSunset(
                    daylightSeconds: day.daylightDurationSeconds ?? span.flatMap { $0 >= 86_340 ? $0 : nil },
                    isDay: currentDate == date ? current?.isDay : nil, latitude: latitude, date: date)
            } else if rise != nil || set != nil {
                day.sun = .times(sunrise: rise, sunset: set)
            }
            day.windSpeedMaxKilometresPerHour = windSpeed[i]
            day.windGustsMaxKilometresPerHour = windGusts[i]
            day.windDirectionDominantDegrees = windDirection[i]
            day.uvIndexMax = uvIndex[i]
            return day
        }
    }

    /// Whether a day's sun times and daylight are one of Open-Meteo's other marks of a day
    /// without sunrise and sunset (beside sunrise = sunset and the 1970 placeholder): sunrise at
    /// the day's start and sunset at the next day's start (a whole day of sun, the newer form,
    /// with `daylight_duration` 86,400 s); a daylight of 0 or of the whole day; sunrise and
    /// sunset both null where they were asked for.
    ///
    /// - Parameter asked: whether the answer has a `sunrise` or `sunset` column at all.
    static func marksNoSunriseOrSunset(sunrise: Date?, sunset: Date?, daylightSeconds: Double?, asked: Bool) -> Bool {
        let wholeDay = 86_400.0 - 60
        if let sunrise, let sunset, sunset.timeIntervalSince(sunrise) >= wholeDay { return true }
        if let daylightSeconds, daylightSeconds <= 0 || daylightSeconds >= wholeDay { return true }
        return asked && sunrise == nil && sunset == nil
    }

    /// Whether `date` is 1970-01-01T00:00 local (or UTC): older Open-Meteo answers' "no
    /// sunrise" (open-meteo/open-meteo#840).
    static func isEpochPlaceholder(_ date: Date, offset: Int) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds == 0 || seconds == Double(-offset)
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

/// The unit labels the services declare, and how each converts to wx's canonical unit.
///
/// Open-Meteo declares a label per variable (`current_units`, `hourly_units`, `daily_units`),
/// written as in its documentation (open-meteo.com/en/docs): `°C`/`°F`; `km/h`, `m/s`, `mp/h`
/// (its spelling of mph) and `kn`; `mm` and `inch` (`cm` for snowfall); `m` and `ft`; `hPa`;
/// `%`; `°` for directions; `wmo code`; `s` for durations; `iso8601`/`unixtime` for times;
/// `W/m²`, `J/kg`, `µg/m³`… for variables wx does not read. A variable whose whole array is
/// null is declared `"undefined"`; an empty label is no declaration. Any other label is
/// unknown: the answer is refused (`ServiceError.unknownUnit`) rather than read as if it were
/// in wx's unit — 5.2 mph read as 5.2 km/h is a wrong value that looks right.
enum DeclaredUnit {
    /// What a variable measures, which decides which labels are known for it.
    enum Quantity {
        case temperature, speed, precipitation, distance, pressure, percent, direction, code, index, duration
    }

    static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// The conversion of a value declared in `label` to wx's unit for `quantity` (°C, km/h, mm,
    /// m, hPa, %, degrees, seconds); nil when the label is not one known for the quantity.
    /// Converted values are rounded to 0.01 so that no conversion noise (19.666666…) reaches
    /// the JSON output; the services' own precision is 0.1.
    static func conversion(_ label: String?, for quantity: Quantity) -> ((Double) -> Double)? {
        let identity: (Double) -> Double = { $0 }
        guard let label = label?.trimmed, !label.isEmpty, label != "undefined" else { return identity }
        switch quantity {
        case .temperature:
            switch label {
            case "°C", "C", "celsius": return identity
            case "°F", "F", "fahrenheit": return { round(TemperatureUnit.fahrenheit.celsius(from: $0)) }
            case "K", "kelvin": return { round(TemperatureUnit.kelvin.celsius(from: $0)) }
            default: return nil
            }
        case .speed:
            switch label {
            case "km/h", "kmh": return identity
            case "m/s", "ms": return { round($0 * 3.6) }
            // Open-Meteo writes mph as "mp/h" (wind_speed_unit=mph).
            case "mp/h", "mph": return { round($0 * 1.609_344) }
            case "kn", "kt", "knots": return { round($0 * 1.852) }
            default: return nil
            }
        case .precipitation:
            switch label {
            case "mm": return identity
            case "inch", "in": return { round($0 * 25.4) }
            case "cm": return { round($0 * 10) }
            default: return nil
            }
        case .distance:
            switch label {
            case "m": return identity
            case "ft", "feet": return { round($0 * 0.3048) }
            case "km": return { $0 * 1000 }
            default: return nil
            }
        case .pressure: return label == "hPa" || label == "mbar" ? identity : nil
        case .percent: return label == "%" ? identity : nil
        case .direction: return label == "°" ? identity : nil
        case .code: return label == "wmo code" ? identity : nil
        // The UV index has no unit; Open-Meteo declares it "".
        case .index: return nil
        case .duration: return label == "s" || label == "seconds" ? identity : nil
        }
    }

    /// `conversion(label, for:)`, or the error naming the variable and the label.
    static func converter(
        _ label: String?, for quantity: Quantity, variable: String, service: Service = .openMeteo
    ) throws(ServiceError) -> (Double) -> Double {
        guard let convert = conversion(label, for: quantity) else {
            throw .unknownUnit(service, variable: variable, label: label ?? "")
        }
        return convert
    }

    /// Whether `label` is one Open-Meteo uses for times (`time`, `sunrise`, `sunset`).
    static func checkTime(_ label: String?, variable: String) throws(ServiceError) {
        guard let label = label?.trimmed, !label.isEmpty, label != "undefined" else { return }
        guard label == "iso8601" || label == "unixtime" else {
            throw .unknownUnit(.openMeteo, variable: variable, label: label)
        }
    }
}

/// One flat block of values (`current`) with its units block.
struct Reading {
    let values: JSONValue
    let units: JSONValue

    /// The value of the first of `keys` present (or its `_best_match`), converted by its
    /// declared unit.
    ///
    /// - Throws: `ServiceError.unknownUnit` when that unit is not one known for `quantity`.
    func value(_ quantity: DeclaredUnit.Quantity, _ keys: String...) throws(ServiceError) -> Double? {
        for key in keys {
            for name in [key, key + "_best_match"] {
                guard let value = values[name]?.double else { continue }
                return try DeclaredUnit.converter(units[name]?.string, for: quantity, variable: name)(value)
            }
        }
        return nil
    }

    func code(_ keys: String...) throws(ServiceError) -> Int? {
        for key in keys {
            guard let value = try self.value(.code, key) else { continue }
            return value == value.rounded() && abs(value) < 1_000 ? Int(value) : nil
        }
        return nil
    }
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

    init?(_ json: JSONValue, _ name: String, offset: Int) throws(ServiceError) {
        guard let values = json[name], let rawTimes = values["time"]?.array else { return nil }
        self.values = values
        self.units = json[name + "_units"] ?? .null
        try DeclaredUnit.checkTime(units["time"]?.string, variable: "\(name).time")
        self.times = rawTimes.map { OpenMeteoForecastProvider.instant($0, offset: offset) }
    }

    /// The variable `key` (or a legacy alias, or the `_best_match` of several models), with the
    /// conversion its declared unit needs.
    ///
    /// - Throws: `ServiceError.unknownUnit` when the declared unit is not one known for `quantity`.
    func column(_ key: String, _ quantity: DeclaredUnit.Quantity, aliases: [String] = []) throws(ServiceError)
        -> Column
    {
        for name in [key] + aliases + [key + "_best_match"] {
            guard let array = values[name]?.array else { continue }
            let convert = try DeclaredUnit.converter(units[name]?.string, for: quantity, variable: name)
            return Column(values: array, convert: convert)
        }
        return Column(values: [], convert: { $0 })
    }

    /// A time variable (`sunrise`, `sunset`): its values as they came.
    func times(_ key: String) throws(ServiceError) -> Column {
        guard let array = values[key]?.array else { return Column(values: [], convert: { $0 }) }
        try DeclaredUnit.checkTime(units[key]?.string, variable: key)
        return Column(values: array, convert: { $0 })
    }
}
