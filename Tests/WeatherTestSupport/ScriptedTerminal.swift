import Foundation
import WeatherKit
import WeatherShell

/// A `LineReader` that answers from a queue of inputs (lines, Ctrl-C, Ctrl-D) and writes what a
/// terminal would show of them to `transcript`: the prompt, then the line, or `^C`.
/// An empty queue is the end of input.
@MainActor
package final class ScriptedLineReader: LineReader {
    private var inputs: [LineReadResult]
    let transcript: (any OutputSink)?
    /// The prompts shown, one per read.
    package private(set) var prompts: [String] = []
    /// What Up would recall, oldest first.
    package private(set) var history: [String] = []
    /// The history as it was when the first prompt was shown.
    package private(set) var historyAtFirstPrompt: [String]?
    /// What Tab offers, as the shell set it.
    package private(set) var completion: (@MainActor (String) -> Completion)?
    /// Whether a command is running now (between commandWillRun and commandDidEnd).
    package private(set) var commandRunning = false
    /// How many times commandWillRun was called, and how many before the first prompt.
    package private(set) var commandsRun = 0
    package private(set) var commandsRunBeforeFirstPrompt: Int?
    /// Each text the shell put in the next prompt's line (`keepForNextLine`), in order.
    package private(set) var keptLines: [String] = []
    /// The text the next read starts with: the next scripted line or Ctrl-X Ctrl-E is typed
    /// after it, as at a terminal.
    private var keptLine = ""

    package init(_ inputs: [LineReadResult], transcript: (any OutputSink)? = nil) {
        self.inputs = inputs
        self.transcript = transcript
    }

    package func readLine(prompt: String) async -> LineReadResult {
        precondition(!commandRunning, "a prompt while a command runs")
        if historyAtFirstPrompt == nil { historyAtFirstPrompt = history }
        if commandsRunBeforeFirstPrompt == nil { commandsRunBeforeFirstPrompt = commandsRun }
        prompts.append(prompt)
        var input = inputs.isEmpty ? .endOfInput : inputs.removeFirst()
        let kept = keptLine
        keptLine = ""
        switch input {
        case .line(let line): input = .line(kept + line)
        case .edit(let line): input = .edit(kept + line)
        case .interrupted, .endOfInput, .tooLong: break
        }
        switch input {
        case .line(let line): transcript?.write(prompt + line + "\n")
        case .interrupted: transcript?.write(prompt + kept + "^C\n")
        case .endOfInput: transcript?.write(prompt + kept)
        case .tooLong: transcript?.write(prompt + "…\n")
        case .edit(let line): transcript?.write(prompt + line + "\n")
        }
        return input
    }

    /// As the product's libedit history (H_SETUNIQUE): a line repeating the last is not added.
    package func addHistory(_ line: String) { if history.last != line { history.append(line) } }
    package func setCompletion(_ complete: @escaping @MainActor (String) -> Completion) { completion = complete }
    package func commandWillRun() {
        precondition(!commandRunning, "a command started while one runs")
        commandRunning = true
        commandsRun += 1
    }
    package func commandDidEnd() { commandRunning = false }
    package func keepForNextLine(_ text: String) {
        keptLines.append(text)
        keptLine = text
    }
}

/// Ctrl-C while a command runs, sent by the test (`interrupt()`).
package final class ScriptedInterrupts: InterruptSource, @unchecked Sendable {
    // @unchecked: `handler` is guarded by `lock`.
    private let lock = NSLock()
    private var handler: (@Sendable () -> Void)?

    package init() {}

    package func start(_ handler: @escaping @Sendable () -> Void) { lock.withLock { self.handler = handler } }

    /// Ctrl-C now: whatever the shell asked for runs on the calling thread.
    package func interrupt() {
        let handler = lock.withLock { self.handler }
        handler?()
    }
}

/// The interactive prompt for tests: a scripted reader and interrupts; or, with `unavailable`,
/// a terminal where the prompt cannot start (libedit missing).
@MainActor
package final class ScriptedPrompt: PromptTerminal {
    package let reader: ScriptedLineReader
    package let interrupts = ScriptedInterrupts()
    package var unavailable: String?
    package private(set) var opened = false
    package private(set) var closed = false
    /// Where the shell asked for the prompt to be drawn.
    package private(set) var stream: PromptStream?

    package init(reader: ScriptedLineReader) { self.reader = reader }

    /// The screen it gives is the reader's transcript, where the prompts go.
    package func open(on stream: PromptStream) throws(PromptUnavailable) -> (
        reader: any LineReader, interrupts: any InterruptSource, screen: any OutputSink
    ) {
        if let unavailable { throw PromptUnavailable(unavailable) }
        opened = true
        self.stream = stream
        return (reader, interrupts, TranscriptScreen(reader.transcript))
    }

    package func close() { closed = true }
}

/// The scripted prompt's screen: what the shell writes there goes to the transcript, beside the
/// prompts (nowhere without one).
private final class TranscriptScreen: OutputSink {
    let transcript: (any OutputSink)?
    init(_ transcript: (any OutputSink)?) { self.transcript = transcript }
    func write(_ text: String) { transcript?.write(text) }
    func writeError(_ text: String) { transcript?.writeError(text) }
}

extension TestConsole: AppOutput {
    package var writeFailure: String? { nil }
}

/// A forecast provider whose every request waits until its task is cancelled, then fails as a
/// cancelled transfer does. `onRequest` runs as each request starts (a test sends Ctrl-C there),
/// so nothing sleeps and nothing races.
package final class SuspendingForecastProvider: ForecastProvider, @unchecked Sendable {
    // @unchecked: `started` and `cancelled` are guarded by `lock`; the rest is immutable.
    package let service = Service.openMeteo
    private let onRequest: @Sendable () -> Void
    private let lock = NSLock()
    private var started = 0
    private var cancelled = 0

    package init(onRequest: @escaping @Sendable () -> Void) { self.onRequest = onRequest }

    /// Requests started, and requests ended by cancellation.
    package var counts: (started: Int, cancelled: Int) { lock.withLock { (started, cancelled) } }

    package func forecast(at coordinate: Coordinate, language: String) async throws(ServiceError) -> Fetched<Forecast> {
        try await suspend()
    }

    package func forecasts(
        at coordinates: [Coordinate], language: String
    ) async throws(ServiceError) -> Fetched<[Result<Forecast, ServiceError>]> {
        try await suspend()
    }

    private func suspend<T>() async throws(ServiceError) -> T {
        lock.withLock { started += 1 }
        onRequest()
        await Self.untilCancelled()
        lock.withLock { cancelled += 1 }
        throw .transport(.openMeteo, .cancelled)
    }

    /// Returns once the calling task is cancelled (at once when it already is).
    static func untilCancelled() async {
        final class Waiter: @unchecked Sendable {
            // @unchecked: both fields are guarded by `lock`.
            let lock = NSLock()
            var cancelled = false
            var continuation: CheckedContinuation<Void, Never>?
        }
        let waiter = Waiter()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = waiter.lock.withLock {
                    if waiter.cancelled { return true }
                    waiter.continuation = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = waiter.lock.withLock {
                waiter.cancelled = true
                defer { waiter.continuation = nil }
                return waiter.continuation
            }
            continuation?.resume()
        }
    }
}
