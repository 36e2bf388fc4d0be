import FoundationEssentials
import WXBasics

/// Several deterministic models' days side by side from Open-Meteo's forecast API
/// (`/v1/forecast` on `WX_OPEN_METEO_URL`) in **one** request: `models=ecmwf_ifs025,gfs_seamless,…`
/// makes every daily key come back once per model, with the model as a suffix
/// (`temperature_2m_max_icon_seamless`), as in the recorded
/// Fixtures/open-meteo-forecast/berlin-gmt-two-models-suffixed-keys.json.
///
/// The answer is cached for an hour per place (the models update every 1 to 6 hours); Open-Meteo
/// counts the request about once per model.
package struct OpenMeteoModelsProvider: ModelComparisonProvider {
    package let service = Service.openMeteo
    let baseURL: String
    let client: ServiceClient

    /// The models compared, in the order shown.
    package static let models: [ForecastModel] = [.ecmwfIFS025, .gfsSeamless, .iconSeamless, .gemSeamless]
    /// `daily=` variables.
    static let dailyVariables = ["weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum"]
    /// Days asked for: the most `models` shows.
    package static let forecastDays = 10
    /// How long an answer is kept, seconds.
    static let validitySeconds = 3_600.0

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    /// The request for `coordinate`.
    package func url(at coordinate: Coordinate) -> String {
        let rounded = coordinate.rounded
        return QueryString.url(
            base: baseURL, path: "/v1/forecast",
            [
                ("latitude", DecimalText.shortest(rounded.latitude)),
                ("longitude", DecimalText.shortest(rounded.longitude)),
                ("daily", Self.dailyVariables.joined(separator: ",")),
                ("models", Self.models.map(\.rawValue).joined(separator: ",")),
                ("forecast_days", String(Self.forecastDays)), ("timezone", "auto"), ("timeformat", "unixtime"),
            ])
    }

    /// The models' days at `coordinate`: one request, none while the cached answer is current.
    ///
    /// - Throws: `ServiceError` (`.rejected` with the service's reason, `.malformedResponse`).
    package func comparison(at coordinate: Coordinate) async throws(ServiceError) -> Fetched<ModelComparison> {
        let url = url(at: coordinate)
        return try await client.answer(
            ServiceRequest(service: service, url: url, cacheKey: url, staleFallback: true, storedOnlyWithValues: true),
            read: { json throws(ServiceError) in
                try Self.comparison(from: json, requested: coordinate, models: Self.models)
            },
            validity: { _, _, now in now.addingTimeInterval(Self.validitySeconds) })
    }

    /// Maps an answer with `models`' suffixed daily keys. A model without any value is listed in
    /// `modelsWithoutValues`; its cells stay empty.
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,…}`; `.otherPlace` for an answer about
    ///   another place; `.malformedResponse` without a `daily` block, or when a model's value is outside `PhysicalRange` (naming the suffixed
    ///   variable: the whole answer is refused). A variable in a unit wx does not know is blank,
    ///   named in `unknownUnits` (case OM-1's rule).
    package static func comparison(
        from json: JSONValue, requested: Coordinate, models: [ForecastModel]
    ) throws(ServiceError) -> ModelComparison {
        let unknown = UnknownUnits()
        let (zone, block) = try OpenMeteoAnswer.zoneAndBlock(
            json, "daily", requested: requested, service: .openMeteo, unknownUnits: unknown)
        let rawTimes = block.values["time"]?.array ?? []
        struct Columns {
            var code, maximum, minimum, precipitation: Column
        }
        var columns: [Columns] = []
        for model in models {
            let suffix = "_" + model.rawValue
            let model = Columns(
                code: try block.column("weather_code" + suffix, .code),
                maximum: try block.column("temperature_2m_max" + suffix, .temperature),
                minimum: try block.column("temperature_2m_min" + suffix, .temperature),
                precipitation: try block.column("precipitation_sum" + suffix, .precipitation))
            for (name, column, quantity) in [
                ("temperature_2m_max", model.maximum, DeclaredUnit.Quantity.temperature),
                ("temperature_2m_min", model.minimum, .temperature),
                ("precipitation_sum", model.precipitation, .precipitation),
            ] {
                try PhysicalRange.check(
                    rawTimes.indices.lazy.map { column[$0] }, variable: name + suffix, quantity: quantity,
                    service: .openMeteo)
            }
            columns.append(model)
        }
        let days: [ModelDay] = rawTimes.indices.compactMap { i in
            guard let date = OpenMeteoAnswer.day(rawTimes[i], offset: zone.utcOffsetSeconds) else {
                return nil
            }
            return ModelDay(
                date: date,
                values: columns.map {
                    ModelDayValues(
                        temperatureMaxCelsius: $0.maximum[i], temperatureMinCelsius: $0.minimum[i],
                        precipitationSumMillimetres: $0.precipitation[i], weatherCode: $0.code.code(i))
                })
        }
        let without = models.indices.filter { index in days.allSatisfy { $0.values[index].isEmpty } }.map {
            models[$0]
        }
        return ModelComparison(
            coordinate: requested.rounded, zone: zone, models: models, days: days, modelsWithoutValues: without,
            unknownUnits: unknown.found)
    }
}
