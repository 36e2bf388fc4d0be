import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `replay` is bounded and stops at Ctrl-C saying where (the line's task cancelled, as the
/// interactive shell cancels it). A tester's `replay 3..1000000` re-ran a million lines unasked,
/// and Ctrl-C stopped it silently. (`export`'s Ctrl-C: ExportInterruptEndToEndTests.)
@MainActor @Suite(.tags(.unit)) struct LongLocalWorkTests {
    let home = TemporaryFolder()

    /// Collects what the runner prints, and cancels `task` once the output holds `trigger`:
    /// Ctrl-C pressed while the line runs.
    final class CancellingConsole: OutputSink {
        var output = ""
        var errors = ""
        var trigger: String?
        var task: Task<LineStatus, Never>?
        func write(_ text: String) {
            output += text
            if let trigger, output.contains(trigger) { task?.cancel() }
        }
        func writeError(_ text: String) { errors += text }
    }

    func runner(_ console: some OutputSink) -> ShellRunner {
        ShellRunner(session: makeTestSession(home: home), output: console, format: .text, colour: false, unicode: true)
    }

    @Test func ctrlCStopsAReplayAndSaysWhere() async {
        let console = CancellingConsole()
        let runner = runner(console)
        for line in ["format", "units", "language"] { _ = await runner.run(line: line) }
        console.output = ""
        console.errors = ""
        // Ctrl-C as the second line's answer is printed: it ran, the third does not.
        console.trigger = "units metric"
        let task = Task { @MainActor in await runner.run(line: "replay 1..3") }
        console.task = task
        #expect(await task.value == .failed)
        #expect(console.output.hasPrefix("» format\noutput format: text\n» units\nunits metric"), "\(console.output)")
        #expect(!console.output.contains("» language"))
        #expect(console.errors == "error: replay stopped after 1 of 3 lines\n")
    }

    @Test func aReplayOfMoreThanAHundredLinesIsRefusedBeforeAnyRuns() async {
        let console = TestConsole()
        let runner = runner(console)
        // Two lines in turn: a line the same as the one before it is kept once.
        for number in 0..<102 { _ = await runner.run(line: number.isMultiple(of: 2) ? "format" : "units") }
        console.clear()
        #expect(await runner.run(line: "replay 1..101") == .usageError)
        #expect(console.output == "")
        #expect(
            console.errors
                == "error: replay runs at most 100 lines at a time, and 1..101 is 101; “replay 1..100” runs the first 100\n"
        )
        console.clear()
        #expect(await runner.run(line: "replay 2..101") == .succeeded)
        #expect(console.output.components(separatedBy: "\n» ").count == 100)
    }

    /// What the refusal of a range over 100 lines suggests is only lines the history has: the
    /// first 100 when it has them, else those it has of the range, else none (the old wx always
    /// said "“replay N..N+99” runs the first 100").
    @Test(arguments: [
        (1...1000, 150, "; “replay 1..100” runs the first 100"),
        (1...1000, 100, "; “replay 1..100” runs the first 100"),
        (1...1000, 3, "; “replay 1..3” runs the lines of it the history has"),
        (3...1000, 3, "; “replay 3” runs the one line of it the history has"),
        (4...1000, 3, "; the history has no line of it to replay (see “history”)"),
        (1...1000, 0, "; the history has no line of it to replay (see “history”)"),
    ])
    func theRefusalSuggestsOnlyLinesThereAre(range: ClosedRange<Int>, last: Int, suggestion: String) {
        let lead =
            "replay runs at most 100 lines at a time, and \(range.lowerBound)..\(range.upperBound) is \(range.count)"
        #expect(ShellRunner.replayOverLimit(range, last: last) == lead + suggestion)
    }
}
