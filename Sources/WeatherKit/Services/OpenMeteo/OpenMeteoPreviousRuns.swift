import FoundationEssentials
import WXBasics

/// What earlier model runs predicted, and what happened to score them against (`drift`,
/// `skill`; a fake in tests).
package protocol PreviousRunsProvider: Sendable {
    /// The runs' hourly values for the days `range` (the place's calendar) at `coordinate`, at
    /// each lead in `leads` (days); one request, none while a cached answer is current
    /// (`validUntil` of the time it was fetched).
    ///
    /// - Throws: `ServiceError` (`.rejected` with the service's reason).
    func runs(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, leads: ClosedRange<Int>,
        validUntil: @escaping @Sendable (Date) -> Date
    ) async throws(ServiceError) -> Fetched<PreviousRuns>

    /// What happened on the days `range`, from the archive alone: one request, current until
    /// `validUntil` while days at the end lack data, for good once every day has it.
    ///
    /// - Returns: the observed days with readings, and the archive's last day with data when it
    ///   stops before the end of `range` (the day before `range` when it has none of it).
    /// - Throws: `ServiceError` (`.rejected` with the archive's reason).
    func archiveDays(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, validUntil: @escaping @Sendable (Date) -> Date
    ) async throws(ServiceError) -> Fetched<ArchiveDays>
}

/// What the archive has of a range of days (`PreviousRunsProvider.archiveDays`).
package struct ArchiveDays: Hashable, Sendable {
    /// The days with readings, oldest first.
    package var days: [ObservedDay]
    /// The last day with data when the archive stops before the end of the range asked; nil
    /// when it covers all of it.
    package var lastDayWithData: LocalDate?
    /// Whether the archive answered in UTC (`ZoneInfo.isUTC`): its days' highs and lows are then
    /// UTC days' (the archive made them; wx asks no hourly temperature to make them again).
    package var answeredInUTC: Bool

    package init(days: [ObservedDay], lastDayWithData: LocalDate?, answeredInUTC: Bool = false) {
        self.days = days
        self.lastDayWithData = lastDayWithData
        self.answeredInUTC = answeredInUTC
    }
}

