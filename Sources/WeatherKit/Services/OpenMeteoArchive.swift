import WXBasics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What happened on past days at a place: daily high, low and precipitation.
public protocol PastWeatherProvider: Sendable {
    /// The observed days `from` … `to` (inclusive, the place's calendar days), oldest first.
    /// Days the service has no values for yet (the archive lags today by days) are left out.
    ///
    /// - Throws: `ServiceError` (`.rejected` with the service's reason for a date out of range).
    func dailyObserved(at coordinate: Coordinate, from: LocalDate, to: LocalDate) async throws(ServiceError)
        -> Fetched<[ObservedDay]>
}

/// Past days from Open-Meteo: the Historical Weather API (`/v1/archive` on
/// `WX_OPEN_METEO_ARCHIVE_URL`, ERA5 reanalysis, about five days behind today) for older days,
/// and the forecast API (`/v1/forecast` with `start_date`/`end_date` on `WX_OPEN_METEO_URL`) for
/// the days the archive has not reached. One request per range and service; a range wholly
/// past is cached for good, since the past does not change.
///
/// Asks for `daily=temperature_2m_max,temperature_2m_min,precipitation_sum` with `timezone=auto`,
/// so days are the place's calendar days.
public struct OpenMeteoArchive: PastWeatherProvider {
    let archiveURL: String
    let forecastURL: String
    let client: ServiceClient

    /// Days the archive lags today: days newer than this come from the forecast API.
    public static let archiveLagDays = 5
    /// The oldest past day the forecast API answers (its `past_days` limit).
    public static let forecastPastDays = 92

    static let dailyVariables = ["temperature_2m_max", "temperature_2m_min", "precipitation_sum"]

    /// - Parameters:
    ///   - archiveURL: base URL of the archive (`WX_OPEN_METEO_ARCHIVE_URL`).
    ///   - forecastURL: base URL of the forecast API (`WX_OPEN_METEO_URL`).
    public init(archiveURL: String, forecastURL: String, context: ServiceContext) {
        self.archiveURL = archiveURL
        self.forecastURL = forecastURL
        self.client = ServiceClient(context: context)
    }

    /// Which service answers which part of `from` … `to`, as of `today` (UTC): the archive up to
    /// `today − archiveLagDays − 1`, the forecast API after; a range reaching back no further
    /// than the forecast API's past days goes to it whole, so it stays one request.
    public static func plan(from: LocalDate, to: LocalDate, today: LocalDate) -> [(Service, LocalDate, LocalDate)] {
        let archiveEnd = CivilCalendar.date(fromDays: today.dayNumber - archiveLagDays - 1)
        let forecastStart = CivilCalendar.date(fromDays: today.dayNumber - forecastPastDays)
        if to <= archiveEnd { return [(.openMeteoArchive, from, to)] }
        if from >= forecastStart { return [(.openMeteo, from, to)] }
        return [
            (.openMeteoArchive, from, archiveEnd),
            (.openMeteo, CivilCalendar.date(fromDays: archiveEnd.dayNumber + 1), to),
        ]
    }

    /// The request URL for one service and range.
    public func url(_ service: Service, at coordinate: Coordinate, from: LocalDate, to: LocalDate) -> String {
        let rounded = coordinate.rounded
        return QueryString.url(
            base: service == .openMeteoArchive ? archiveURL : forecastURL,
            path: service == .openMeteoArchive ? "/v1/archive" : "/v1/forecast",
            [
                ("latitude", DecimalText.shortest(rounded.latitude)),
                ("longitude", DecimalText.shortest(rounded.longitude)),
                ("daily", Self.dailyVariables.joined(separator: ",")), ("timezone", "auto"),
                ("start_date", from.iso), ("end_date", to.iso),
            ])
    }

    public func dailyObserved(
        at coordinate: Coordinate, from: LocalDate, to: LocalDate
    ) async throws(ServiceError) -> Fetched<[ObservedDay]> {
        guard from <= to else { return Fetched(value: [], origin: .network) }
        let now = client.context.now()
        let today = ZoneClock.fixed(Int(now.timeIntervalSince1970), offset: 0, abbreviation: nil).date
        var days: [ObservedDay] = []
        var origins: [DataOrigin] = []
        for (service, start, end) in Self.plan(from: from, to: to, today: today) {
            let url = url(service, at: coordinate, from: start, to: end)
            let fetched = try await client.json(
                ServiceRequest(service: service, url: url, cacheKey: url, staleFallback: true),
                validity: { json, now in Self.validUntil(json, through: end, now: now) })
            days += try Self.days(from: fetched.value, service: service).filter { $0.date >= start && $0.date <= end }
            origins.append(fetched.origin)
        }
        return Fetched(value: days.filter(\.hasReadings), origin: DataOrigin.leastFresh(origins))
    }

    /// For good (a century) when every day up to `end` is over everywhere on Earth and has
    /// values; an hour while the service may still fill days in.
    static func validUntil(_ json: JSONValue, through end: LocalDate, now: Date) -> Date {
        let nowDay = ZoneClock.fixed(Int(now.timeIntervalSince1970), offset: 0, abbreviation: nil).date
        let complete = ((try? days(from: json, service: .openMeteoArchive)) ?? []).allSatisfy(\.hasReadings)
        if end.dayNumber < nowDay.dayNumber - 1, complete { return now.addingTimeInterval(100 * 365 * 86_400) }
        return now.addingTimeInterval(3_600)
    }

    // MARK: - Mapping (pure)

    /// Maps a daily answer (archive or forecast API: the same shape) to days, converting from
    /// the units it declares.
    ///
    /// - Throws: `.rejected` with the service's `reason` for `{"error":true,…}`;
    ///   `.malformedResponse` when there is no `daily.time`.
    public static func days(from json: JSONValue, service: Service = .openMeteoArchive) throws(ServiceError)
        -> [ObservedDay]
    {
        guard json.object != nil else { throw .malformedResponse(service, detail: "expected an object") }
        if json["error"]?.bool == true {
            throw .rejected(service, status: 400, reason: json["reason"]?.nonEmptyString)
        }
        let forecast = try OpenMeteoForecastProvider.forecast(
            from: json, requested: Coordinate(latitude: 0, longitude: 0))
        guard json["daily"]?["time"]?.array != nil else {
            throw .malformedResponse(service, detail: "no daily values in the answer")
        }
        return forecast.daily.map {
            ObservedDay(
                date: $0.date, temperatureMaxCelsius: $0.temperatureMaxCelsius,
                temperatureMinCelsius: $0.temperatureMinCelsius,
                precipitationSumMillimetres: $0.precipitationSumMillimetres)
        }
    }
}
