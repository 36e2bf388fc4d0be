import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Trial: `warnings Portland` said the NWS watch's times in Mountain time, an hour late. The
/// feed writes its times with the office's offset ("2019-12-20T13:34:00-08:00"); that told
/// offset beats a guess that keeps another (`ZoneInfo.keeping`). Expected values are read off
/// nws-alerts-active-zone-portland-flood-watch-2019-12.json and the tz database.
@Suite(.tags(.unit)) struct ToldOffsetTests {
    static func instant(_ text: String) -> Date { ISOTime.parse(text)! }

    @Test func theNWSFeedTellsItsOffset() throws {
        let answer = try NWSWarnings.read(
            try JSONValue.parse(TestPaths.fixture("warnings/nws-alerts-active-zone-portland-flood-watch-2019-12.json")))
        #expect(answer.warnings.first?.localOffsetSeconds == -8 * 3_600)
    }

    @Test func aToldOffsetBeatsAGuessKeepingAnother() {
        let onset = Self.instant("2019-12-20T21:34:00Z")
        let boise = ZoneInfo(identifier: "America/Boise", abbreviation: "MST", utcOffsetSeconds: -7 * 3_600)
        let portland = Coordinate(latitude: 45.5202, longitude: -122.6742)
        let zone = ZoneInfo.keeping(
            -8 * 3_600, at: onset, guess: boise, near: portland, countryCode: "us", now: onset)
        #expect(zone.identifier == "America/Los_Angeles")
        #expect(zone.abbreviation == "PST")
        #expect(zone.utcOffsetSeconds == -8 * 3_600)
        // A guess that keeps the told offset stays.
        let losAngeles = ZoneInfo(identifier: "America/Los_Angeles", abbreviation: "PST", utcOffsetSeconds: -28_800)
        #expect(
            ZoneInfo.keeping(-28_800, at: onset, guess: losAngeles, near: portland, countryCode: "us", now: onset)
                == losAngeles)
        // An offset no zone of the country keeps: the offset alone.
        let odd = ZoneInfo.keeping(
            -3 * 3_600 - 1_800, at: onset, guess: boise, near: portland, countryCode: "us", now: onset)
        #expect(odd.identifier == nil && odd.utcOffsetSeconds == -12_600)
    }
}
