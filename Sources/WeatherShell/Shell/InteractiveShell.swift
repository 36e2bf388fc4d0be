import Synchronization
import WXBasics
import WeatherKit

/// The interactive shell: the banner, the start-up file, then one prompt after another until
/// Ctrl-D or `quit`. Ctrl-C at the prompt drops the line being typed; Ctrl-C while a line runs
/// shows "^C" and cancels that line's task (every command left on it included).
@MainActor
package final class InteractiveShell {
    package static let prompt = "wx> "
    /// The first line at the prompt, as at 80 columns.
    nonisolated package static var banner: String { banner(width: 80) }

    /// The greeting, broken between words to fit `width` columns (later lines indented two
    /// spaces, as error lines are): a 40-column terminal broke the 70-column line mid-word.
    nonisolated package static func banner(width: Int) -> String {
        TextLayout.wrap(
            "wx \(WXVersion.current) — weather at the prompt. “help” lists commands; Ctrl-D quits.", indent: 0,
            continuation: 2, width: width
        ).joined(separator: "\n") + "\n"
    }

    let runner: ShellRunner
    let reader: any LineReader
    let interrupts: any InterruptSource
    /// Where the banner goes, and the line end after Ctrl-D: where the prompt is drawn
    /// (`PromptStream`), so that standard output, when it is a file or a pipe, gets only results.
    let screen: any OutputSink
    /// Run after the banner, before the first prompt; Ctrl-C stops it.
    let startupFile: String?
    /// The line running now, for Ctrl-C to cancel.
    let running = RunningCommand()
    /// Long output of `help`, `history`, `favs` through the pager, when there is one.
    let paging: PagingOutput?

    package init(
        runner: ShellRunner, reader: any LineReader, interrupts: any InterruptSource, screen: any OutputSink,
        startupFile: String?,
        paging: PagingOutput? = nil
    ) {
        self.paging = paging
        self.runner = runner
        self.reader = reader
        self.interrupts = interrupts
        self.screen = screen
        self.startupFile = startupFile
    }

    /// Runs the shell until the end of input or `quit`.
    ///
    /// - Returns: the exit status: 0 (the person chose to leave; failed commands were reported).
    package func run() async -> Int32 {
        // Ctrl-C while a line runs: "^C" shown at once (as a terminal echoes it under a shell),
        // then the line's task cancelled; at the prompt the line editor shows it.
        interrupts.start { [running, interrupts] in running.interrupt(echo: interrupts.echoInterrupt) }
        let session = runner.session
        for line in session.recentCommandLines(500) { reader.addHistory(line) }
        // What the runner records (references expanded), so that Up recalls what `history` lists.
        runner.onRecord = { [reader] line in reader.addHistory(line) }
        reader.setCompletion { before in session.completion(for: before) }
        // As the weather's views, at most 80 columns wide.
        let width = min(runner.width(), TextRenderer.reportWidth)
        // Written past the renderers, so made ASCII here without a UTF-8 locale (as error lines).
        let greeting = Self.banner(width: width) + (session.configuration.demo?.banner(width: width) ?? "")
        screen.write(runner.unicode ? greeting : TextRenderer.ascii(greeting))
        if let warning = session.stateWarningAtStart() { runner.emit(.notice(warning)) }
        if let startupFile {
            // Keys typed meanwhile wait for the first prompt, as while any command runs.
            reader.commandWillRun()
            _ = await runCancellable { runner in await runner.runStartupFile(startupFile) }
            reader.commandDidEnd()
        }
        while true {
            // What an editor that could not run was to open, back in the line to go on with.
            if let text = runner.textForNextPrompt {
                runner.textForNextPrompt = nil
                reader.keepForNextLine(text)
            }
            switch await reader.readLine(prompt: Self.prompt) {
            case .endOfInput:
                screen.write("\n")
                return 0
            case .interrupted:
                continue
            case .tooLong:
                runner.refuseTooLongLine()
            case .edit(let typed):
                reader.commandWillRun()
                let status = await runCancellable { runner in await runner.editAndRun(typed) }
                reader.commandDidEnd()
                if status == .quit { return 0 }
            case .line(let typed):
                // A pasted block holds several lines: each runs in order, as if typed one by one;
                // Ctrl-C stops the rest of the block too.
                var status = LineStatus.succeeded
                for line in typed.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
                    if line.trimmed.isEmpty { continue }
                    reader.commandWillRun()
                    paging?.lineWillRun(line)
                    status = await runCancellable { runner in await runner.run(line: line) }
                    paging?.lineDidRun()
                    reader.commandDidEnd()
                    if status == .quit || lastLineCancelled { break }
                }
                if status == .quit { return 0 }
            }
        }
    }

    /// Whether Ctrl-C cancelled the last line run.
    private var lastLineCancelled = false

    /// Runs `body` in a task of its own that an interrupt cancels.
    private func runCancellable(_ body: @escaping @MainActor (ShellRunner) async -> LineStatus) async -> LineStatus {
        let runner = runner
        let task = Task { @MainActor in
            let status = await body(runner)
            return (status, cancelled: Task.isCancelled)
        }
        running.set(task)
        defer { running.set(nil) }
        let (status, cancelled) = await task.value
        lastLineCancelled = cancelled
        return status
    }
}

/// The task of the line running now, shared with whatever delivers interrupts (a signal
/// watcher's queue in the product).
package final class RunningCommand: Sendable {
    private let task = Mutex<Task<(LineStatus, cancelled: Bool), Never>?>(nil)
    package init() {}
    package func set(_ value: Task<(LineStatus, cancelled: Bool), Never>?) { task.withLock { $0 = value } }
    package func cancel() { task.withLock { $0?.cancel() } }

    /// Ctrl-C: when a line runs and was not cancelled yet, `echo` (before the cancellation, so
    /// that "^C" comes before the line's "cancelled"), then cancels it; at the prompt, or
    /// again while the line stops, nothing.
    package func interrupt(echo: () -> Void) {
        task.withLock { task in
            guard let task, !task.isCancelled else { return }
            echo()
            task.cancel()
        }
    }
}
