import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension ViewFindingsTests {
    @Test func theDemosSkillSaysHowManyDaysItsRecordingsHold() throws {
        let berlin = Coordinate(latitude: 52.52, longitude: 13.39)
        var place = DemoWorld.Place(
            name: "Berlin", names: ["Berlin"], coordinate: berlin, recorded: Date(timeIntervalSince1970: 1_753_600_000),
            kinds: [.forecast, .past, .earlierRuns])
        place.days = [
            .past: DemoWorld.merged([date("2025-06-23")...date("2025-07-22"), date("2025-06-23")...date("2025-07-26")]),
            .earlierRuns: [date("2025-06-23")...date("2025-08-03")],
        ]
        #expect(place.days[.past] == [date("2025-06-23")...date("2025-07-26")])
        let world = DemoWorld(places: [place])
        #expect(world.skillRefusal(date("2025-06-23")...date("2025-07-22"), at: berlin) == nil)
        let refusal = try #require(world.skillRefusal(date("2025-06-22")...date("2025-07-22"), at: berlin))
        #expect(
            refusal
                == .notApplicable(
                    "the demo’s recordings for Berlin reach back to 2025-06-23: skill there scores at most 30 days (“skill 30”), not 31 (2025-06-22 to 2025-07-22)"
                ))
    }
}
