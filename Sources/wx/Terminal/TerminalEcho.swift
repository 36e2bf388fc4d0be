import Glibc

/// Turns terminal echo off while a command runs (`tcsetattr`), and back on. Keys typed meanwhile
/// wait for the next prompt, which reads them; so that Ctrl-C (which ends `watch`) does not
/// throw them away, the terminal does not flush its input at the signal (NOFLSH) meanwhile.
struct TerminalEcho {
    let saved: termios

    static func disable() -> TerminalEcho? {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return nil }
        let saved = settings
        settings.c_lflag &= ~tcflag_t(ECHO)
        settings.c_lflag |= tcflag_t(NOFLSH)
        guard tcsetattr(0, TCSANOW, &settings) == 0 else { return nil }
        return TerminalEcho(saved: saved)
    }

    func restore() {
        var settings = saved
        tcsetattr(0, TCSANOW, &settings)
    }
}
