@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Glibc)
import Glibc
#endif

/// The executor wx runs its tasks on by default (`Task {}`, `async let`, task groups, anything
/// not on the main actor): a few threads of its own that sleep without a deadline while there is
/// nothing to run, and a timer thread (`DeadlineTimer`) for `Task.sleep`.
///
/// Why not libdispatch's global queues, Swift's default on Linux: the first thread any of them
/// starts sets off libdispatch's pool monitor (`_dispatch_workq_init_once` in
/// swift-corelibs-libdispatch's src/event/workqueue.c), a timer that wakes the process every
/// second for as long as it lives — at wx's prompt too, with nothing to do. The monitor adds
/// threads when all of a pool's threads are blocked; here a pool of `maximumThreads` serves, as
/// wx's tasks wait for answers by suspending, not by blocking a thread.
///
/// Jobs run in the order they came; priorities are not looked at. Threads start as work needs
/// them, up to `maximumThreads`, and stay; but a job goes first to a helper waiting for work
/// (`help(orWake:)`: the main thread, while the main actor has nothing to run), so that a
/// one-shot command whose main actor awaits its tasks in turn runs many of them on the main
/// thread, without starting a thread or handing over to one and back (issue 39).
package final class ThreadPoolExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    // @unchecked: `queue`, `threads`, `idle`, `wakeups`, `helper` and `timer` are used only with
    // `lock` held; `lock` and `ready` are set once, in init.

    /// Threads at most: the processors, and at least 4, so that a task blocked a moment in a
    /// system call (a file lock another wx holds) leaves others to run.
    package let maximumThreads: Int

    private let name: String
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// Idle threads wait on it for `wakeups`.
    private let ready: UnsafeMutablePointer<pthread_cond_t>
    private var queue = JobQueue()
    private var threads = 0
    /// Threads waiting on `ready` that no `wakeups` is meant for yet.
    private var idle = 0
    /// Wake-ups signalled and not yet taken by a waiting thread (a wait may also end without one).
    private var wakeups = 0
    private var timer: DeadlineTimer<UnownedJob>?
    /// How to wake the helper waiting for a job now, if one waits (`help(orWake:)`).
    private var helper: (@Sendable () -> Void)?
    /// Whether jobs wait for the helper rather than start a thread (`keepToHelper()`).
    private var helperOnly = false

    /// - Parameters:
    ///   - name: the threads' names, as `ps -L` shows them (the timer's is `name` + ".timer").
    ///   - maximumThreads: defaults to the processors online, at least 4.
    package init(name: String = "wx.tasks", maximumThreads: Int? = nil) {
        self.name = name
        self.maximumThreads = max(1, maximumThreads ?? max(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        (lock, ready) = JobWait.make()
    }

    /// Only a pool that never started a thread ends: each of its threads holds it for good.
    deinit {
        JobWait.free(lock, ready)
    }

    /// Runs `job` on one of the threads: an idle one, else a new one while under
    /// `maximumThreads`, else the first to come free.
    package func enqueue(_ job: consuming ExecutorJob) {
        run(UnownedJob(job))
    }

    /// Runs `job` once `delay` has passed on `clock` (`Task.sleep`).
    ///
    /// The runtime schedules on `ContinuousClock` and `SuspendingClock`, whose durations are
    /// `Duration`; both are waited for on CLOCK_BOOTTIME, which goes on while the machine
    /// sleeps. A job for a clock of another duration type runs at once, as does every delayed
    /// job if the system gives no timer thread (a timerfd or a thread refused).
    package func enqueue<C: Clock>(
        _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration? = nil, clock: C
    ) {
        let unowned = UnownedJob(job)
        guard let delay = delay as? Duration, delay > .zero, let timer = startedTimer() else { return run(unowned) }
        timer.add(unowned, at: MonotonicClock.now + delay)
    }

    /// Runs `job` at `instant` of `clock`.
    package func enqueue<C: Clock>(
        _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration? = nil, clock: C
    ) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }

    /// Threads started so far (never more than `maximumThreads`).
    package var threadCount: Int { locked { threads } }

    /// Whether a helper waits for a job now (`help(orWake:)`).
    package var isHelped: Bool { locked { helper != nil } }

    /// Whether a delayed job waits for its time now (the timer thread is armed).
    package var isWaitingForDeadline: Bool { locked { timer }?.isArmed ?? false }

    // MARK: - Threads

    private func run(_ job: UnownedJob) {
        let (start, wake, helping) = locked { () -> (start: Bool, wake: Bool, helper: (@Sendable () -> Void)?) in
            queue.append(job)
            // The helper before an idle thread: a job that ends by resuming the main actor, as
            // most do, then resumes it on its own thread, without a hand-off.
            if let waiting = helper {
                helper = nil
                return (false, false, waiting)
            }
            if idle > 0 {
                idle -= 1
                wakeups += 1
                return (false, true, nil)
            }
            guard threads < maximumThreads, !helperOnly else { return (false, false, nil) }
            threads += 1
            return (true, false, nil)
        }
        // Signalled with the lock released: a thread woken while it is held runs at once into
        // the lock, sleeps again and is woken a second time (four context switches a hand-off
        // instead of two; issue 39). A wait ends only when it finds `wakeups` above 0 under the
        // lock, so no wake-up is lost either way.
        if wake { pthread_cond_signal(ready) }
        helping?()
        if start && !QuietThread.start(named: name, { [self] in work() }) {
            let none = locked { () -> Bool in
                threads -= 1
                return threads == 0
            }
            // No thread at all could ever run the job: nothing sensible is left to do.
            if none { fatalError("wx could not start a thread to run its tasks") }
        }
    }

    /// A thread's life: run what is queued, then wait — without a deadline — for more.
    private func work() {
        pthread_mutex_lock(lock)
        while true {
            if let job = queue.removeFirst() {
                pthread_mutex_unlock(lock)
                job.runSynchronously(on: asUnownedTaskExecutor())
                pthread_mutex_lock(lock)
                continue
            }
            idle += 1
            while wakeups == 0 { pthread_cond_wait(ready, lock) }
            wakeups -= 1
        }
    }

    // MARK: - A helper

    /// For a thread that runs the pool's jobs while it has nothing of its own to do (the main
    /// thread: `MainThreadExecutor`): the first job queued, to run with `runHelped`; or, when none
    /// is, nil, and the next job queued calls `wake` (once; from any thread) rather than wake an
    /// idle thread or start one, unless `stopHelping()` came first.
    package func help(orWake wake: @escaping @Sendable () -> Void) -> UnownedJob? {
        locked { () -> UnownedJob? in
            if let job = queue.removeFirst() { return job }
            helper = wake
            return nil
        }
    }

    /// Makes every job wait for the helper (`help(orWake:)`) rather than start a thread: for a
    /// one-shot run, whose main thread runs the main actor and, while it awaits, the pool's jobs
    /// and libcurl's transfers (`MainThreadExecutor`), so that no thread starts at all (issue
    /// 39: three started for `find Hamburg; show`, each a clone, stack pages and hand-offs that
    /// crossed vCPUs). The helper must never block waiting for a job of the pool's (the prompt's
    /// reader does: not for the prompt). Delayed jobs still come from the timer's thread.
    package func keepToHelper() {
        locked { helperOnly = true }
    }

    /// Ends what `help(orWake:)` began: no job waits for the helper any longer (one it was woken
    /// for is in the queue, for it or a thread to take).
    package func stopHelping() {
        locked { helper = nil }
    }

    /// The first job queued, taken out for a helper woken by `help(orWake:)`'s `wake` to run with
    /// `runHelped`; nil when a thread of the pool took it meanwhile.
    package func nextJob() -> UnownedJob? {
        locked { queue.removeFirst() }
    }

    /// Runs `job`, taken with `help(orWake:)` or `nextJob()`, on the calling thread as one of the
    /// pool's.
    package func runHelped(_ job: UnownedJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }

    /// The timer, started at the first delayed job.
    private func startedTimer() -> DeadlineTimer<UnownedJob>? {
        locked { () -> DeadlineTimer<UnownedJob>? in
            if timer == nil {
                timer = DeadlineTimer(name: name + ".timer") { [self] jobs in for job in jobs { run(job) } }
            }
            return timer
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}

/// The mutex and condition variable an executor's threads wait for jobs with, at addresses that
/// never move (pthread's objects must not), made and freed alike by both executors.
enum JobWait {
    /// A new mutex and condition variable, both with default attributes.
    static func make() -> (UnsafeMutablePointer<pthread_mutex_t>, UnsafeMutablePointer<pthread_cond_t>) {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        let ready = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        ready.initialize(to: pthread_cond_t())
        pthread_cond_init(ready, nil)
        return (lock, ready)
    }

    /// Destroys and frees what `make()` gave, once no thread uses them.
    static func free(_ lock: UnsafeMutablePointer<pthread_mutex_t>, _ ready: UnsafeMutablePointer<pthread_cond_t>) {
        pthread_cond_destroy(ready)
        ready.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }
}

/// A first-in first-out queue of jobs: an array read from `head`, compacted when half is spent
/// (the task pool's and the main thread's, `MainThreadExecutor`).
struct JobQueue {
    private var jobs: [UnownedJob] = []
    private var head = 0

    var isEmpty: Bool { head == jobs.count }

    mutating func append(_ job: UnownedJob) { jobs.append(job) }

    mutating func removeFirst() -> UnownedJob? {
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
