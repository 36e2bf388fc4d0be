// wx: wires the app (WeatherShell's WXApp) to this process: its environment, its streams, the
// terminal (Terminal/: libedit, Ctrl-C, typeahead, foreground group) and libcurl. The app runs
// in a task on the main actor; the executors come first (WXExecutors says why they are wx's own).
import CMalloc
import CTerminalState
import Glibc
import WXBasics
import WeatherKit
import WeatherShell

// An OpenWeatherMap key in the environment is in this process's memory from the start: no core
// dump may write it to disk (issue 38). Before anything else runs.
if let key = getenv("OPENWEATHERMAP_API_KEY"), key.pointee != 0 { _ = wx_forbid_core_dumps() }

// glibc hands a freed block of 128 KiB or more back to the system at once, and the next large
// one comes as fresh zeroed pages, each a page fault: listing 20,000 snapshots spent a fifth of its
// time in them. Larger blocks are kept for reuse instead, and the threads share one heap, so that
// what the state.plist decode frees in the background serves the listing (make bench, `saved`).
mallopt(M_MMAP_THRESHOLD, 4 << 20)
mallopt(M_TRIM_THRESHOLD, 8 << 20)
mallopt(M_ARENA_MAX, 1)

// A temporary file being written (`F.tmp-PID-…` beside F) is removed when SIGINT or SIGTERM ends
// wx, before it dies of the signal: `wx export history F` stopped by Ctrl-C left it beside F. The
// interactive shell's own handlers replace these (Ctrl-C cancels the command there).
TemporaryFileWatch.began = { path in wx_temporary_begin(path) }
TemporaryFileWatch.ended = { slot in wx_temporary_end(slot) }
wx_install_temporary_cleanup()
// Ctrl-C while a change waits for a lock another process holds: noted by that handler, not
// fatal, so the change says it was not saved before wx ends of it (below).
InterruptHold.hold = { wx_hold_interrupts($0 ? 1 : 0) }
InterruptHold.arrived = { wx_held_interrupt() != 0 }

// Before any task exists: Swift's executors are chosen once, at the first task.
WXExecutors.install()

let waiting = WaitingNotice(scheduler: SleepingScheduler(), write: { StandardStreams.put($0, fd: 2) })
var host = AppHost(
    variable: { getenv($0).map { String(cString: $0) } },
    output: StandardStreams(), inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1,
    terminalWidth: { TerminalDevice.width() },
    makeSession: { configuration, offline in
        let trust = CertificateTrust(variable: { getenv($0).map { String(cString: $0) } })
        // A one-shot run's transfers run on the main thread while it waits (WXExecutors).
        let mainThread = WXExecutors.keepsToMainThread ? WXExecutors.mainThread : nil
        let transport = ObservedTransport(CurlTransport(trust: trust, mainThread: mainThread), notice: waiting)
        return WeatherSession.live(configuration: configuration, transport: transport, offline: offline)
    },
    standardInput: StandardInputReader(), prompt: TerminalDevice(), errorIsTerminal: isatty(2) == 1,
    terminalRows: { TerminalDevice.rows() }, waitingNotice: waiting, pager: PagerProcess(),
    editor: EditorProcess(), notifier: NotifierProcess(), terminalResized: { await TerminalDevice.widthChange() })
host.oneShotBegins = { WXExecutors.keepToMainThread() }
Task { @MainActor in
    let status = await WXApp(host: host).run(Array(CommandLine.arguments.dropFirst()))
    // Everything wx writes has been written (StandardStreams does not buffer; the stores write
    // and sync before they answer), so the process ends without exit's handlers: after a request
    // they were OpenSSL's cleanup and the destructors of libcurl's 31 libraries, freeing what the
    // kernel frees anyway (0.48 M instructions of a `find Hamburg; show`, issue 39). C's own
    // streams (libedit writes through them) are flushed first.
    fflush(nil)
    // A Ctrl-C held while a change waited (`InterruptHold`): wx ends of it now, as Ctrl-C ends
    // `wx -c` at any other moment, so the shell that ran it sees it interrupted (status 130).
    if wx_held_interrupt() != 0 {
        wx_remove_temporaries()
        wx_die_of(SIGINT)
    }
    _exit(status)
}
WXExecutors.runMain()
