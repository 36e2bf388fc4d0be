import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Issue 23, kind 9, for OpenWeatherMap: its answers carry one fixed offset (`timezone`,
/// seconds) and no zone name. The zone nearest to the place is named when its offset at the
/// answer's time agrees, so steps after the end of DST read at the new offset and the repeated
/// hour is known; otherwise the fixed offset stays.
@Suite(.tags(.unit)) struct OpenWeatherMapZoneTests {
    static func instant(_ text: String) -> Date { ISOTime.parse(text)! }

    /// A hand-written `/data/2.5/forecast` answer: 40 steps of 3 hours from `start`, the
    /// temperature counting the steps (0, 1, 2…), `city.timezone` `offset`.
    static func steps(from start: String, offset: Int, latitude: Double, longitude: Double) throws -> JSONValue {
        let first = Int(instant(start).timeIntervalSince1970)
        let list = (0..<40).map { index in
            #"{"dt":\#(first + index * 10_800),"main":{"temp":\#(index),"humidity":80},"weather":[{"id":800}]}"#
        }
        let body = #"""
            {"cod":"200","message":0,"cnt":40,"list":[\#(list.joined(separator: ","))],
             "city":{"id":1,"name":"Hand-written","coord":{"lat":\#(latitude),"lon":\#(longitude)},"timezone":\#(offset)}}
            """#
        return try JSONValue.parse(Data(body.utf8))
    }

    /// Steps alone (as when the current-weather request failed) at `latitude`, `longitude`.
    static func forecast(_ json: JSONValue, latitude: Double, longitude: Double) throws -> Forecast {
        var forecast = Forecast(
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0), source: .openWeatherMap)
        try OpenWeatherMapProvider.addSteps(from: json, to: &forecast)
        return forecast
    }

    /// Each step as "HH:MM ABBR" and whether it repeats, by its UTC time.
    static func readings(_ forecast: Forecast, at times: [String]) -> [String] {
        let clock = forecast.clock
        return times.map { text in
            let time = instant(text)
            let local = clock.localTime(time)
            let hour = (local.hour < 10 ? "0" : "") + "\(local.hour)"
            return "\(hour):00 \(local.abbreviation ?? "?")\(clock.isRepeated(time) ? " repeated" : "")"
        }
    }

    /// Hand-written London answer, Friday 23 October 2026 12:00 UTC to Wednesday 28 October:
    /// BST (+1) ends Sunday 25 October at 01:00 UTC, 02:00 BST becoming 01:00 GMT.
    @Test func londonStepsCrossTheEndOfDST() throws {
        let json = try Self.steps(from: "2026-10-23T12:00:00Z", offset: 3_600, latitude: 51.5073, longitude: -0.1277)
        let forecast = try Self.forecast(json, latitude: 51.5073, longitude: -0.1277)
        #expect(forecast.zone.identifier == "Europe/London")
        // By hand: 21:00 UTC + 1 = 22:00 BST; 00:00 UTC + 1 = 01:00 BST, which 01:00 UTC + 0
        // reads again (GMT); from 03:00 UTC the offset is 0: 03:00 GMT, not 04:00.
        #expect(
            Self.readings(
                forecast,
                at: [
                    "2026-10-24T21:00:00Z", "2026-10-25T00:00:00Z", "2026-10-25T03:00:00Z", "2026-10-25T21:00:00Z",
                    "2026-10-28T09:00:00Z",
                ])
                == ["22:00 BST", "01:00 BST repeated", "03:00 GMT", "21:00 GMT", "09:00 GMT"])
        // Sunday 25 October by London's clock holds the 8 steps 00:00…21:00 UTC (01:00 BST…21:00 GMT).
        let sunday = try #require(forecast.daily.first { $0.date == LocalDate(iso: "2026-10-25") })
        #expect(sunday.temperatureMinCelsius == 12 && sunday.temperatureMaxCelsius == 19)
    }

    /// Hand-written New York answer, Thursday 29 October 2026 12:00 UTC on: EDT (−4) ends
    /// Sunday 1 November at 06:00 UTC, 2:00 am EDT becoming 1:00 am EST.
    @Test func newYorkStepsCrossTheEndOfDST() throws {
        let json = try Self.steps(from: "2026-10-29T12:00:00Z", offset: -14_400, latitude: 40.7128, longitude: -74.006)
        let forecast = try Self.forecast(json, latitude: 40.7128, longitude: -74.006)
        #expect(forecast.zone.identifier == "America/New_York")
        // 03:00 UTC − 4 = 23:00 EDT (31 Oct); 06:00 UTC − 5 = 01:00 EST, which 05:00 UTC − 4
        // also reads; 09:00 UTC − 5 = 04:00 EST (the fixed offset said 05:00).
        #expect(
            Self.readings(forecast, at: ["2026-11-01T03:00:00Z", "2026-11-01T06:00:00Z", "2026-11-01T09:00:00Z"])
                == ["23:00 EDT", "01:00 EST repeated", "04:00 EST"])
    }

    /// Hand-written answer for Badajoz, Spain (38.88, −6.97), 7200 (CEST) in October 2026: the
    /// zone nearest to it is Lisbon's (+1 then), which disagrees, so the fixed offset stays.
    @Test func aNearestZoneThatDisagreesKeepsTheFixedOffset() throws {
        #expect(NearestZone.identifier(latitude: 38.88, longitude: -6.97) == "Europe/Lisbon")
        let json = try Self.steps(from: "2026-10-23T12:00:00Z", offset: 7_200, latitude: 38.88, longitude: -6.97)
        let forecast = try Self.forecast(json, latitude: 38.88, longitude: -6.97)
        #expect(forecast.zone == ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 7_200))
        let clock = forecast.clock
        // 03:00 UTC + 2 = 05:00 throughout, as OpenWeatherMap computed it; nothing repeats.
        #expect(clock.localTime(Self.instant("2026-10-25T03:00:00Z")).hour == 5)
        #expect(forecast.hourly.allSatisfy { !clock.isRepeated($0.time) })
    }

    /// Recorded answers: London's current weather (28 April 2020, `timezone` 3600) names
    /// Europe/London, BST; Adelphi, Maryland's steps (20–25 March 2025, −14400) America/New_York.
    @Test func recordedAnswersNameTheirZone() throws {
        let now = try JSONValue.parse(TestPaths.fixture("openweathermap/weather-london-lat-lon-kelvin-rain-1h.json"))
        let london = try OpenWeatherMapProvider.forecast(
            from: now, requested: Coordinate(latitude: 51.51, longitude: -0.13))
        #expect(london.zone.identifier == "Europe/London")
        let current = try #require(london.current)
        #expect(london.clock.localTime(current.time).abbreviation == "BST")
        #expect(london.clock.localTime(current.time).utcOffsetSeconds == 3_600)

        let steps = try JSONValue.parse(
            TestPaths.fixture("openweathermap/forecast-adelphi-md-kelvin-offset-minus-14400.json"))
        let adelphi = try Self.forecast(steps, latitude: 39.008, longitude: -76.9765)
        #expect(adelphi.zone.identifier == "America/New_York")
        // The first step, 21:00 UTC on 20 March 2025, is 17:00 EDT.
        let first = try #require(adelphi.hourly.first)
        #expect(first.time == Self.instant("2025-03-20T21:00:00Z"))
        #expect(adelphi.clock.localTime(first.time).hour == 17)
        #expect(adelphi.clock.localTime(first.time).abbreviation == "EDT")
    }
}
