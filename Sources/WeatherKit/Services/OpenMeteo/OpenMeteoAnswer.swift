import FoundationEssentials
import WXBasics

// How every Open-Meteo answer is read — forecast, past days, archive, air quality, and the
// ensemble and previous-runs APIs to come: the variables wx asks for (each named once), the
// column-wise blocks with their declared units, times and days.

/// An Open-Meteo variable wx reads: its name in requests and answers, the older names answers
/// may still carry (`weathercode` for `weather_code`), and what it measures, which decides the
/// unit labels accepted for it.
struct OpenMeteoVariable: Sendable {
    let name: String
    let quantity: DeclaredUnit.Quantity
    let aliases: [String]

    init(_ name: String, _ quantity: DeclaredUnit.Quantity, aliases: [String] = []) {
        self.name = name
        self.quantity = quantity
        self.aliases = aliases
    }

    // Current conditions and hours (open-meteo.com/en/docs).
    static let temperature = Self("temperature_2m", .temperature)
    static let apparentTemperature = Self("apparent_temperature", .temperature)
    static let relativeHumidity = Self("relative_humidity_2m", .percent, aliases: ["relativehumidity_2m"])
    static let dewPoint = Self("dew_point_2m", .temperature, aliases: ["dewpoint_2m"])
    static let precipitationProbability = Self("precipitation_probability", .percent)
    static let precipitation = Self("precipitation", .precipitation)
    static let weatherCode = Self("weather_code", .code, aliases: ["weathercode"])
    static let pressure = Self("pressure_msl", .pressure)
    static let cloudCover = Self("cloud_cover", .percent, aliases: ["cloudcover"])
    static let visibility = Self("visibility", .distance)
    static let uvIndex = Self("uv_index", .index)
    static let windSpeed = Self("wind_speed_10m", .speed, aliases: ["windspeed_10m"])
    static let windGusts = Self("wind_gusts_10m", .speed, aliases: ["windgusts_10m"])
    static let windDirection = Self("wind_direction_10m", .direction, aliases: ["winddirection_10m"])
    static let isDay = Self("is_day", .index)

    // Days.
    static let temperatureMax = Self("temperature_2m_max", .temperature)
    static let temperatureMin = Self("temperature_2m_min", .temperature)
    static let temperatureMean = Self("temperature_2m_mean", .temperature)
    static let precipitationSum = Self("precipitation_sum", .precipitation)
    static let precipitationProbabilityMax = Self("precipitation_probability_max", .percent)
    static let sunrise = Self("sunrise", .time)
    static let sunset = Self("sunset", .time)
    static let daylightDuration = Self("daylight_duration", .duration)
    static let sunshineDuration = Self("sunshine_duration", .duration)
    static let windSpeedMax = Self("wind_speed_10m_max", .speed, aliases: ["windspeed_10m_max"])
    static let windGustsMax = Self("wind_gusts_10m_max", .speed, aliases: ["windgusts_10m_max"])
    static let windDirectionDominant = Self(
        "wind_direction_10m_dominant", .direction, aliases: ["winddirection_10m_dominant"])
    static let uvIndexMax = Self("uv_index_max", .index)

    /// A request's variable list (`hourly=temperature_2m,…`).
    static func list(_ variables: [OpenMeteoVariable]) -> String { variables.map(\.name).joinedText(separator: ",") }
}

/// What every Open-Meteo answer shares: its zone, its error object, its times and days.
enum OpenMeteoAnswer {
    /// The series of a forecast's hours and days, each with its block and variable.
    static let forecastSeries: [(ForecastSeries, String, OpenMeteoVariable)] = [
        (.hourlyApparentTemperature, "hourly", .apparentTemperature),
        (.hourlyPrecipitationProbability, "hourly", .precipitationProbability),
        (.hourlyPrecipitation, "hourly", .precipitation), (.hourlyWind, "hourly", .windSpeed),
        (.dailyPrecipitationProbability, "daily", .precipitationProbabilityMax),
        (.dailyPrecipitationSum, "daily", .precipitationSum), (.dailyWind, "daily", .windSpeedMax),
    ]
    /// The series of past days besides a forecast's (`past` asks for them).
    static let pastSeries: [(ForecastSeries, String, OpenMeteoVariable)] = [
        (.dailyTemperatureMean, "daily", .temperatureMean), (.dailySunshine, "daily", .sunshineDuration),
    ]

