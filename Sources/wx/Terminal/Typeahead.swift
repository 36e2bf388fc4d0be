import CEditLine
import Glibc

/// The terminal while a command runs (`commandWillRun` … `commandDidEnd`): in the prompt's own
/// mode, libedit's (EL_PREP_TERM), so that keys typed meanwhile wait byte for byte and the next
/// prompt takes them as if they were typed there. That mode echoes nothing (the prompt draws what
/// it reads) and still makes Ctrl-C, Ctrl-Z and Ctrl-\ signals; while a command runs, a Ctrl-C
/// (which ends `watch`) does not flush the keys typed before it (NOFLSH).
///
/// Between lines libedit gives the terminal back its own line editing (canonical mode), and keys
/// typed ahead were the driver's (trial 15): a Ctrl-D ended the driver's line and was kept as a
/// NUL, which the prompt read as Ctrl-@ — bound by libedit to quoted insert — so the next key
/// went into the line as it is (`wx> abc^U`), and a Ctrl-D on an empty line did not end wx;
/// Ctrl-U, Ctrl-W and Backspace typed ahead were the driver's edits, not the prompt's.
enum Typeahead {
    /// Before a command: the prompt's mode, without the flush at a signal.
    static func hold(api: UnsafeMutablePointer<wx_editline_api>, editLine: OpaquePointer) {
        _ = wx_el_prepare_terminal(api, editLine, 1)
        setNoFlush(true)
    }

    /// After it: the prompt's mode as libedit set it, in which the next prompt reads on (libedit,
    /// having set it, does not set it again), so that no key meets the driver's line editing in
    /// between. The way out of the shell gives back the terminal as wx found it
    /// (`TerminalDevice.close`).
    static func release() { setNoFlush(false) }

    private static func setNoFlush(_ on: Bool) {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return }
        if on { settings.c_lflag |= tcflag_t(NOFLSH) } else { settings.c_lflag &= ~tcflag_t(NOFLSH) }
        tcsetattr(0, TCSANOW, &settings)
    }
}
