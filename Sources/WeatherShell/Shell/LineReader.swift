/// What reading one line came to.
package enum LineReadResult: Hashable, Sendable {
    /// A line, without its line end. A bracketed paste of several lines comes as one, its lines
    /// separated by "\n": shown and held until Enter, then run in order.
    case line(String)
    /// Ctrl-C at the prompt: the line being typed is dropped (a terminal has already shown `^C`
    /// and moved to a new line); the shell goes on with its state as it was.
    case interrupted
    /// Ctrl-D on an empty line, or the end of a script.
    case endOfInput
    /// A typed line that went past `LineSafety.maximumLength`: the editor stopped taking its
    /// characters there (an unbracketed paste of 200,000 cost minutes otherwise), so the line is
    /// not what was typed and is refused whole, as a longer line from a script is.
    case tooLong
    /// Ctrl-X Ctrl-E: the line being typed, to open in the editor and run as `\e` runs what it
    /// leaves (`ShellRunner.editAndRun`).
    case edit(String)
}

/// Where the shell's lines come from: libedit at a terminal (in the `wx` executable), standard
/// input for a script, a queue of scripted inputs in tests.
///
/// Main-actor bound: a line editor draws on the terminal and calls back into the view model
/// (completion) from the thread that reads.
@MainActor
package protocol LineReader: AnyObject {
    /// Shows `prompt` (when the reader has a screen) and reads one line.
    func readLine(prompt: String) async -> LineReadResult

    /// Adds `line` to what Up recalls. The runner keeps the log's history; this is the editor's.
    func addHistory(_ line: String)

    /// Sets what Tab offers: `complete` gets the text before the cursor.
    func setCompletion(_ complete: @escaping @MainActor (String) -> Completion)

    /// Called before a typed line (or the start-up file) runs. A terminal holds the keys typed
    /// meanwhile for the next prompt, which takes them as if typed there: not echoed now (they
    /// would show twice), nor edited by the terminal driver (its Ctrl-D, Ctrl-U, Backspace).
    func commandWillRun()

    /// Called when the line has run, before the next prompt.
    func commandDidEnd()

    /// Puts `text` in the line the next `readLine` edits, the cursor at its end, as if it had
    /// been typed there: what the editor of Ctrl-X Ctrl-E or `\e` was to open when it could not
    /// run, so that it is not lost (psql keeps its query buffer so).
    func keepForNextLine(_ text: String)
}

extension LineReader {
    package func addHistory(_ line: String) {}
    package func setCompletion(_ complete: @escaping @MainActor (String) -> Completion) {}
    package func commandWillRun() {}
    package func commandDidEnd() {}
    package func keepForNextLine(_ text: String) {}
}

/// Ctrl-C while a command runs: the interactive shell shows it (`echoInterrupt`) and cancels
/// that command's task.
package protocol InterruptSource: Sendable {
    /// Calls `handler` at every interrupt from now on, on any thread.
    func start(_ handler: @escaping @Sendable () -> Void)

    /// Shows a Ctrl-C that stops a running command as a shell does: `^C` and a line end where
    /// the prompt is drawn, before the command says it was cancelled — the line end alone when
    /// the terminal echoed `^C` itself, nothing while a program of its own (the pager, an
    /// editor) has the terminal. Called on any thread.
    func echoInterrupt()
}

extension InterruptSource {
    /// Shows nothing: for a source with no terminal to show it on.
    package func echoInterrupt() {}
}

/// Where the interactive shell draws what is not a result: its prompt, the line being edited,
/// its banner (and the line editor's escape codes, such as bracketed paste's).
package enum PromptStream: Hashable, Sendable {
    /// Standard output, a terminal: the prompt and the results share it.
    case standardOutput
    /// Standard error: standard output goes to a file or a pipe, which gets the results alone.
    case standardError
    /// The controlling terminal (/dev/tty): neither standard output nor standard error is one.
    case controllingTerminal

    /// The terminal the person types at, never a file or a pipe: standard output when it is a
    /// terminal; else standard error when that is one, as Python's REPL draws its prompt
    /// (`wx > out.txt`, `wx | tee results`); else /dev/tty, as less and vi reach it
    /// (`wx > out.txt 2>&1`, `wx 2>&1 | tee log`).
    package init(outputIsTerminal: Bool, errorIsTerminal: Bool) {
        self = outputIsTerminal ? .standardOutput : errorIsTerminal ? .standardError : .controllingTerminal
    }
}

/// The prompt's side of the terminal, opened only when wx starts the interactive shell.
@MainActor
package protocol PromptTerminal: AnyObject {
    /// Gets the terminal ready for the prompt (line editor, locale, foreground group), the
    /// prompt drawn on `stream`.
    ///
    /// - Returns: the reader of typed lines, the source of Ctrl-C while a command runs, and
    ///   where the shell writes its banner and its other lines that are not results (`stream`).
    /// - Throws: `PromptUnavailable` when there can be no prompt (libedit cannot be loaded, no
    ///   terminal can be opened for `stream`).
    func open(on stream: PromptStream) throws(PromptUnavailable) -> (
        reader: any LineReader, interrupts: any InterruptSource, screen: any OutputSink
    )

    /// Gives back what `open` took (the terminal's foreground process group), on the way out.
    func close()

    /// A line `open` has for the person once, before the banner (no UTF-8 locale for the
    /// prompt), or nil.
    var startupWarning: String? { get }
}

extension PromptTerminal {
    package var startupWarning: String? { nil }
}

/// Why the interactive prompt cannot start ("libedit could not be loaded (…)").
package struct PromptUnavailable: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Standard input read one line at a time: the reader of script mode (no prompt, no history).
package final class StandardInputReader: LineReader {
    package init() {}

    package func readLine(prompt: String) async -> LineReadResult {
        guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
        return .line(line)
    }
}
