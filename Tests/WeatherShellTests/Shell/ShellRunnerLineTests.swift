import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// The runner reads lines through ShellWords: `;`, quotes, comments, the history and the
/// start-up file all by the same rules.
@MainActor @Suite(.tags(.unit)) struct ShellRunnerLineTests {
    let home = TemporaryFolder()
    let console = TestConsole()

    func runner() -> ShellRunner {
        ShellRunner(session: makeTestSession(home: home), output: console, format: .text, colour: false, unicode: true)
    }

    @Test func eachCommandOfALineRunsAndTheWorstStatusWins() async {
        let runner = runner()
        #expect(await runner.run(line: "language; frobnicat; format") == .usageError)
        #expect(console.output == "language: en (from the locale)\noutput format: text\n")
        #expect(console.errors == "error: unknown command “frobnicat”; type “help” for the list\n")
        #expect(runner.exitStatus == 2)
    }

    /// The session lists snapshots with their kept forecasts exactly when the output is JSON,
    /// from the start and after `format`.
    @Test func theOutputFormatTellsTheSessionHowMuchASnapshotListNeeds() async {
        let runner = runner()
        #expect(!runner.session.listsKeptForecasts)
        _ = await runner.run(line: "format json")
        #expect(runner.session.listsKeptForecasts)
        _ = await runner.run(line: "format text")
        #expect(!runner.session.listsKeptForecasts)
        let json = ShellRunner(
            session: makeTestSession(home: home), output: console, format: .json, colour: false, unicode: true)
        #expect(json.session.listsKeptForecasts)
    }

    @Test func anUnclosedQuoteRunsNothingOnTheLine() async {
        let runner = runner()
        #expect(await runner.run(line: "format; fav rm \"New York; format") == .usageError)
        #expect(console.output == "")
        #expect(console.errors == "error: the quote \" before “New York; format” is not closed\n")
        #expect(runner.exitStatus == 2)
        // The line is in the history as typed, like any command that did not parse.
        console.clear()
        _ = await runner.run(line: "history")
        #expect(console.output == "     1  format; fav rm \"New York; format\n     2  history\n")
    }

    /// Issue 12 item 9: a line of several commands is one history entry, as typed, and runs
    /// again the same.
    @Test func theHistoryKeepsEachLineAsTypedAndRerunsItTheSame() async {
        let runner = runner()
        #expect(await runner.run(line: "fav rm \"a;b\" ; format") == .failed)
        console.clear()
        _ = await runner.run(line: "history")
        #expect(console.output == "     1  fav rm \"a;b\" ; format\n     2  history\n")
        console.clear()
        #expect(await runner.run(line: "!1") == .failed)
        #expect(console.output == "» fav rm \"a;b\" ; format\noutput format: text\n")
        #expect(console.errors == "error: no favorite named “a;b” (see “favs”)\n")
        console.clear()
        #expect(await runner.run(line: "replay 1..1") == .failed)
        #expect(console.output == "» fav rm \"a;b\" ; format\noutput format: text\n")
        console.clear()
        _ = await runner.run(line: "history 3")
        #expect(console.output == "     3  fav rm \"a;b\" ; format\n     4  replay 1..1\n     5  history 3\n")
    }

    /// Trial 5: `!-2` naming `replay 1..2` was refused with a reason that was false ("it would
    /// repeat itself"). nu59: it then ran, and `!!` of a replay of a replay printed two lines
    /// before the refusal, a rule the first had broken. A reference to a line that runs others is
    /// refused at once, with a reason that is true; a quoted `'!N'` (`rerun`) likewise.
    @Test func aHistoryReferenceToAReplayIsRefusedAtOnce() async {
        let runner = runner()
        _ = await runner.run(line: "format")
        _ = await runner.run(line: "units")
        _ = await runner.run(line: "replay 1..2")
        _ = await runner.run(line: "replay 3..3")
        console.clear()
        #expect(await runner.run(line: "!-2") == .failed)
        #expect(console.output == "")
        #expect(
            console.errors
                == "error: “replay 1..2” is not run: a line run again from the history does not run others from it\n")
        console.clear()
        #expect(await runner.run(line: "'!4'") == .failed)
        #expect(console.output == "")
        #expect(
            console.errors
                == "error: “replay 3..3” is not run: a line run again from the history does not run others from it\n")
    }

    @Test func theStartUpFileReadsCommentsAndSemicolonsAlike() async throws {
        let path = home.path + "/wxrc"
        // Settings made there are quiet (issue 12 item 15); `favs` still prints, once per line run.
        try "# don't run this; format json\nfavs; # it's a comment; format json\nformat; favs\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let runner = runner()
        #expect(await runner.runStartupFile(path) == .succeeded)
        #expect(runner.format == .text)
        #expect(console.output == "no favorites yet: “fav” saves the current location\n".repeated(2))
        #expect(console.errors == "")
    }

    /// A usage error a handler finds is also the declaration's synopsis, not a copy of it.
    @Test func handlersUsageErrorsComeFromTheDeclaration() async {
        let runner = runner()
        #expect(await runner.run(line: "provider nominatim") == .usageError)
        #expect(console.errors == "error: usage: provider [open-meteo | openweathermap]\n")
    }

    @Test func helpFindsACommandAsRunningItDoes() async {
        let runner = runner()
        #expect(await runner.run(line: "help sa") == .usageError)
        #expect(console.errors == "error: “sa” could be save or saved; type more of it\n")
        console.clear()
        #expect(await runner.run(line: "help favss") == .usageError)
        #expect(console.errors == "error: unknown command “favss”; did you mean “favs”?\n")
        console.clear()
        #expect(await runner.run(line: "help hou") == .succeeded)
        #expect(
            console.output.hasPrefix("hourly [N] [place | favorite]\n  the next N hours (24) as a table and chart\n"))
        console.clear()
        #expect(await runner.run(line: "help saved") == .succeeded)
        #expect(
            console.output.hasPrefix(
                "saved [N | rm N | verify [place]]\n  list snapshots; show, delete or verify them\n  “saved N” shows a snapshot"
            ))
        #expect(console.output.hasSuffix("has been checked.\n  “rm” is also “remove” or “del”.\n"))
    }

    /// Issue 24 item 2: without a network, the first failure is followed, once, by a line that
    /// says nothing can be reached and names what works without one.
    @Test func withoutANetworkTheFirstErrorSaysWhatToDoAndTheRestAreShort() async {
        let geocoder = FakeGeocoder(failure: .transport(.nominatim, .cannotConnect("nominatim.openstreetmap.org")))
        let runner = ShellRunner(
            session: makeTestSession(home: home, geocoder: geocoder), output: console, format: .text, colour: false,
            unicode: true)
        #expect(await runner.run(line: "find Hamburg; show Paris") == .failed)
        #expect(
            console.errors == """
                error: cannot reach Nominatim: nothing can be reached from here; “wx --offline” shows what is saved, and in wx’s source folder “make demo” runs wx on recorded answers
                error: cannot reach Nominatim: nothing can be reached from here

                """)
    }

    /// Issue 40 item 12: offline, `find` fell back to the other geocoder and said “cannot reach”
    /// twice, then the hint on a line of its own; now one line names both, with the hint.
    @Test func withoutANetworkAFallbackIsOneLineWithTheHint() async {
        let runner = ShellRunner(
            session: makeTestSession(home: home), output: console, format: .text, colour: false, unicode: true)
        let error = ShellError.fallbackFailed(
            .transport(.nominatim, .cannotConnect("nominatim.openstreetmap.org")),
            then: UnreachableService.alsoUnreachable(.openMeteoGeocoding, host: "geocoding-api.open-meteo.com"))
        runner.report(error)
        runner.report(error)
        #expect(
            console.errors == """
                error: cannot reach Nominatim, nor Open-Meteo geocoding asked instead: nothing can be reached from here; “wx --offline” shows what is saved, and in wx’s source folder “make demo” runs wx on recorded answers
                error: cannot reach Nominatim, nor Open-Meteo geocoding asked instead: nothing can be reached from here

                """)
    }

    /// Trial 15: a service's `WX_…_URL` that cannot be reached is a server of the user's that
    /// is down, not a missing network: the error alone, no hint about a network.
    @Test func aServerOfTheUsersThatIsDownGetsNoNetworkHint() async {
        let geocoder = FakeGeocoder(failure: .transport(.nominatim, .cannotConnect("127.0.0.1:8080")))
        let runner = ShellRunner(
            session: makeTestSession(home: home, geocoder: geocoder), output: console, format: .text, colour: false,
            unicode: true)
        #expect(await runner.run(line: "find Hamburg") == .failed)
        #expect(
            console.errors
                == "error: cannot reach Nominatim at 127.0.0.1:8080; check your connection or WX_NOMINATIM_URL\n")
    }
}

extension String {
    fileprivate func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}
