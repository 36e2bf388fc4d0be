import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// The members `chance`, `best` and `plume` say they count: those the answer lists for the
/// variables read, and of those how many have no value (left out) — so "N in the answer; M left
/// out" is N − M used (trial 63: plume said 5 in the answer and 1 left out over 5 members).
@Suite(.tags(.unit)) struct CountedMembersTests {
    static let times = (0..<24).map { Date(timeIntervalSince1970: 1_796_083_200 + Double($0 * 3_600)) }

    /// An answer of `count` members (the control run first) of temperature and precipitation.
    /// `empty`: members listed for precipitation without any value of it (by number).
    func ensemble(_ count: Int, numbers: [Int]? = nil, empty: [Int] = []) -> EnsembleForecast {
        let rows: [[Double?]] = (0..<count).map { _ in Self.times.map { _ in 1.0 } }
        let numbered = numbers ?? Array(0..<count)
        var answer = EnsembleForecast(
            model: .ecmwfIFS025, coordinate: Coordinate(latitude: 40.75, longitude: -74.0),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0), times: Self.times,
            temperatureMembers: rows, precipitationMembers: rows,
            memberNumbers: [.temperature: numbered, .precipitation: numbered],
            notes: empty.isEmpty ? [] : [.membersWithoutValues(variable: "precipitation", count: empty.count)])
        answer.membersWithoutValues = empty.isEmpty ? [:] : [.precipitation: empty]
        return answer
    }

    @Test func aWholeAnswerKeepsTheModelsCount() {
        let counted = CountedMembers(ensemble(51), variables: [.precipitation])
        #expect(
            DecisionText.members(.ecmwfIFS025, counted)
                == "ECMWF IFS ENS ensemble (Open-Meteo), 51 members, the control run one of them")
    }

    @Test func fewerMembersAreSaidWithThoseLeftOutForNoValue() {
        let counted = CountedMembers(ensemble(29, empty: [29, 30]), variables: [.precipitation])
        #expect(counted.inAnswer == 31 && counted.withoutValues == 2)
        #expect(
            DecisionText.members(.ecmwfIFS025, counted)
                == "ECMWF IFS ENS ensemble (Open-Meteo): 31 of the model’s 51 members in the answer, the control run one of them; 2 members without any precipitation value left out"
        )
    }

    @Test func withoutTheControlRunThePerturbedMembersAreCounted() {
        let counted = CountedMembers(ensemble(50, numbers: Array(1...50)), variables: [.temperature])
        #expect(
            DecisionText.members(.ecmwfIFS025, counted)
                == "ECMWF IFS ENS ensemble (Open-Meteo): the answer has no control run, so 50 of the 51 members")
    }
}
