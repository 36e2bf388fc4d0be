import Glibc

/// Turns terminal echo off for a while (`tcsetattr`), and back on.
struct TerminalEcho {
    let saved: termios

    static func disable() -> TerminalEcho? {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return nil }
        let saved = settings
        settings.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(0, TCSANOW, &settings) == 0 else { return nil }
        return TerminalEcho(saved: saved)
    }

    func restore() {
        var settings = saved
        tcsetattr(0, TCSANOW, &settings)
    }
}
