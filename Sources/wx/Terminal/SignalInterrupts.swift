import CEditLine
import Dispatch
import Glibc
import Synchronization
import WeatherShell

/// Ctrl-C as a signal. SIGINT → a byte in a pipe → the shell's handler, on a queue of its own
/// (it cancels the running command). While el_gets waits, the same signal makes it return,
/// which discards the line being typed (LineEditor.readLine).
///
/// Every call into the shim's signal state is in this file, and must stay here: that state is
/// `static` in a header, so each Swift file that calls it gets a copy of its own (each file is
/// its own C translation unit in a debug build), and a handler installed from one file would
/// not see the reader waiting in another.
final class SignalInterrupts: InterruptSource {
    func start(_ handler: @escaping @Sendable () -> Void) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        let readEnd = fds[0]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        wx_install_interrupt_handler(fds[1])
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "wx.interrupt"))
        source.setEventHandler { @Sendable in
            var buffer = [UInt8](repeating: 0, count: 64)
            _ = read(readEnd, &buffer, buffer.count)
            handler()
        }
        source.resume()
        watcher.withLock { $0 = Watcher(source: source) }
    }

    /// The signal watcher, kept while the shell runs. Dispatch sources are thread-safe objects;
    /// the overlay only does not mark the protocol Sendable, hence @unchecked.
    private struct Watcher: @unchecked Sendable { let source: any DispatchSourceRead }
    private let watcher = Mutex<Watcher?>(nil)

    /// "^C" and a line end on the prompt's terminal (`TerminalSignals.screen`), written at once
    /// from the watcher's queue, as a terminal echoes it under a shell: output is unbuffered, so
    /// it comes after what the command wrote and before its "cancelled". The terminal echoes
    /// `^C` itself only with ECHO and ECHOCTL both on — not in libedit's mode, which a command
    /// runs in (`Typeahead`: ECHO off, ECHOCTL kept as found) — and then only the line end is
    /// written. Nothing while a pager or an editor has the terminal: it shows its own.
    func echoInterrupt() {
        guard !TerminalSignals.givenAway.load(ordering: .acquiring) else { return }
        var settings = termios()
        let flags = tcgetattr(0, &settings) == 0 ? settings.c_lflag : 0
        StandardStreams.put(Self.echo(localFlags: flags), fd: TerminalSignals.screen)
    }

    /// What shows a Ctrl-C at a terminal whose local modes are `flags`: the line end alone when
    /// the terminal echoed "^C" (ECHO and ECHOCTL), else "^C" and the line end.
    static func echo(localFlags flags: tcflag_t) -> String {
        let echoes = tcflag_t(ECHO) | tcflag_t(ECHOCTL)
        return flags & echoes == echoes ? "\n" : "^C\n"
    }

    /// Runs `read` (el_gets) as the reader that SIGINT interrupts.
    ///
    /// - Returns: what `read` returned, and whether a SIGINT came meanwhile.
    static func whileReading<T>(_ read: () -> T) -> (T, interrupted: Bool) {
        var mask = sigset_t()
        wx_reader_begin(&mask)
        defer { wx_reader_end(&mask) }
        let before = wx_line_interrupts().pointee
        let value = read()
        return (value, wx_interrupt_count().pointee != before)
    }
}

/// The terminal's other signals, handled in the shim (see "The terminal's other signals" in
/// CEditLine/terminal.h): Ctrl-Z and `fg` give back libedit's mode and redraw the line, a resize
/// redraws it at the new width, and SIGTERM, SIGHUP and SIGQUIT (Ctrl-\) put the terminal back
/// as wx found it, with its foreground group, before wx dies of them.
///
/// In this file for the reason given above: the shim's signal state is per C translation unit.
enum TerminalSignals {
    /// Installs the handlers and keeps the terminal's settings as they are now (before libedit
    /// changes them) to restore on the way out.
    static func install(api: UnsafePointer<wx_editline_api>) { _ = wx_install_terminal_handlers(api) }

    /// The descriptor the prompt is drawn on (1, 2, or /dev/tty's): what the shim draws goes there.
    static var screen: Int32 {
        get { wx_screen().pointee }
        set { wx_screen().pointee = newValue }
    }

    /// The process group to give the terminal back to when a signal ends wx (0: none).
    static func setPreviousForeground(_ group: pid_t) { wx_previous_foreground().pointee = group }

    /// libedit's character reader (EL_GETCFN): waits beside the terminal events.
    static let readCharacter: wx_el_read_function = { editLine, character in wx_read_character(editLine, character) }

    /// Whether a Ctrl-R search is under way (its text is in the line after a line end).
    static func inSearch(_ editLine: OpaquePointer) -> Bool { wx_in_search(editLine) != 0 }

    /// Turns bracketed paste on (at the prompt) or off (while a command runs, on the way out).
    static func setBracketedPaste(_ on: Bool) { wx_set_bracketed_paste(on ? 1 : 0) }

    /// The terminal as wx found it, bracketed paste off: on the way out of the shell, which may
    /// come while the terminal is in the prompt's mode (`quit`: see `Typeahead`).
    static func restoreFoundTerminal() { wx_restore_found_terminal() }

    /// Runs `body` (a pager, an editor: a program of its own at the terminal) with the terminal
    /// as wx found it, its own line editing and echo, as a shell starts a program; then as it was
    /// (while a command runs, the prompt's mode: see `Typeahead`).
    static func givingTerminalBack<T>(_ body: () -> T) -> T {
        givenAway.store(true, ordering: .releasing)
        defer { givenAway.store(false, ordering: .releasing) }
        var held = termios()
        guard wx_found_terminal_valid().pointee != 0, tcgetattr(0, &held) == 0 else { return body() }
        tcsetattr(0, TCSADRAIN, wx_found_terminal())
        defer { tcsetattr(0, TCSADRAIN, &held) }
        return body()
    }

    /// Whether a program of its own has the terminal (`givingTerminalBack`): a Ctrl-C is its
    /// to show (`SignalInterrupts.echoInterrupt`).
    static let givenAway = Atomic<Bool>(false)

    /// Before el_gets: the prompt's width (to redraw after a resize); earlier events forgotten.
    static func prepareRead(promptColumns: Int) {
        wx_prompt_columns().pointee = Int32(promptColumns)
        wx_forget_terminal_events()
    }
}
