import CThreads

#if canImport(Glibc)
import Glibc
#endif

/// A thread of wx's own (`QuietThread`) that runs `body` each time it is woken, and in between
/// waits without a deadline: started at the first `wake()`, it then lives as long as the process.
///
/// For a loop that must not run on a pool thread or libdispatch, such as libcurl's multi loop
/// (`CurlTransfers`): a libdispatch queue brought up libdispatch's root queues and a worker
/// thread of its own in every one-shot run that made a request (issue 39).
package final class WakeableThread: @unchecked Sendable {
    // @unchecked: `started` and `pending` are used only with `lock` held; `lock` and `ready` are
    // set once, in init.
    private let name: String
    private let body: @Sendable () -> Void
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// The thread waits on it for `pending`.
    private let ready: UnsafeMutablePointer<pthread_cond_t>
    private var started = false
    /// Whether `body` is to run (again) once it has returned.
    private var pending = false

    /// - Parameters:
    ///   - name: the thread's name, as `ps -L` shows it (up to 15 bytes).
    ///   - body: what the thread runs at each wake-up.
    package init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
        (lock, ready) = JobWait.make()
    }

    /// Only a thread never started ends: the thread holds its object for good.
    deinit {
        JobWait.free(lock, ready)
    }

    /// Makes the thread run `body`: at once if it waits, after the run under way if `body` is
    /// running (wake-ups meanwhile make one run). Starts the thread at the first call.
    ///
    /// - Returns: false when the system refused a thread (`body` will not run).
    @discardableResult
    package func wake() -> Bool {
        pthread_mutex_lock(lock)
        pending = true
        let start = !started
        started = true
        pthread_mutex_unlock(lock)
        // After the unlock, as `ThreadPoolExecutor` signals: the woken thread finds the lock free.
        guard start else {
            pthread_cond_signal(ready)
            return true
        }
        if QuietThread.start(named: name, { [self] in run() }) { return true }
        pthread_mutex_lock(lock)
        started = false
        pending = false
        pthread_mutex_unlock(lock)
        return false
    }

    /// The thread's life: run `body` when woken, then wait, without a deadline, for the next.
    private func run() {
        while true {
            pthread_mutex_lock(lock)
            while !pending { pthread_cond_wait(ready, lock) }
            pending = false
            pthread_mutex_unlock(lock)
            body()
        }
    }
}
