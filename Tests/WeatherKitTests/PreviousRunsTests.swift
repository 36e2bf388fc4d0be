import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Open-Meteo's Previous Runs answers: how lead times line up with the hours
/// (`PreviousRunsAlignment`), whole days only, repeated series, and scores that never average
/// nothing.
@Suite(.tags(.unit)) struct PreviousRunsTests {
    static let hamburg = Coordinate(latitude: 53.5413, longitude: 9.9842)

    func date(_ text: String) -> LocalDate { LocalDate(iso: Substring(text))! }

    /// An answer in UTC (`GMT`) for 2025-08-15 and 16 (48 hours from 2025-08-15T00:00Z; 49 with
    /// the 17th's 00:00 when `hours` says so), with the given columns.
    func answer(_ columns: [String: [Double?]], hours: Int = 48) throws -> PreviousRuns {
        let start = 1_755_216_000  // 2025-08-15T00:00:00Z
        var hourly: [String: Any] = ["time": (0..<hours).map { start + 3_600 * $0 }]
        var units: [String: String] = ["time": "unixtime"]
        for (name, values) in columns {
            hourly[name] = values.map { $0.map { $0 as Any } ?? NSNull() }
            units[name] = name.hasPrefix("temperature") ? "°C" : "mm"
        }
        let body: [String: Any] = [
            "latitude": 53.54, "longitude": 10.0, "utc_offset_seconds": 0, "timezone": "GMT",
            "timezone_abbreviation": "GMT", "hourly_units": units, "hourly": hourly,
        ]
        let data = try JSONSerialization.data(withJSONObject: body)
        return try OpenMeteoPreviousRunsProvider.runs(
            from: try JSONValue.parse(data), requested: Self.hamburg, leads: 0...7)
    }

    @Test func theValueAtHourHOfLeadNIsTheForecastForHourHMadeNDaysBefore() throws {
        // The run of two days before forecast 30 °C for 2025-08-16 15:00 (index 24 + 15), 10 °C
        // for every other hour. The column is indexed by the valid hour: the 30 °C belongs to
        // the 16th, not to the hour 48 h later or earlier.
        var lead2 = [Double?](repeating: 10.0, count: 48)
        lead2[24 + 15] = 30.0
        let runs = try answer([
            "temperature_2m_previous_day2": lead2,
            "precipitation_previous_day2": [Double?](repeating: 0.25, count: 48),
        ])
        let sixteenth = runs.day(date("2025-08-16"), lead: 2)
        #expect(sixteenth.temperatureMaxCelsius == 30.0)
        #expect(sixteenth.temperatureMinCelsius == 10.0)
        // The 15th's precipitation is its 01:00 … the 16th's 00:00 (each the hour before); the
        // 16th's needs the 17th's 00:00, which this answer lacks.
        #expect(runs.day(date("2025-08-15"), lead: 2).precipitationSumMillimetres == 6.0)
        #expect(sixteenth.precipitationSumMillimetres == nil)
        #expect(runs.day(date("2025-08-15"), lead: 2).temperatureMaxCelsius == 10.0)
        // That run was made about two days before the day it forecast.
        #expect(sixteenth.issued == date("2025-08-14"))
        #expect(PreviousRunsAlignment.issued(forecastFor: date("2025-08-16"), lead: 7) == date("2025-08-09"))
        // The service's names: the plain variable at lead 0, `_previous_dayN` after.
        #expect(PreviousRunsAlignment.variable("temperature_2m", lead: 0) == "temperature_2m")
        #expect(PreviousRunsAlignment.variable("precipitation", lead: 3) == "precipitation_previous_day3")
        #expect(
            OpenMeteoPreviousRunsProvider.hourlyVariables(leads: 1...2) == [
                "temperature_2m_previous_day1", "temperature_2m_previous_day2", "precipitation_previous_day1",
                "precipitation_previous_day2",
            ])
        // A lead the answer does not carry has no days.
        #expect(!runs.day(date("2025-08-16"), lead: 1).hasValues)
    }

    @Test func nullsAtTheStartLeaveThatDayWithoutFiguresNeverAHighOfPartOfIt() throws {
        // Lead 1 starts at 10:00 on the 15th (the service's data begins there).
        let temperatures: [Double?] = (0..<48).map { $0 < 10 ? nil : Double($0 % 24) }
        let runs = try answer(
            [
                "temperature_2m_previous_day1": temperatures + [nil],
                "precipitation_previous_day1": (0..<49).map { $0 < 10 ? nil : 0.1 },
            ], hours: 49)
        let first = runs.day(date("2025-08-15"), lead: 1)
        #expect(first.temperatureMaxCelsius == nil && first.temperatureMinCelsius == nil)
        #expect(first.precipitationSumMillimetres == nil)
        let second = runs.day(date("2025-08-16"), lead: 1)
        #expect(second.temperatureMaxCelsius == 23.0 && second.temperatureMinCelsius == 0.0)
        #expect(second.precipitationSumMillimetres == 2.4)
        #expect(runs.dates == [date("2025-08-15"), date("2025-08-16"), date("2025-08-17")])
    }

    /// Rain around midnight: 1.0 mm in the hour labelled 2025-08-16 00:00 (rain from 23:00 to
    /// midnight on the 15th) and 0.5 mm labelled 23:00 on the 16th; 0.2 mm labelled 01:00 on the
    /// 16th. The hours that end within a day are its sum: the 15th 1.0 (its 01:00 … the 16th's
    /// 00:00), the 16th 0.7 (01:00 … the 17th's 00:00). Open-Meteo's daily sum, over the labels
    /// 00:00–23:00, would say 0.0 and 1.7.
    /// `skill`'s observed days from the archive's hours (the recording with rain around
    /// midnight): each day's precipitation summed over the hours that end within it, as
    /// Fixtures/open-meteo-previous-runs/expected.py prints (“observed rain”) — not the
    /// archive's daily `precipitation_sum`, which differs on 23, 24, 30, 31 Jul and 4, 5 Aug.
    @Test func theArchivesObservedRainIsSummedOverTheSameHoursAsTheRuns() throws {
        let body = try JSONValue.parse(
            TestPaths.fixture(
                "open-meteo-archive/hamburg-2025-07-20-to-08-10-daily-max-min-hourly-precipitation-hand-written.json"))
        let observed = try OpenMeteoPastProvider.observedDays(
            from: body, requested: Coordinate(latitude: 53.55, longitude: 9.99),
            days: date("2025-07-20")...date("2025-08-09"))
        let expected: [Double?] = [
            0.0, 0.0, 2.2, 5.7, 0.3, 0.0, 0.0, 0.0, 1.4, 0.0, 5.7, 5.5, 0.3, 0.6, 0.0, 0.3, 0.8, 0.0,
            // 7 Aug: its last hour (8 Aug 00:00) is not in the archive yet.
            nil,
        ]
        #expect(observed.days.map(\.precipitationSumMillimetres) == expected)
        #expect(observed.days.map(\.date.iso).last == "2025-08-07")
        #expect(observed.lastDayWithData == date("2025-08-07"))
        #expect(observed.days[7].temperatureMaxCelsius == 23.0 && observed.days[7].temperatureMinCelsius == 15.0)
        // The request: the daily high and low, the hours, to the day after the window.
        let provider = OpenMeteoPastProvider(
            archiveURL: "http://127.0.0.1:8080", forecastURL: "http://127.0.0.1:8080",
            context: ServiceContext(transport: FakeTransport(), cache: nil, now: { Date() }, clock: TestClock()))
        #expect(
            provider.observedURL(at: Self.hamburg, days: date("2025-07-20")...date("2025-08-09"))
                == "http://127.0.0.1:8080/v1/archive?latitude=53.5413&longitude=9.9842&start_date=2025-07-20&end_date=2025-08-10&daily=temperature_2m_max%2Ctemperature_2m_min&hourly=precipitation&timezone=auto&timeformat=unixtime"
        )
    }

    @Test func aDaysPrecipitationIsTheHoursThatEndWithinIt() throws {
        var rain = [Double?](repeating: 0.0, count: 49)
        rain[24] = 1.0
        rain[25] = 0.2
        rain[47] = 0.5
        let runs = try answer(["precipitation_previous_day1": rain], hours: 49)
        #expect(runs.day(date("2025-08-15"), lead: 1).precipitationSumMillimetres == 1.0)
        #expect(runs.day(date("2025-08-16"), lead: 1).precipitationSumMillimetres == 0.7)
        // The 17th has one hour, ending at its 00:00 — none of its own.
        #expect(runs.day(date("2025-08-17"), lead: 1).precipitationSumMillimetres == nil)
        // A missing hour ending within the day leaves no sum, never part of one.
        rain[30] = nil
        let gap = try answer(["precipitation_previous_day1": rain], hours: 49)
        #expect(gap.day(date("2025-08-16"), lead: 1).precipitationSumMillimetres == nil)
        #expect(gap.day(date("2025-08-15"), lead: 1).precipitationSumMillimetres == 1.0)
    }

    @Test func aSeriesThatRepeatsTheNewerLeadIsToldApart() throws {
        let six: [Double?] = (0..<48).map { 12 + Double($0 % 24) / 2 }
        var seven = six
        seven[0] = nil  // a null where the other has a value does not break the likeness
        var five = six
        five[30] = 29  // another value, and a temperature: 99 °C is refused (PhysicalRange)
        let runs = try answer([
            "temperature_2m_previous_day5": five, "temperature_2m_previous_day6": six,
            "temperature_2m_previous_day7": seven,
        ])
        #expect(runs.repeatsPreviousLead(7))
        #expect(!runs.repeatsPreviousLead(6))
        // Over the 15th alone lead 6 equals lead 5 (the difference is on the 16th).
        #expect(runs.repeatsPreviousLead(6, over: [date("2025-08-15")]))
        // Fewer than 12 hours with both values prove nothing.
        let sparse = try answer([
            "temperature_2m_previous_day1": (0..<48).map { $0 < 11 ? 5 : nil },
            "temperature_2m_previous_day2": (0..<48).map { $0 < 11 ? 5 : nil },
        ])
        #expect(!sparse.repeatsPreviousLead(2))
        #expect(!sparse.repeatsPreviousLead(0))
    }

    @Test func aScoreIsNeverAnAverageOfNothingAndCountsOnlyTheDaysItRestsOn() {
        let empty = LeadScore(lead: 3, pairs: [])
        #expect(empty.highMeanAbsoluteErrorCelsius == nil && empty.highMeanErrorCelsius == nil)
        #expect(empty.lowMeanAbsoluteErrorCelsius == nil && empty.rainRightPercent == nil)
        #expect(empty.highDays == 0 && !empty.hasFigures)
        func observed(_ day: String, _ high: Double?, _ low: Double?, _ rain: Double?) -> ObservedDay {
            ObservedDay(
                date: date(day), temperatureMaxCelsius: high, temperatureMinCelsius: low,
                precipitationSumMillimetres: rain)
        }
        let score = LeadScore(
            lead: 2,
            pairs: [
                // Errors by hand: high +1.0, low −0.5, rain called (3.0 ≥ 1) and none came: wrong.
                ForecastPair(
                    forecastMaxCelsius: 21.0, forecastMinCelsius: 12.5, forecastPrecipitationMillimetres: 3.0,
                    observed: observed("2025-08-01", 20.0, 13.0, 0.2)),
                // High −2.0; no forecast low; rain none and none: right.
                ForecastPair(
                    forecastMaxCelsius: 18.0, forecastMinCelsius: nil, forecastPrecipitationMillimetres: 0.0,
                    observed: observed("2025-08-02", 20.0, 11.0, 0.9)),
                // No observed high: counts for the low (+1.5) and the rain (1.0 is a rain day: right).
                ForecastPair(
                    forecastMaxCelsius: 19.0, forecastMinCelsius: 12.0, forecastPrecipitationMillimetres: 1.0,
                    observed: observed("2025-08-03", nil, 10.5, 1.0)),
            ])
        #expect(score.highDays == 2 && score.lowDays == 2 && score.rainDays == 3 && score.rainHits == 2)
        #expect(score.highMeanAbsoluteErrorCelsius == 1.5)  // (1.0 + 2.0) / 2
        #expect(score.highMeanErrorCelsius == -0.5)  // (1.0 − 2.0) / 2
        #expect(score.lowMeanAbsoluteErrorCelsius == 1.0)  // (0.5 + 1.5) / 2
        #expect(score.lowMeanErrorCelsius == 0.5)  // (−0.5 + 1.5) / 2
        #expect(score.rainRightPercent == 67)
    }

    @Test func skillScoresWholeDaysInTheWindowAgainstObservedDaysAndNamesARepeat() throws {
        // Lead 1: 20 °C all day on both days; lead 2 the same (a repeat); lead 3 absent.
        let flat = [Double?](repeating: 20.0, count: 48)
        let runs = try answer([
            "temperature_2m_previous_day1": flat, "temperature_2m_previous_day2": flat,
            "precipitation_previous_day1": [Double?](repeating: 0.0, count: 48),
        ])
        let observed = [
            ObservedDay(
                date: date("2025-08-15"), temperatureMaxCelsius: 21.0, temperatureMinCelsius: 19.0,
                precipitationSumMillimetres: 0.0)
        ]
        // The window holds the 15th and 16th; the 16th has no observation.
        let scores = ForecastSkill.score(
            runs: runs, observed: observed, window: date("2025-08-15")...date("2025-08-16"))
        #expect(scores.map(\.lead) == [1, 2, 3, 4, 5, 6, 7])
        #expect(scores[0].highDays == 1 && scores[0].highMeanErrorCelsius == -1.0)
        #expect(scores[0].lowMeanErrorCelsius == 1.0 && scores[0].rainDays == 1 && scores[0].rainHits == 1)
        #expect(scores[1].repeatsLead == 1 && !scores[1].hasFigures)
        #expect(!scores[2].hasFigures && scores[2].repeatsLead == nil)
        // A window without the days: nothing scored.
        let outside = ForecastSkill.score(
            runs: runs, observed: observed, window: date("2025-08-20")...date("2025-08-21"))
        #expect(outside.allSatisfy { !$0.hasFigures })
    }

    @Test func errorsAndAnswersWithoutHoursAreRefused() throws {
        let rejected =
            #"{"error":true,"reason":"Parameter 'start_date' is out of allowed range from 2024-01-01 to 2025-08-30"}"#
        #expect(throws: ServiceError.self) {
            try OpenMeteoPreviousRunsProvider.runs(
                from: try JSONValue.parse(Data(rejected.utf8)), requested: Self.hamburg, leads: 1...7)
        }
        do {
            _ = try OpenMeteoPreviousRunsProvider.runs(
                from: try JSONValue.parse(Data(rejected.utf8)), requested: Self.hamburg, leads: 1...7)
        } catch let error as ServiceError {
            #expect(error.description.contains("out of allowed range from 2024-01-01"))
        }
        #expect(throws: ServiceError.self) {
            try OpenMeteoPreviousRunsProvider.runs(
                from: try JSONValue.parse(Data(#"{"latitude":1,"longitude":2}"#.utf8)), requested: Self.hamburg,
                leads: 0...7)
        }
        // A unit wx does not know is named, never read as °C: that run's values are left out
        // (case OM-1's rule), the answer kept.
        let odd =
            #"{"utc_offset_seconds":0,"hourly_units":{"time":"unixtime","temperature_2m_previous_day1":"°R"},"hourly":{"time":[0],"temperature_2m_previous_day1":[1]}}"#
        let runs = try OpenMeteoPreviousRunsProvider.runs(
            from: try JSONValue.parse(Data(odd.utf8)), requested: Self.hamburg, leads: 1...1)
        #expect(runs.temperatureCelsius[1] == [nil])
        #expect(
            runs.unknownUnits == [UnknownUnit(block: "hourly", variable: "temperature_2m_previous_day1", label: "°R")])
    }

    @Test func theRequestAppendsItsPathToABaseURLThatHasOne() {
        let provider = OpenMeteoPreviousRunsProvider(
            baseURL: "http://127.0.0.1:8080/previous-runs", archiveURL: "http://127.0.0.1:8080",
            forecastURL: "http://127.0.0.1:8080",
            context: ServiceContext(transport: FakeTransport(), cache: nil, now: { Date() }, clock: TestClock()))
        let url = provider.url(
            at: Self.hamburg, days: date("2025-08-14")...date("2025-08-16"), leads: 1...1)
        #expect(
            url
                == "http://127.0.0.1:8080/previous-runs/v1/forecast?latitude=53.5413&longitude=9.9842&hourly=temperature_2m_previous_day1%2Cprecipitation_previous_day1&start_date=2025-08-14&end_date=2025-08-16&timezone=auto&timeformat=unixtime"
        )
    }
}
