import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// The first hour at a narrow terminal (issue 24; trial 3 items 1, 2, 5; trial 2 item 8): the
/// greeting, headings, tables and wrapped sentences fit the width between words, and no value
/// (a condition's words included) is broken.
@Suite(.tags(.unit)) struct NarrowWidthViewTests {
    static func render(_ result: CommandResult, width: Int) -> [String] {
        TextFitTests.render(result, width: width)
    }

    /// Every line fits, and the words read back as the text: nothing was broken mid-word.
    static func expectWrapped(
        _ lines: [String], _ text: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for line in lines { #expect(TextLayout.columns(line) <= width, "\(line)", sourceLocation: sourceLocation) }
        #expect(
            lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
                == text.split(separator: " ").joined(separator: " "), sourceLocation: sourceLocation)
    }

    /// Whether `line` holds words cut with "…" (a letter right before it).
    static func cutWords(_ line: String) -> Bool {
        var previous: Character = " "
        for character in line {
            if character == "…", previous.isLetter { return true }
            previous = character
        }
        return false
    }

    // MARK: - the one wrap

    @Test func wrapKeepsWordsWholeAndIndentsTheLinesAfterASentenceAtTheMargin() {
        #expect(
            TextLayout.wrap("error: cannot reach the service at example.org right now", indent: 0, width: 20) == [
                "error: cannot reach", "  the service at", "  example.org right", "  now",
            ])
        // An indented note goes on at its indent; a word wider than the line is broken after a
        // "/", its pieces at the indent (the terminal broke it mid-name, without one: trial 9).
        #expect(
            TextLayout.wrap("see http://127.0.0.1:37183/previous-runs now", indent: 2, width: 20) == [
                "  see", "  http://", "  127.0.0.1:37183/", "  previous-runs now",
            ])
        // Text that fits is left as it is, its aligning spaces included.
        #expect(TextLayout.wrap("cache:   /tmp/x", indent: 2, width: 40) == ["  cache:   /tmp/x"])
        #expect(
            TextLayout.wrap("2025-07-27 03:00 (UTC+00:00)", after: "  data time     ", width: 40) == [
                "  data time     2025-07-27 03:00", "                (UTC+00:00)",
            ])
    }

    // MARK: - 1 the greeting

    @Test(arguments: [40, 60])
    func theGreetingBreaksBetweenWords(width: Int) {
        let lines = InteractiveShell.banner(width: width).split(separator: "\n").map(String.init)
        Self.expectWrapped(
            lines, "wx \(WXVersion.current) — weather at the prompt. “help” lists commands; Ctrl-D quits.", width: width
        )
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
        #expect(InteractiveShell.banner(width: 80).split(separator: "\n").count == 1)
    }

    @Test(arguments: [40, 60, 80])
    func theDemoBannerBreaksBetweenWordsAndKeepsEachPlaceWithItsTime(width: Int) throws {
        let demo = try DemoWorld.load(TestPaths.fixtures.appendingPathComponent("demo/places.json").path)
        let banner = demo.banner(width: width)
        let lines = banner.split(separator: "\n").map(String.init)
        for line in lines { #expect(TextLayout.columns(line) <= width, "\(line)") }
        #expect(lines[0].hasPrefix("demo: recorded answers, not today’s"))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
        // "Denver (2023-11-02 20:00 UTC)" stays on one line.
        for place in demo.places {
            let iso = ISOTime.string(place.recorded)
            let item = "\(place.name) (\(iso.prefix(10)) \(iso.dropFirst(11).prefix(5)) UTC)"
            #expect(lines.contains { $0.contains(item) }, "\(item) in \(banner)")
        }
        // The try line names what Berlin has beyond `show`, wrapped like the rest.
        Self.expectWrapped(
            Array(lines.drop { !$0.hasPrefix("  try: ") }),
            "  try: find \(demo.places[0].name), then show, confidence, models, drift or skill", width: width)
    }

    // MARK: - 2 conditions: whole, or the symbol alone

    /// Every condition is its symbol alone, under no header, before the amounts are left out:
    /// at 40 columns "☁ overcast" kept its word beside a bare "☂" and cost the rain columns.
    @Test func aConditionThatDoesNotFitIsItsSymbolAloneNeverCutWords() {
        #expect(
            Array(Self.render(.daily(TextFitTests.berlin, days: 2), width: 40)) == [
                "Berlin, Deutschland · Sun 05:10 CEST",
                "  day          low °C high °C rain  mm",
                "  Sun 27 Jul ☁   16.3    24.1 20 % 0.0",
                "  Mon 28 Jul ☂   17.1    21.9 35 % 0.2",
                "  left out for the width: wind max",
                "  days are UTC days (02:00–02:00 CEST):",
                "  Open-Meteo answered in GMT",
            ])
        #expect(TextTable.CellCut.symbolAlone.cut("☂ slight rain showers", to: 12) == "☂")
        #expect(TextTable.CellCut.symbolAlone.cut("☁ overcast", to: 12) == "☁ overcast")
        #expect(TextTable.CellCut.symbolAlone.cut(" unknown", to: 5) == " unk…")
    }

    @Test(arguments: [40, 60, 80, 100])
    func dailyShowAndHourlyNeverCutAConditionsWords(width: Int) {
        for result in [
            CommandResult.daily(TextFitTests.berlin, days: 16), .weather(TextFitTests.berlin),
            .hourly(TextFitTests.berlin, hours: 48),
        ] {
            for line in Self.render(result, width: width) {
                // Cut words end in a letter before "…" ("☂ slight ra…"); "16.3 … 24.1" is a range.
                #expect(!Self.cutWords(line), "at \(width): \(line)")
                #expect(TextLayout.columns(line) <= width, "at \(width): \(line)")
            }
        }
    }

    @Test func atEightyColumnsDailyShowsTheLongestConditionWhole() {
        let lines = Self.render(.daily(TextFitTests.berlin, days: 16), width: 80)
        #expect(lines.contains { $0.contains("☂ slight rain showers ") }, "\(lines)")
    }

    // MARK: - 3 headings keep their date

    @Test func theHeadingsPlaceGivesWaySoWhatFollowsIsWhole() {
        let label = "Elbphilharmonie, Hamburg, Deutschland"
        #expect(
            TextRenderer.placeHeading(label, "Sun 14 Jul 2024", width: 40) == "Elbphilharmonie, Hamb… · Sun 14 Jul 2024"
        )
        #expect(
            TextRenderer.placeHeading(label, "normals 1991–2020", width: 40)
                == "Elbphilharmonie, Ha… · normals 1991–2020")
        #expect(TextRenderer.placeHeading(label, "x", width: 80) == label + " · x")
    }

    /// Trial 6: drift's heading at 40 columns kept “, run by run” and cut “Berlin, Deutschland”
    /// to “Ber…”; the decoration goes first, and only then does the place give way.
    @Test func aHeadingsDecorationGoesBeforeThePlace() {
        let berlin = "Berlin, Deutschland"
        #expect(
            TextRenderer.placeHeading(berlin, "Mon 28 Jul", decoration: ", run by run", width: 80)
                == "Berlin, Deutschland · Mon 28 Jul, run by run")
        #expect(
            TextRenderer.placeHeading(berlin, "Mon 28 Jul", decoration: ", run by run", width: 40)
                == "Berlin, Deutschland · Mon 28 Jul")
        #expect(
            TextRenderer.placeHeading(berlin, "Mon 28 Jul (tomorrow)", decoration: ", run by run", width: 40)
                == "Berlin, Deutsch… · Mon 28 Jul (tomorrow)")
    }

    // MARK: - 7 a sentence at the margin keeps its indent in scripts too

    @Test func aWarningsSentenceGoesOnIndented() {
        let place = Place(
            name: "Delhi", region: "India", countryCode: "in",
            coordinate: Coordinate(latitude: 28.65, longitude: 77.22),
            displayName: "Delhi, India")
        let report = WarningReport(
            place: place, service: nil, warnings: [], match: nil, origin: nil, forecast: nil,
            request: WarningsRequest())
        let lines = Self.render(.warnings(report), width: 60)
        #expect(lines.count > 1)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }, "\(lines)")
        Self.expectWrapped(
            lines,
            "no keyless warning feed covers \(place.label) (IN): wx cannot say whether warnings are in force there; ask the national weather service",
            width: 60)
    }

    // MARK: - 6 help's summary

    @Test func helpCommandWrapsItsSummary() throws {
        let find = try #require(CommandTable.all.first { $0.name == "find" })
        let lines = Self.render(.helpCommand(find), width: 40)
        #expect(lines[0] == find.synopsis)
        Self.expectWrapped(Array(lines[1..<3]), find.summary, width: 40)
        for line in lines { #expect(TextLayout.columns(line) <= 40, "\(line)") }
    }

    /// At 40 columns a synopsis broke inside its brackets ("[--frost" / "N%]", "rename <old>" /
    /// "<new>]"); at 80 the keys paragraph broke a chord ("Ctrl-X" / "Ctrl-U undoes") and a
    /// command to type ("\\o" / "FILE"). A bracketed part that fits a line stays on one.
    @Test func helpKeepsBracketsChordsAndCommandsOnOneLine() throws {
        for width in [40, 80] {
            let lines = Self.render(.help(CommandTable.all), width: width)
            for line in lines { #expect(TextLayout.columns(line) <= width, "\(line)") }
            for kept in [
                "[--frost N%]", "<new>]", "[place | favorite]", "Ctrl-X Ctrl-U", "Ctrl-X Ctrl-E", "\\o FILE",
                "wx -c 'help' | cat", "© OpenStreetMap",
            ] {
                #expect(lines.contains { $0.contains(kept) }, "width \(width): “\(kept)” broken")
            }
        }
        let check = try #require(CommandTable.all.first { $0.name == "check" })
        #expect(
            Self.render(.helpCommand(check), width: 40).prefix(3) == [
                "check [--rain N%] [--frost N%]", "    [--warnings] [--changed]", "    [place | favorite]",
            ])
    }

    // MARK: - 8 the chart's labels

    @Test func theChartWritesTemperaturesAsEverywhereElse() {
        let lines = Self.render(.hourly(TextFitTests.berlin, hours: 24), width: 80)
        let labels = lines.filter { $0.contains("┤") && $0.contains("°C") }
        #expect(labels.count == 2)
        #expect(labels.allSatisfy { $0.contains(" °C ┤") }, "\(labels)")
    }

    /// trial 6: the empty list's sentence was one 50-column line in a 40-column terminal.
    @Test func noFavoritesYetWrapsBetweenWords() {
        let context = RenderContext(units: .metric, now: Date(), colour: false, unicode: true, width: 40)
        let lines = TextRenderer.favorites([], context: context, style: Style(colour: false))
        #expect(lines == ["no favorites yet: “fav” saves the", "  current location"])
    }
}
