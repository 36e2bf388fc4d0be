import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Issue 12 items 13 and 14, in process: the notice while a request takes long (on a hand-fired
/// scheduler, so nothing sleeps) and the pager for long output.
@MainActor
@Suite(.tags(.unit)) struct PromptFeedbackTests {
    let home = TemporaryFolder()

    /// A scheduler whose actions run when the test says so.
    final class ManualScheduler: DelayScheduler, @unchecked Sendable {
        // @unchecked: `entries` is guarded by `lock`.
        final class Entry: ScheduledAction, @unchecked Sendable {
            let lock = NSLock()
            var cancelled = false
            let action: @Sendable () -> Void
            init(_ action: @escaping @Sendable () -> Void) { self.action = action }
            func cancel() { lock.withLock { cancelled = true } }
        }
        private let lock = NSLock()
        private var entries: [(seconds: Double, entry: Entry)] = []

        func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
            let entry = Entry(action)
            lock.withLock { entries.append((seconds, entry)) }
            return entry
        }

        /// The delays asked for so far, seconds.
        var delays: [Double] { lock.withLock { entries.map(\.seconds) } }

        /// Runs every action not cancelled, once.
        func fire() {
            let due = lock.withLock { () -> [Entry] in
                defer { entries = [] }
                return entries.map(\.entry)
            }
            for entry in due where !entry.lock.withLock({ entry.cancelled }) { entry.action() }
        }
    }

    /// What the notice wrote to the terminal.
    final class Written: @unchecked Sendable {
        // @unchecked: `texts` is guarded by `lock`.
        private let lock = NSLock()
        private var texts: [String] = []
        func append(_ text: String) { lock.withLock { texts.append(text) } }
        var all: [String] { lock.withLock { texts } }
    }

    /// A transport whose request waits until `release()`; `started()` returns once it waits.
    final class GateTransport: HTTPTransport, @unchecked Sendable {
        // @unchecked: both continuations are guarded by `lock`.
        private let lock = NSLock()
        private var waiting: CheckedContinuation<Void, Never>?
        private var released = false
        private var startedWaiter: CheckedContinuation<Void, Never>?
        private var hasStarted = false

        func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (resumeNow, starter) = lock.withLock { () -> (Bool, CheckedContinuation<Void, Never>?) in
                    hasStarted = true
                    defer { startedWaiter = nil }
                    if released { return (true, startedWaiter) }
                    waiting = continuation
                    return (false, startedWaiter)
                }
                starter?.resume()
                if resumeNow { continuation.resume() }
            }
            return HTTPResponse(status: 200, body: Data("{}".utf8))
        }

        func started() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = lock.withLock { () -> Bool in
                    if hasStarted { return true }
                    startedWaiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }

        func release() {
            let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                released = true
                defer { waiting = nil }
                return waiting
            }
            continuation?.resume()
        }
    }

    /// A gate transport observed by an enabled notice (Unicode) that writes to `Written` on a
    /// manual scheduler: what the waiting notice's tests each start from.
    static func observedGate() -> (ManualScheduler, Written, GateTransport, ObservedTransport) {
        let scheduler = ManualScheduler()
        let written = Written()
        let notice = WaitingNotice(scheduler: scheduler, write: { written.append($0) })
        notice.enable(true, unicode: true)
        let gate = GateTransport()
        return (scheduler, written, gate, ObservedTransport(gate, notice: notice))
    }

    static let forecastRequest = HTTPRequest(
        url: "https://api.open-meteo.com/v1/forecast?latitude=53.54&longitude=9.98", serviceName: "Open-Meteo")

    @Test func aSlowRequestSaysWhatWxWaitsForAndTheNoticeIsErasedAtTheAnswer() async throws {
        let (scheduler, written, gate, transport) = Self.observedGate()
        let request = Task { try await transport.send(Self.forecastRequest, limits: TransferLimits()) }
        await gate.started()
        #expect(scheduler.delays == [WaitingNotice.delaySeconds])
        #expect(written.all.isEmpty, "nothing before the delay")
        scheduler.fire()
        #expect(written.all == ["\rwaiting for Open-Meteo… (Ctrl-C cancels)"])
        gate.release()
        #expect(try await request.value.status == 200)
        #expect(written.all == ["\rwaiting for Open-Meteo… (Ctrl-C cancels)", "\r\u{1B}[K"])
    }

    /// A command about coordinates asks their name and their weather at once: the notice names
    /// both, then the one still waited on once the other answers (it named the first asked only,
    /// and kept naming it after it had answered).
    @Test func theNoticeNamesEveryServiceWaitedOnAndFollowsTheirAnswers() async throws {
        let scheduler = ManualScheduler()
        let written = Written()
        let notice = WaitingNotice(scheduler: scheduler, write: { written.append($0) })
        notice.enable(true, unicode: true)
        let name = notice.started("Nominatim")
        let weather = notice.started("Open-Meteo")
        scheduler.fire()
        #expect(written.all == ["\rwaiting for Nominatim and Open-Meteo… (Ctrl-C cancels)"])
        notice.ended(name)
        #expect(written.all.last == "\r\u{1B}[Kwaiting for Open-Meteo… (Ctrl-C cancels)")
        let again = notice.started("Open-Meteo")  // a second request to the same service: same text
        #expect(written.all.count == 2)
        notice.ended(weather)
        notice.ended(again)
        #expect(
            written.all == [
                "\rwaiting for Nominatim and Open-Meteo… (Ctrl-C cancels)",
                "\r\u{1B}[Kwaiting for Open-Meteo… (Ctrl-C cancels)", "\r\u{1B}[K",
            ])
    }

    @Test func aQuickAnswerShowsNothing() async throws {
        let scheduler = ManualScheduler()
        let written = Written()
        let notice = WaitingNotice(scheduler: scheduler, write: { written.append($0) })
        notice.enable(true, unicode: false)
        let gate = GateTransport()
        gate.release()
        _ = try await ObservedTransport(gate, notice: notice).send(
            Self.forecastRequest, limits: TransferLimits())
        scheduler.fire()  // the delay passes after the answer: too late to say anything
        #expect(written.all.isEmpty)
    }

    @Test func offTheNoticeSchedulesNothing() async throws {
        let scheduler = ManualScheduler()
        let notice = WaitingNotice(scheduler: scheduler, write: { _ in Issue.record("written") })
        let gate = GateTransport()
        gate.release()
        _ = try await ObservedTransport(gate, notice: notice).send(
            Self.forecastRequest, limits: TransferLimits())
        #expect(scheduler.delays.isEmpty)
    }

    @Test func theNoticeIsForATerminalOnly() {
        #expect(WaitingNotice.applies(errorIsTerminal: true, term: "xterm-256color", json: false))
        #expect(
            !WaitingNotice.applies(errorIsTerminal: false, term: "xterm-256color", json: false),
            "stderr to a pipe or file")
        #expect(!WaitingNotice.applies(errorIsTerminal: true, term: "xterm", json: true), "--json")
        #expect(!WaitingNotice.applies(errorIsTerminal: true, term: "dumb", json: false))
        #expect(!WaitingNotice.applies(errorIsTerminal: true, term: nil, json: false))
    }

    /// The notice names the service the request says it is for, whatever its URL: with every
    /// service at one base URL (the test server, a proxy), a guess from the path named the
    /// ensemble "Nominatim".
    @Test func theNoticeNamesTheServiceTheRequestIsFor() async throws {
        let (scheduler, written, gate, transport) = Self.observedGate()
        let ensemble = HTTPRequest(
            url: "http://127.0.0.1:8080/v1/ensemble?latitude=48.85", serviceName: "Open-Meteo ensemble")
        let request = Task { try await transport.send(ensemble, limits: TransferLimits()) }
        await gate.started()
        scheduler.fire()
        #expect(written.all == ["\rwaiting for Open-Meteo ensemble… (Ctrl-C cancels)"])
        gate.release()
        _ = try await request.value
    }

    /// A pager that records what it was given.
    final class RecordingPager: PagerProgram {
        var pages: [(text: String, command: String, environment: [String: String])] = []
        func page(_ text: String, command: String, environment: [String: String]) -> Bool {
            pages.append((text, command, environment))
            return true
        }
    }

    /// The interactive app (or a script when `interactive` is false) with `inputs`, on a
    /// terminal of `rows` rows; the notice told whether stderr is a terminal.
    func run(
        inputs: [LineReadResult], interactive: Bool = true, outputIsTerminal: Bool = true, errorIsTerminal: Bool = true,
        rows: Int = 24,
        environment: [String: String] = [:], notice: WaitingNotice? = nil
    ) async -> (console: TestConsole, pager: RecordingPager) {
        let console = TestConsole()
        let pager = RecordingPager()
        let variables = ["WX_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm"].merging(
            environment
        ) { $1 }
        let host = AppHost(
            variable: { variables[$0] }, output: console, inputIsTerminal: interactive,
            outputIsTerminal: outputIsTerminal,
            terminalWidth: { 80 }, makeSession: { _, _ in makeTestSession(home: home) },
            standardInput: ScriptedLineReader(interactive ? [] : inputs),
            prompt: ScriptedPrompt(reader: ScriptedLineReader(inputs, transcript: console)),
            errorIsTerminal: errorIsTerminal, terminalRows: { rows }, waitingNotice: notice, pager: pager)
        _ = await WXApp(host: host).run([])
        return (console, pager)
    }

    @Test func theNoticeIsOnAtThePromptWithATerminalAndOffForScripts() async {
        let notice = WaitingNotice(scheduler: ManualScheduler(), write: { _ in })
        _ = await run(inputs: [.line("units")], notice: notice)
        #expect(notice.isEnabled)
        _ = await run(inputs: [.line("units")], interactive: false, notice: notice)
        #expect(!notice.isEnabled)
        _ = await run(inputs: [.line("units")], errorIsTerminal: false, notice: notice)
        #expect(!notice.isEnabled)
        // Results into a pipe at the prompt: the prompt is on standard error, the notice with it
        // (trial 15); a command given as words into a pipe has no one watching standard error.
        _ = await run(inputs: [.line("units")], outputIsTerminal: false, notice: notice)
        #expect(notice.isEnabled, "the prompt on standard error")
        let console = TestConsole()
        let host = AppHost(
            variable: { ["WX_HOME": home.path, "HOME": home.path, "TERM": "xterm"][$0] }, output: console,
            inputIsTerminal: true, outputIsTerminal: false, terminalWidth: { 80 },
            makeSession: { _, _ in makeTestSession(home: home) }, standardInput: ScriptedLineReader([]),
            prompt: ScriptedPrompt(reader: ScriptedLineReader([])), errorIsTerminal: true, waitingNotice: notice)
        _ = await WXApp(host: host).run(["units"])
        #expect(!notice.isEnabled, "one command's results into a pipe")
    }

    @Test func longHelpGoesThroughThePagerAndShortOutputDoesNot() async {
        let run = await run(inputs: [.line("help"), .line("units"), .line("favs"), .endOfInput], rows: 20)
        #expect(run.pager.pages.count == 1)
        #expect(run.pager.pages.first?.command == "less -FRX")
        #expect(run.pager.pages.first?.text.contains("find <query | lat,lon>") == true)
        #expect(!run.console.output.contains("find <query"), "the paged text is not written twice")
        #expect(run.console.output.contains("wx> units\nunits metric"))
        #expect(run.console.output.contains("wx> favs\nno favorites yet"), "favs that fit are written as they are")
    }

    @Test func helpThatFitsTheScreenIsNotPaged() async {
        let run = await run(inputs: [.line("help"), .endOfInput], rows: 200)
        #expect(run.pager.pages.isEmpty)
        #expect(run.console.output.contains("find <query | lat,lon>"))
    }

    @Test func neverPagedWithoutATerminalOrWithThePagerTurnedOff() async {
        for (interactive, terminal, environment) in [
            (false, true, [String: String]()), (true, false, [:]), (true, true, ["WX_PAGER": ""]),
            (true, true, ["PAGER": "cat"]),
        ] {
            let run = await run(
                inputs: [.line("help"), .endOfInput], interactive: interactive, outputIsTerminal: terminal, rows: 10,
                environment: environment)
            #expect(run.pager.pages.isEmpty, "\(interactive) \(terminal) \(environment)")
            #expect(run.console.output.contains("find <query | lat,lon>"))
        }
        let chosen = await run(
            inputs: [.line("help"), .endOfInput], rows: 10, environment: ["PAGER": "more", "WX_PAGER": "most -s"])
        #expect(chosen.pager.pages.map(\.command) == ["most -s"])
    }

    /// The less wx chose itself runs with LESSSECURE=1: a stray `s` in it wrote a file, `!` ran a
    /// shell (trial 6). A pager the user chose, or a less they set up with LESS, is left as set.
    @Test func theLessWxChoosesRunsSecure() async {
        let own = await run(inputs: [.line("help"), .endOfInput], rows: 10)
        #expect(own.pager.pages.map(\.command) == ["less -FRX"])
        #expect(own.pager.pages.map(\.environment) == [["LESSSECURE": "1"]])
        for environment in [["PAGER": "less"], ["WX_PAGER": "less -R"], ["LESS": "-R"], ["LESSSECURE": "0"]] {
            let chosen = await run(inputs: [.line("help"), .endOfInput], rows: 10, environment: environment)
            #expect(chosen.pager.pages.count == 1, "\(environment)")
            #expect(chosen.pager.pages.map(\.environment) == [[:]], "\(environment)")
        }
    }

    @Test func whatFitsTheScreen() {
        #expect(PagingOutput.fits("a\nb\nc\n", rows: 4, columns: 80))
        #expect(!PagingOutput.fits("a\nb\nc\nd\n", rows: 4, columns: 80), "a row stays for the prompt")
        #expect(
            !PagingOutput.fits(String(repeating: "x", count: 100) + "\nb\nc\n", rows: 4, columns: 80),
            "a wrapped line takes two rows")
        #expect(PagingOutput.pagerCommand(variable: { _ in nil }) == "less -FRX")
        #expect(
            PagingOutput.mayPage("history 500") && PagingOutput.mayPage("help; favs") && !PagingOutput.mayPage("watch")
                && !PagingOutput.mayPage("favs; show"))
    }

    /// Both streams in the order written, stderr lines marked "E:".
    final class OrderedOutput: AppOutput {
        var lines: [String] = []
        var writeFailure: String? { nil }
        func write(_ text: String) { lines.append(text) }
        func writeError(_ text: String) { lines.append("E:" + text) }
    }

    /// `\timing`'s line (and any error) of a line that may be paged comes after its output,
    /// paged or not, as in psql: it used to come first, while the output was held.
    @Test func whatStandardErrorSaysDuringAPagedLineFollowsItsOutput() {
        for rows in [40, 2] {
            let inner = OrderedOutput()
            let pager = RecordingPager()
            let paging = PagingOutput(inner: inner, pager: pager, command: "less", rows: { rows }, columns: { 80 })
            paging.lineWillRun("favs")
            paging.write("  ★ Berlin\n  ★ Hamburg\n")
            paging.writeError("time: 0.2 ms\n")
            paging.lineDidRun()
            if rows == 2 {
                #expect(pager.pages.map(\.text) == ["  ★ Berlin\n  ★ Hamburg\n"])
                #expect(inner.lines == ["E:time: 0.2 ms\n"])
            } else {
                #expect(inner.lines == ["  ★ Berlin\n  ★ Hamburg\n", "E:time: 0.2 ms\n"])
            }
            // A line that is not paged writes stderr at once.
            paging.lineWillRun("show")
            paging.writeError("e\n")
            #expect(inner.lines.last == "E:e\n")
            paging.lineDidRun()
        }
    }

    /// `clear`, typed from the shell habit, clears a terminal as Ctrl-L does; in a script or a
    /// pipe it does nothing and is no error (it was an unknown command).
    @Test func clearClearsATerminalAndIsQuietElsewhere() async {
        let atTerminal = await run(inputs: [.line("clear"), .line("help"), .endOfInput], rows: 200)
        #expect(atTerminal.console.output.contains("wx> clear\n\u{1B}[H\u{1B}[2Jwx> help"))
        #expect(atTerminal.console.output.contains("clear the screen (Ctrl-L does the same)"))
        #expect(!atTerminal.console.errors.contains("clear"))
        for (interactive, terminal, environment) in [
            (false, false, [String: String]()), (true, false, [:]), (true, true, ["TERM": "dumb"]),
        ] {
            let elsewhere = await run(
                inputs: [.line("clear"), .endOfInput], interactive: interactive, outputIsTerminal: terminal,
                environment: environment)
            #expect(!elsewhere.console.output.contains("\u{1B}["), "\(interactive) \(terminal) \(environment)")
            #expect(!elsewhere.console.errors.contains("clear"), "\(interactive) \(terminal) \(environment)")
        }
    }
}