/// What earlier model runs predicted, from Open-Meteo's Previous Runs API
/// (`/v1/forecast` on its own host, `WX_OPEN_METEO_PREVIOUS_RUNS_URL`; data from January 2024).
///
/// One request asks the hourly `temperature_2m` and `precipitation` at each lead time wanted
/// (`temperature_2m_previous_day1` … `_previous_day7`, the plain variable for lead 0; see
/// `PreviousRunsAlignment` for how they line up in time) over the days asked, with
/// `timezone=auto` (days in the place's calendar) and `timeformat=unixtime`. The API has no
/// daily variables at lead times, so days are made here from whole days of hours.
///
/// Precipitation probability is not asked: Open-Meteo's documentation lists no
/// `precipitation_probability` among the Previous Runs variables, and those who tried
/// `precipitation_probability_previous_dayN` report it answered but all `null`; the amount is
/// what the runs keep.
///
/// Errors: `{"error":true,"reason":…}` (a date before the service's data, too many days) comes
/// back as `ServiceError.rejected` with the service's reason.
package struct OpenMeteoPreviousRunsProvider: PreviousRunsProvider {
    /// The service's base URL; `/v1/forecast` is appended (so a base with a path works).
    let baseURL: String
    let client: ServiceClient
    /// What happened: Open-Meteo's archive (`WX_OPEN_METEO_ARCHIVE_URL`), as `past` asks it.
    let archive: OpenMeteoPastProvider

    /// The first day the service keeps runs for most models.
    package static let firstDay = LocalDate(year: 2024, month: 1, day: 1)

    /// - Parameters:
    ///   - baseURL: the Previous Runs API (`WX_OPEN_METEO_PREVIOUS_RUNS_URL`).
    ///   - archiveURL: the archive (`WX_OPEN_METEO_ARCHIVE_URL`); `forecastURL` the forecast API,
    ///     which the archive's client also knows (recent days), though `skill` never asks it.
    package init(baseURL: String, archiveURL: String, forecastURL: String, context: ServiceContext) {
        self.baseURL = baseURL
        self.client = ServiceClient(context: context)
        self.archive = OpenMeteoPastProvider(archiveURL: archiveURL, forecastURL: forecastURL, context: context)
    }

    /// The `hourly=` list for `leads`: the temperature at each lead, then the precipitation.
    package static func hourlyVariables(leads: ClosedRange<Int>) -> [String] {
        leads.map { PreviousRunsAlignment.variable("temperature_2m", lead: $0) }
            + leads.map { PreviousRunsAlignment.variable("precipitation", lead: $0) }
    }

    /// The request URL for the days `range` (the place's calendar) at `coordinate`.
    package func url(at coordinate: Coordinate, days range: ClosedRange<LocalDate>, leads: ClosedRange<Int>) -> String {
        let rounded = coordinate.rounded
        return QueryString.url(
            base: baseURL, path: "/v1/forecast",
            [
                ("latitude", DecimalText.shortest(rounded.latitude)),
                ("longitude", DecimalText.shortest(rounded.longitude)),
                ("hourly", Self.hourlyVariables(leads: leads).joined(separator: ",")),
                ("start_date", range.lowerBound.iso), ("end_date", range.upperBound.iso),
                ("timezone", "auto"), ("timeformat", "unixtime"),
            ])
    }

    /// The runs' hourly values for the days `range` at `coordinate`: one request, none while a
    /// cached answer is current.
    ///
    /// - Parameters:
    ///   - leads: the lead times to ask (`drift` 0…7, `skill` 1…7).
    ///   - validUntil: until when an answer stays current, given the time it was fetched
    ///     (`drift`: an hour, as new runs come; `skill`: the end of the UTC day).
    /// - Throws: `ServiceError` (`.rejected` with the service's reason).
    package func runs(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, leads: ClosedRange<Int>,
        validUntil: @escaping @Sendable (Date) -> Date
    ) async throws(ServiceError) -> Fetched<PreviousRuns> {
        let url = url(at: coordinate, days: range, leads: leads)
        return try await client.answer(
            ServiceRequest(
                service: .openMeteoPreviousRuns, url: url, cacheKey: url, staleFallback: true,
                storedOnlyWithValues: true),
            read: { json throws(ServiceError) in try Self.runs(from: json, requested: coordinate, leads: leads) },
            validity: { _, _, now in validUntil(now) })
    }

    /// Maps an answer (pure).
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`; `.malformedResponse`
    ///   when there is no `hourly` block, or when a value is outside `PhysicalRange` (naming the
    ///   variable: the whole answer is refused). A run's variable in a unit wx does not know is
    ///   blank, named in `unknownUnits` (case OM-1's rule).
    package static func runs(
        from json: JSONValue, requested: Coordinate, leads: ClosedRange<Int>
    ) throws(ServiceError) -> PreviousRuns {
        let service = Service.openMeteoPreviousRuns
        let unknown = UnknownUnits()
        let (zone, block) = try OpenMeteoAnswer.zoneAndBlock(
            json, "hourly", requested: requested, service: service, unknownUnits: unknown)
        // Hours whose time cannot be read are left out, with their values in every column.
        let kept = block.times.indices.filter { block.times[$0] != nil }
        var temperature: [Int: [Double?]] = [:]
        var precipitation: [Int: [Double?]] = [:]
        for lead in leads {
            let name = PreviousRunsAlignment.variable("temperature_2m", lead: lead)
            let rain = PreviousRunsAlignment.variable("precipitation", lead: lead)
            if block.values[name]?.array != nil {
                let column = try block.column(name, .temperature)
                temperature[lead] = kept.map { column[$0] }
                try PhysicalRange.check(temperature[lead]!, variable: name, quantity: .temperature, service: service)
            }
            if block.values[rain]?.array != nil {
                let column = try block.column(rain, .precipitation)
                precipitation[lead] = kept.map { column[$0] }
                try PhysicalRange.check(
                    precipitation[lead]!, variable: rain, quantity: .precipitation, service: service)
            }
        }
        return PreviousRuns(
            coordinate: requested.rounded, zone: zone, times: kept.map { block.times[$0]! },
            temperatureCelsius: temperature, precipitationMillimetres: precipitation, unknownUnits: unknown.found)
    }
}

extension OpenMeteoPreviousRunsProvider {
    /// What happened on the days `range` from the archive alone (ERA5): one request, current
    /// until `validUntil` when days at the end have no data yet (the archive lags today by about
    /// five days), for good once every day has. Its own request: the daily high and low and the
    /// hourly precipitation, summed over the same hours as the runs' (`PrecedingHourDays`).
    package func archiveDays(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, validUntil: @escaping @Sendable (Date) -> Date
    ) async throws(ServiceError) -> Fetched<ArchiveDays> {
        try await archive.archiveDays(at: coordinate, days: range, validUntil: validUntil)
    }
}

extension OpenMeteoPastProvider {
    /// The request of `skill`'s observed days: the daily high and low and the hourly
    /// `precipitation` over `range` and the day after (whose 00:00 ends the last day).
    func observedURL(at coordinate: Coordinate, days range: ClosedRange<LocalDate>) -> String {
        let rounded = coordinate.rounded
        let after = CivilCalendar.date(fromDays: range.upperBound.dayNumber + 1)
        return QueryString.url(
            base: archiveURL, path: "/v1/archive",
            [
                ("latitude", DecimalText.shortest(rounded.latitude)),
                ("longitude", DecimalText.shortest(rounded.longitude)),
                ("start_date", range.lowerBound.iso), ("end_date", after.iso),
                ("daily", OpenMeteoVariable.list([.temperatureMax, .temperatureMin])),
                ("hourly", OpenMeteoVariable.list([.precipitation])),
                ("timezone", "auto"), ("timeformat", "unixtime"),
            ])
    }

    /// `PreviousRunsProvider.archiveDays` for this client of the archive.
    ///
    /// The high and low are the archive's daily ones (over the instants 00:00–23:00, as the runs'
    /// days take them). The precipitation is summed here from the hourly values over the hours
    /// that end within the day (`PrecedingHourDays`), as the runs' days are: the archive's own
    /// `precipitation_sum` adds the hours labelled 00:00–23:00, and comparing it with a sum over
    /// other hours would score rain near midnight against the wrong day.
    func archiveDays(
        at coordinate: Coordinate, days range: ClosedRange<LocalDate>, validUntil: @escaping @Sendable (Date) -> Date
    ) async throws(ServiceError) -> Fetched<ArchiveDays> {
        let url = observedURL(at: coordinate, days: range)
        return try await client.answer(
            ServiceRequest(
                service: .openMeteoArchive, url: url, cacheKey: url, staleFallback: true, storedOnlyWithValues: true),
            read: { json throws(ServiceError) in try Self.observedDays(from: json, requested: coordinate, days: range)
            },
            validity: { _, observed, now in observed.lastDayWithData == nil ? .distantFuture : validUntil(now) })
    }

    /// Maps the answer to `observedURL` (pure): the days of `range` with readings, each day's
    /// precipitation summed over its hours 01:00 … 24:00 (nil when one of them is missing).
    ///
    /// - Throws: `ServiceError.rejected` for `{"error":true,"reason":…}`; `.otherPlace` for an
    ///   answer about another place; `.malformedResponse` without a `daily` block or with a value outside `PhysicalRange` (naming the variable);
    ///   `.unknownUnit` for a unit wx does not know.
    static func observedDays(
        from json: JSONValue, requested: Coordinate, days range: ClosedRange<LocalDate>
    ) throws(ServiceError) -> ArchiveDays {
        let service = Service.openMeteoArchive
        let (zone, daily) = try OpenMeteoAnswer.zoneAndBlock(
            json, "daily", requested: requested, service: service)
        let maximum = try daily.column(.temperatureMax)
        let minimum = try daily.column(.temperatureMin)
        let rawDates = daily.values["time"]?.array ?? []
        var times: [Date] = []
        var amounts: [Double?] = []
        if let hourly = try Block(json, "hourly", offset: zone.utcOffsetSeconds, service: service) {
            let column = try hourly.column(.precipitation)
            for index in hourly.times.indices {
                guard let time = hourly.times[index] else { continue }
                times.append(time)
                amounts.append(column[index])
            }
        }
        try PhysicalRange.check(amounts, variable: "precipitation", quantity: .precipitation, service: service)
        let clock = ZoneClock(zone)
        var days: [ObservedDay] = []
        for index in rawDates.indices {
            guard let date = OpenMeteoAnswer.day(rawDates[index], offset: zone.utcOffsetSeconds), range.contains(date)
            else { continue }
            let high = maximum[index]
            let low = minimum[index]
            try PhysicalRange.check([high], variable: "temperature_2m_max", quantity: .temperature, service: service)
            try PhysicalRange.check([low], variable: "temperature_2m_min", quantity: .temperature, service: service)
            let sum = PrecedingHourDays.indices(of: date, times: times, clock: clock).flatMap {
                PrecedingHourDays.sum(amounts, over: $0)
            }
            let day = ObservedDay(
                date: date, temperatureMaxCelsius: high, temperatureMinCelsius: low,
                precipitationSumMillimetres: sum.map { ($0 * 100).rounded() / 100 })
            if day.hasReadings { days.append(day) }
        }
        // The archive's last day with data, when that is before the end of the range (the day
        // before the range when it has none of it).
        let lastDayWithData: LocalDate?
        if let last = days.last?.date {
            lastDayWithData = last < range.upperBound ? last : nil
        } else {
            lastDayWithData = CivilCalendar.date(fromDays: range.lowerBound.dayNumber - 1)
        }
        return ArchiveDays(days: days, lastDayWithData: lastDayWithData, answeredInUTC: zone.isUTC)
    }
}
