import Glibc
import WXBasics
import WeatherKit
import WeatherShell

extension AppHost {
    /// The host of a real process: this process's environment and streams, the terminal
    /// (Terminal/: libedit, the pager, the editor, notifications) and a session whose transport
    /// is libcurl, the "waiting for …" notice on standard error watching it. A one-shot run's
    /// transfers run on the main thread while it waits (`WXExecutors.keepToMainThread`, called
    /// when the app says the run is one-shot).
    static func live() -> AppHost {
        let waiting = WaitingNotice(scheduler: SleepingScheduler(), write: { StandardStreams.put($0, fd: 2) })
        var host = AppHost(
            variable: environmentVariable,
            output: StandardStreams(), inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1,
            terminalWidth: { TerminalDevice.width() },
            makeSession: { configuration, offline in
                let trust = CertificateTrust(variable: environmentVariable)
                let mainThread = WXExecutors.keepsToMainThread ? WXExecutors.mainThread : nil
                let transport = ObservedTransport(CurlTransport(trust: trust, mainThread: mainThread), notice: waiting)
                return WeatherSession.live(configuration: configuration, transport: transport, offline: offline)
            },
            standardInput: StandardInputReader(), prompt: TerminalDevice(), errorIsTerminal: isatty(2) == 1,
            terminalRows: { TerminalDevice.rows() }, waitingNotice: waiting, pager: PagerProcess(),
            editor: EditorProcess(), notifier: NotifierProcess(),
            terminalResized: { await TerminalDevice.widthChange() })
        host.oneShotBegins = { WXExecutors.keepToMainThread() }
        return host
    }

    /// The environment variable `name` of this process, nil when unset.
    private static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
