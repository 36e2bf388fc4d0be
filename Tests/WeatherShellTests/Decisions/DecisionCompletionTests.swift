import Testing
import WeatherTestSupport

@testable import WeatherShell

/// Tab after `best`, `chance` and `plume`: their words anywhere on the line, else a favorite.
@Suite(.tags(.unit)) struct DecisionCompletionTests {
    @Test func conditionsActivitiesAndDayWordsCompleteAnywhereThenFavorites() {
        #expect(Completer.complete("best 2h d", favorites: ["Home"]).options == ["dry", "daylight"])
        #expect(Completer.complete("best 2h dry la", favorites: ["Home"]).options == ["laundry"])
        #expect(Completer.complete("best 2h dry wee", favorites: ["Home"]).options == ["weekend"])
        #expect(Completer.complete("best 2h dry sat H", favorites: ["Home"]).options == ["Home"])
        #expect(Completer.complete("chance fr", favorites: ["Home"]).options == ["frost"])
        #expect(Completer.complete("chance frost gu", favorites: ["Home"]).options == ["gusts>="])
        #expect(Completer.complete("plume g", favorites: ["Home"]).options == ["gusts"])
    }

    /// Weekday names complete where `best` takes a day, as `drift` and `past` complete them.
    @Test func weekdaysCompleteWhereADayIsTaken() {
        #expect(Completer.complete("best 2h dry fr", favorites: ["Home"]).options == ["friday"])
        #expect(Completer.complete("best 2h dry wed", favorites: ["Home"]).options == ["wednesday"])
        #expect(Completer.complete("drift fr", favorites: ["Home"]).options == ["friday"])
    }
}

extension DecisionCompletionTests {
    /// Item 5: Tab offers only words each command takes: best's comparisons up to their number
    /// (`temp>`, `temp<`), never a bare name (`snow`, `snowfall`, `temperature`).
    @Test func tabOffersOnlyWordsTheCommandTakes() {
        #expect(Completer.complete("best 2h dry s", favorites: []).options == ["sunny", "sunday", "saturday"])
        #expect(
            Completer.complete("best 2h dry t", favorites: []).options == [
                "temp>", "temp<", "today", "tomorrow", "tuesday", "thursday",
            ])
        #expect(Completer.complete("best 2h dry r", favorites: []).options == ["ride", "run", "rain<"])
        #expect(Completer.complete("chance s", favorites: []).options == ["snow>="])
    }
}

extension DecisionCompletionTests {
    /// Trial 54 item 11: on an empty word, what the position takes (as `units <TAB><TAB>` lists
    /// its words), then favorites; nothing at best's duration or check's percentage; after a
    /// count or plume's variable only the place.
    @Test func anEmptyWordListsWhatThePositionTakes() {
        #expect(Completer.complete("plume ", favorites: ["Home"]).options == ["temp", "rain", "gusts", "wind", "Home"])
        #expect(Completer.complete("plume temp ", favorites: ["Home"]).options == ["Home"])
        #expect(Completer.complete("plume 12 ", favorites: ["Home"]).options == ["Home"])
        #expect(Completer.complete("best ", favorites: ["Home"]).options == [])
        let best = Completer.complete("best 2h ", favorites: ["Home"]).options
        #expect(best.first == "dry" && best.last == "Home" && best.contains("wind<") && best.contains("saturday"))
        #expect(!Completer.complete("best 2h dry ", favorites: ["Home"]).options.contains("dry"))
        #expect(Completer.complete("chance frost 2 ", favorites: ["Home"]).options == ["Home"])
        #expect(
            Completer.complete("check --rain 60% ", favorites: ["Home"]).options == [
                "--frost", "--warnings", "--changed", "Home",
            ])
        #expect(Completer.complete("check --rain ", favorites: ["Home"]).options == [])
    }
}
