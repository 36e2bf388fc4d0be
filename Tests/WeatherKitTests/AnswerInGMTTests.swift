import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Case OM-11, trial 15: an Open-Meteo answer in GMT for a place whose clock is not UTC's is
/// read in GMT, then given the place's own zone from the tz database; its days are marked as
/// UTC days, and a day's sunrise and sunset are found on the place's calendar.
@Suite(.tags(.unit)) struct AnswerInGMTTests {
    static func instant(_ text: String) -> Date { ISOTime.parse(text)! }
    static let newYork = Coordinate(latitude: 40.71, longitude: -74.01)

    @Test func onlyUTCItselfIsUTC() {
        #expect(ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0).isUTC)
        #expect(ZoneInfo(identifier: "UTC", abbreviation: "UTC", utcOffsetSeconds: 0).isUTC)
        #expect(ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0).isUTC)
        // A place's zone whose offset happens to be 0 is the place's.
        #expect(!ZoneInfo(identifier: "Europe/London", abbreviation: "GMT", utcOffsetSeconds: 0).isUTC)
        #expect(!ZoneInfo(identifier: "Africa/Abidjan", abbreviation: "GMT", utcOffsetSeconds: 0).isUTC)
        #expect(!ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 3_600).isUTC)
    }

    /// What an answer gave as its zone when it cannot be read, for the views to say in place
    /// of "answered in GMT" (trial 57's "Mars/Olympus" at 999,999 s was said to be GMT).
    @Test func aZoneThatCannotBeReadIsNamedAsGiven() throws {
        func given(_ text: String) throws -> String? {
            OpenMeteoAnswer.unreadableZone(try JSONValue.parse(Data(text.utf8)))
        }
        #expect(try given(#"{"timezone":"Mars/Olympus","utc_offset_seconds":999999}"#) == "“Mars/Olympus”")
        #expect(try given(#"{"timezone":"Mars/Olympus","utc_offset_seconds":0}"#) == "“Mars/Olympus”")
        #expect(try given(#"{"timezone":"Europe/Berlin","utc_offset_seconds":999999}"#) == "a UTC offset of 999999 s")
        #expect(try given(#"{"timezone":"GMT","utc_offset_seconds":0}"#) == nil)
        #expect(try given(#"{"timezone":"Europe/Berlin","utc_offset_seconds":7200}"#) == nil)
        #expect(try given(#"{"utc_offset_seconds":0}"#) == nil)
    }

    @Test func theOM11BodyIsShownInNewYorksZone() throws {
        let forecast = Recorded.forecast("cases/om-no-timezone-gmt.json", at: Self.newYork)
        #expect(forecast.answeredInUTC)
        #expect(forecast.zone.identifier == "America/New_York")
        #expect(forecast.zone.utcOffsetSeconds == -4 * 3_600)
        // No days in the answer: none to say anything of.
        #expect(!forecast.daysAreUTC)
        // The hours are the instants the body gives (read in GMT), shown at New York's clock.
        #expect(forecast.hourly.first?.time == Self.instant("2024-10-30T00:00:00Z"))
        let local = forecast.clock.localTime(Self.instant("2024-10-30T01:30:00Z"))
        #expect(local.date == LocalDate(year: 2024, month: 10, day: 29))
        #expect((local.hour, local.minute, local.abbreviation) == (21, 30, "EDT"))
    }

    @Test func berlinsGMTRecordingHasUTCDaysAtBerlinsClock() throws {
        let forecast = Recorded.forecast(
            "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json",
            at: Coordinate(latitude: 52.52, longitude: 13.41))
        #expect(forecast.zone.identifier == "Europe/Berlin")
        #expect(forecast.zone.abbreviation == "CEST")
        #expect(forecast.daysAreUTC)
        // The days are the answer's own dates: 27 July first.
        #expect(forecast.daily.first?.date == LocalDate(year: 2025, month: 7, day: 27))
        #expect(
            forecast.today(at: Self.instant("2025-07-27T22:30:00Z"))?.date == LocalDate(year: 2025, month: 7, day: 28))
    }

    @Test func anAnswerInItsOwnZoneKeepsIt() throws {
        let forecast = Recorded.forecast(
            "cases/om-unknown-weather-code.json", at: Coordinate(latitude: 48.14, longitude: 11.58))
        #expect(!forecast.answeredInUTC && !forecast.daysAreUTC)
        #expect(forecast.zone.identifier == "Europe/Berlin")
        #expect(forecast.zone.abbreviation == "CET")
    }

    /// Tokyo's sunrise on 1 July is 04:27 JST, 19:27 UTC on 30 June: a UTC day carries the
    /// sunrise of the place's next day. The place's day has its own sunrise and sunset.
    @Test func aUTCDaysSunIsFoundOnThePlacesDay() throws {
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 35.69, longitude: 139.69),
            zone: ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0), source: .openMeteo)
        var june30 = DailyForecast(date: LocalDate(year: 2025, month: 6, day: 30))
        june30.sun = .times(
            sunrise: Self.instant("2025-06-30T19:26:00Z"), sunset: Self.instant("2025-06-30T10:01:00Z"))
        var july1 = DailyForecast(date: LocalDate(year: 2025, month: 7, day: 1))
        july1.sun = .times(sunrise: Self.instant("2025-07-01T19:27:00Z"), sunset: Self.instant("2025-07-01T10:01:00Z"))
        forecast.daily = [june30, july1]
        forecast.current = CurrentConditions(time: Self.instant("2025-06-30T23:00:00Z"))
        forecast.answeredInUTC = true
        forecast.takePlacesZone(countryCode: "jp")
        #expect(forecast.zone.identifier == "Asia/Tokyo")
        #expect(forecast.daysAreUTC)
        // 1 July in Tokyo: sunrise 04:26 JST (the UTC day of 30 June's), sunset 19:01 JST (1 July's).
        #expect(
            forecast.sun(onLocalDay: LocalDate(year: 2025, month: 7, day: 1))
                == .times(sunrise: Self.instant("2025-06-30T19:26:00Z"), sunset: Self.instant("2025-07-01T10:01:00Z")))
        // In the place's own days, a day's sun is its own.
        forecast.daysAreUTC = false
        #expect(forecast.sun(onLocalDay: LocalDate(year: 2025, month: 7, day: 1)) == july1.sun)
    }

    /// Hammerfest lies nearer Helsinki than Berlin, whose zone Norway keeps: by its country the
    /// zone is Norway's (CET), by its coordinates alone Finland's (EET).
    @Test func theNearestZoneIsTheCountrysWhenTheCountryIsKnown() {
        #expect(NearestZone.identifier(latitude: 70.66, longitude: 23.68) == "Europe/Helsinki")
        #expect(NearestZone.identifier(latitude: 70.66, longitude: 23.68, countryCode: "no") == "Europe/Berlin")
        #expect(NearestZone.identifier(latitude: 42.24, longitude: -8.72, countryCode: "ES") == "Europe/Madrid")
        // A code the table does not list: all zones.
        #expect(NearestZone.identifier(latitude: 70.66, longitude: 23.68, countryCode: "zz") == "Europe/Helsinki")
    }

    /// An ensemble answer in GMT is put at the place's clock (by its country), with its origin
    /// kept; one in a zone of its own keeps it. What `confidence` and `best`/`chance`/`plume`
    /// both do to the answer before counting its days.
    @Test func anEnsembleAnswerInGMTTakesThePlacesZone() {
        let gmt = ZoneInfo(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0)
        let hammerfest = Place(
            name: "Hammerfest", region: "Finnmark, Norge", countryCode: "no",
            coordinate: Coordinate(latitude: 70.66, longitude: 23.68), displayName: "Hammerfest, Finnmark, Norge")
        let answer = EnsembleForecast(
            model: .ecmwfIFS025, coordinate: hammerfest.coordinate, zone: gmt,
            times: [Self.instant("2025-01-15T00:00:00Z")], temperatureMembers: [[1]], precipitationMembers: [[0]])
        let origin = DataOrigin.cache(stored: Self.instant("2025-01-15T01:00:00Z"))
        let fetched = Fetched(value: answer, origin: origin).atPlacesClock(hammerfest)
        #expect(fetched.origin == origin)
        #expect(fetched.value.zone.identifier == "Europe/Berlin")
        #expect(fetched.value.zone.utcOffsetSeconds == 3_600)
        #expect(fetched.value.times == answer.times && fetched.value.temperatureMembers == answer.temperatureMembers)
        var own = answer
        own.zone = ZoneInfo(identifier: "Europe/Oslo", abbreviation: "CET", utcOffsetSeconds: 3_600)
        #expect(own.atPlacesClock(hammerfest) == own)
    }
}
