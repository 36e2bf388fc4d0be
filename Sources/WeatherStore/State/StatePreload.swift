import Dispatch
import FoundationEssentials
import Synchronization
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// A decoded state.plist and the file version it came from.
struct Preloaded: Sendable {
    let version: FileVersion
    let data: Data
    let document: StateDocument
}

/// Hands a preloaded document from the decoding thread to the store.
final class PreloadBox: Sendable {
    private let value = Mutex<Preloaded?>(nil)
    private let running = DispatchGroup()

    /// Runs `decode` on a thread of its own and keeps what it gives. Not on a global dispatch
    /// queue: the first thread one of those starts sets off libdispatch's pool monitor, which
    /// then wakes the process every second for as long as it lives (see `ThreadPoolExecutor`).
    /// When no thread can be had, nothing is preloaded: the first `refresh()` decodes.
    func start(_ decode: @escaping @Sendable () -> Preloaded?) {
        running.enter()
        let started = QuietThread.start(named: "wx.preload") {
            if let preloaded = decode() { self.value.withLock { $0 = preloaded } }
            self.running.leave()
        }
        if !started { running.leave() }
    }

    /// Whether a decode is under way now; never waits.
    var isRunning: Bool { running.wait(timeout: .now()) == .timedOut }

    /// The preloaded document if it is of `version` (once), after waiting for a decode under way.
    func take(version: FileVersion) -> Preloaded? {
        running.wait()
        return value.withLock { stored in
            defer { stored = nil }
            return stored?.version == version ? stored : nil
        }
    }
}
