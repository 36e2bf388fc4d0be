import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Past days and normals: the choice of service, the reading of archive answers (where the data
/// stops, nulls) and the reduction of thirty years to normals, with a loud fake transport.
@Suite(.tags(.unit)) struct PastWeatherTests {
    static let hamburg = Coordinate(latitude: 53.5413, longitude: 9.9842)

    func date(_ text: String) -> LocalDate { LocalDate(iso: Substring(text))! }

    @Test func theLastFiveDaysComeFromTheForecastAPIOlderOnesFromTheArchive() {
        let today = date("2025-07-27")
        #expect(PastSource.choose(for: date("2025-07-26")...date("2025-07-26"), today: today) == .recentForecast)
        #expect(PastSource.choose(for: date("2025-07-23")...date("2025-07-23"), today: today) == .recentForecast)
        // Five days back the archive has it.
        #expect(PastSource.choose(for: date("2025-07-22")...date("2025-07-22"), today: today) == .archive)
        #expect(PastSource.choose(for: date("2024-07-14")...date("2024-07-14"), today: today) == .archive)
        // A range reaching into the lag from within 92 days: the forecast API; from earlier: the archive.
        #expect(PastSource.choose(for: date("2025-04-26")...date("2025-07-26"), today: today) == .recentForecast)
        #expect(PastSource.choose(for: date("2025-04-25")...date("2025-07-26"), today: today) == .archive)
    }

    @Test func aDayWhoseHoursStopEarlySaysWhereAndKeepsNoAggregates() throws {
        let json = try JSONValue.parse(TestPaths.fixture("open-meteo-archive/hamburg-2025-07-21-data-ends-14h.json"))
        let day = date("2025-07-21")
        let past = try OpenMeteoPastProvider.past(
            from: json, requested: Self.hamburg, days: day...day, source: .archive)
        #expect(past.hours.count == 14)
        #expect(past.hours.last?.temperatureCelsius == 22.2)
        // 14:00 CEST = 12:00 UTC.
        #expect(past.dataEnd == ISOTime.parse("2025-07-21T12:00:00Z"))
        #expect(past.lastDayWithData == day)
        #expect(past.days == [PastDay(date: day)])
        #expect(!past.isComplete)
    }

    @Test func aDayWithNoDataAtAllEndsAtItsMidnight() throws {
        // The archive lists the day, every value null (past the end of its data).
        let body = """
            {"utc_offset_seconds":7200,"timezone":"Europe/Berlin",
             "hourly":{"time":[1753048800,1753052400],"temperature_2m":[null,null]},
             "daily":{"time":[1753048800],"temperature_2m_max":[null],"temperature_2m_min":[null]}}
            """
        let day = date("2025-07-21")
        let past = try OpenMeteoPastProvider.past(
            from: try JSONValue.parse(Data(body.utf8)), requested: Self.hamburg, days: day...day, source: .archive)
        #expect(past.hours.isEmpty)
        #expect(past.days.isEmpty)
        #expect(past.dataEnd == ISOTime.parse("2025-07-20T22:00:00Z"))
        #expect(!past.isComplete)
    }

    @Test func aDayNotOverWhereThePlaceIsEndsAtNow() throws {
        // 2024-07-14 in Hamburg (UTC+2) ends at 22:00 UTC: at 15:30 UTC its hours to 17:00 local
        // are over, the rest are the forecast's, and the day has no aggregates yet.
        let json = try JSONValue.parse(TestPaths.fixture("open-meteo-archive/hamburg-2024-07-14-hourly-daily.json"))
        let day = date("2024-07-14")
        let past = try OpenMeteoPastProvider.past(
            from: json, requested: Self.hamburg, days: day...day, source: .recentForecast,
            now: ISOTime.parse("2024-07-14T15:30:00Z"))
        #expect(past.hours.count == 17)
        #expect(past.dataEnd == ISOTime.parse("2024-07-14T15:00:00Z"))
        #expect(past.days == [PastDay(date: day)])
        #expect(!past.isComplete)
        // After its midnight, everything.
        let later = try OpenMeteoPastProvider.past(
            from: json, requested: Self.hamburg, days: day...day, source: .recentForecast,
            now: ISOTime.parse("2024-07-14T22:00:00Z"))
        #expect(later.isComplete)
        #expect(later.hours.count == 24)
    }

    @Test func aCompleteDayKeepsEveryValueAndNullsStayUnknown() throws {
        let json = try JSONValue.parse(TestPaths.fixture("open-meteo-archive/hamburg-2024-07-14-hourly-daily.json"))
        let day = date("2024-07-14")
        let past = try OpenMeteoPastProvider.past(
            from: json, requested: Self.hamburg, days: day...day, source: .archive)
        #expect(past.isComplete)
        #expect(past.hours.count == 24)
        #expect(past.days.first?.temperatureMaxCelsius == 22.0)
        #expect(past.days.first?.temperatureMinCelsius == 12.4)
        #expect(past.days.first?.sunshineDurationSeconds == 22_320)
        let range = try JSONValue.parse(
            TestPaths.fixture("open-meteo-archive/hamburg-2024-07-10-to-16-daily-sunshine-null.json"))
        let week = try OpenMeteoPastProvider.past(
            from: range, requested: Self.hamburg, days: date("2024-07-10")...date("2024-07-16"), source: .archive)
        #expect(week.isComplete)
        #expect(week.days.count == 7)
        #expect(week.days.allSatisfy { $0.sunshineDurationSeconds == nil && $0.temperatureMaxCelsius != nil })
    }

    @Test func anErrorAnswerIsRejectedWithTheServicesReason() throws {
        let json = try JSONValue.parse(TestPaths.fixture("open-meteo-archive/error-400-end-date-out-of-range.json"))
        #expect(
            throws: ServiceError.rejected(
                .openMeteoArchive, status: 200,
                reason: "Parameter 'end_date' is out of allowed range from 1940-01-01 to 2025-07-19")
        ) {
            try OpenMeteoPastProvider.past(
                from: json, requested: Self.hamburg, days: date("2025-07-01")...date("2025-07-21"), source: .archive)
        }
    }

    @Test func normalsAreMeansOverAWindowWithTheTwentyNinthOfFebruary() {
        // Two years (one leap): highs are the calendar day's slot, lows its negative, 2 mm on
        // even slots. 1 January's window (±3 days) wraps to the end of December.
        var dates: [LocalDate] = []
        var maxima: [Double?] = []
        var minima: [Double?] = []
        var rain: [Double?] = []
        for number
            in (LocalDate(year: 2019, month: 1, day: 1)
            .dayNumber...LocalDate(
                year: 2020, month: 12, day: 31
            ).dayNumber)
        {
            let date = CivilCalendar.date(fromDays: number)
            dates.append(date)
            let slot = Double(Climatology.slot(month: date.month, day: date.day))
            maxima.append(slot)
            minima.append(date == LocalDate(year: 2020, month: 2, day: 29) ? nil : -slot)
            rain.append(slot.truncatingRemainder(dividingBy: 2) == 0 ? 2 : 0)
        }
        let normals = Climatology.reduce(dates: dates, maximum: maxima, minimum: minima, precipitation: rain)
        #expect(Climatology.slot(month: 2, day: 29) == 59)
        #expect(Climatology.slot(month: 3, day: 1) == 60)
        #expect(Climatology.slot(month: 12, day: 31) == 365)
        // 15 June (slot 166): the mean of slots 163…169, each twice.
        let june = normals.normal(for: LocalDate(year: 2031, month: 6, day: 15))
        #expect(june.temperatureMaxMeanCelsius == 166)
        #expect(june.temperatureMinMeanCelsius == -166)
        // 29 February (slot 59): 56…62, slot 59 once (2020 only): (2·(56+57+58+60+61+62) + 59) / 13.
        let leap = normals.normal(for: LocalDate(year: 2024, month: 2, day: 29))
        #expect(leap.temperatureMaxMeanCelsius == 59)  // 767 / 13
        // Its only low (2020) is null: the six days around it count, twice each: −708 / 12.
        #expect(leap.temperatureMinMeanCelsius == -59)
        // Slots 164, 166 and 168 wet: 3 of every 7 days around 15 June, 6 mm in 7 days.
        // Unrounded (a view rounds once): 300 / 7 % and 6 / 7 mm.
        #expect(abs((june.wetDayPercent ?? 0) - 300.0 / 7) < 1e-9)
        #expect(abs((june.precipitationMeanMillimetres ?? 0) - 6.0 / 7) < 1e-9)
        // 1 January's window takes 29…31 December.
        let january = normals.normal(for: LocalDate(year: 2030, month: 1, day: 1))
        #expect(abs((january.temperatureMaxMeanCelsius ?? 0) - 2196.0 / 14) < 1e-9)  // 2 · 1098 / 14
    }

    func provider(_ transport: FakeTransport, home: TemporaryFolder, offline: Bool = false) -> OpenMeteoPastProvider {
        OpenMeteoPastProvider(
            archiveURL: "http://archive", forecastURL: "http://forecast",
            context: ServiceContext(
                transport: transport, cache: ResponseCache(folder: home.path + "/cache"),
                now: { ISOTime.parse("2025-07-27T03:10:00Z")! }, clock: TestClock(), offline: offline))
    }

    @Test func normalsAreOneRequestThenNoneAndThenOffline() async throws {
        let home = TemporaryFolder()
        let transport = FakeTransport()
        transport.expect(
            "http://archive/v1/archive?latitude=53.5413&longitude=9.9842&start_date=1991-01-01&end_date=2020-12-31",
            body: TestPaths.fixture("open-meteo-archive/hamburg-1991-2020-daily-max-min-precipitation.json"))
        let first = try await provider(transport, home: home).normals(at: Self.hamburg)
        #expect(first.origin == .network)
        let july = first.value.normal(for: LocalDate(year: 2025, month: 7, day: 27))
        // Unrounded (a view rounds once): Fixtures/open-meteo-archive/normals_expected.py's mean.
        #expect(abs((july.temperatureMaxMeanCelsius ?? 0) - 22.870952380952378) < 1e-9)
        // Again, and from a provider that may not use the network: the cache, no request.
        let again = try await provider(transport, home: home).normals(at: Self.hamburg)
        let offline = try await provider(transport, home: home, offline: true).normals(at: Self.hamburg)
        #expect(again.value == first.value)
        #expect(offline.value == first.value)
        #expect(transport.requests.count == 1)
        #expect(provider(transport, home: home).cachedNormals(at: Self.hamburg)?.value == first.value)
        #expect(provider(transport, home: TemporaryFolder()).cachedNormals(at: Self.hamburg) == nil)
    }

    @Test func aPastDayIsOneRequestAndCachedForGoodUnlessItsDataStopsEarly() async throws {
        let home = TemporaryFolder()
        let transport = FakeTransport()
        transport.expect(
            "start_date=2024-07-14&end_date=2024-07-14",
            body: TestPaths.fixture("open-meteo-archive/hamburg-2024-07-14-hourly-daily.json"))
        let day = LocalDate(year: 2024, month: 7, day: 14)
        let past = provider(transport, home: home)
        #expect(
            past.url(at: Self.hamburg, days: day...day, source: .archive, hours: true)
                == "http://archive/v1/archive?latitude=53.5413&longitude=9.9842&start_date=2024-07-14&end_date=2024-07-14&daily=weather_code%2Ctemperature_2m_max%2Ctemperature_2m_min%2Ctemperature_2m_mean%2Cprecipitation_sum%2Cwind_speed_10m_max%2Csunshine_duration&hourly=temperature_2m%2Capparent_temperature%2Crelative_humidity_2m%2Cprecipitation%2Cweather_code%2Cwind_speed_10m%2Cwind_direction_10m%2Cis_day&timezone=auto&timeformat=unixtime"
        )
        _ = try await past.past(at: Self.hamburg, days: day...day, source: .archive, hours: true)
        let cached = try await past.past(at: Self.hamburg, days: day...day, source: .archive, hours: true)
        #expect(transport.requests.count == 1)
        guard case .cache = cached.origin else {
            Issue.record("not from the cache: \(cached.origin)")
            return
        }
        let entry = try #require(
            ResponseCache(folder: home.path + "/cache").entry(
                for: past.url(at: Self.hamburg, days: day...day, source: .archive, hours: true)))
        #expect(entry.validUntil == .distantFuture)
        // A day whose data stops early is asked again an hour later.
        let lag = LocalDate(year: 2025, month: 7, day: 21)
        transport.expect(
            "start_date=2025-07-21", body: TestPaths.fixture("open-meteo-archive/hamburg-2025-07-21-data-ends-14h.json")
        )
        _ = try await past.past(at: Self.hamburg, days: lag...lag, source: .archive, hours: true)
        let short = try #require(
            ResponseCache(folder: home.path + "/cache").entry(
                for: past.url(at: Self.hamburg, days: lag...lag, source: .archive, hours: true)))
        #expect(short.validUntil == ISOTime.parse("2025-07-27T04:10:00Z"))
        #expect(transport.allAnswered)
    }
}
