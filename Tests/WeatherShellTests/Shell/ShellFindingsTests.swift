import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Faults a new user's trial found (trial2, 2026-12-01), each fixed here with what shows it.
@MainActor
@Suite(.tags(.unit)) struct RunnerFindingsTests {
    let home = TemporaryFolder()

    func session() -> WeatherSession {
        makeTestSession(home: home)
    }

    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    func runner(colour: Bool = false, fitsWidth: Bool) -> (ShellRunner, TestConsole) {
        let console = TestConsole()
        let geocoder = FakeGeocoder(places: ["Hamburg": Self.hamburg])
        let forecasts = FakeForecastProvider(
            forecasts: [Self.hamburg[0].coordinate: Recorded.newYorkForecast(at: Self.hamburg[0].coordinate)])
        let session = makeTestSession(home: home, geocoder: geocoder, forecasts: forecasts)
        let runner = ShellRunner(
            session: session, output: console, format: .text, colour: colour, unicode: true, width: { 80 },
            fitsWidth: fitsWidth)
        return (runner, console)
    }

    /// Finding 5: output that is not a terminal (`fitsWidth` false: no terminal, no COLUMNS) is
    /// never cut — `history` keeps the whole command, `favs` the whole region.
    @Test func historyAndFavoritesAreWholeWhenNotATerminal() {
        let long =
            "export favorites /tmp/t2exp/a.csv; export snapshots /tmp/t2exp/b.csv; export history /tmp/t2exp/c.csv"
        let entry = HistoryEntry(number: 1, line: long, time: Recorded.newYorkNow)
        let piped = RenderContext(
            units: .metric, now: Recorded.newYorkNow, colour: false, unicode: true, fitsWidth: false)
        #expect(TextRenderer.history([entry], context: piped) == ["     1  " + long])
        let terminal = RenderContext(units: .metric, now: Recorded.newYorkNow, colour: false, unicode: true)
        #expect(TextRenderer.history([entry], context: terminal)[0].count == 80)

        let place = Place(
            name: "New York", region: "City of New York, United States", countryCode: "us",
            coordinate: Coordinate(latitude: 40.7127, longitude: -74.006),
            displayName: "New York, City of New York, United States")
        let favorite = Favorite(name: "New York", place: place)
        let list = TextRenderer.favorites([favorite], context: piped, style: Style(colour: false)).joined()
        #expect(list.contains("City of New York, United States"))
        #expect(list.contains("40.7127, -74.0060"))
        #expect(!list.contains("…"))
    }

    /// Finding 4: `\o FILE` writes plain text, though the terminal takes colour.
    @Test func outputToAFileIsNotStyled() async throws {
        let (runner, console) = runner(colour: true, fitsWidth: true)
        let file = home.path + "/out.txt"
        _ = await runner.run(line: "find Hamburg")
        _ = await runner.run(line: "show")
        #expect(console.output.contains("\u{1B}["))  // the terminal is styled
        let long = Array(repeating: "units metric", count: 7).joined(separator: "; ")
        _ = await runner.run(line: long)
        _ = await runner.run(line: "\\o \(file)")
        _ = await runner.run(line: "show")
        _ = await runner.run(line: "history")
        _ = await runner.run(line: "\\o")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains("Elbphilharmonie"))
        #expect(!written.contains("\u{1B}"))
        // A file is not a terminal: the history's line is whole there, as in a pipe.
        #expect(written.contains(long))
    }
}

extension InteractiveShellTests {
    /// With a state.plist wx cannot read, the prompt said nothing until the first command.
    @Test func anUnreadableStateFileIsSaidUnderTheBanner() async throws {
        try "garbage, not a plist".write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let run = await run(inputs: [.line("units"), .endOfInput])
        #expect(run.console.errors.hasPrefix("warning: "), "\(run.console.errors)")
        #expect(run.console.errors.components(separatedBy: "warning: ").count == 2, "said once")
        #expect(run.console.output.hasPrefix(InteractiveShell.banner + "wx> units"))
    }
}
