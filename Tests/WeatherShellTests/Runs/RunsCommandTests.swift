import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// How `drift` and `skill` read their words and what Tab offers after them.
@Suite(.tags(.unit)) struct RunsCommandTests {
    func date(_ text: String) -> LocalDate { LocalDate(iso: Substring(text))! }

    @Test func driftTakesADayThenAPlaceAndDefaultsToTomorrow() throws {
        #expect(try CommandParser.parse("drift") == .drift(nil, nil))
        #expect(try CommandParser.parse("drift sat Hamburg") == .drift(.weekday(6), "Hamburg"))
        #expect(try CommandParser.parse("drift Saturday") == .drift(.weekday(6), nil))
        #expect(try CommandParser.parse("drift TODAY New York") == .drift(.today, "New York"))
        #expect(try CommandParser.parse("drift 2025-08-16 Home") == .drift(.date(date("2025-08-16")), "Home"))
        // A word that is no day starts the place (Monaco is not “mon…day”).
        #expect(try CommandParser.parse("drift Monaco") == .drift(nil, "Monaco"))
        #expect(try CommandParser.parse("drift Hamburg") == .drift(nil, "Hamburg"))
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
            try CommandParser.parse("skill 93")
        }
        // Before more words, the handler decides: “93 Home” may be a favorite's name
        // (FavoriteNamedOverCountEndToEndTests).
        #expect(try CommandParser.parse("skill 93 Home") == .skill(93, "Home"))
    }

    @Test func tabOffersTheDaysThenFavorites() {
        let favorites = ["Paris", "Home"]
        #expect(Completer.complete("drift to", favorites: favorites).options == ["tomorrow", "today"])
        #expect(Completer.complete("drift sa", favorites: favorites).options == ["saturday"])
        #expect(Completer.complete("drift saturday Pa", favorites: favorites).options == ["Paris"])
        #expect(Completer.complete("drift Pa", favorites: favorites).options == ["Paris"])
        #expect(Completer.complete("skill 60 Ho", favorites: favorites).options == ["Home"])
    }

    /// A drift report of `highs` (lead 7 first; nil: no whole day from that run).
    func report(_ highs: [Double?], precipitation: [Double?]? = nil, repeats: Set<Int> = []) -> DriftReport {
        let day = date("2025-08-16")
        let rows = highs.enumerated().map { index, high in
            let lead = 7 - index
            return DriftRow(
                day: RunDay(
                    date: day, lead: lead, temperatureMaxCelsius: high, temperatureMinCelsius: high.map { $0 - 8 },
                    precipitationSumMillimetres: precipitation?[index] ?? high.map { _ in 0 }),
                repeatsNewerRun: repeats.contains(lead))
        }
        return DriftReport(
            place: .unnamed(at: Coordinate(latitude: 53.5, longitude: 10)), date: day, today: date("2025-08-14"),
            rows: rows, origin: .network)
    }

    @Test func theDriftPhraseComparesTheOldestRunOfItsOwnWithTheNewest() {
        let metric = ValueFormatter(units: .metric)
        // 7 days: 20.0 → 26.0 (lead 7 to lead 0), rain 0 → 6.2 mm.
        let week = report(
            [20, 21, 22, 23, 24, 25, 25.5, 26], precipitation: [0, 0, 1, 2, 3, 4, 5, 6.2])
        #expect(
            TextRenderer.driftPhrase(DriftChange(week), format: metric)
                == "warming 6.0 °C in a week, precipitation 0.0 mm → 6.2 mm")
        // Less than half a degree apart: steady. Lead 7 repeats lead 6: the change runs from 6.
        let steady = report([30, 20.1, 20.3, 20.2, nil, nil, nil, nil], repeats: [7])
        #expect(
            TextRenderer.driftPhrase(DriftChange(steady), format: metric)
                == "high steady (within 0.5 °C) over 2 days, precipitation 0.0 mm → 0.0 mm")
        #expect(DriftChange(steady).highChangeCelsius == 0.1 && DriftChange(steady).days == 2)
        // One run, or none, with figures: said so, no change made up.
        let one = report([nil, nil, nil, nil, nil, nil, 18, nil])
        #expect(
            TextRenderer.driftPhrase(DriftChange(one), format: metric) == "only one run has forecast this day so far")
        #expect(DriftChange(one).highChangeCelsius == nil)
        let none = report([nil, nil, nil, nil, nil, nil, nil, nil])
        #expect(TextRenderer.driftPhrase(DriftChange(none), format: metric) == "no run has forecast this whole day yet")
        // In °F a change of 6 °C is 10.8 °F (a difference, no offset).
        var imperial = UnitPreferences.metric
        imperial.temperature = .fahrenheit
        #expect(
            TextRenderer.driftPhrase(DriftChange(week), format: ValueFormatter(units: imperial)).hasPrefix(
                "warming 10.8 °F in a week"))
    }

    /// The change is the difference of the two highs as the table shows them (to a tenth in your
    /// unit), as `changed` and `brief` say theirs: 20.04 and 20.56 °C, shown "20.0" and "20.6",
    /// are "warming 0.6 °C" (the unrounded 0.52 read "0.5"); 20.04 and 20.5, shown 0.5 apart,
    /// are no longer "steady (within 0.5 °C)" (the unrounded 0.46 was under 0.5). In °F those
    /// are 68.1 and 69.0: 0.9, not under 0.5 °C's 0.9 °F.
    @Test func theDriftPhraseSaysTheDifferenceOfTheHighsShown() {
        let metric = ValueFormatter(units: .metric)
        let apart = report([20.04, nil, nil, nil, nil, nil, nil, 20.56])
        #expect(
            TextRenderer.driftPhrase(DriftChange(apart), format: metric).hasPrefix("warming 0.6 °C in a week"),
            "\(TextRenderer.driftPhrase(DriftChange(apart), format: metric))")
        let edge = report([20.04, nil, nil, nil, nil, nil, nil, 20.5])
        #expect(
            TextRenderer.driftPhrase(DriftChange(edge), format: metric).hasPrefix("warming 0.5 °C in a week"),
            "\(TextRenderer.driftPhrase(DriftChange(edge), format: metric))")
        var fahrenheit = UnitPreferences.metric
        fahrenheit.temperature = .fahrenheit
        #expect(
            TextRenderer.driftPhrase(DriftChange(apart), format: ValueFormatter(units: fahrenheit)).hasPrefix(
                "warming 0.9 °F in a week"))
    }
}
