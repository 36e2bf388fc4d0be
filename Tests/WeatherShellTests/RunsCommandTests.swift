import Testing
import WXBasics
import WeatherKit

@testable import WeatherShell

/// How `drift` and `skill` read their words and what Tab offers after them.
@Suite struct RunsCommandTests {
    func date(_ text: String) -> LocalDate { LocalDate(iso: Substring(text))! }

    @Test func driftTakesADayThenAPlaceAndDefaultsToTomorrow() throws {
        #expect(try CommandParser.parse("drift") == .drift(.tomorrow, nil))
        #expect(try CommandParser.parse("drift sat Hamburg") == .drift(.weekday(6), "Hamburg"))
        #expect(try CommandParser.parse("drift Saturday") == .drift(.weekday(6), nil))
        #expect(try CommandParser.parse("drift TODAY New York") == .drift(.today, "New York"))
        #expect(try CommandParser.parse("drift 2025-08-16 Home") == .drift(.date(date("2025-08-16")), "Home"))
        // A word that is no day starts the place (Monaco is not “mon…day”).
        #expect(try CommandParser.parse("drift Monaco") == .drift(.tomorrow, "Monaco"))
        #expect(try CommandParser.parse("drift Hamburg") == .drift(.tomorrow, "Hamburg"))
        #expect(throws: ShellError.self) { try CommandParser.parse("drift 2025-02-30") }
    }

    @Test func aDayResolvesInThePlacesCalendarTodayIncluded() {
        let thursday = date("2025-08-14")
        #expect(DriftDay.tomorrow.resolved(today: thursday) == date("2025-08-15"))
        #expect(DriftDay.weekday(6).resolved(today: thursday) == date("2025-08-16"))
        #expect(DriftDay.weekday(4).resolved(today: thursday) == thursday)
        #expect(DriftDay.weekday(3).resolved(today: thursday) == date("2025-08-20"))
    }

    @Test func skillTakesACountOfDaysThenAPlace() throws {
        #expect(try CommandParser.parse("skill") == .skill(nil, nil))
        #expect(try CommandParser.parse("skill 60 Home") == .skill(60, "Home"))
        #expect(try CommandParser.parse("skill Home") == .skill(nil, "Home"))
        #expect(throws: ShellError.usage("the number of days is 1 to 92, not “0”")) {
            try CommandParser.parse("skill 0")
        }
        #expect(throws: ShellError.usage("the number of days is 1 to 92, not “93”")) {
            try CommandParser.parse("skill 93 Home")
        }
    }

    @Test func tabOffersTheDaysThenFavorites() {
        let favorites = ["Paris", "Home"]
        #expect(Completer.complete("drift to", favorites: favorites).options == ["tomorrow", "today"])
        #expect(Completer.complete("drift sa", favorites: favorites).options == ["saturday"])
        #expect(Completer.complete("drift saturday Pa", favorites: favorites).options == ["Paris"])
        #expect(Completer.complete("drift Pa", favorites: favorites).options == ["Paris"])
        #expect(Completer.complete("skill 60 Ho", favorites: favorites).options == ["Home"])
    }
}
