@_spi(ExperimentalCustomExecutors) import _Concurrency

#if canImport(Glibc)
import Glibc
#endif

/// The main actor's executor: its jobs run in the order they came on the thread that calls
/// `run()`, the process's first thread (`WXExecutors.runMain`).
///
/// Why not libdispatch's main queue, Swift's default on Linux: `dispatch_main` ends the first
/// thread with `pthread_exit` (whose unwinding makes glibc load libgcc_s) and keeps it in
/// `sigsuspend` only to take the process's signals, and the main queue is then drained by a
/// worker thread libdispatch starts for it. Here the first thread does both: it runs the main
/// actor with the terminal's signals open, as in any C program (the prompt's reader, the SIGINT,
/// SIGWINCH and SIGTSTP handlers and the stalled-pipe writer already take an EINTR), but SIGTTOU and
/// SIGTTIN blocked, and takes signals while it waits for a job.
/// Measured (issue 39): `echo quit | wx` starts no thread (it started libdispatch's worker), 0.73 →
/// 0.64 M instructions, 252 → 221 page faults; `wx -c "find Hamburg; show"` 983 → 961 page faults,
/// 23.68 → 23.57 M instructions.
package final class MainThreadExecutor: MainExecutor, @unchecked Sendable {
    // @unchecked: `queue`, `stopping` and `poked` are used only with `lock` held; `lock` and
    // `ready` are set once, in init; `pool` before `run`.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// `run` waits on it for a job (or `stop`).
    private let ready: UnsafeMutablePointer<pthread_cond_t>
    private var queue = JobQueue()
    private var stopping = false
    /// Set by the pool it helps when a job of the pool's waits for this thread.
    private var poked = false
    /// The pool whose jobs this thread runs while the main actor has none (`helps(_:)`); set
    /// before `run`.
    private var pool: ThreadPoolExecutor?
    /// `poke()`, as the pool calls it.
    private var wakeForPool: @Sendable () -> Void = {}
    /// The loop this thread runs while it waits for a job (`drives(_:)`), if any.
    private var loop: (any MainThreadLoop)?
    /// Whether this thread is in a turn of `loop` now (woken with its `interrupt()`).
    private var inLoop = false
    /// Set by `loopHasWork()` from another thread: `loop` has work to look at.
    private var loopWoken = false
    /// The thread in `run`, once it runs.
    private var thread: pthread_t?

    package init() {
        (lock, ready) = JobWait.make()
    }

    /// Never freed while `run` may use it: the executor lives as long as the program.
    deinit {
        JobWait.free(lock, ready)
    }

    /// Queues `job` for the thread in `run` (from any thread).
    package func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        pthread_mutex_lock(lock)
        queue.append(unowned)
        let looping = interruptsLoop
        pthread_mutex_unlock(lock)
        // After the unlock, as `ThreadPoolExecutor` signals: the woken thread finds the lock free.
        signal(looping)
    }

    /// Wakes this thread from its wait: its condition, or the loop's turn it is in.
    private func signal(_ looping: Bool) {
        if looping { loop?.interrupt() } else { pthread_cond_signal(ready) }
    }

    package var isMainExecutor: Bool { true }

    /// Runs the jobs on this thread until `stop()`.
    package func run() throws {
        try runUntil { false }
    }

    /// Runs the jobs on this thread until `condition` holds (looked at whenever no job is
    /// queued) or `stop()` is called.
    package func runUntil(_ condition: () -> Bool) throws {
        // SIGTTOU and SIGTTIN blocked, as on the libdispatch worker that ran the main actor before:
        // a thread that blocks them writes to, sets and reads the terminal from a background
        // group without the kernel stopping the process (wx's own ways back into its group and
        // out of it at the end, after Ctrl-Z and `fg` under a parent without job control).
        var background = sigset_t()
        sigemptyset(&background)
        sigaddset(&background, SIGTTOU)
        sigaddset(&background, SIGTTIN)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &background, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        let executor = asUnownedSerialExecutor()
        pthread_mutex_lock(lock)
        thread = pthread_self()
        defer {
            stopping = false
            pthread_mutex_unlock(lock)
        }
        while !stopping {
            if poked, let pool {
                // A job of the pool's was handed to this thread: it runs first, so that it
                // never waits behind a main-actor job that blocks (the prompt's reader).
                poked = false
                pthread_mutex_unlock(lock)
                if let job = pool.nextJob() { Self.runQuietly(job, of: pool) }
                pthread_mutex_lock(lock)
                continue
            }
            if let job = queue.removeFirst() {
                pthread_mutex_unlock(lock)
                job.runSynchronously(on: executor)
                pthread_mutex_lock(lock)
                continue
            }
            pthread_mutex_unlock(lock)
            if condition() {
                pthread_mutex_lock(lock)
                return
            }
            if let pool, let job = pool.help(orWake: wakeForPool) {
                Self.runQuietly(job, of: pool)
                pthread_mutex_lock(lock)
                continue
            }
            pthread_mutex_lock(lock)
            while queue.isEmpty && !stopping && !poked {
                if let loop, loopWoken || loop.hasWork {
                    // A turn of the loop instead of the wait: it ends with an event of its own
                    // or at `interrupt()` (a job queued, the pool's poke, `stop`).
                    loopWoken = false
                    inLoop = true
                    pthread_mutex_unlock(lock)
                    loop.turn()
                    pthread_mutex_lock(lock)
                    inLoop = false
                    continue
                }
                pthread_cond_wait(ready, lock)
            }
            if let pool {
                // Whatever ended the wait, no later job of the pool's waits for this thread.
                pthread_mutex_unlock(lock)
                pool.stopHelping()
                pthread_mutex_lock(lock)
            }
        }
        // Stopped with a job of the pool's handed to this thread: it runs before `run` returns.
        if poked, let pool {
            poked = false
            pthread_mutex_unlock(lock)
            if let job = pool.nextJob() { Self.runQuietly(job, of: pool) }
            pthread_mutex_lock(lock)
        }
    }

    /// Makes this thread run `pool`'s jobs while the main actor has none to run, rather than
    /// wait: a one-shot command's main actor mostly awaits its tasks in turn, and each was a
    /// hand-off to a pool thread and back (two context switches), and a pool thread started for
    /// it. Call before `run`.
    ///
    /// Measured (issue 39; `wx -c "find Hamburg; show"` on loopback, cold, 30 runs interleaved on
    /// one vCPU, perf stat): task-clock 11.63 → 10.91 ms (1.65× → 1.55× curl's two GETs), 897 →
    /// 882 page faults, 35 → 31 context switches.
    package func helps(_ pool: ThreadPoolExecutor) {
        self.pool = pool
        wakeForPool = { [unowned self] in poke() }
    }

    /// Makes this thread run `loop`'s turns while it waits for a job and `loop` has work, rather
    /// than sleep: in a one-shot run, libcurl's transfers then run on the process's first thread
    /// while the main actor awaits them, with no thread of their own and no hand-off to one and
    /// back (issue 39). Jobs queued meanwhile end the turn (`MainThreadLoop.interrupt()`).
    package func drives(_ loop: any MainThreadLoop) {
        pthread_mutex_lock(lock)
        self.loop = loop
        pthread_mutex_unlock(lock)
    }

    /// Tells this thread that its loop has work (`MainThreadLoop.hasWork` became true): from
    /// another thread it ends the wait for a job; on this thread it does nothing, as the thread
    /// looks at the loop before it waits.
    package func loopHasWork() {
        if isOnThisThread { return }
        pthread_mutex_lock(lock)
        loopWoken = true
        let looping = interruptsLoop
        pthread_mutex_unlock(lock)
        signal(looping)
    }

    /// Whether the caller runs on the thread in `run` (the process's first, in wx).
    package var isOnThisThread: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return callerRuns
    }

    /// Whether the caller is the thread in `run`; with `lock` held.
    private var callerRuns: Bool { thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }

    /// Whether waking this thread means ending its turn of the loop: it is in one, and the caller
    /// is another thread (the thread itself looks at its queue when the turn ends); with `lock` held.
    private var interruptsLoop: Bool { inLoop && !callerRuns }

    /// Runs a job of `pool`'s with every signal blocked but those of a fault, as on the pool's
    /// own threads (`QuietThread`): its system calls meet no EINTR, which they were not written
    /// to take, and a signal waits for the job's end, a moment.
    private static func runQuietly(_ job: UnownedJob, of pool: ThreadPoolExecutor) {
        var quiet = QuietThread.blockedSignals()
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &quiet, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        pool.runHelped(job)
    }

    /// Ends the wait of `run` for a job: one of the pool's waits for this thread.
    private func poke() { wake { $0.poked = true } }

    /// Makes `run` return once the job it runs, if any, has returned.
    package func stop() { wake { $0.stopping = true } }

    /// Notes `change` with `lock` held, then ends `run`'s wait (its condition, or the loop's turn
    /// when another thread runs it).
    private func wake(_ change: (MainThreadExecutor) -> Void) {
        pthread_mutex_lock(lock)
        change(self)
        let looping = interruptsLoop
        pthread_mutex_unlock(lock)
        signal(looping)
    }
}

/// Work the main thread does while it waits for a job (`MainThreadExecutor.drives(_:)`): libcurl's
/// multi loop in a one-shot run (`CurlTransfers`).
package protocol MainThreadLoop: AnyObject, Sendable {
    /// Whether a turn has something to do (a transfer waiting or in flight); read with the
    /// executor's lock held, so it must not call back into the executor.
    var hasWork: Bool { get }
    /// One turn: the work due now, then a wait for its events, at most about a second; returns
    /// at once after `interrupt()`, which may come before the turn begins.
    func turn()
    /// Ends the turn under way, or the next one, at once; from any thread.
    func interrupt()
}
