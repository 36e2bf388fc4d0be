import Glibc
import WeatherShell

/// The terminal wx runs in: its width, and the interactive prompt on it (libedit, Ctrl-C as a
/// signal, the foreground process group).
@MainActor
final class TerminalDevice: PromptTerminal {
    private var foreground: ForegroundGroup?

    /// The terminal's columns (40…200) when standard output is one; 80 otherwise.
    nonisolated static func width() -> Int {
        var size = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return min(200, max(40, Int(size.ws_col)))
    }

    func open() throws(PromptUnavailable) -> (reader: any LineReader, interrupts: any InterruptSource) {
        // libedit needs the locale's character set to edit UTF-8 (é, ü, 東) right; nothing
        // else in wx reads the C locale, so scripts skip the cost of loading it.
        setlocale(LC_CTYPE, "")
        guard let editor = LineEditor(program: "wx") else { throw PromptUnavailable(LineEditor.loadError) }
        foreground = ForegroundGroup.take()
        TerminalSignals.setPreviousForeground(foreground?.previous ?? 0)
        return (editor, SignalInterrupts())
    }

    func close() {
        TerminalSignals.setPreviousForeground(0)
        foreground?.giveBack()
        foreground = nil
    }
}
