import FoundationEssentials
import WXBasics

/// The weather that was, from Open-Meteo: past days from the Historical Weather API
/// (`/v1/archive`, ERA5 from 1940, a few days behind today) or, for the last days, from the
/// Forecast API's `start_date`/`end_date`; and the 1991–2020 normals of a place.
///
/// Both answer in the forecast's shape (`utc_offset_seconds`, `timezone`, `*_units`, `daily`
/// and `hourly` arrays); `timezone=auto` puts days in the place's calendar and
/// `timeformat=unixtime` makes every hour an absolute instant. A past day, once its data is
/// complete, is cached for good (the past does not change); an answer whose data stops early
/// (the archive's lag) for an hour. Errors for dates out of range (`{"error":true,"reason":…}`
/// with 400) come back as `ServiceError.rejected` with the service's reason.
package struct OpenMeteoPastProvider: Sendable {
    /// The archive host (`WX_OPEN_METEO_ARCHIVE_URL`).
    let archiveURL: String
    /// The forecast host (`WX_OPEN_METEO_URL`), for recent days.
    let forecastURL: String
    let client: ServiceClient

    /// `daily=` variables for past days.
    static let dailyVariables: [OpenMeteoVariable] = [
        .weatherCode, .temperatureMax, .temperatureMin, .temperatureMean, .precipitationSum, .windSpeedMax,
        .sunshineDuration,
    ]
    /// `hourly=` variables for a single past day.
    static let hourlyVariables: [OpenMeteoVariable] = [
        .temperature, .apparentTemperature, .relativeHumidity, .precipitation, .weatherCode, .windSpeed,
        .windDirection, .isDay,
    ]
    /// `daily=` variables of the normals request.
    static let normalVariables: [OpenMeteoVariable] = [.temperatureMax, .temperatureMin, .precipitationSum]

    package init(archiveURL: String, forecastURL: String, context: ServiceContext) {
        self.archiveURL = archiveURL
        self.forecastURL = forecastURL
        self.client = ServiceClient(context: context)
    }

    /// The request URL for the days `range` at `coordinate` from `source`, with the hours too
    /// when `hours` is true; the days are the place's (`timezone=auto`), or UTC days
    /// (`timezone=GMT`) when `utcDays` is true.
    package func url(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, source: PastSource, hours: Bool,
        utcDays: Bool = false
    ) -> String {
        let rounded = coordinate.rounded
        var query: [(String, String)] = [
            ("latitude", DecimalText.shortest(rounded.latitude)),
            ("longitude", DecimalText.shortest(rounded.longitude)),
            ("start_date", range.lowerBound.iso), ("end_date", range.upperBound.iso),
            ("daily", OpenMeteoVariable.list(Self.dailyVariables)),
        ]
        if hours { query.append(("hourly", OpenMeteoVariable.list(Self.hourlyVariables))) }
        query += [("timezone", utcDays ? "GMT" : "auto"), ("timeformat", "unixtime")]
        return source == .archive
            ? QueryString.url(base: archiveURL, path: "/v1/archive", query)
            : QueryString.url(base: forecastURL, path: "/v1/forecast", query)
    }

    /// The weather of the days `range` at `coordinate`: one request (none when cached).
    ///
    /// - Parameters:
    ///   - range: the days, in the place's calendar; the caller keeps them within
    ///     1940-01-01…yesterday.
    ///   - source: which service to ask (`PastSource.choose(for:today:)`).
    ///   - hours: whether to ask for the hours too (a single day).
    /// - Returns: the days (and hours) with data; `dataEnd` says where data stops early.
    /// - Throws: `ServiceError`: `.rejected` with the service's reason for dates it refuses.
    package func past(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, source: PastSource, hours: Bool
    ) async throws(ServiceError) -> Fetched<PastWeather> {
        try await past(at: coordinate, days: range, source: source, hours: hours, utcDays: false)
    }

    /// The weather of the days `range` at `coordinate`, as `past(at:days:source:hours:)`, its
    /// days UTC days (00:00–24:00 UTC, `timezone=GMT`) when `utcDays` is true: what a snapshot
    /// whose forecast came in GMT is checked against (`Snapshot.daysAreUTC`).
    ///
    /// - Throws: as `past(at:days:source:hours:)`; `.malformedResponse` when UTC days were asked
    ///   for and the answer's days are another zone's (its `utc_offset_seconds` is not 0): they
    ///   are not the days asked for.
    package func past(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, source: PastSource, hours: Bool,
        utcDays: Bool
    ) async throws(ServiceError) -> Fetched<PastWeather> {
        let url = url(at: coordinate, days: range, source: source, hours: hours, utcDays: utcDays)
        let service = source == .archive ? Service.openMeteoArchive : .openMeteo
        let now = client.context.now()
        return try await client.answer(
            ServiceRequest(service: service, url: url, cacheKey: url, staleFallback: true, storedOnlyWithValues: true),
            read: { json throws(ServiceError) in
                let weather = try Self.past(from: json, requested: coordinate, days: range, source: source, now: now)
                if utcDays, weather.zone.utcOffsetSeconds != 0 {
                    throw .malformedResponse(
                        service, detail: Self.notUTCDays + "\(weather.zone.identifier ?? "another zone")’s")
                }
                return weather
            },
            validity: { _, weather, now in
                weather.isComplete ? .distantFuture : now.addingTimeInterval(CacheLifetime.incompletePastSeconds)
            })
    }

    // MARK: - Observed days, for checking kept forecasts

    /// How the detail of the `.malformedResponse` for an answer whose days are not the UTC days
    /// asked for begins (its zone follows): `saved N` says it as the reason the days are not
    /// compared, not as an answer to try again.
    package static let notUTCDays = "UTC days were asked for (timezone=GMT), and the answer’s days are "

    /// Which service answers the days `from` … `to` as of `now`, in words for `saved N`:
    /// "Open-Meteo archive", "Open-Meteo forecast, past days", or both.
    package static func sourceName(from: LocalDate, to: LocalDate, now: Date) -> String {
        let today = ZoneClock.fixed(Int(now.timeIntervalSince1970), offset: 0, abbreviation: nil).date
        let sources = PastSource.plan(for: from...to, today: today).map(\.source)
        if sources.count > 1 { return "Open-Meteo archive and forecast" }
        return sources.first == .recentForecast ? "Open-Meteo forecast, past days" : "Open-Meteo archive"
    }

    // MARK: - Normals

    /// The request for the normals: daily values of 1991-01-01…2020-12-31.
    package func normalsURL(at coordinate: Coordinate) -> String {
        let rounded = coordinate.rounded
        return QueryString.url(
            base: archiveURL, path: "/v1/archive",
            [
                ("latitude", DecimalText.shortest(rounded.latitude)),
                ("longitude", DecimalText.shortest(rounded.longitude)),
                ("start_date", "\(Climatology.firstYear)-01-01"), ("end_date", "\(Climatology.lastYear)-12-31"),
                ("daily", OpenMeteoVariable.list(Self.normalVariables)), ("timezone", "auto"),
            ])
    }

    /// The cache key of a place's reduced normals (the thirty-year answer itself is not kept).
    ///
    /// v2: normals cached by v1 may rest on fewer than thirty years or on values that are no
    /// temperature (an answer wx now refuses); they are not read again. v3: 29 February rests
    /// on the leap years alone, and the days around it reach 3 real days either side. v4: the
    /// means are kept unrounded (v3 kept them to 0.01, and the views rounded them a second time).
    func normalsKey(at coordinate: Coordinate) -> String { "normals v4 " + normalsURL(at: coordinate) }

    /// The 1991–2020 normals at `coordinate`: one archive request the first time, reduced on the
    /// client and cached for good; none afterwards.
    ///
    /// - Throws: `ServiceError` (offline with nothing cached, the archive's own errors).
    package func normals(at coordinate: Coordinate) async throws(ServiceError) -> Fetched<Climatology> {
        if let cached = cachedNormals(at: coordinate) { return cached }
        // The thirty-year answer itself is not kept (no cache key): its reduction is.
        let fetched = try await client.answer(
            ServiceRequest(service: .openMeteoArchive, url: normalsURL(at: coordinate), cacheKey: nil),
            read: { json throws(ServiceError) in try Self.climatology(from: json, requested: coordinate) },
            validity: { _, _, _ in nil })
        client.store(Self.serialized(fetched.value), for: normalsKey(at: coordinate), validUntil: .distantFuture)
        return fetched
    }

    /// The normals at `coordinate` when they are cached; nil otherwise. Never asks the network
    /// (what `show` and `daily` compare with).
    package func cachedNormals(at coordinate: Coordinate) -> Fetched<Climatology>? {
        guard let cached = client.cached(normalsKey(at: coordinate)),
            let climatology = Self.deserialized(cached.answer.value)
        else { return nil }
        return Fetched(value: climatology, origin: cached.answer.origin)
    }

    // MARK: - Mapping (pure)

    /// Maps an answer for the days `range`.
    ///
    /// Hours at the end without a temperature are where the data stops: they are dropped, the
    /// day they fall in keeps no aggregates, and `dataEnd` is set; days at the end with no value
    /// at all are dropped the same way. A `null` in the middle stays nil ("—"). With `now`, what
    /// is not over at `now` is treated the same way: hours that have not ended (they are the
    /// forecast's), and days not over in the place's time zone (a day past in UTC can still be
    /// going on west of Greenwich).
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`; `.otherPlace` for an
    ///   answer about another place; `.malformedResponse` when the body is not an object with a
    ///   `daily` block.
    package static func past(
        from json: JSONValue, requested: Coordinate, days range: ClosedRange<LocalDate>, source: PastSource,
        now: Date? = nil
    ) throws(ServiceError) -> PastWeather {
        let service = source == .archive ? Service.openMeteoArchive : .openMeteo
        guard json.object != nil else { throw .malformedResponse(service, detail: "expected an object") }
        try OpenMeteoAnswer.checkAnswer(json, requested: requested, service: service)
        guard json["daily"] != nil else { throw .malformedResponse(service, detail: "no daily values in the answer") }
        let zone = OpenMeteoAnswer.zone(json)
        let unknown = UnknownUnits()
        var days = try Self.days(
            from: json, offset: zone.utcOffsetSeconds, unknownUnits: unknown, service: service
        ).filter { range.contains($0.date) }
        var hours = try OpenMeteoAnswer.hours(
            from: json, offset: zone.utcOffsetSeconds, unknownUnits: unknown, service: service)
        var weather = PastWeather(
            coordinate: requested.rounded, zone: zone, source: source, requested: range, days: [], hours: [])
        let clock = ZoneClock(zone)
        hours = hours.filter { range.contains(clock.localTime($0.time).date) }
        if let now {
            // A day not over where the place is has no aggregates yet.
            days = days.map { day in
                let end = Date(
                    timeIntervalSince1970: Double((day.date.dayNumber + 1) * 86_400 - zone.utcOffsetSeconds))
                return end > now ? PastDay(date: day.date) : day
            }
        }
        if json["hourly"] != nil {
            // Where the temperature stops, the data stops; and where now is.
            let asked = hours.count
            if let now { hours = hours.filter { $0.time.addingTimeInterval(3_600) <= now } }
            // Not when the temperature is blank for its unit (said): the data does not stop there.
            let temperatureLeftOut = unknown.found.contains {
                $0.block == "hourly" && $0.variable.hasPrefix("temperature_2m")
            }
            while !temperatureLeftOut, let last = hours.last, last.temperatureCelsius == nil { hours.removeLast() }
            if hours.count < asked || hours.isEmpty {
                let end = hours.last.map { $0.time.addingTimeInterval(3_600) }
                weather.dataEnd = end
                let lastDay = end.map { clock.localTime($0.addingTimeInterval(-1)).date }
                weather.lastDayWithData = lastDay
                // The day the data stops in has aggregates of part of it: none are shown.
                days = days.compactMap { day in
                    guard let lastDay, day.date <= lastDay else { return nil }
                    return day.date == lastDay ? PastDay(date: day.date) : day
                }
            }
        }
        let asked = days.count
        // Days at the end without any value; not the day the hours stop in, which is listed
        // with unknown values.
        while let last = days.last, last.isEmpty, last.date != weather.lastDayWithData { days.removeLast() }
        if weather.lastDayWithData == nil, days.count < asked || days.count < weather.requestedDayCount {
            weather.lastDayWithData = days.last?.date
            if weather.dataEnd == nil {
                let next = days.last.map { CivilCalendar.date(fromDays: $0.date.dayNumber + 1) } ?? range.lowerBound
                weather.dataEnd = Date(
                    timeIntervalSince1970: Double(next.dayNumber * 86_400 - zone.utcOffsetSeconds))
            }
        }
        weather.days = days
        weather.hours = hours
        weather.unknownUnits = unknown.found
        weather.uncarried = OpenMeteoAnswer.uncarried(
            json, series: OpenMeteoAnswer.forecastSeries + OpenMeteoAnswer.pastSeries)
        return weather
    }

    /// The days of an answer's `daily` block; a variable in a unit wx does not know is blank,
    /// noted in `unknownUnits` (without it, it refuses the answer).
    static func days(
        from json: JSONValue, offset: Int, unknownUnits: UnknownUnits? = nil, service: Service = .openMeteo
    ) throws(ServiceError) -> [PastDay] {
        guard let block = try Block(json, "daily", offset: offset, unknownUnits: unknownUnits, service: service)
        else { return [] }
        let rawTimes = block.values["time"]?.array ?? []
        let code = try block.column(.weatherCode)
        let maximum = try block.column(.temperatureMax)
        let minimum = try block.column(.temperatureMin)
        let mean = try block.column(.temperatureMean)
        let precipitation = try block.column(.precipitationSum)
        let wind = try block.column(.windSpeedMax)
        let sunshine = try block.column(.sunshineDuration)
        return rawTimes.indices.compactMap { i in
            guard let date = OpenMeteoAnswer.day(rawTimes[i], offset: offset) else { return nil }
            var day = PastDay(date: date)
            day.condition = code.condition(i)
            day.temperatureMaxCelsius = maximum[i]
            day.temperatureMinCelsius = minimum[i]
            day.temperatureMeanCelsius = mean[i]
            day.precipitationSumMillimetres = precipitation[i]
            day.windSpeedMaxKilometresPerHour = wind[i]
            day.sunshineDurationSeconds = sunshine[i]
            return day
        }
    }

    /// Reduces the thirty-year answer to normals.
    ///
    /// A variable declared in a unit wx does not know is left out — its normals nil, it named
    /// in `Climatology.unknownUnits` — and the rest made (case OM-1's rule).
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true}`; `.otherPlace` for an answer about
    ///   another place than `requested`; `.malformedResponse` without daily values, or with a
    ///   day repeated or out of order; `.unknownUnit` when every variable is in a unit wx does
    ///   not know (nothing is left).
    package static func climatology(from json: JSONValue, requested: Coordinate) throws(ServiceError) -> Climatology {
        try OpenMeteoAnswer.checkAnswer(json, requested: requested, service: .openMeteoArchive)
        guard let daily = json["daily"], let rawTimes = daily["time"]?.array, !rawTimes.isEmpty else {
            throw .malformedResponse(.openMeteoArchive, detail: "no daily values in the answer")
        }
        try OpenMeteoAnswer.requireValues(json, service: .openMeteoArchive)
        // Thirty years are 33,000 values: each column's declared unit is looked at once, not per
        // value; an unknown one leaves that column out (noted), as for the forecast.
        let units = json["daily_units"] ?? .null
        let unknown = UnknownUnits()
        func column(_ variable: OpenMeteoVariable) throws(ServiceError) -> [Double?] {
            let name = variable.name
            let unit = units[name]?.string
            guard
                let convert = try UnknownUnits.converter(
                    unit, for: variable.quantity, variable: name, block: "daily", notes: unknown)
            else { return rawTimes.map { _ in nil } }
            let canonical = unit == nil || unit == "°C" || unit == "mm"
            let values = daily[name]?.array ?? []
            return rawTimes.indices.map { index in
                guard index < values.count, let value = values[index].double else { return nil }
                return canonical ? value : convert(value)
            }
        }
        let maximum = try column(.temperatureMax)
        let minimum = try column(.temperatureMin)
        let precipitation = try column(.precipitationSum)
        if unknown.found.count == normalVariables.count, let first = unknown.found.first {
            throw .unknownUnit(.openMeteoArchive, variable: first.variable, label: first.label)
        }
        var dates: [LocalDate] = []
        var maxima: [Double?] = []
        var minima: [Double?] = []
        var sums: [Double?] = []
        dates.reserveCapacity(rawTimes.count)
        maxima.reserveCapacity(rawTimes.count)
        minima.reserveCapacity(rawTimes.count)
        sums.reserveCapacity(rawTimes.count)
        let days: [LocalDate?] = rawTimes.map { raw in
            if case .string(let text) = raw { return isoDay(text) }
            return OpenMeteoAnswer.day(raw, offset: 0)
        }
        // A day repeated or out of order would count twice in its calendar day's normal: the
        // same rule as every other Open-Meteo series.
        try OpenMeteoAnswer.checkOrder(days, raw: rawTimes, block: "daily", service: .openMeteoArchive)
        for i in rawTimes.indices {
            guard let date = days[i] else { continue }
            dates.append(date)
            maxima.append(maximum[i])
            minima.append(minimum[i])
            sums.append(precipitation[i])
        }
        try checkNormalsInput(dates: dates, temperatures: maxima + minima, precipitation: sums)
        var climatology = Climatology.reduce(dates: dates, maximum: maxima, minimum: minima, precipitation: sums)
        climatology.unknownUnits = unknown.found
        return climatology
    }

    /// The highest and lowest daily temperature a normal may rest on, °C (the records are
    /// 56.7 and −89.2): a value beyond them is no temperature.
    static let plausibleTemperatureCelsius = -100.0...70.0
    /// The most precipitation a day's value may hold, mm (the record is 1,825 mm).
    static let plausiblePrecipitationMillimetres = 0.0...2_000.0

    /// Refuses an archive answer that cannot make 1991–2020 normals: one that lacks any of the
    /// thirty years (a year counts when it has a value), or holds a value that is not finite or
    /// not plausible (thirty `1e308` sum to infinity, printed as `inf`).
    ///
    /// - Throws: `ServiceError.malformedResponse` saying which.
    static func checkNormalsInput(
        dates: [LocalDate], temperatures: [Double?], precipitation: [Double?]
    ) throws(ServiceError) {
        if let bad = temperatures.lazy.compactMap({ $0 }).first(where: { !plausibleTemperatureCelsius.contains($0) }) {
            throw .malformedResponse(
                .openMeteoArchive, detail: "a daily temperature of \(bad) °C, which is no temperature")
        }
        if let bad = precipitation.lazy.compactMap({ $0 }).first(where: {
            !plausiblePrecipitationMillimetres.contains($0)
        }) {
            throw .malformedResponse(.openMeteoArchive, detail: "a daily precipitation of \(bad) mm")
        }
        var years = Set<Int>()
        let count = dates.count
        for index in 0..<count {
            let date = dates[index]
            guard (Climatology.firstYear...Climatology.lastYear).contains(date.year) else { continue }
            let hasValue =
                temperatures[index] != nil || temperatures[count + index] != nil || precipitation[index] != nil
            if hasValue { years.insert(date.year) }
        }
        let wanted = Climatology.lastYear - Climatology.firstYear + 1
        guard years.count == wanted else {
            throw .malformedResponse(
                .openMeteoArchive,
                detail:
                    "values for \(years.count) of the \(wanted) years \(Climatology.firstYear)–\(Climatology.lastYear); a normal rests on all \(wanted), so none is shown"
            )
        }
    }

    /// "1991-01-01" (a longer ISO time is read to its date) without copying the text.
    static func isoDay(_ text: String) -> LocalDate? {
        var text = text
        return text.withUTF8 { bytes -> LocalDate? in
            guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for index in start..<(start + count) {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), (1...12).contains(month),
                (1...CivilCalendar.daysIn(month: month, year: year)).contains(day)
            else { return nil }
            return LocalDate(year: year, month: month, day: day)
        }
    }

    /// The normals as cached: `{"version":1,"days":[[max,min,precipitation,wet %],…366]}`, with
    /// `"unknown_units":[[block,variable,label],…]` when a variable was left out for its unit (so
    /// that every later `normal` says so too; a cached entry without it left none out).
    static func serialized(_ climatology: Climatology) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
        var cached: [String: JSONValue] = [
            "version": .number(1),
            "days": .array(
                climatology.days.map {
                    .array([
                        number($0.temperatureMaxMeanCelsius), number($0.temperatureMinMeanCelsius),
                        number($0.precipitationMeanMillimetres), number($0.wetDayPercent),
                    ])
                }),
        ]
        if !climatology.unknownUnits.isEmpty {
            cached["unknown_units"] = .array(
                climatology.unknownUnits.map { .array([.string($0.block), .string($0.variable), .string($0.label)]) })
        }
        return .object(cached)
    }

    static func deserialized(_ json: JSONValue) -> Climatology? {
        guard json["version"]?.int == 1, let rows = json["days"]?.array, rows.count == 366 else { return nil }
        var days: [ClimateNormal] = []
        for row in rows {
            guard let values = row.array, values.count == 4 else { return nil }
            days.append(
                ClimateNormal(
                    temperatureMaxMeanCelsius: values[0].double, temperatureMinMeanCelsius: values[1].double,
                    precipitationMeanMillimetres: values[2].double, wetDayPercent: values[3].double))
        }
        let unknown = (json["unknown_units"]?.array ?? []).compactMap { entry -> UnknownUnit? in
            guard let parts = entry.array?.compactMap(\.string), parts.count == 3 else { return nil }
            return UnknownUnit(block: parts[0], variable: parts[1], label: parts[2])
        }
        return Climatology(days: days, unknownUnits: unknown)
    }
}

