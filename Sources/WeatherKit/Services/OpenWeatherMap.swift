import FoundationEssentials
import WXBasics

/// Looks up a place by a provider's own city id (OpenWeatherMap `id`, e.g. 2950159 for Berlin).
package protocol CityLookup: Sendable {
    var service: Service { get }

    /// The place with `id`; nil when the provider knows none.
    ///
    /// - Throws: `ServiceError`.
    func place(cityID id: Int, language: String) async throws(ServiceError) -> Place?
}

/// Current weather from OpenWeatherMap (`/data/2.5/weather`), enabled by `OPENWEATHERMAP_API_KEY`;
/// also a geocoder (`geocoder openweathermap`): the same request by name (`q=`) or coordinates
/// answers with the one city OpenWeatherMap matches.
///
/// Asks with `units=metric` (°C, m/s, hPa, m, mm) and the user's language for the description.
/// The key goes in the request only: the cache key and every message leave it out. A forecast is
/// two requests: current conditions (`/data/2.5/weather`, with today's sunrise and sunset) and
/// the free 5-day forecast in 3-hour steps (`/data/2.5/forecast`), whose steps become the
/// forecast's `hourly` entries (`hourStepSeconds` 10,800) and, grouped by the place's local day
/// (`city.timezone`), its days.
package struct OpenWeatherMapProvider: ForecastProvider, CityLookup, Geocoder {
    package let service = Service.openWeatherMap
    let baseURL: String
    let key: String
    let client: ServiceClient

    package init(baseURL: String, key: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.key = key
        self.client = ServiceClient(context: context, secrets: [key])
    }

    /// The request for `items`, and the same URL without the key, which is the cache key.
    func urls(_ items: [(String, String)], language: String, path: String = "/data/2.5/weather") -> (
        url: String, cacheKey: String
    ) {
        let common = items + [("units", "metric"), ("lang", LanguageForms.openWeatherMap(language))]
        let withoutKey = QueryString.url(base: baseURL, path: path, common)
        return (QueryString.url(base: baseURL, path: path, common + [("appid", key)]), withoutKey)
    }

    /// The length of one forecast step, seconds.
    static let stepSeconds = 10_800

    package func forecast(at coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Forecast> {
        let rounded = coordinate.rounded
        let (url, cacheKey) = urls(
            [("lat", DecimalText.shortest(rounded.latitude)), ("lon", DecimalText.shortest(rounded.longitude))],
            language: language)
        let (stepsURL, stepsKey) = urls(
            [("lat", DecimalText.shortest(rounded.latitude)), ("lon", DecimalText.shortest(rounded.longitude))],
            language: language, path: "/data/2.5/forecast")
        return try await client.redacting { () async throws(ServiceError) -> Fetched<Forecast> in
            // Each request is a part of its own: one that fails leaves the other shown, with
            // the failure kept in `missingParts`; only both failing fails the forecast.
            let now = await part { () async throws(ServiceError) -> (Forecast, DataOrigin) in
                let fetched = try await client.answer(
                    ServiceRequest(service: service, url: url, cacheKey: cacheKey, staleFallback: true),
                    read: { json throws(ServiceError) in try Self.forecast(from: json, requested: rounded) },
                    validity: { _, _, now in now.addingTimeInterval(CacheLifetime.openWeatherMapSeconds) })
                return (fetched.value, fetched.origin)
            }
            // A refusal of the request itself (its key, its coordinates, its rate) or a service
            // out of reach would meet the steps request too: it ends here with its reason.
            // Anything else (the endpoint down, a bad answer) leaves the steps to come.
            if case .failure(let error) = now, error.endsTheRequests { throw error }
            let steps = await part { () async throws(ServiceError) -> (JSONValue, DataOrigin) in
                // Checked here as `addSteps` reads it, so that steps it cannot read are not kept.
                let fetched = try await client.answer(
                    ServiceRequest(service: service, url: stepsURL, cacheKey: stepsKey, staleFallback: true),
                    read: { json throws(ServiceError) in
                        try Self.checkSteps(json)
                        try Self.checkStepsPlace(json, requested: rounded)
                        return json
                    },
                    validity: { _, _, now in now.addingTimeInterval(CacheLifetime.openWeatherMapSeconds) })
                return (fetched.value, fetched.origin)
            }
            return try Self.combine(now: now, steps: steps, requested: rounded)
        }
    }

    /// The result of one request and its reading, its failure caught.
    private func part<Value>(
        _ body: () async throws(ServiceError) -> (Value, DataOrigin)
    ) async -> Result<(Value, DataOrigin), ServiceError> {
        // A failure kept as a part's reason is shown: it leaves here without the key.
        do { return .success(try await body()) } catch { return .failure(error.redacted([key])) }
    }

    /// The forecast from the current-weather part and the steps part, whichever came: the
    /// steps added to the current conditions, the steps alone, or the conditions alone with
    /// the other part's failure in `missingParts`.
    ///
    /// - Throws: the first failure when neither part came (steps without any count as none), or
    ///   when the steps failed because the request was cancelled.
    static func combine(
        now: Result<(Forecast, DataOrigin), ServiceError>, steps: Result<(JSONValue, DataOrigin), ServiceError>,
        requested: Coordinate
    ) throws(ServiceError) -> Fetched<Forecast> {
        if case .failure(let error) = steps, case .transport(_, .cancelled) = error { throw error }
        var origins: [DataOrigin] = []
        var forecast: Forecast
        switch now {
        case .success(let (value, origin)):
            forecast = value
            origins.append(origin)
        case .failure(let error):
            guard case .success = steps else { throw error }
            forecast = Forecast(
                coordinate: requested.rounded, zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0),
                source: .openWeatherMap)
            forecast.missingParts.append(MissingForecastPart(.currentConditions, reason: error))
        }
        switch steps {
        case .success(let (json, origin)):
            do {
                try addSteps(from: json, to: &forecast)
                origins.append(origin)
            } catch {
                guard forecast.current != nil else { throw error }
                forecast.missingParts.append(MissingForecastPart(.forecastSteps, reason: error))
            }
        case .failure(let error):
            forecast.missingParts.append(MissingForecastPart(.forecastSteps, reason: error))
        }
        // No current conditions and steps that held none (`cnt: 0`): nothing to show, and the
        // zone a placeholder — the conditions' failure, not an empty page (a new user's finding).
        if forecast.current == nil, forecast.hourly.isEmpty, forecast.daily.isEmpty, case .failure(let error) = now {
            throw error
        }
        return Fetched(value: forecast, origin: DataOrigin.leastFresh(origins))
    }

    /// One request per place: OpenWeatherMap has no multi-place current weather. Once the
    /// service cannot be reached (or refuses the key), the places after are not asked: they
    /// get the same reason, or their saved answer.
    package func forecasts(
        at coordinates: [Coordinate], language: String
    ) async throws(ServiceError) -> Fetched<[Result<Forecast, ServiceError>]> {
        var results: [Result<Forecast, ServiceError>] = []
        var origins: [DataOrigin] = []
        var blocked: ServiceError?
        for coordinate in coordinates {
            if let blocked {
                results.append(.failure(blocked))
                continue
            }
            do {
                let fetched = try await forecast(at: coordinate, language: language)
                results.append(.success(fetched.value))
                origins.append(fetched.origin)
            } catch {
                if case .transport(_, .cancelled) = error { throw error }
                if error.isUnreachable || error == .keyRefused(service) { blocked = error }
                results.append(.failure(error))
            }
        }
        // Not one place: the command fails with the first reason.
        if origins.isEmpty, case .failure(let first)? = results.first { throw first }
        return Fetched(value: results, origin: DataOrigin.leastFresh(origins))
    }

    package func place(cityID id: Int, language: String) async throws(ServiceError) -> Place? {
        try await lookup([("id", String(id))], language: language).value
    }

    /// The place a current-weather request names (`id=`, `q=`, `lat=`/`lon=`); nil on 404.
    ///
    /// - Parameter requested: the coordinates asked (`lat=`/`lon=`): an answer about a place
    ///   farther away is refused (`place(from:requested:)`); nil for a name or an id.
    func lookup(
        _ items: [(String, String)], language: String, requested: Coordinate? = nil
    ) async throws(ServiceError) -> Fetched<Place?> {
        let (url, cacheKey) = urls(items, language: language)
        do {
            return try await client.redacting { () async throws(ServiceError) -> Fetched<Place?> in
                try await client.answer(
                    ServiceRequest(service: service, url: url, cacheKey: cacheKey, staleFallback: true),
                    read: { json throws(ServiceError) in
                        guard let requested else { return try Self.place(from: json) }
                        return try Self.place(from: json, requested: requested)
                    },
                    validity: { _, _, now in now.addingTimeInterval(CacheLifetime.placeSeconds) })
            }
        } catch {
            if case .rejected(_, 404, _) = error { return Fetched(value: nil, origin: .network) }
            throw error
        }
    }

    /// The one city OpenWeatherMap matches to `query` ("London", "London,GB"); none on 404.
    package func search(_ query: String, limit: Int, language: String) async throws(ServiceError) -> Fetched<[Place]> {
        let found = try await lookup([("q", query)], language: language)
        return Fetched(value: found.value.map { [$0] } ?? [], origin: found.origin)
    }

    /// The city OpenWeatherMap reports for `coordinate`.
    package func reverse(_ coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Place?> {
        let rounded = coordinate.rounded
        return try await lookup(
            [("lat", DecimalText.shortest(rounded.latitude)), ("lon", DecimalText.shortest(rounded.longitude))],
            language: language, requested: rounded)
    }

    // MARK: - Mapping (pure, tested on every recorded body)

    /// Maps a `/data/2.5/weather` answer (metric units) to a forecast holding current conditions
    /// and, for today, sunrise and sunset. `cod` may be a number or a string.
    ///
    /// - Throws: `ServiceError.rejected` when `cod` is not 200 (with the service's `message`);
    ///   `.otherPlace` when `coord` lies farther than `AnswerPlace.farthestKilometres` from
    ///   `requested`; `.malformedResponse` when `main` or `dt` is missing.
    /// No air on Earth is 150 °C, and none is 150 K (−123 °C): a temperature above it is kelvin.
    static let lowestKelvinReading = 150.0

    package static func forecast(from json: JSONValue, requested: Coordinate) throws(ServiceError) -> Forecast {
        try checkCode(json)
        // London's reading is not Paris's (`coord` is the place the answer is about).
        try AnswerPlace.check(
            latitude: json["coord"]?["lat"]?.double, longitude: json["coord"]?["lon"]?.double, requested: requested,
            service: .openWeatherMap)
        guard let main = json["main"], let time = json["dt"]?.unixTime else {
            throw .malformedResponse(.openWeatherMap, detail: "no current weather in the answer")
        }
        let offset = json["timezone"]?.int.flatMap { abs($0) <= 18 * 3_600 ? $0 : nil } ?? 0
        let zone = Self.zone(offset: offset, at: [time], near: requested)
        var current = CurrentConditions(time: time)
        // wx asks for units=metric, but an answer in OpenWeatherMap's default unit, kelvin, is
        // known when `units` was lost on the way (a proxy, a cached URL): 282.1 is not °C.
        let inKelvin = (main["temp"]?.double).map { $0 > Self.lowestKelvinReading } ?? false
        let celsius: (Double?) -> Double? = { value in value.map { inKelvin ? DeclaredUnit.clean($0 - 273.15) : $0 } }
        current.temperatureCelsius = celsius(main["temp"]?.double)
        current.apparentTemperatureCelsius = celsius(main["feels_like"]?.double)
        current.relativeHumidityPercent = main["humidity"]?.double
        current.pressureHectopascals = main["sea_level"]?.double ?? main["pressure"]?.double
        current.windSpeedKilometresPerHour = json["wind"]?["speed"]?.double.map { DeclaredUnit.clean($0 * 3.6) }
        current.windGustsKilometresPerHour = json["wind"]?["gust"]?.double.map { DeclaredUnit.clean($0 * 3.6) }
        current.windDirectionDegrees = json["wind"]?["deg"]?.double
        current.cloudCoverPercent = json["clouds"]?["all"]?.double
        current.visibilityMetres = json["visibility"]?.double
        if let amounts = precipitation(rain: json["rain"], snow: json["snow"]) {
            current.precipitationMillimetres = amounts.total
            current.snowfallMillimetres = amounts.snow
            current.precipitationPeriodSeconds = amounts.periodSeconds
        }
        let weather = json["weather"]?.array?.first
        current.condition = condition(json["weather"])
        current.conditionText = weather?["description"]?.nonEmptyString.map(TerminalText.sanitized)
        var forecast = Forecast(coordinate: requested.rounded, zone: zone, current: current, source: .openWeatherMap)
        // The city the answer names, for coordinates the geocoder has no name for (case W-7:
        // "Москва" was in the answer, the heading "55.7522°N 37.6156°E").
        if let named = try? place(from: json), !named.isUnnamed {
            forecast.namedPlace = Place(
                name: named.name, region: named.region, countryCode: named.countryCode, coordinate: requested.rounded,
                displayName: named.displayName)
        }
        let sunrise = json["sys"]?["sunrise"]?.unixTime
        let sunset = json["sys"]?["sunset"]?.unixTime
        // A `sys` without either time is a day without them too (guarded by the latitude).
        let sunMissing = json["sys"]?.object != nil && sunrise == nil && sunset == nil
        if sunrise != nil || sunset != nil || sunMissing {
            var today = DailyForecast(
                date: ZoneClock.fixed(Int(time.timeIntervalSince1970), offset: offset, abbreviation: nil).date)
            // OpenWeatherMap marks a day without sunrise and sunset with both equal, or 0
            // (csparpa/pyowm#109): polar night or midnight sun, told apart by the icon's day or
            // night ("01d", "13n"), else by the latitude and the date.
            let epoch = Date(timeIntervalSince1970: 0)
            if sunrise == sunset || sunrise == epoch || sunset == epoch || sunMissing {
                let icon = weather?["icon"]?.nonEmptyString
                let isDay: Bool? = icon.flatMap { $0.hasSuffix("d") ? true : $0.hasSuffix("n") ? false : nil }
                today.sun = .withoutSunriseOrSunset(
                    daylightSeconds: nil, isDay: isDay, latitude: requested.latitude, date: today.date)
            } else {
                today.sun = .times(sunrise: sunrise, sunset: sunset)
            }
            forecast.daily = [today]
        }
        return forecast
    }

    /// The precipitation of current weather: `rain` and `snow` each with `1h` and/or `3h` (mm),
    /// present only when measured. The last hour when every amount given has it, else the last
    /// 3 hours when every amount has that; with one amount for an hour and the other for 3
    /// hours, each as given, over the longer period.
    ///
    /// - Returns: rain and snow summed, the snow, and the period in seconds; nil when neither is given.
    static func precipitation(rain: JSONValue?, snow: JSONValue?) -> (total: Double, snow: Double?, periodSeconds: Int)?
    {
        let kinds = [rain, snow].map { amounts in
            (hour: amounts?["1h"]?.double, threeHours: amounts?["3h"]?.double)
        }
        let given = kinds.filter { $0.hour != nil || $0.threeHours != nil }
        guard !given.isEmpty else { return nil }
        let period: Int
        let amounts: [Double?]
        if given.allSatisfy({ $0.hour != nil }) {
            (period, amounts) = (3_600, kinds.map(\.hour))
        } else if given.allSatisfy({ $0.threeHours != nil }) {
            (period, amounts) = (10_800, kinds.map(\.threeHours))
        } else {
            (period, amounts) = (10_800, kinds.map { $0.threeHours ?? $0.hour })
        }
        return (DeclaredUnit.clean(amounts.compactMap { $0 }.reduce(0, +)), amounts[1], period)
    }

    /// The place's zone. OpenWeatherMap gives one fixed offset (`timezone`, seconds east of UTC)
    /// and no zone name: the tz database's zone nearest to `coordinate` (`NearestZone`) is taken
    /// when its offset at one of `instants` (the answer's time) is that offset, so that steps after
    /// a change of daylight saving time in the 5 days read right and the hour repeated at its end
    /// is told apart; else the fixed offset alone, as before.
    static func zone(offset: Int, at instants: [Date], near coordinate: Coordinate) -> ZoneInfo {
        let fixed = ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: offset)
        guard let identifier = NearestZone.identifier(latitude: coordinate.latitude, longitude: coordinate.longitude)
        else { return fixed }
        let agrees = instants.contains { instant in
            let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
            return TimeZoneDatabase.shared.localTime(seconds, in: identifier)?.utcOffsetSeconds == offset
        }
        return agrees ? ZoneInfo(identifier: identifier, abbreviation: nil, utcOffsetSeconds: offset) : fixed
    }

    /// Adds a `/data/2.5/forecast` answer (40 steps of 3 hours, `list[].dt` in Unix seconds) to
    /// `forecast`: each step an `hourly` entry at `dt` whose instants (temperature, wind, clouds)
    /// are `dt`'s and whose precipitation (`rain.3h` + `snow.3h`, 0 when neither is given) and
    /// `pop` (0…1, as %) cover the 3 hours *before* `dt` (openweathermap.org/forecast5: "rain.3h:
    /// Rain volume for last 3 hours"), and days built from the steps in the place's local time
    /// (`city.timezone`, seconds east of UTC, or the zone it names: `zone(offset:at:near:)`, which
    /// becomes the forecast's zone — the current conditions' offset only when the steps give
    /// none, since a current reading may be another moment's): low and high of the temperatures of the steps
    /// on the day, wind and the condition (the most severe, highest WMO code) of those steps too;
    /// precipitation summed and probability the highest over the steps whose covered interval
    /// ends within the day (one ending at 00:00 is the day before's: `coveredDay`), as the
    /// README's days take the hours ending within them. Today keeps its sunrise and sunset.
    ///
    /// - Throws: the service's error for a `cod` other than 200; `.malformedResponse` without `list`,
    ///   or naming the step whose `dt` is not after the one before (`SeriesOrder`).
    package static func addSteps(from json: JSONValue, to forecast: inout Forecast) throws(ServiceError) {
        try checkSteps(json)
        guard let list = json["list"]?.array else { return }
        // The steps' own offset: the current-weather answer's may be another moment's (a
        // reading kept from another season: London's of April 2020 in BST beside steps of
        // March 2025 in GMT).
        let told = json["city"]?["timezone"]?.int.flatMap { abs($0) <= 18 * 3_600 ? $0 : nil }
        let offset = told ?? forecast.zone.utcOffsetSeconds
        let inKelvin = list.first?["main"]?["temp"]?.double.map { $0 > lowestKelvinReading } ?? false
        let celsius: (Double?) -> Double? = { value in value.map { inKelvin ? DeclaredUnit.clean($0 - 273.15) : $0 } }
        var hours: [HourlyForecast] = []
        for item in list {
            guard let time = item["dt"]?.unixTime, let main = item["main"] else { continue }
            var hour = HourlyForecast(time: time)
            hour.temperatureCelsius = celsius(main["temp"]?.double)
            hour.apparentTemperatureCelsius = celsius(main["feels_like"]?.double)
            hour.relativeHumidityPercent = main["humidity"]?.double
            hour.pressureHectopascals = main["sea_level"]?.double ?? main["pressure"]?.double
            hour.precipitationProbabilityPercent = item["pop"]?.double.map { DeclaredUnit.clean($0 * 100) }
            let rain = item["rain"]?["3h"]?.double
            let snow = item["snow"]?["3h"]?.double
            hour.precipitationMillimetres = DeclaredUnit.clean((rain ?? 0) + (snow ?? 0))
            hour.condition = condition(item["weather"])
            hour.windSpeedKilometresPerHour = item["wind"]?["speed"]?.double.map { DeclaredUnit.clean($0 * 3.6) }
            hour.windGustsKilometresPerHour = item["wind"]?["gust"]?.double.map { DeclaredUnit.clean($0 * 3.6) }
            hour.windDirectionDegrees = item["wind"]?["deg"]?.double
            hour.cloudCoverPercent = item["clouds"]?["all"]?.double
            hour.visibilityMetres = item["visibility"]?.double
            hours.append(hour)
        }
        forecast.hourly = hours
        forecast.hourStepSeconds = stepSeconds
        if forecast.current == nil || (told != nil && !hours.isEmpty) {
            // The forecast's zone is the steps' own (`city.timezone`), checked at their times —
            // the answer has no time of its own: it was made within the step before the first —
            // not the current-weather answer's, so the steps' times and days are read at the
            // offset the forecast answer gives them. An answer without steps (`cnt` 0, its city
            // a blank "timezone": 0) has nothing to read at it: the reading keeps its own.
            let first = hours.first.map { [$0.time.addingTimeInterval(-Double(stepSeconds)), $0.time] } ?? []
            forecast.zone = zone(offset: offset, at: first + hours.map(\.time), near: forecast.coordinate)
        }
        // Days by the named zone's clock; under a fixed offset, by the steps' own `timezone`.
        let clock = ZoneClock(
            forecast.zone.identifier != nil
                ? forecast.zone : ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: offset))
        let today = forecast.daily.first
        var days: [DailyForecast] = []
        var dayIndex: [LocalDate: Int] = [:]
        func index(of date: LocalDate) -> Int {
            if let found = dayIndex[date] { return found }
            var day = DailyForecast(date: date)
            if let today, today.date == date {
                day.sunrise = today.sunrise
                day.sunset = today.sunset
                // Polar night or midnight sun, which the times alone do not say.
                day.sun = today.sun
            }
            days.append(day)
            dayIndex[date] = days.count - 1
            return days.count - 1
        }
        func most(_ a: Double?, _ b: Double?) -> Double? { [a, b].compactMap { $0 }.max() }
        func least(_ a: Double?, _ b: Double?) -> Double? { [a, b].compactMap { $0 }.min() }
        for hour in hours {
            // The amount and its chance are the 3 hours before `dt`: the day that interval ends in.
            let covered = index(of: coveredDay(hour.time, clock: clock))
            if let amount = hour.precipitationMillimetres {
                days[covered].precipitationSumMillimetres = DeclaredUnit.clean(
                    (days[covered].precipitationSumMillimetres ?? 0) + amount)
            }
            days[covered].precipitationProbabilityMaxPercent = most(
                days[covered].precipitationProbabilityMaxPercent, hour.precipitationProbabilityPercent)
            let at = index(of: clock.localTime(hour.time).date)
            var day = days[at]
            day.temperatureMaxCelsius = most(day.temperatureMaxCelsius, hour.temperatureCelsius)
            day.temperatureMinCelsius = least(day.temperatureMinCelsius, hour.temperatureCelsius)
            day.windSpeedMaxKilometresPerHour = most(day.windSpeedMaxKilometresPerHour, hour.windSpeedKilometresPerHour)
            day.windGustsMaxKilometresPerHour = most(day.windGustsMaxKilometresPerHour, hour.windGustsKilometresPerHour)
            // The day's condition is its worst hour's (the highest code).
            if let code = hour.weatherCode {
                day.condition = .code(max(day.weatherCode ?? code, code))
            } else if day.condition == nil {
                day.condition = hour.condition
            }
            days[at] = day
        }
        // A day whose steps do not fill it (the first and the last) is marked as partial.
        var stepsPerDay: [LocalDate: Int] = [:]
        for hour in hours {
            let date = clock.localTime(hour.time).date
            stepsPerDay[date, default: 0] += 1
        }
        for index in days.indices where (stepsPerDay[days[index].date] ?? 0) * stepSeconds < 86_400 {
            days[index].isPartial = true
        }
        // Today from current conditions alone (sunrise, sunset) when the steps start tomorrow;
        // in date order, also when the current reading is later than the steps.
        if let today, !days.contains(where: { $0.date == today.date }) { days.append(today) }
        forecast.daily = days.sorted { $0.date < $1.date }
    }

    /// The local day a step's amount and chance belong to: the day its covered interval (the 3
    /// hours before `end`) ends in, so a step at 00:00 is the day before's.
    package static func coveredDay(_ end: Date, clock: ZoneClock) -> LocalDate {
        clock.localTime(end.addingTimeInterval(-1)).date
    }

    /// Maps the answer of a lookup by coordinates (reverse geocoding) to a place, refusing one
    /// about another place: the answer's `coord` — the coordinates asked, as OpenWeatherMap's
    /// current weather echoes them, where its Geocoding API's reverse lookup gives each place's
    /// own `lat`/`lon` — is checked against `requested` by the one rule every answer that carries
    /// coordinates is (`AnswerPlace.check`, 100 km); an answer without them is not judged by them.
    ///
    /// - Throws: as `place(from:)`; `.otherPlace` when `coord` lies farther than
    ///   `AnswerPlace.farthestKilometres` from `requested`.
    package static func place(from json: JSONValue, requested: Coordinate) throws(ServiceError) -> Place? {
        try checkCode(json)
        try AnswerPlace.check(
            latitude: json["coord"]?["lat"]?.double, longitude: json["coord"]?["lon"]?.double, requested: requested,
            service: .openWeatherMap)
        return try place(from: json)
    }

    /// Maps an answer looked up by city id to a place (name, country, coordinates).
    package static func place(from json: JSONValue) throws(ServiceError) -> Place? {
        try checkCode(json)
        guard let latitude = json["coord"]?["lat"]?.double, let longitude = json["coord"]?["lon"]?.double else {
            return nil
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else { return nil }
        let country = json["sys"]?["country"]?.nonEmptyString.map(TerminalText.sanitized)
        // At sea OpenWeatherMap answers with an empty name: the coordinates name the place.
        guard let name = json["name"]?.nonEmptyString.map(TerminalText.sanitized) else {
            return .unnamed(at: coordinate)
        }
        return Place(
            name: name, region: country ?? "", countryCode: country?.lowercased(), coordinate: coordinate,
            displayName: [name, country].compactMap { $0 }.joined(separator: ", "))
    }

    /// The condition of a `weather` array: the WMO code nearest its first entry's `id`, unknown
    /// when that id is missing or not one OpenWeatherMap documents; nil without `weather`.
    static func condition(_ weather: JSONValue?) -> Condition? {
        guard let weather, weather != .null else { return nil }
        return weather.array?.first?["id"]?.int.flatMap(wmoCode).map(Condition.code) ?? .unknown
    }
}
