import FoundationEssentials
import WXBasics

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

    /// `current=` variables.
    static let currentVariables: [OpenMeteoVariable] = [
        .temperature, .apparentTemperature, .relativeHumidity, .dewPoint, .weatherCode, .precipitation, .pressure,
        .cloudCover, .visibility, .uvIndex, .windSpeed, .windDirection, .windGusts, .isDay,
    ]
    /// `hourly=` variables.
    static let hourlyVariables: [OpenMeteoVariable] = [
        .temperature, .apparentTemperature, .relativeHumidity, .dewPoint, .precipitationProbability, .precipitation,
        .weatherCode, .pressure, .cloudCover, .visibility, .uvIndex, .windSpeed, .windDirection, .windGusts, .isDay,
    ]
    /// `daily=` variables.
    static let dailyVariables: [OpenMeteoVariable] = [
        .weatherCode, .temperatureMax, .temperatureMin, .precipitationSum, .precipitationProbabilityMax, .sunrise,
        .sunset, .daylightDuration, .windSpeedMax, .windGustsMax, .windDirectionDominant, .uvIndexMax,
    ]

    /// What of an answer the mapping (`forecast(from:requested:)`, `validUntil`) reads from its
    /// blocks: their times, the variables above under each of their names and `_best_match`,
    /// the current block's `interval` and older `temperature`; each units block as its block.
    /// A server may answer more than was asked (the recorded answers in Fixtures/ carry up to
    /// 42 hourly variables); the rest is checked as JSON but not built (4.6 M → … instructions
    /// of a `find` + `show`). Top-level members and the legacy `current_weather` are kept whole.
    static let selection: JSONSelection = {
        // A loop into one set: the nested flatMaps made five small arrays a variable (0.26 M
        // instructions at the first forecast of a process, issue 39).
        func names(_ variables: [OpenMeteoVariable], _ others: [String]) -> Set<String> {
            var names = Set<String>(minimumCapacity: others.count + variables.count * 4)
            for other in others { names.insert(other) }
            for variable in variables {
                names.insert(variable.name)
                names.insert(variable.name + "_best_match")
                for alias in variable.aliases {
                    names.insert(alias)
                    names.insert(alias + "_best_match")
                }
            }
            return names
        }
        let current = names(currentVariables, ["time", "interval", "temperature", "temperature_best_match"])
        let hourly = names(hourlyVariables, ["time"])
        let daily = names(dailyVariables, ["time"])
        let quarterHours = names([.precipitation], ["time"])
        return JSONSelection([
            "current": current, "current_units": current, "hourly": hourly, "hourly_units": hourly, "daily": daily,
            "daily_units": daily, "minutely_15": quarterHours, "minutely_15_units": quarterHours,
        ])
    }()

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    /// The request URL for `coordinates` (one or several places).
    package func url(for coordinates: [Coordinate]) -> String {
        let latitudes = coordinates.map { DecimalText.shortest($0.rounded.latitude) }
        let longitudes = coordinates.map { DecimalText.shortest($0.rounded.longitude) }
        return QueryString.url(
            base: baseURL, path: "/v1/forecast",
            [
                ("latitude", latitudes.joinedText(separator: ",")),
                ("longitude", longitudes.joinedText(separator: ",")),
                ("current", OpenMeteoVariable.list(Self.currentVariables)),
                ("hourly", OpenMeteoVariable.list(Self.hourlyVariables)),
                ("daily", OpenMeteoVariable.list(Self.dailyVariables)),
                ("minutely_15", OpenMeteoVariable.precipitation.name), ("forecast_minutely_15", "24"),
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
            let fetched = try await client.answer(
                ServiceRequest(
                    service: service, url: url, cacheKey: url, staleFallback: true, selection: Self.selection),
                read: { json throws(ServiceError) in try Self.forecasts(from: json, requested: coordinates) },
                validity: { json, _, now in Self.validUntil(json, now: now) })
            return Fetched(value: fetched.value.map { .success($0) }, origin: fetched.origin)
        }
        let keys = coordinates.map { url(for: [$0]) }
        let saved = keys.map { client.cached($0, selecting: Self.selection) }
        var answers: [JSONValue?] = saved.map { $0?.fresh == true ? $0!.answer.value : nil }
        var origins: [DataOrigin] = saved.map { $0?.fresh == true ? $0!.answer.origin : .network }
        var failures: [Int: ServiceError] = [:]
        // The saved answers to stand in for places whose request failed, and why (nil: offline).
        var standIns: [Int: (entry: (answer: Fetched<JSONValue>, stored: Date, fresh: Bool), reason: ServiceError?)] =
            [:]
        let missing = answers.indices.filter { answers[$0] == nil }
        if !missing.isEmpty {
            do throws(ServiceError) {
                let wanted = missing.map { coordinates[$0] }
                // Element by element: one place the service could not answer (a bare `nan`,
                // an error object) leaves the others readable.
                let items = try await client.jsonElements(
                    ServiceRequest(
                        service: service, url: url(for: wanted), cacheKey: nil, staleFallback: false,
                        selection: Self.selection))
                if items.count != wanted.count { try Self.readAsOneAnswer(items, for: wanted) }
                guard items.count == wanted.count else {
                    throw ServiceError.malformedResponse(
                        service, detail: Self.countMismatch(items.count, asked: wanted.count))
                }
                for (index, item) in zip(missing, items) {
                    do throws(ServiceError) {
                        let value = try item.get()
                        _ = try Self.forecast(from: value, requested: coordinates[index])
                        answers[index] = value
                        if let until = Self.validUntil(value, now: client.context.now()) {
                            client.store(value, for: keys[index], validUntil: until)
                        }
                    } catch {
                        // A place's part that cannot be used is a failed request for that
                        // place: its saved answer stands in, as `show`'s does.
                        failures[index] = error
                        if error.letsSavedDataStandIn, let entry = saved[index] {
                            standIns[index] = (entry, error)
                        }
                    }
                }
            } catch {
                // The service cannot be reached, or its answer cannot be used: saved answers,
                // however old, stand in; a place with none has only the reason.
                let offline = client.context.offline
                let reason = offline ? ServiceClient.offlineError(service) : error
                let nothingToShow = missing.count == coordinates.count && missing.allSatisfy { saved[$0] == nil }
                guard offline || error.letsSavedDataStandIn, !nothingToShow else { throw reason }
                for index in missing {
                    failures[index] = reason
                    if let entry = saved[index] { standIns[index] = (entry, offline ? nil : error) }
                }
            }
        }
        // A saved answer stands in only when it reads; else the place keeps the request's reason.
        for (index, standIn) in standIns {
            guard (try? Self.forecast(from: standIn.entry.answer.value, requested: coordinates[index])) != nil else {
                continue
            }
            answers[index] = standIn.entry.answer.value
            origins[index] = .stale(stored: standIn.entry.stored, reason: standIn.reason)
            failures[index] = nil
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
    ///
    /// Nil — not kept — for an answer with no forecast in it (`[]`, `{}`, a current block whose
    /// time cannot be read and no hours or days): wx says "try again later", and the next try
    /// must ask the service again rather than replay the same answer from the cache.
    static func validUntil(_ json: JSONValue, now: Date) -> Date? {
        guard let first = json.array == nil ? json : json.array?.first else { return nil }
        let offset = first["utc_offset_seconds"]?.int ?? 0
        if let current = first["current"],
            let time = current["time"].flatMap({ OpenMeteoAnswer.instant($0, offset: offset) })
        {
            let interval = Double(current["interval"]?.int ?? 900)
            return time.addingTimeInterval(interval > 0 ? interval : 900)
        }
        let blocks = ["current_weather", "hourly", "daily", "minutely_15"]
        guard blocks.contains(where: { first[$0]?.object != nil }) else { return nil }
        return now.addingTimeInterval(900)
    }

    // MARK: - Mapping (pure, tested on every recorded body)

    /// An answer for several places that is not a list of them — nothing (`[]`), or one thing
    /// (`{}`, `"garbage"`, `{"error":true,…}`) — is the service's failure for all of them, and
    /// throws what `show` would say of it for one place ("no forecast in the answer", "no current
    /// conditions, hours or days in the answer", the service's reason), not "1 forecast for 2
    /// places asked" (a garbage answer read as a count). Returns when the one thing reads as a
    /// forecast (or an answer about another place): then its count is what is wrong.
    static func readAsOneAnswer(_ items: [Result<JSONValue, ServiceError>], for wanted: [Coordinate])
        throws(ServiceError)
    {
        guard let first = items.first, let place = wanted.first else {
            throw .malformedResponse(.openMeteo, detail: "no forecast in the answer")
        }
        guard items.count == 1, case .success(let only) = first, only.array == nil else { return }
        do throws(ServiceError) {
            _ = try Self.forecast(from: only, requested: place)
        } catch {
            if case .otherPlace = error { return }
            throw error
        }
    }

    /// "1 forecast for 2 places asked": an answer with another count of elements than places asked.
    static func countMismatch(_ answered: Int, asked: Int) -> String {
        "\(Counting.count(answered, "forecast")) for \(Counting.count(asked, "place")) asked"
    }

    /// Maps an answer for `requested` places: an object for one, an array for several.
    ///
    /// - Throws: `ServiceError.rejected` with the service's `reason` for `{"error":true}`;
    ///   `.malformedResponse` for a shape that is not a forecast or a count that does not match.
    package static func forecasts(from json: JSONValue, requested: [Coordinate]) throws(ServiceError) -> [Forecast] {
        let items = json.array ?? [json]
        guard !items.isEmpty else { throw .malformedResponse(.openMeteo, detail: "no forecast in the answer") }
        guard items.count == requested.count else {
            throw .malformedResponse(.openMeteo, detail: countMismatch(items.count, asked: requested.count))
        }
        var result: [Forecast] = []
        for (item, coordinate) in zip(items, requested) {
            result.append(try forecast(from: item, requested: coordinate))
        }
        return result
    }

    /// Maps one forecast object. Any value may be null or missing; such readings stay nil. A
    /// condition is unknown where `weather_code` is null, and nil where its block has none. An
    /// answer in GMT (`ZoneInfo.isUTC`) is read in GMT, then given the place's own zone from the
    /// tz database (`Forecast.takePlacesZone`), its days marked as UTC's (`Forecast.daysAreUTC`).
    ///
    /// A variable declared in a unit wx does not know is left blank, the rest read
    /// (`Forecast.unknownUnits` names it; case OM-1's rule).
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`; `.otherPlace` for an
    ///   answer about another place (`OpenMeteoAnswer.checkAnswer`); `.malformedResponse`
    ///   when the body is not an object, or when a value is outside what its kind can be
    ///   (`PhysicalRange.check(_:service:)`, naming the field).
    package static func forecast(from json: JSONValue, requested: Coordinate) throws(ServiceError) -> Forecast {
        guard json.object != nil else { throw .malformedResponse(.openMeteo, detail: "expected a forecast object") }
        try OpenMeteoAnswer.checkAnswer(json, requested: requested, service: .openMeteo)
        let zone = OpenMeteoAnswer.zone(json)
        var forecast = Forecast(
            coordinate: requested.rounded, zone: zone, elevationMetres: json["elevation"]?.double, source: .openMeteo)
        // A variable in a unit wx does not know is left blank and said, not the whole answer
        // refused (case OM-1's rule): the rest of it is as good as it was.
        let unknown = UnknownUnits()
        forecast.current = try current(from: json, offset: zone.utcOffsetSeconds, unknownUnits: unknown)
        forecast.hourly = try OpenMeteoAnswer.hours(from: json, offset: zone.utcOffsetSeconds, unknownUnits: unknown)
        forecast.uncarried = OpenMeteoAnswer.uncarried(json)
        forecast.daily = try daily(
            from: json, offset: zone.utcOffsetSeconds, latitude: requested.latitude, current: forecast.current,
            unknownUnits: unknown)
        if let block = try Block(json, "minutely_15", offset: zone.utcOffsetSeconds, unknownUnits: unknown) {
            let precipitation = try block.column(.precipitation)
            forecast.quarterHours = block.times.indices.compactMap { index in
                block.times[index].map {
                    QuarterHourPrecipitation(time: $0, precipitationMillimetres: precipitation[index])
                }
            }
        }
        // `{}`, `{"error":false}` or a current block whose time cannot be read: nothing to show,
        // which `show` must not present as a forecast (trial 16: it printed a heading and exit 0).
        guard
            forecast.current != nil || !forecast.hourly.isEmpty || !forecast.daily.isEmpty
                || !forecast.quarterHours.isEmpty
        else {
            throw .malformedResponse(.openMeteo, detail: "no current conditions, hours or days in the answer")
        }
        forecast.unknownUnits = unknown.found
        // An answer in GMT about a place whose clock is not UTC's (case OM-11): its instants
        // are shown on the place's own clock, and its days are said to be UTC's.
        forecast.answeredInUTC = zone.isUTC
        // Read as UTC's because it could not be read: said so, not "answered in GMT".
        if zone.isUTC { forecast.unreadableZone = OpenMeteoAnswer.unreadableZone(json) }
        forecast.takePlacesZone(countryCode: nil)
        // Impossible values (1e308, −500 °C, negative rain) refuse the whole answer.
        try PhysicalRange.check(forecast, service: .openMeteo)
        return forecast
    }

    /// The current conditions (`current`, else the legacy `current_weather`); a variable in a
    /// unit wx does not know is nil, noted in `unknownUnits` (without it, it refuses the answer).
    static func current(
        from json: JSONValue, offset: Int, unknownUnits: UnknownUnits? = nil
    ) throws(ServiceError) -> CurrentConditions? {
        if let block = json["current"],
            let time = block["time"].flatMap({ OpenMeteoAnswer.instant($0, offset: offset) })
        {
            let units = json["current_units"] ?? .null
            try DeclaredUnit.checkTime(units["time"]?.string, variable: "current.time")
            let reading = Reading(values: block, units: units, unknownUnits: unknownUnits)
            var current = CurrentConditions(time: time)
            current.temperatureCelsius = try reading.value(OpenMeteoVariable.temperature)
            if current.temperatureCelsius == nil {
                // The name in answers older than `temperature_2m`.
                current.temperatureCelsius = try reading.value(.temperature, "temperature")
            }
            current.apparentTemperatureCelsius = try reading.value(OpenMeteoVariable.apparentTemperature)
            current.relativeHumidityPercent = try reading.value(OpenMeteoVariable.relativeHumidity)
            current.dewPointCelsius = try reading.value(OpenMeteoVariable.dewPoint)
            current.condition = try reading.condition(OpenMeteoVariable.weatherCode)
            current.precipitationMillimetres = try reading.value(OpenMeteoVariable.precipitation)
            current.pressureHectopascals = try reading.value(OpenMeteoVariable.pressure)
            current.cloudCoverPercent = try reading.value(OpenMeteoVariable.cloudCover)
            current.visibilityMetres = try reading.value(OpenMeteoVariable.visibility)
            current.uvIndex = try reading.value(OpenMeteoVariable.uvIndex)
            current.windSpeedKilometresPerHour = try reading.value(OpenMeteoVariable.windSpeed)
            current.windGustsKilometresPerHour = try reading.value(OpenMeteoVariable.windGusts)
            current.windDirectionDegrees = try reading.value(OpenMeteoVariable.windDirection)
            current.isDay = block[firstOf: [OpenMeteoVariable.isDay.name]]?.bool
            return current
        }
        // The legacy block (`current_weather=true`): temperature, windspeed, winddirection, weathercode.
        if let block = json["current_weather"],
            let time = block["time"].flatMap({ OpenMeteoAnswer.instant($0, offset: offset) })
        {
            let units = json["current_weather_units"] ?? .null
            let reading = Reading(values: block, units: units, unknownUnits: unknownUnits, block: "current_weather")
            var current = CurrentConditions(time: time)
            current.temperatureCelsius = try reading.value(.temperature, "temperature")
            current.windSpeedKilometresPerHour = try reading.value(.speed, "windspeed", "wind_speed")
            current.windDirectionDegrees = try reading.value(.direction, "winddirection", "wind_direction")
            current.condition = try reading.condition(["weathercode", "weather_code"])
            current.isDay = block["is_day"]?.bool
            return current
        }
        return nil
    }

    /// The days of the answer. A day Open-Meteo marks as without sunrise and sunset — sunrise
    /// equal to sunset (both at local midnight, or in older answers at 1970-01-01T00:00),
    /// sunrise at the day's start and sunset at the next day's (the newer form), a daylight of
    /// 0 s or 86,400 s, or both times null (`OpenMeteoAnswer.marksNoSunriseOrSunset`) — is
    /// polar night or midnight sun, told apart by its daylight duration, else by `is_day` of
    /// the current conditions when they fall on that day, else by `latitude` and the date. A
    /// variable in a unit wx does not know is blank, noted in `unknownUnits` (without it, it
    /// refuses the answer).
    static func daily(
        from json: JSONValue, offset: Int, latitude: Double = 0, current: CurrentConditions? = nil,
        unknownUnits: UnknownUnits? = nil
    ) throws(ServiceError) -> [DailyForecast] {
        guard let block = try Block(json, "daily", offset: offset, unknownUnits: unknownUnits) else { return [] }
        let rawTimes = block.values["time"]?.array ?? []
        let code = try block.column(.weatherCode)
        let maximum = try block.column(.temperatureMax)
        let minimum = try block.column(.temperatureMin)
        let precipitation = try block.column(.precipitationSum)
        let probability = try block.column(.precipitationProbabilityMax)
        let sunrise = try block.times(OpenMeteoVariable.sunrise.name)
        let sunset = try block.times(OpenMeteoVariable.sunset.name)
        let daylight = try block.column(.daylightDuration)
        let windSpeed = try block.column(.windSpeedMax)
        let windGusts = try block.column(.windGustsMax)
        let windDirection = try block.column(.windDirectionDominant)
        let uvIndex = try block.column(.uvIndexMax)
        let currentDate = current.map {
            ZoneClock.fixed(Int($0.time.timeIntervalSince1970), offset: offset, abbreviation: nil).date
        }
        return rawTimes.indices.compactMap { i in
            guard let date = OpenMeteoAnswer.day(rawTimes[i], offset: offset) else { return nil }
            var day = DailyForecast(date: date)
            day.condition = code.condition(i)
            day.temperatureMaxCelsius = maximum[i]
            day.temperatureMinCelsius = minimum[i]
            day.precipitationSumMillimetres = precipitation[i]
            day.precipitationProbabilityMaxPercent = probability[i]
            day.daylightDurationSeconds = daylight[i]
            let rise = sunrise.raw(i).flatMap { OpenMeteoAnswer.instant($0, offset: offset) }
            let set = sunset.raw(i).flatMap { OpenMeteoAnswer.instant($0, offset: offset) }
            let placeholder = [rise, set].contains {
                $0.map { OpenMeteoAnswer.isEpochPlaceholder($0, offset: offset) } ?? false
            }
            let asked = !sunrise.values.isEmpty || !sunset.values.isEmpty
            if (rise != nil && rise == set) || placeholder
                || OpenMeteoAnswer.marksNoSunriseOrSunset(
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
}