extension OpenMeteoPastProvider: PastWeatherProvider {
    /// The days `from` … `to` that have values: one request per service the range needs
    /// (`PastSource.plan`), each cached for good once its days are complete.
    package func dailyObserved(
        at coordinate: Coordinate, from: LocalDate, to: LocalDate, utcDays: Bool
    ) async throws(ServiceError) -> Fetched<[ObservedDay]> {
        guard from <= to else { return Fetched(value: [], origin: .network) }
        let now = client.context.now()
        let today = ZoneClock.fixed(Int(now.timeIntervalSince1970), offset: 0, abbreviation: nil).date
        var days: [ObservedDay] = []
        var origins: [DataOrigin] = []
        for part in PastSource.plan(for: from...to, today: today) {
            let fetched = try await past(
                at: coordinate, days: part.days, source: part.source, hours: false, utcDays: utcDays)
            days += fetched.value.days.map {
                ObservedDay(
                    date: $0.date, temperatureMaxCelsius: $0.temperatureMaxCelsius,
                    temperatureMinCelsius: $0.temperatureMinCelsius,
                    precipitationSumMillimetres: $0.precipitationSumMillimetres)
            }
            origins.append(fetched.origin)
        }
        return Fetched(value: days.filter(\.hasReadings), origin: DataOrigin.leastFresh(origins))
    }
}
