import Glibc
import WeatherShell

/// The terminal wx runs in: its width, and the interactive prompt on it (libedit, Ctrl-C as a
/// signal, the foreground process group).
@MainActor
final class TerminalDevice: PromptTerminal {
    private var foreground: ForegroundGroup?

    /// The terminal's columns (40…200) when standard output (or `descriptor`) is one; 80 otherwise.
    nonisolated static func width(of descriptor: Int32 = 1) -> Int {
        var size = winsize()
        guard isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return 80
        }
        return min(200, max(40, Int(size.ws_col)))
    }

    /// Returns when standard output's width is no longer what it was at the call, or when the
    /// task is cancelled: `watch` redraws then. Polled four times a second, as the resize
    /// signal (SIGWINCH) is read by the prompt's reader, which does not run while a command does.
    nonisolated static func widthChange() async {
        let start = width()
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            if width() != start { return }
        }
    }

    /// A line to show once at the start, when typed letters beyond ASCII cannot be kept.
    private(set) var startupWarning: String?

    /// The terminal's rows when standard output (or `descriptor`) is one; 24 otherwise.
    nonisolated static func rows(of descriptor: Int32 = 1) -> Int {
        var size = winsize()
        guard isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
            return 24
        }
        return Int(size.ws_row)
    }

    func open(on stream: PromptStream) throws(PromptUnavailable) -> (
        reader: any LineReader, interrupts: any InterruptSource, screen: any OutputSink
    ) {
        let screen = try Self.descriptor(for: stream)
        startupWarning = Self.useMultibyteLocale()
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard let editor = LineEditor(program: "wx", bracketedPaste: !term.isEmpty && term != "dumb", screen: screen)
        else {
            throw PromptUnavailable(LineEditor.loadError)
        }
        foreground = ForegroundGroup.take()
        TerminalSignals.setPreviousForeground(foreground?.previous ?? 0)
        return (editor, SignalInterrupts(), TerminalScreen(descriptor: screen))
    }

    /// The descriptor to draw the prompt on: 1, 2, or the controlling terminal opened for writing.
    private static func descriptor(for stream: PromptStream) throws(PromptUnavailable) -> Int32 {
        switch stream {
        case .standardOutput: return STDOUT_FILENO
        case .standardError: return STDERR_FILENO
        case .controllingTerminal:
            let descriptor = Glibc.open("/dev/tty", O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else {
                throw PromptUnavailable(
                    "no terminal to show the prompt on: standard output and standard error are not terminals, "
                        + "and /dev/tty cannot be opened (\(String(cString: strerror(errno)))); "
                        + "pipe commands into wx, or leave standard error at the terminal")
            }
            return descriptor
        }
    }

    /// libedit reads keys as characters of the locale's encoding (LC_CTYPE) and drops bytes that
    /// are not: in the C or POSIX locale (ASCII) `find Zürich` became `find Zrich`. wx's own
    /// output does not depend on LC_CTYPE (it follows LANG/LC_ALL, see Configuration), so the
    /// prompt reads UTF-8 even then: the locale's encoding when it is UTF-8, else C.UTF-8.
    /// Nothing else in wx reads the C locale, so scripts skip the cost of loading it.
    ///
    /// - Returns: a warning to show once when no UTF-8 locale can be had, else nil.
    static func useMultibyteLocale() -> String? {
        setlocale(LC_CTYPE, "")
        if isUTF8(nl_langinfo(nl_item(CODESET))) { return nil }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            if isUTF8(nl_langinfo(nl_item(CODESET))) { return nil }
        }
        setlocale(LC_CTYPE, "")
        return CommandResult.warningLead
            + "no UTF-8 locale is installed (not even C.UTF-8): letters beyond ASCII typed at the prompt "
            + "cannot be read; set LANG to a UTF-8 locale\n"
    }

    private static func isUTF8(_ codeset: UnsafeMutablePointer<CChar>?) -> Bool {
        guard let codeset else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    func close() {
        TerminalSignals.restoreFoundTerminal()
        TerminalSignals.setPreviousForeground(0)
        foreground?.giveBack()
        foreground = nil
    }
}

/// Where the shell writes its banner and its other lines that are not results: the terminal the
/// prompt is drawn on (`PromptStream`), written at once, as `StandardStreams` writes.
final class TerminalScreen: OutputSink {
    let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    func write(_ text: String) { StandardStreams.put(text, fd: descriptor) }

    func writeError(_ text: String) { StandardStreams.put(text, fd: STDERR_FILENO) }
}