    /// The blocks of values an Open-Meteo answer may carry.
    static let valueBlocks = ["current", "minutely_15", "hourly", "daily"]

    /// Whether the answer carries any value: a block (`valueBlocks`) with a non-null value
    /// under a key other than `time`. An answer whose arrays are all empty, whose values are
    /// all null, or which has only `time` carries none: the service sent no data, and such an
    /// answer is never stored (`ServiceRequest.storedOnlyWithValues`), so the next command
    /// asks again rather than replay it until the answer's lifetime ends (trial 58).
    static func carriesValues(_ json: JSONValue) -> Bool {
        valueBlocks.contains { name in
            guard let block = json[name]?.object else { return false }
            return block.contains { key, value in
                guard key != "time" else { return false }
                if let values = value.array { return values.contains { $0 != .null } }
                return value != .null
            }
        }
    }

    /// Throws `ServiceError.noValues` for an answer that carries no value (`carriesValues`).
    static func requireValues(_ json: JSONValue, service: Service) throws(ServiceError) {
        guard carriesValues(json) else { throw .malformedResponse(service, detail: ServiceError.noValues) }
    }

    /// Of `series`, those the answer's `hourly` and `daily` blocks do not have (under any of
    /// their names); none of a block the answer lacks altogether, which has no hours or days to
    /// show. The forecast's and the past's answers are read by this one rule.
    static func uncarried(
        _ json: JSONValue, series: [(ForecastSeries, String, OpenMeteoVariable)] = forecastSeries
    ) -> Set<ForecastSeries> {
        Set(
            series.compactMap { item, block, variable in
                guard let values = json[block], values["time"]?.array != nil else { return nil }
                let names = ([variable.name] + variable.aliases).flatMap { [$0, $0 + "_best_match"] }
                return names.contains { values[$0] != nil } ? nil : item
            })
    }

