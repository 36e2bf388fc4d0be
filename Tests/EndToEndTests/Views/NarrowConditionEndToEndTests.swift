import Foundation
import Testing
import WXBasics
import WeatherTestSupport

/// A daily user's trial at 40 columns, through the built wx and the loopback server: the values
/// that matter (rain chance, amount) stay before a condition's words, a condition column is
/// all symbols or all words, and a note under a table speaks only of the columns it shows.
@Suite(.tags(.endToEnd)) struct NarrowConditionEndToEndTests {
    /// `daily`, `show` and `past` over days left out the amounts ("left out for the width: rain
    /// chance, precipitation…") to keep "☁ overcast" whole beside a bare "☂": now every
    /// condition is its symbol and the amounts stay.
    @Test(arguments: ["daily Berlin", "show Berlin", "past 2025-07-20..2025-07-23 Berlin"])
    func atFortyColumnsTheAmountsStayAndEveryConditionIsItsSymbol(command: String) throws {
        let (run, _) = try runDemo(command, environment: ["COLUMNS": "40"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("  day ") }, "\(run.stdout)")
        #expect(header.hasSuffix(" mm"), "\(run.stdout)")
        #expect(!run.stdout.contains("precipitation"), "\(run.stdout)")
        let days = lines.filter { $0.range(of: #"^  \w{3} \d\d \w{3} "#, options: .regularExpression) != nil }
        #expect(days.count >= 4, "\(run.stdout)")
        // After the day, no word: the condition is its symbol in every row, never some rows' words.
        for day in days { #expect(!day.dropFirst(12).contains { $0.isLetter }, "\(day)") }
        for line in lines { #expect(TextLayout.columns(line) <= 40, "\(line)") }
    }

    /// `hourly` at 40 columns with a 12-hour clock leaves out the amount: its note spoke of
    /// "rain and mm" all the same. It names only the columns shown.
    @Test func theHourlyNoteNamesOnlyTheColumnsShown() throws {
        let run = try runWX(
            ["-c", "units clock 12h; hourly 12 Hamburg"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2025-07-27T03:10:00Z", environment: ["COLUMNS": "40"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("  time ") }, "\(run.stdout)")
        #expect(!header.contains(" mm"), "\(run.stdout)")
        #expect(lines.contains("  rain: the hour up to each time"), "\(run.stdout)")
        #expect(!run.stdout.contains("rain and mm"), "\(run.stdout)")
    }

    /// `show`'s row of hours gives each hour's chance and amount as `hourly` does, the hour before
    /// its time: it now says so, as `hourly` does.
    @Test func showSaysWhatItsHoursChanceAndAmountCover() throws {
        let run = try runWX(
            ["-c", "show Hamburg"], home: TemporaryFolder(), server: FixtureServer(), now: "2025-07-27T03:10:00Z",
            environment: ["COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let amounts = try #require(lines.firstIndex { $0.hasPrefix("  mm ") }, "\(run.stdout)")
        #expect(lines[amounts + 1] == "  rain % and mm: the hour up to each time", "\(run.stdout)")
    }
}
