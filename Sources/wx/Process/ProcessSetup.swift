import CMalloc
import CTerminalState
import Glibc
import WXBasics
import WeatherKit

/// What this process sets up before the app's first line runs: limits that keep a secret off
/// the disk, malloc's settings, the signal handlers behind temporary files and a held Ctrl-C,
/// and the executors. Called once, first, from `main.swift`.
enum ProcessSetup {
    /// Sets the process up, in this order: core dumps (before anything else reads the
    /// environment's key), malloc, the signal-side hooks, then the executors (before any task
    /// exists: Swift chooses them once, at the first task).
    static func prepare() {
        // An OpenWeatherMap key in the environment is in this process's memory from the start: no
        // core dump may write it to disk (issue 38).
        if let key = getenv("OPENWEATHERMAP_API_KEY"), key.pointee != 0 { _ = wx_forbid_core_dumps() }

        // glibc hands a freed block of 128 KiB or more back to the system at once, and the next
        // large one comes as fresh zeroed pages, each a page fault: listing 20,000 snapshots spent
        // a fifth of its time in them. Larger blocks are kept for reuse instead, and the threads
        // share one heap, so that what the state.plist decode frees in the background serves the
        // listing (make bench, `saved`).
        mallopt(M_MMAP_THRESHOLD, 4 << 20)
        mallopt(M_TRIM_THRESHOLD, 8 << 20)
        mallopt(M_ARENA_MAX, 1)

        // A temporary file being written (`F.tmp-PID-…` beside F) is removed when SIGINT or
        // SIGTERM ends wx, before it dies of the signal: `wx export history F` stopped by Ctrl-C
        // left it beside F. The interactive shell's own handlers replace these (Ctrl-C cancels
        // the command there).
        TemporaryFileWatch.began = { path in wx_temporary_begin(path) }
        TemporaryFileWatch.ended = { slot in wx_temporary_end(slot) }
        wx_install_temporary_cleanup()
        // Ctrl-C while a change waits for a lock another process holds: noted by that handler,
        // not fatal, so the change says it was not saved before wx ends of it (`ProcessEnd`).
        InterruptHold.hold = { wx_hold_interrupts($0 ? 1 : 0) }
        InterruptHold.arrived = { wx_held_interrupt() != 0 }

        WXExecutors.install()
    }
}