    /// The place's zone as the answer gives it (`timezone`, `timezone_abbreviation`,
    /// `utc_offset_seconds`). A UTC name ("GMT") beside an offset other than 0 is not the clock
    /// the answer's times were computed with: the offset is, and wins (the name is dropped), so
    /// no time is read at GMT's clock then.
    ///
    /// A zone wx cannot read is unknown, never GMT: an offset beyond ±18 h (no place's; trial 57
    /// had `"Mars/Olympus"` at 999,999 s) leaves nothing of the zone, and a name the tz database
    /// does not hold (when there is one) is dropped with its abbreviation. Unknown at offset 0,
    /// the zone reads as UTC's (`ZoneInfo.isUTC`): a forecast then takes the place's own zone
    /// from the tz database and says it was guessed, as for an answer in GMT.
    static func zone(_ json: JSONValue) -> ZoneInfo {
        let offset = json["utc_offset_seconds"]?.int ?? 0
        guard abs(offset) <= 18 * 3_600 else {
            return ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0)
        }
        var identifier = json["timezone"]?.nonEmptyString.map(TerminalText.sanitized)
        var abbreviation = json["timezone_abbreviation"]?.nonEmptyString.map(TerminalText.sanitized)
        if let name = identifier, !ZoneInfo.utcNames.contains(name), !ZoneInfo.isKnownIdentifier(name) {
            identifier = nil
            abbreviation = nil
        }
        if offset != 0, let name = identifier, ZoneInfo.utcNames.contains(name) {
            identifier = nil
            abbreviation = nil
        }
        return ZoneInfo(identifier: identifier, abbreviation: abbreviation, utcOffsetSeconds: offset)
    }

    /// What `json` gave as its zone when `zone(_:)` could not read it: "“Mars/Olympus”" for a
    /// name the tz database does not hold (and no UTC name), else "a UTC offset of 999999 s" for
    /// an offset beyond ±18 h; nil when the zone it gave is readable or it gave none.
    static func unreadableZone(_ json: JSONValue) -> String? {
        if let name = json["timezone"]?.nonEmptyString.map(TerminalText.sanitized), !ZoneInfo.utcNames.contains(name),
            !ZoneInfo.isKnownIdentifier(name)
        {
            return "“\(name)”"
        }
        let offset = json["utc_offset_seconds"]?.int ?? 0
        return abs(offset) > 18 * 3_600 ? "a UTC offset of \(offset) s" : nil
    }

    /// An answer's zone and its block `name` (`hourly`, `daily`), after the checks every such
    /// answer gets: an object, not the service's error, about the place asked (`checkAnswer`).
    ///
    /// - Throws: `ServiceError.malformedResponse` of `service` for a body that is not an object or
    ///   lacks the block ("no daily values in the answer"); `.rejected` with the service's reason;
    ///   `.otherPlace` for an answer about another place.
    static func zoneAndBlock(
        _ json: JSONValue, _ name: String, requested: Coordinate, service: Service, unknownUnits: UnknownUnits? = nil
    ) throws(ServiceError) -> (ZoneInfo, Block) {
        guard json.object != nil else { throw .malformedResponse(service, detail: "expected an object") }
        try checkAnswer(json, requested: requested, service: service)
        let zone = Self.zone(json)
        guard
            let block = try Block(
                json, name, offset: zone.utcOffsetSeconds, unknownUnits: unknownUnits, service: service)
        else {
            throw .malformedResponse(service, detail: "no \(name) values in the answer")
        }
        return (zone, block)
    }

    /// The checks every Open-Meteo answer gets before it is read: not the service's error
    /// object, and about the place asked — its echoed `latitude`/`longitude` (the grid cell's
    /// centre) within `AnswerPlace.farthestKilometres` of `requested` (`AnswerPlace.check`, the
    /// check OpenWeatherMap's answers get too). An answer without them, or with values that are
    /// no coordinates, is not judged by them.
    ///
    /// - Throws: `ServiceError.rejected` with the service's reason for `{"error":true,"reason":…}`;
    ///   `.otherPlace` for an answer about a place farther away.
    static func checkAnswer(_ json: JSONValue, requested: Coordinate, service: Service) throws(ServiceError) {
        if json["error"]?.bool == true {
            throw .rejected(service, status: 200, reason: json["reason"]?.nonEmptyString)
        }
        try AnswerPlace.check(
            latitude: json["latitude"]?.double, longitude: json["longitude"]?.double, requested: requested,
            service: service)
    }

    /// The hours of an answer's `hourly` block (forecast and past days); any value may be
    /// null or missing, and stays nil — but a null `weather_code` is an unknown condition, where
    /// a block without `weather_code` leaves the condition nil.
    ///
    /// - Throws: `ServiceError.unknownUnit` for a declared unit wx does not know, unless
    ///   `unknownUnits` is given: that variable is then blank, and noted there.
    ///   `.malformedResponse` of `service` when the block's times are out of order (`checkOrder`).
    static func hours(
        from json: JSONValue, offset: Int, unknownUnits: UnknownUnits? = nil, service: Service = .openMeteo
    ) throws(ServiceError) -> [HourlyForecast] {
        guard let block = try Block(json, "hourly", offset: offset, unknownUnits: unknownUnits, service: service)
        else { return [] }
        // Each variable's column is found once, then read by index.
        let temperature = try block.column(.temperature)
        let apparent = try block.column(.apparentTemperature)
        let humidity = try block.column(.relativeHumidity)
        let dewPoint = try block.column(.dewPoint)
        let probability = try block.column(.precipitationProbability)
        let precipitation = try block.column(.precipitation)
        let code = try block.column(.weatherCode)
        let pressure = try block.column(.pressure)
        let cloudCover = try block.column(.cloudCover)
        let visibility = try block.column(.visibility)
        let uvIndex = try block.column(.uvIndex)
        let windSpeed = try block.column(.windSpeed)
        let windGusts = try block.column(.windGusts)
        let windDirection = try block.column(.windDirection)
        let isDay = try block.column(.isDay)
        // Reserved at the count of times: grown by appends (compactMap), the 384 hours of a
        // forecast went through eight blocks, each copied into the next (issue 39).
        var hours: [HourlyForecast] = []
        hours.reserveCapacity(block.times.count)
        for i in block.times.indices {
            guard let time = block.times[i] else { continue }
            var hour = HourlyForecast(time: time)
            hour.temperatureCelsius = temperature[i]
            hour.apparentTemperatureCelsius = apparent[i]
            hour.relativeHumidityPercent = humidity[i]
            hour.dewPointCelsius = dewPoint[i]
            hour.precipitationProbabilityPercent = probability[i]
            hour.precipitationMillimetres = precipitation[i]
            hour.condition = code.condition(i)
            hour.pressureHectopascals = pressure[i]
            hour.cloudCoverPercent = cloudCover[i]
            hour.visibilityMetres = visibility[i]
            hour.uvIndex = uvIndex[i]
            hour.windSpeedKilometresPerHour = windSpeed[i]
            hour.windGustsKilometresPerHour = windGusts[i]
            hour.windDirectionDegrees = windDirection[i]
            hour.isDay = isDay[i].map { $0 != 0 }
            hours.append(hour)
        }
        return hours
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

    /// `SeriesOrder.check` for the block `name`'s times, each entry named "hourly.time[60]".
    ///
    /// - Throws: `ServiceError.malformedResponse` of `service` naming the entry
    ///   ("hourly.time[60] 2025-07-27T02:00 is not after 2025-07-29T11:00 before it").
    static func checkOrder<Time: Comparable>(
        _ times: [Time?], raw: [JSONValue], block: String, service: Service
    ) throws(ServiceError) {
        try SeriesOrder.check(times, raw: raw, entry: { "\(block).time[\($0)]" }, service: service)
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

/// One flat block of values (`current`) with its units block.
struct Reading {
    let values: JSONValue
    let units: JSONValue
    /// Where a variable in a unit wx does not know is noted and left out (nil); without it,
    /// such a unit refuses the answer.
    var unknownUnits: UnknownUnits? = nil
    /// The block's name, for those notes.
    var block = "current"

    /// The value of the first of `keys` present (or its `_best_match`), converted by its
    /// declared unit; nil when that unit is unknown and noted in `unknownUnits`.
    ///
    /// - Throws: `ServiceError.unknownUnit` when that unit is not one known for `quantity` and
    ///   there is no `unknownUnits` to note it in.
    func value(_ quantity: DeclaredUnit.Quantity, _ keys: String...) throws(ServiceError) -> Double? {
        for key in keys {
            for name in [key, key + "_best_match"] {
                guard let value = values[name]?.double else { continue }
                let convert = try UnknownUnits.converter(
                    units[name]?.string, for: quantity, variable: name, block: block, notes: unknownUnits)
                return convert?(value)
            }
        }
        return nil
    }

    /// The value of `variable` (or one of its older names), converted by its declared unit.
    ///
    /// - Throws: `ServiceError.unknownUnit` when that unit is not one known for its quantity.
    func value(_ variable: OpenMeteoVariable) throws(ServiceError) -> Double? {
        for key in [variable.name] + variable.aliases {
            if let value = try value(variable.quantity, key) { return value }
        }
        return nil
    }

    /// The condition of a WMO code variable named by the first of `keys` present (or its
    /// `_best_match`): its code when an integral number below 1000, else unknown (null, or
    /// another value); nil when the block has none of the keys — the answer does not carry it.
    ///
    /// - Throws: `ServiceError.unknownUnit` when the declared unit is not `wmo code`.
    func condition(_ keys: [String]) throws(ServiceError) -> Condition? {
        let names = keys.flatMap { [$0, $0 + "_best_match"] }
        guard names.contains(where: { values[$0] != nil }) else { return nil }
        for key in keys {
            guard let value = try self.value(.code, key) else { continue }
            return value == value.rounded() && abs(value) < 1_000 ? .code(Int(value)) : .unknown
        }
        return .unknown
    }

    /// The condition of a WMO code variable (`weather_code`, or an older name), as
    /// `condition(_:)` reads it.
    func condition(_ variable: OpenMeteoVariable) throws(ServiceError) -> Condition? {
        try condition([variable.name] + variable.aliases)
    }
}

/// One variable of a block: its values, converted to wx's units as they are read.
struct Column {
    let values: [JSONValue]
    let convert: (Double) -> Double
    /// Whether the block has the variable at all (false: the answer does not carry it, and
    /// every value reads nil).
    var isCarried = true

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

    /// The condition at `index` of a WMO code variable: its code, else unknown (null, another
    /// value, or past the array's end); nil when the block does not carry the variable.
    func condition(_ index: Int) -> Condition? {
        guard isCarried else { return nil }
        return code(index).map(Condition.code) ?? .unknown
    }
}

/// A column-wise block (`hourly`, `daily`, `minutely_15`): a `time` array and one array per
/// variable, any element of which may be null, and any array of which may be shorter or missing.
struct Block {
    let name: String
    let values: JSONValue
    let units: JSONValue
    let times: [Date?]
    /// Where a variable in a unit wx does not know is noted and left blank; without it
    /// (nil), such a unit refuses the answer.
    let unknownUnits: UnknownUnits?

    /// The block `name` of `json`; nil when the answer has none (or it has no `time` array).
    ///
    /// - Throws: `ServiceError.unknownUnit` for times in a unit wx does not know;
    ///   `.malformedResponse` of `service` when the times are out of order or repeated
    ///   (`OpenMeteoAnswer.checkOrder`): every series reader of every Open-Meteo API reads its
    ///   block through here.
    init?(
        _ json: JSONValue, _ name: String, offset: Int, unknownUnits: UnknownUnits? = nil,
        service: Service = .openMeteo
    ) throws(ServiceError) {
        guard let values = json[name], let rawTimes = values["time"]?.array else { return nil }
        self.name = name
        self.unknownUnits = unknownUnits
        self.values = values
        self.units = json[name + "_units"] ?? .null
        try DeclaredUnit.checkTime(units["time"]?.string, variable: "\(name).time")
        self.times = rawTimes.map { OpenMeteoAnswer.instant($0, offset: offset) }
        // Days ("YYYY-MM-DD") are no instants: their order is that of their dates.
        if name == "daily" {
            let days = rawTimes.map { OpenMeteoAnswer.day($0, offset: offset) }
            try OpenMeteoAnswer.checkOrder(days, raw: rawTimes, block: name, service: service)
        } else {
            try OpenMeteoAnswer.checkOrder(times, raw: rawTimes, block: name, service: service)
        }
    }

    /// The variable `key` (or a legacy alias, or the `_best_match` of several models), with the
    /// conversion its declared unit needs; every value blank (nil) when that unit is unknown and
    /// noted in `unknownUnits`.
    ///
    /// - Throws: `ServiceError.unknownUnit` when the declared unit is not one known for `quantity`
    ///   and there is no `unknownUnits` to note it in.
    func column(_ key: String, _ quantity: DeclaredUnit.Quantity, aliases: [String] = []) throws(ServiceError)
        -> Column
    {
        for variable in [key] + aliases + [key + "_best_match"] {
            guard let array = values[variable]?.array else { continue }
            guard
                let convert = try UnknownUnits.converter(
                    units[variable]?.string, for: quantity, variable: variable, block: name, notes: unknownUnits)
            else { return Column(values: [], convert: { $0 }) }
            return Column(values: array, convert: convert)
        }
        return Column(values: [], convert: { $0 }, isCarried: false)
    }

    /// The column of `variable` (or one of its older names, or its `_best_match`).
    ///
    /// - Throws: `ServiceError.unknownUnit` when the declared unit is not one known for its quantity.
    func column(_ variable: OpenMeteoVariable) throws(ServiceError) -> Column {
        try column(variable.name, variable.quantity, aliases: variable.aliases)
    }

    /// A time variable (`sunrise`, `sunset`): its values as they came.
    func times(_ key: String) throws(ServiceError) -> Column {
        guard let array = values[key]?.array else { return Column(values: [], convert: { $0 }, isCarried: false) }
        guard
            try UnknownUnits.converter(
                units[key]?.string, for: .time, variable: key, block: name, notes: unknownUnits) != nil
        else { return Column(values: [], convert: { $0 }) }
        return Column(values: array, convert: { $0 })
    }
}
