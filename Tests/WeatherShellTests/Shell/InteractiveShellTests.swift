import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// The app and its interactive loop, in process: a scripted reader stands for the terminal
/// (lines, Ctrl-C, Ctrl-D), a console collects the output, and a provider that waits until
/// cancelled stands for a request in flight. tmux (TerminalTests) covers libedit itself.
@MainActor
@Suite(.tags(.unit)) struct InteractiveShellTests {
    let home = TemporaryFolder()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    /// One run of `wx arguments` on fakes.
    struct Run {
        let status: Int32
        let console: TestConsole
        let prompt: ScriptedPrompt
        let provider: SuspendingForecastProvider
        @MainActor var reader: ScriptedLineReader { prompt.reader }
    }

    /// Runs wx with `arguments`: at the prompt reading `inputs` when `interactive`, else reading
    /// them as the lines of a script. Every forecast request waits; Ctrl-C comes as it starts.
    func run(
        _ arguments: [String] = [], inputs: [LineReadResult] = [], interactive: Bool = true, unavailable: String? = nil
    ) async -> Run {
        let console = TestConsole()
        let prompt = ScriptedPrompt(reader: ScriptedLineReader(inputs, transcript: console))
        prompt.unavailable = unavailable
        let interrupts = prompt.interrupts
        let provider = SuspendingForecastProvider { interrupts.interrupt() }
        let geocoder = FakeGeocoder(places: ["Hamburg": Self.hamburg])
        let now = Recorded.newYorkNow
        let host = AppHost(
            variable: { ["WX_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8"][$0] },
            output: console, inputIsTerminal: interactive, outputIsTerminal: false, terminalWidth: { 80 },
            makeSession: { configuration, _ in
                WeatherSession(
                    configuration: configuration,
                    services: WeatherServices(geocoder: geocoder, forecastProvider: provider),
                    state: StateStore(folder: configuration.configFolder, now: { now }),
                    log: EventLog(folder: configuration.stateFolder),
                    now: { now })
            },
            standardInput: ScriptedLineReader(interactive ? [] : inputs), prompt: prompt)
        let status = await WXApp(host: host).run(arguments)
        return Run(status: status, console: console, prompt: prompt, provider: provider)
    }

    @Test func ctrlDEndsTheShellWithStatusZeroEvenAfterAFailure() async {
        let run = await run(inputs: [.line("units"), .line("frobnicate"), .endOfInput])
        #expect(run.status == 0)
        #expect(
            run.console.output == InteractiveShell.banner
                + "wx> units\nunits metric: °C, km/h, mm, hPa, km, 24h clock\nwx> frobnicate\nwx> \n")
        #expect(run.console.errors.contains("unknown command “frobnicate”"))
        #expect(run.prompt.opened && run.prompt.closed)
        #expect(run.reader.prompts == ["wx> ", "wx> ", "wx> "])
    }

    @Test func quitEndsTheShellWithStatusZero() async {
        let run = await run(inputs: [.line("quit"), .line("units")])
        #expect(run.status == 0)
        #expect(!run.console.output.contains("units metric"))
        #expect(run.prompt.closed)
    }

    @Test func ctrlCAtThePromptGivesAFreshPromptAndKeepsTheCurrentPlace() async {
        let run = await run(inputs: [.line("find Hamburg"), .interrupted, .interrupted, .line("fav"), .endOfInput])
        #expect(run.status == 0)
        #expect(run.reader.prompts.count == 5)
        #expect(
            run.console.output.contains("wx> ^C\nwx> ^C\nwx> fav\n★ Elbphilharmonie saved to favorites\n"),
            "\(run.console.output)")
        #expect(run.console.errors == "")
    }

    @Test func ctrlCCancelsTheRequestInFlightAndTheNextLineRuns() async {
        let run = await run(inputs: [.line("find Hamburg"), .line("show"), .line("units"), .endOfInput])
        #expect(run.provider.counts == (started: 1, cancelled: 1))
        #expect(run.console.errors == "error: “show” cancelled\n")
        #expect(
            run.console.output.hasSuffix("wx> show\nwx> units\nunits metric: °C, km/h, mm, hPa, km, 24h clock\nwx> \n"),
            "\(run.console.output)")
        #expect(run.status == 0)
        #expect(!run.reader.commandRunning)
    }

    /// Issue 12 item 8: Ctrl-C stops the whole line, as in bash.
    @Test func ctrlCStopsEveryCommandLeftOnTheLine() async {
        let run = await run(inputs: [.line("find Hamburg"), .line("show; units; fav"), .line("favs"), .endOfInput])
        #expect(run.console.errors == "error: “show” cancelled\n")
        #expect(!run.console.output.contains("units metric"), "\(run.console.output)")
        #expect(run.console.output.contains("wx> favs\nno favorites yet"), "\(run.console.output)")
    }

    /// Issue 12 item 8: `replay` announces only the commands it runs.
    @Test func ctrlCInReplayAnnouncesNoCommandItDoesNotRun() async {
        let run = await run(inputs: [
            .line("find Hamburg"), .line("show"), .line("units"), .line("replay 2..3"), .endOfInput,
        ])
        #expect(run.provider.counts == (started: 2, cancelled: 2))
        let replayed = run.console.output.components(separatedBy: "wx> replay 2..3\n").last ?? ""
        #expect(replayed == "» show\nwx> \n", "\(run.console.output)")
        // And where the replay stopped (the tester's item 7: it was silent).
        #expect(
            run.console.errors
                == "error: “show” cancelled\nerror: “show” cancelled\nerror: replay stopped after 0 of 2 lines\n")
    }

    @Test func historyFromEarlierSessionsIsInTheReaderBeforeTheFirstPrompt() async {
        // Lines of a script are in the history (those of `wx -c` are not: issue 24).
        let earlier = await run(inputs: [.line("units; favs"), .line("units metric")], interactive: false)
        #expect(earlier.status == 0)
        let run = await run(inputs: [.line("favs"), .line("  "), .endOfInput])
        // A line of several commands is one entry (issue 12 item 9).
        #expect(run.reader.historyAtFirstPrompt == ["units; favs", "units metric"])
        #expect(run.reader.history == ["units; favs", "units metric", "favs"])
        let completion = run.reader.completion?("fa")
        #expect(completion?.options == ["fav", "favs"])
    }

    @Test func theStartUpFileRunsAtTheInteractivePromptOnly() async throws {
        try "frobnicate\nunits\n".write(toFile: home.path + "/wxrc", atomically: true, encoding: .utf8)
        let error = "error: \(home.path)/wxrc:1: unknown command “frobnicate”; type “help” for the list\n"

        let interactive = await run(inputs: [.line("favs")])
        #expect(interactive.console.errors.hasPrefix(error))
        // Settings made there are not confirmed at every start (issue 12 item 15).
        #expect(
            interactive.console.output.hasPrefix(InteractiveShell.banner + "wx> favs"), "\(interactive.console.output)")
        #expect(interactive.status == 0)
        #expect(interactive.reader.history == ["favs"], "start-up lines are not history")

        let skipped = await run(["-n"], inputs: [.line("favs")])
        #expect(!skipped.console.errors.contains("wxrc"))
        let script = await run(inputs: [.line("favs")], interactive: false)
        #expect(!script.console.errors.contains("wxrc") && !script.console.output.contains("units metric"))
        #expect(script.status == 0)
        let command = await run(["-c", "favs"])
        #expect(!command.console.errors.contains("wxrc"))
        #expect(!script.prompt.opened && !command.prompt.opened)
    }

    /// Trial 15: keys typed while the start-up file runs wait for the first prompt, as while a
    /// typed line runs: the terminal holds them (on the old code it echoed and edited them).
    @Test func theStartUpFileRunsAsACommandWhoseTypeaheadWaits() async throws {
        try "units\nfavs\n".write(toFile: home.path + "/wxrc", atomically: true, encoding: .utf8)
        let started = await run(inputs: [.line("units"), .endOfInput])
        #expect(started.reader.commandsRunBeforeFirstPrompt == 1)
        #expect(started.reader.commandsRun == 2)
        #expect(!started.reader.commandRunning)
        let skipped = await run(["-n"], inputs: [.endOfInput])
        #expect(skipped.reader.commandsRunBeforeFirstPrompt == 0)
    }

    /// Issue 12 item 15: a `units` line in wxrc printed on every start; `quit` there silently
    /// ended the file. Settings are now quiet there, and `quit` is an error naming the line.
    @Test func startUpFileSettingsAreQuietAndQuitIsAnErrorNamingItsLine() async throws {
        try "units imperial\nformat text\nquit\nlanguage de\n".write(
            toFile: home.path + "/wxrc", atomically: true, encoding: .utf8)
        let run = await run(inputs: [.line("units"), .line("language"), .endOfInput])
        #expect(
            run.console.output.hasPrefix(InteractiveShell.banner + "wx> units\nunits imperial: °F"),
            "\(run.console.output)")
        #expect(run.console.output.contains("wx> language\n"), "the line after quit ran: \(run.console.output)")
        #expect(run.console.output.contains("de"), "\(run.console.output)")
        #expect(
            run.console.errors
                == "error: \(home.path)/wxrc:3: “quit” is not for the start-up file: it would end wx before its prompt; the rest of the file still runs\n"
        )
        #expect(run.status == 0)
        #expect(run.reader.prompts.count == 3)
    }

    /// Issue 12 item 10: a pasted block comes as one line holding line ends; each line runs in
    /// order, and is a history entry of its own.
    @Test func aPastedBlockRunsEachLineInOrder() async {
        let run = await run(inputs: [.line("units\n\nfavs\n"), .endOfInput])
        #expect(
            run.console.output.contains("units metric: °C, km/h, mm, hPa, km, 24h clock\nno favorites yet"),
            "\(run.console.output)")
        #expect(run.reader.history == ["units", "favs"])
        #expect(run.console.errors == "")
    }

    /// Ctrl-C during a pasted block stops the rest of it, as it stops the rest of a line.
    @Test func ctrlCStopsTheRestOfAPastedBlock() async {
        let run = await run(inputs: [.line("find Hamburg"), .line("show\nunits\nfavs"), .line("fav"), .endOfInput])
        #expect(run.provider.counts == (started: 1, cancelled: 1))
        #expect(
            !run.console.output.contains("units metric") && !run.console.output.contains("no favorites yet"),
            "\(run.console.output)")
        #expect(run.console.output.contains("wx> fav\n★ Elbphilharmonie saved to favorites"), "\(run.console.output)")
    }

    @Test func ctrlCStopsTheStartUpFile() async throws {
        try "show Hamburg\nunits imperial\n".write(toFile: home.path + "/wxrc", atomically: true, encoding: .utf8)
        let run = await run(inputs: [.line("units"), .endOfInput])
        #expect(run.console.errors.hasSuffix("wxrc:1: “show Hamburg” cancelled\n"), "\(run.console.errors)")
        #expect(run.console.output.contains("wx> units\nunits metric"), "\(run.console.output)")
    }

    @Test func exitStatusIsTheWorstOfTheCommands() async {
        #expect(await run(["-c", "units"]).status == 0)
        #expect(await run(["-c", "show"]).status == 1)
        #expect(await run(["-c", "frobnicate"]).status == 2)
        #expect(await run(["-c", "frobnicate", "-c", "show"]).status == 2)
        #expect(await run(["units"]).status == 0)
        #expect(await run(["--frobnicate"]).status == 2)
        #expect(await run(["-c", "quit; frobnicate"]).status == 0)
        #expect(await run(inputs: [.line("show"), .line("units")], interactive: false).status == 1)
        #expect(await run(inputs: [.line("frobnicate"), .line("show")], interactive: false).status == 2)
        #expect(await run(inputs: [.line("units"), .line("quit"), .line("show")], interactive: false).status == 0)
        #expect(await run(["--version"]).status == 0)
    }

    @Test func noLineEditorIsStatusOneWithAWayOut() async {
        let run = await run(
            inputs: [.line("units")],
            unavailable:
                "libedit could not be loaded (libedit.so.2: cannot open); install libedit2, or pipe commands into wx")
        #expect(run.status == 1)
        #expect(
            run.console.errors
                == "wx: libedit could not be loaded (libedit.so.2: cannot open); install libedit2, or pipe commands into wx\n"
        )
        #expect(run.reader.prompts.isEmpty)
    }

    @Test func unwritableOutputMakesStatusOne() async {
        final class FullDisk: AppOutput {
            var errors = ""
            func write(_ text: String) {}
            func writeError(_ text: String) { errors += text }
            var writeFailure: String? { "No space left on device" }
        }
        let output = FullDisk()
        let host = AppHost(
            variable: { ["WX_HOME": home.path, "HOME": home.path][$0] }, output: output, inputIsTerminal: false,
            outputIsTerminal: false, terminalWidth: { 80 },
            makeSession: { configuration, _ in makeTestSession(home: home) },
            standardInput: ScriptedLineReader([]), prompt: ScriptedPrompt(reader: ScriptedLineReader([])))
        #expect(await WXApp(host: host).run(["-c", "units"]) == 1)
        #expect(output.errors == "wx: cannot write the output: No space left on device\n")
    }
}
