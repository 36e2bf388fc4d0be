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
@Suite struct DemoPastPartsTests {
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
}
