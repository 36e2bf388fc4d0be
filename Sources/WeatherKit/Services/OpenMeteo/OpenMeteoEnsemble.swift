import FoundationEssentials
import WXBasics

/// Every member of an ensemble model from Open-Meteo's Ensemble API (`/v1/ensemble`, host
/// `WX_OPEN_METEO_ENSEMBLE_URL`, documented at open-meteo.com/en/docs/ensemble-api).
///
/// One request per place asks for the hourly variables of every ensemble view at once
/// (`EnsembleVariable`: temperature, precipitation, wind speed, gusts, snowfall, cloud cover) of
/// one model (`models=ecmwf_ifs025`) for `forecastDays` days, with `timezone=auto` and
/// `timeformat=unixtime`. The answer has the forecast's shape; within `hourly`, the control run
/// is `temperature_2m` and the members are `temperature_2m_member01` … `_member50`.
///
/// Open-Meteo counts such a request against its free limits about once per member per variable
/// (6 variables × 51 members ≈ 300 plain requests), so the answer is cached per place until the
/// model's next run (`EnsembleModel.nextRun`), and every ensemble view (`confidence`, `best`,
/// `chance`, `plume`, the band in `hourly`, `watch --rain`) reads the same cached answer: one
/// request per place per model run, whichever view asks first.
package struct OpenMeteoEnsembleProvider: EnsembleProvider {
    package let service = Service.openMeteoEnsemble
    let baseURL: String
    let client: ServiceClient

    /// `hourly=` variables: the union of what the ensemble views read, so that one answer
    /// serves them all.
    package static let hourlyVariables = EnsembleVariable.allCases.map(\.rawValue)
    /// Days asked for: the most `confidence` shows.
    package static let forecastDays = 10

    package init(baseURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
    }

    /// The request for `model` at `coordinate`: the one URL (and cache key) every view uses.
    package func url(at coordinate: Coordinate, model: EnsembleModel) -> String {
        let rounded = coordinate.rounded
        return QueryString.url(
            base: baseURL, path: "/v1/ensemble",
            [
                ("latitude", DecimalText.shortest(rounded.latitude)),
                ("longitude", DecimalText.shortest(rounded.longitude)),
                ("hourly", Self.hourlyVariables.joinedText(separator: ",")), ("models", model.rawValue),
                ("forecast_days", String(Self.forecastDays)), ("timezone", "auto"), ("timeformat", "unixtime"),
            ])
    }

    /// The ensemble at `coordinate`: one request, none while the cached answer is from the
    /// model's latest run; a stale answer stands in when the service cannot be reached.
    ///
    /// - Throws: `ServiceError`: `.rejected` with the service's reason (`{"error":true,…}`),
    ///   `.malformedResponse` when the answer has no hourly values.
    package func ensemble(
        at coordinate: Coordinate, model: EnsembleModel = .ecmwfIFS025
    ) async throws(ServiceError) -> Fetched<EnsembleForecast> {
        let url = url(at: coordinate, model: model)
        // When the answer was stored, to keep its rain chances beside it.
        var storedAt: Date?
        let fetched = try await client.answer(
            ServiceRequest(
                service: service, url: url, cacheKey: url, staleFallback: true, nonNumbersAsNull: true,
                storedOnlyWithValues: true),
            read: { json throws(ServiceError) in try Self.ensemble(from: json, requested: coordinate, model: model) },
            validity: { _, _, now in
                storedAt = now
                return model.nextRun(after: now)
            })
        if let storedAt, case .network = fetched.origin {
            keepRainChances(fetched.value.rainChances, url: url, stored: storedAt, model: model)
        }
        return fetched
    }

    /// The ensemble at `coordinate` when an answer from the model's latest run is cached; nil
    /// otherwise. Never asks the network (what `hourly` and `brief` add when it is at hand).
    package func cachedEnsemble(
        at coordinate: Coordinate, model: EnsembleModel = .ecmwfIFS025
    ) -> Fetched<EnsembleForecast>? {
        guard let cached = client.cached(url(at: coordinate, model: model)), cached.fresh,
            let ensemble = try? Self.ensemble(from: cached.answer.value, requested: coordinate, model: model)
        else { return nil }
        return Fetched(value: ensemble, origin: cached.answer.origin)
    }

    /// The rain chances of the cached answer at `coordinate` when it is from the model's latest
    /// run; nil otherwise. Never asks the network (what `show` and a look add when it is at
    /// hand). Read from the small entry kept beside the answer when it was fetched; an answer
    /// cached without one (by an older wx) is read whole once, and the entry made of it.
    package func cachedRainChances(
        at coordinate: Coordinate, model: EnsembleModel = .ecmwfIFS025
    ) -> Fetched<EnsembleRainChances>? {
        let url = url(at: coordinate, model: model)
        if let entry = client.context.cache?.entry(for: Self.rainChancesKey(url)) {
            guard entry.isFresh(at: client.context.now()) else { return nil }
            if let chances = Self.rainChances(from: entry.body, model: model) {
                return Fetched(value: chances, origin: .cache(stored: entry.stored))
            }
        }
        guard let whole = cachedEnsemble(at: coordinate, model: model), case .cache(let at) = whole.origin else {
            return nil
        }
        let chances = whole.value.rainChances
        keepRainChances(chances, url: url, stored: at, model: model)
        return Fetched(value: chances, origin: whole.origin)
    }

    // MARK: - The rain chances kept beside the answer

    /// The cache key of the rain chances of the answer cached under `url`.
    static func rainChancesKey(_ url: String) -> String { "rain chances of \(url)" }

    /// Keeps `chances` beside the answer cached under `url` at `stored`, current as long as it
    /// (until the model's next run).
    private func keepRainChances(_ chances: EnsembleRainChances, url: String, stored: Date, model: EnsembleModel) {
        let body = JSONOutput.object([
            ("model", .string(chances.model.rawValue)),
            (
                "days",
                .array(
                    chances.days.map { day in
                        var fields: [(String, JSONOutput)] = [
                            ("date", .string(day.date.iso)), ("wet_members", .number(Double(day.wetMembers))),
                            ("precipitation_members", .number(Double(day.precipitationMembers))),
                        ]
                        // The rest of the day from each hour: [unix seconds, wet, of].
                        if !day.rest.isEmpty {
                            fields.append(
                                (
                                    "rest",
                                    .array(
                                        day.rest.map {
                                            .array([
                                                .number($0.from.timeIntervalSince1970),
                                                .number(Double($0.wetMembers)),
                                                .number(Double($0.precipitationMembers)),
                                            ])
                                        })
                                ))
                        }
                        return .object(fields)
                    })
            ),
        ])
        client.context.cache?.store(
            Data(body.serialized.utf8), for: Self.rainChancesKey(url), stored: stored,
            validUntil: model.nextRun(after: stored))
    }

    /// The rain chances an entry kept (`keepRainChances`); nil when it does not read as one of
    /// `model`.
    static func rainChances(from body: Data, model: EnsembleModel) -> EnsembleRainChances? {
        guard let json = try? JSONValue.parse(body), json["model"]?.string == model.rawValue,
            let items = json["days"]?.array
        else { return nil }
        var days: [EnsembleRainChances.Day] = []
        for item in items {
            guard let iso = item["date"]?.string, let date = LocalDate(iso: Substring(iso)),
                let wet = item["wet_members"]?.int, let of = item["precipitation_members"]?.int, wet >= 0, of >= wet
            else { return nil }
            var rest: [EnsembleRainChances.Rest] = []
            for entry in item["rest"]?.array ?? [] {
                guard let numbers = entry.array, numbers.count == 3, let from = numbers[0].int,
                    let wetFrom = numbers[1].int, let ofFrom = numbers[2].int, wetFrom >= 0, ofFrom >= wetFrom
                else { return nil }
                rest.append(
                    EnsembleRainChances.Rest(
                        from: Date(timeIntervalSince1970: Double(from)), wetMembers: wetFrom,
                        precipitationMembers: ofFrom))
            }
            days.append(EnsembleRainChances.Day(date: date, wetMembers: wet, precipitationMembers: of, rest: rest))
        }
        return EnsembleRainChances(model: model, days: days)
    }

    // MARK: - Mapping (pure)

    /// ("temperature_2m", 3) for "temperature_2m_member03"; nil for a key that is not a member's.
    static func member(_ key: String) -> (variable: String, number: Int)? {
        let marker = Array("_member".utf8)
        let bytes = Array(key.utf8)
        guard bytes.count > marker.count else { return nil }
        var start = bytes.count - marker.count
        while start > 0, Array(bytes[start..<start + marker.count]) != marker { start -= 1 }
        guard start > 0 else { return nil }
        let digits = bytes[(start + marker.count)...]
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let number = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        return (String(decoding: bytes[..<start], as: UTF8.self), number)
    }

    /// The answer's hours with any hour missing between two of its times put back: `times`
    /// every hour from the first to the last, `source` the position in `given` each comes
    /// from (nil for one put back), `restored` the hours put back. Times without a value
    /// (null) are dropped; a step that is not a whole number of hours, or longer than two
    /// days, is kept as it is (not an hour grid with a gap).
    static func hourGrid(_ given: [Date?]) -> (times: [Date], source: [Int?], restored: [Date]) {
        var times: [Date] = []
        var source: [Int?] = []
        var restored: [Date] = []
        for (position, time) in given.enumerated() {
            guard let time else { continue }
            if let last = times.last {
                let step = time.timeIntervalSince(last)
                let hours = (step / 3_600).rounded()
                if hours >= 2, hours <= 48, abs(step - hours * 3_600) < 0.5 {
                    for missing in 1..<Int(hours) {
                        let hour = last.addingTimeInterval(Double(missing) * 3_600)
                        times.append(hour)
                        source.append(nil)
                        restored.append(hour)
                    }
                }
            }
            times.append(time)
            source.append(position)
        }
        return (times, source, restored)
    }

    /// Maps one answer.
    ///
    /// Members are read per variable: the control run (the variable's own key) first, then
    /// `_memberNN` in number order. A member shorter than `time` lacks the hours after its end;
    /// one without any value is left out (and noted); `_member` keys of variables not asked for
    /// are ignored (and noted); fewer members than the model has are noted.
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`; `.otherPlace` for an
    ///   answer about another place (`OpenMeteoAnswer.checkAnswer`); `.malformedResponse`
    ///   for a body that is not an object, has no `hourly` block or no value at all
    ///   (`ServiceError.noValues`), or when any member's value
    ///   is outside `PhysicalRange` (naming the member's variable: the whole answer is refused,
    ///   not only that member). A variable's members in a unit wx does not know are left out,
    ///   the variable named in `unknownUnits`, the rest read (case OM-1's rule).
    package static func ensemble(
        from json: JSONValue, requested: Coordinate, model: EnsembleModel
    ) throws(ServiceError) -> EnsembleForecast {
        let service = Service.openMeteoEnsemble
        guard json.object != nil else { throw .malformedResponse(service, detail: "expected an object") }
        try OpenMeteoAnswer.checkAnswer(json, requested: requested, service: service)
        let zone = OpenMeteoAnswer.zone(json)
        guard let block = try Block(json, "hourly", offset: zone.utcOffsetSeconds, service: service),
            let keys = block.values.object?.keys
        else { throw .malformedResponse(service, detail: "no hourly values in the answer") }
        // Every array empty, every value null, or only `time`: the service sent no data, not
        // an answer without the variable a view asks for (trial 58: "try a threshold without it").
        try OpenMeteoAnswer.requireValues(json, service: service)
        var notes: [EnsembleNote] = []
        // An hour missing from `time` (Open-Meteo's hours are contiguous) is put back with no
        // member's value, as an hour null in all of them is: a day is whole only when all its
        // hours are held, and the views say the gap (trial 60: it was taken as a whole day).
        let (times, kept, restored) = Self.hourGrid(block.times)
        if let first = restored.first {
            notes.append(.missingHours(count: restored.count, first: first))
        }

        // Which member each key is: nil for the control run, a number for `_memberNN`.
        var unexpected: [String] = []
        var membersByVariable: [String: [(number: Int, key: String)]] = [:]
        for key in keys where key != "time" {
            if let variable = hourlyVariables.first(where: { $0 == key }) {
                membersByVariable[variable, default: []].append((0, key))
                continue
            }
            guard let (variable, value) = Self.member(key) else { continue }
            if hourlyVariables.contains(variable) {
                membersByVariable[variable, default: []].append((value, key))
            } else {
                unexpected.append(key)
            }
        }
        if let example = unexpected.sorted().first {
            notes.append(.unexpectedKeys(count: unexpected.count, example: TerminalText.sanitized(example)))
        }

        var numbers: [EnsembleVariable: [Int]] = [:]
        var withoutValues: [EnsembleVariable: [Int]] = [:]
        let unknown = UnknownUnits()
        func members(_ variable: String, _ quantity: DeclaredUnit.Quantity) throws(ServiceError) -> [[Double?]] {
            let found = (membersByVariable[variable] ?? []).sorted { $0.number < $1.number }
            var result: [[Double?]] = []
            var empty = 0
            var leftOut = false
            for member in found {
                // A member declared in a unit wx does not know is left out, the variable noted
                // once (case OM-1's rule); the members in a known unit are still counted.
                guard
                    try UnknownUnits.converter(
                        block.units[member.key]?.string, for: quantity, variable: variable, block: block.name,
                        notes: unknown) != nil
                else {
                    leftOut = true
                    continue
                }
                let column = try block.column(member.key, quantity)
                let values = kept.map { $0.map { column[$0] } ?? nil }
                try PhysicalRange.check(values, variable: member.key, quantity: quantity, service: service)
                if values.allSatisfy({ $0 == nil }) {
                    empty += 1
                    if let known = EnsembleVariable(rawValue: variable) {
                        withoutValues[known, default: []].append(member.number)
                    }
                } else {
                    result.append(values)
                    if let known = EnsembleVariable(rawValue: variable) {
                        numbers[known, default: []].append(member.number)
                    }
                }
            }
            if empty > 0 { notes.append(.membersWithoutValues(variable: variable, count: empty)) }
            // Members left out for their unit are said by that note, not as missing.
            if result.count < model.memberCount, !leftOut {
                notes.append(.fewerMembers(variable: variable, found: result.count, expected: model.memberCount))
            }
            return result
        }
        let temperature = try members("temperature_2m", .temperature)
        let precipitation = try members("precipitation", .precipitation)
        // The other variables are said by the views that read them ("gusts from 50 members",
        // "the model carries no cloud cover"), not in `notes`, which `confidence` shows.
        var others: [EnsembleVariable: [[Double?]]] = [:]
        let confidenceNotes = notes
        for variable in EnsembleVariable.allCases where variable != .temperature && variable != .precipitation {
            let quantity: DeclaredUnit.Quantity =
                switch variable {
                case .windSpeed, .windGusts: .speed
                case .cloudCover: .percent
                case .snowfall, .precipitation: .precipitation
                case .temperature: .temperature
                }
            let found = try members(variable.rawValue, quantity)
            if !found.isEmpty { others[variable] = found }
        }
        notes = confidenceNotes
        var answer = EnsembleForecast(
            model: model, coordinate: requested.rounded, zone: zone, times: times,
            temperatureMembers: temperature, precipitationMembers: precipitation, otherMembers: others,
            memberNumbers: numbers, notes: notes, unknownUnits: unknown.found)
        answer.membersWithoutValues = withoutValues
        return answer
    }
}
