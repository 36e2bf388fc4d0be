// wx: wires the app (WeatherShell's WXApp) to this process: its environment, its streams, the
// terminal (Terminal/: libedit, Ctrl-C, echo, foreground group) and libcurl. Top-level code
// here runs on the main actor, as an async entry point.
import Glibc
import WeatherKit
import WXBasics
import WeatherShell

let host = AppHost(
    variable: { getenv($0).map { String(cString: $0) } },
    output: StandardStreams(), inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1,
    terminalWidth: TerminalDevice.width,
    makeSession: { WeatherSession.live(configuration: $0, transport: CurlTransport(), offline: $1) },
    standardInput: StandardInputReader(), prompt: TerminalDevice())
exit(await WXApp(host: host).run(Array(CommandLine.arguments.dropFirst())))
