import Foundation
import Testing
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Trial 15, in process: with standard input a terminal and standard output a file or a pipe
/// (`wx > out.txt`, `wx | cat`), the shell is still interactive, but what is not a result — the
/// banner, the prompt, the line editor — goes to a terminal, and standard output gets only the
/// results. On the old code the banner went to standard output and libedit, given a standard
/// output that was no terminal, showed no prompt. The tmux side is `RedirectedOutputTerminalTests`.
@MainActor
@Suite(.tags(.unit)) struct PromptStreamTests {
    let home = TemporaryFolder()

    @Test func thePromptGoesToTheFirstTerminalOfStandardOutputStandardErrorAndDevTty() {
        #expect(PromptStream(outputIsTerminal: true, errorIsTerminal: true) == .standardOutput)
        #expect(PromptStream(outputIsTerminal: true, errorIsTerminal: false) == .standardOutput)
        #expect(PromptStream(outputIsTerminal: false, errorIsTerminal: true) == .standardError)
        #expect(PromptStream(outputIsTerminal: false, errorIsTerminal: false) == .controllingTerminal)
    }

    /// One interactive run with standard output `outputIsTerminal` or not: what standard output
    /// got, what the prompt's screen got, where the prompt was asked for, and whether the notice
    /// of a slow request was on.
    func run(outputIsTerminal: Bool, errorIsTerminal: Bool) async -> (
        output: TestConsole, screen: TestConsole, stream: PromptStream?, notice: Bool
    ) {
        let output = TestConsole()
        let screen = TestConsole()
        let prompt = ScriptedPrompt(
            reader: ScriptedLineReader([.line("units"), .line("frobnicate"), .endOfInput], transcript: screen))
        let notice = WaitingNotice(scheduler: PromptFeedbackTests.ManualScheduler(), write: { _ in })
        let now = Recorded.newYorkNow
        let host = AppHost(
            variable: { ["WX_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm"][$0] },
            output: output, inputIsTerminal: true, outputIsTerminal: outputIsTerminal, terminalWidth: { 80 },
            makeSession: { configuration, _ in
                WeatherSession(
                    configuration: configuration,
                    services: WeatherServices(
                        geocoder: FakeGeocoder(), forecastProvider: FakeForecastProvider(forecasts: [:])),
                    state: StateStore(folder: configuration.configFolder, now: { now }),
                    log: EventLog(folder: configuration.stateFolder), now: { now })
            },
            standardInput: ScriptedLineReader([]), prompt: prompt, errorIsTerminal: errorIsTerminal,
            waitingNotice: notice)
        #expect(await WXApp(host: host).run([]) == 0)
        return (output, screen, prompt.stream, notice.isEnabled)
    }

    @Test func withStandardOutputAFileItGetsTheResultsAloneAndTheBannerGoesToTheScreen() async {
        let toFile = await run(outputIsTerminal: false, errorIsTerminal: true)
        #expect(toFile.stream == .standardError)
        #expect(toFile.output.output == "units metric: °C, km/h, mm, hPa, km, 24h clock\n")
        #expect(toFile.screen.output == InteractiveShell.banner + "wx> units\nwx> frobnicate\nwx> \n")
        #expect(toFile.output.errors.contains("unknown command “frobnicate”"))
        // The person waits at the prompt on standard error: "waiting for …" shows there.
        #expect(toFile.notice)
    }

    @Test func withStandardOutputATerminalTheBannerStaysThere() async {
        let atTerminal = await run(outputIsTerminal: true, errorIsTerminal: true)
        #expect(atTerminal.stream == .standardOutput)
        #expect(atTerminal.output.output.hasPrefix(InteractiveShell.banner + "units metric"))
        #expect(atTerminal.notice)
        let neither = await run(outputIsTerminal: false, errorIsTerminal: false)
        #expect(neither.stream == .controllingTerminal)
        #expect(neither.output.output == "units metric: °C, km/h, mm, hPa, km, 24h clock\n")
        #expect(!neither.notice, "standard error is no terminal")
    }
}
