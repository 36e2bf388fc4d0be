import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial 10: the demo refused Hamburg's `past 2025-07-20..2025-07-26` "on those days (it has …
/// 2025-07-20..2025-07-26)": the range crosses from one recording into the next, and the server
/// answers a request from one recording alone. Every range `past` can ask inside the days a
/// place says it has is now asked in parts that one recording each answers.
@Suite(.tags(.unit)) struct DemoPastPartsTests {
    @Test func everyRangeInsideWhatAPlaceHasIsAskedInPartsOneRecordingEachAnswers() throws {
        let world = try DemoWorld.load(demoManifestPath)
        var checked = 0
        for place in world.places {
            let today = ZoneClock.fixed(Int(place.recorded.timeIntervalSince1970), offset: 0, abbreviation: nil).date
            for has in place.days[.past] ?? [] {
                for first in has.lowerBound.dayNumber...has.upperBound.dayNumber {
                    let last = min(has.upperBound.dayNumber, first + PastDays.maximumDays - 1)
                    for end in first...last {
                        let range = CivilCalendar.date(fromDays: first)...CivilCalendar.date(fromDays: end)
                        let source = PastSource.choose(for: range, today: today)
                        let parts = world.pastParts(range, from: source, at: place.coordinate)
                        let recordings = place.pastRecordings[source] ?? []
                        #expect(
                            parts.first?.lowerBound == range.lowerBound && parts.last?.upperBound == range.upperBound)
                        for (part, next) in zip(parts, parts.dropFirst()) {
                            #expect(next.lowerBound.dayNumber == part.upperBound.dayNumber + 1)
                        }
                        for part in parts {
                            #expect(
                                recordings.contains { $0.contains(part.lowerBound) && $0.contains(part.upperBound) },
                                "\(place.name) \(range) from \(source): \(part)")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    @Test func hamburgsCrossingRangeIsTwoPartsAndARangeOneRecordingHoldsIsOne() throws {
        let world = try DemoWorld.load(demoManifestPath)
        let hamburg = try #require(world.place(named: "Hamburg")).coordinate
        let day = { (text: String) in LocalDate(iso: Substring(text))! }
        #expect(
            world.pastParts(day("2025-07-20")...day("2025-07-26"), from: .recentForecast, at: hamburg) == [
                day("2025-07-20")...day("2025-07-25"), day("2025-07-26")...day("2025-07-26"),
            ])
        #expect(
            world.pastParts(day("2025-07-20")...day("2025-07-22"), from: .archive, at: hamburg) == [
                day("2025-07-20")...day("2025-07-22")
            ])
        // Days no recording holds: asked as they are, for the server's refusal to name what it has.
        #expect(
            world.pastParts(day("2025-07-01")...day("2025-07-21"), from: .archive, at: hamburg) == [
                day("2025-07-01")...day("2025-07-21")
            ])
    }

    /// Trial 15: the parts came from different services — Hamburg's 20–25 July are the
    /// archive's days (`recorded_from`), answered for the forecast API's past days — and the
    /// joined answer names each with its days, neighbours from one service made one.
    @Test func eachPartIsCreditedToTheServiceItsRecordingIsFrom() throws {
        let world = try DemoWorld.load(demoManifestPath)
        let hamburg = try #require(world.place(named: "Hamburg")).coordinate
        let day = { (text: String) in LocalDate(iso: Substring(text))! }
        #expect(
            world.recordedSource(of: day("2025-07-20")...day("2025-07-25"), askedOf: .recentForecast, at: hamburg)
                == .archive)
        #expect(
            world.recordedSource(of: day("2025-07-23")...day("2025-07-23"), askedOf: .recentForecast, at: hamburg)
                == .archive)
        #expect(
            world.recordedSource(of: day("2025-07-26")...day("2025-07-26"), askedOf: .recentForecast, at: hamburg)
                == .recentForecast)
        #expect(
            world.recordedSource(of: day("2024-07-14")...day("2024-07-14"), askedOf: .archive, at: hamburg) == .archive)

        func part(_ source: PastSource, _ first: String, _ last: String) -> Fetched<PastWeather> {
            var weather = PastWeather(
                coordinate: hamburg,
                zone: ZoneInfo(identifier: "Europe/Berlin", abbreviation: nil, utcOffsetSeconds: 7_200),
                source: .recentForecast, requested: day(first)...day(last), days: [])
            weather.sources = [PastSourceDays(source, days: day(first)...day(last))]
            return Fetched(value: weather, origin: .network)
        }
        let joined = PastWeather.joined(
            [
                part(.archive, "2025-07-20", "2025-07-22"), part(.archive, "2025-07-23", "2025-07-25"),
                part(.recentForecast, "2025-07-26", "2025-07-26"),
            ],
            requested: day("2025-07-20")...day("2025-07-26"), hours: false)
        #expect(
            joined.value.sources == [
                PastSourceDays(.archive, days: day("2025-07-20")...day("2025-07-25")),
                PastSourceDays(.recentForecast, days: day("2025-07-26")...day("2025-07-26")),
            ])
        // One answer: its service over the days asked for.
        let one = PastWeather(
            coordinate: hamburg, zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0),
            source: .archive, requested: day("2024-07-14")...day("2024-07-14"), days: [])
        #expect(one.sources == [PastSourceDays(.archive, days: day("2024-07-14")...day("2024-07-14"))])
    }

    @Test func aPastRangeFromBothServicesNamesEachWithItsDays() {
        let day = { (text: String) in LocalDate(iso: Substring(text))! }
        var weather = PastWeather(
            coordinate: Coordinate(latitude: 53.54, longitude: 9.99),
            zone: ZoneInfo(identifier: "Europe/Berlin", abbreviation: nil, utcOffsetSeconds: 7_200),
            source: .recentForecast, requested: day("2025-07-20")...day("2025-07-26"), days: [])
        let format = ValueFormatter(units: .metric)
        #expect(TextRenderer.sourcesText(weather, format: format) == "from Open-Meteo’s forecast API (recent days)")
        weather.sources = [
            PastSourceDays(.archive, days: day("2025-07-20")...day("2025-07-25")),
            PastSourceDays(.recentForecast, days: day("2025-07-26")...day("2025-07-26")),
        ]
        #expect(
            TextRenderer.sourcesText(weather, format: format)
                == "Sun 20 Jul to Fri 25 Jul from Open-Meteo’s archive (ERA5), Sat 26 Jul from Open-Meteo’s forecast API (recent days)"
        )
    }
}
