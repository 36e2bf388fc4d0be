import Foundation
import Synchronization
import Testing
import WeatherTestSupport

@testable import WXBasics

/// The main thread helps the task pool while the main actor has nothing to run (issue 39): a
/// one-shot command's tasks then run where the main actor waits for them, without a hand-off to
/// a pool thread and back, and without starting one; a main actor busy leaves them to the pool.
@Suite(.tags(.unit), .hangLimit) struct MainThreadHelpTests {
    /// The main executor's thread, started on `executor` helping `pool`, and waiting for work.
    private static func mainThread(_ executor: MainThreadExecutor, helping pool: ThreadPoolExecutor) {
        executor.helps(pool)
        let started = QuietThread.start(named: "wx.test.main") { try? executor.run() }
        #expect(started)
        while !pool.isHelped { sched_yield() }
    }

    @Test func aJobQueuedWhileTheMainActorWaitsRunsOnTheMainThread() async {
        let executor = MainThreadExecutor()
        let pool = ThreadPoolExecutor(name: "wx.test.pool", maximumThreads: 2)
        Self.mainThread(executor, helping: pool)
        let name = await withTaskExecutorPreference(pool) { ThreadPoolExecutorTests.threadName() }
        #expect(name == "wx.test.main")
        #expect(pool.threadCount == 0)
        executor.stop()
    }

    /// A main actor busy (here until a job of the pool's has run: the prompt's reader waits so)
    /// takes no job of the pool's: the pool runs it on a thread of its own.
    @Test func aBusyMainActorLeavesThePoolsJobsToThePool() async {
        let executor = MainThreadExecutor()
        let pool = ThreadPoolExecutor(name: "wx.test.pool", maximumThreads: 2)
        Self.mainThread(executor, helping: pool)
        let waiter = Waiter(executor: executor)
        let flag = Flag()
        async let waited: String = waiter.waitFor(flag)
        // Yielding, not spinning: a spin holds a thread of the test runner's pool (2 on 2 cores)
        // that `waitFor`'s task may need to start.
        while !flag.waiting.load(ordering: .sequentiallyConsistent) { await Task.yield() }
        let name = await withTaskExecutorPreference(pool) { () -> String in
            flag.set.store(true, ordering: .sequentiallyConsistent)
            return ThreadPoolExecutorTests.threadName()
        }
        #expect(name == "wx.test.pool")
        #expect(await waited == "wx.test.main")
        executor.stop()
    }
}

/// An actor on the main executor whose work blocks its thread until a flag is set.
private actor Waiter {
    let executor: MainThreadExecutor
    init(executor: MainThreadExecutor) { self.executor = executor }
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func waitFor(_ flag: Flag) -> String {
        flag.waiting.store(true, ordering: .sequentiallyConsistent)
        while !flag.set.load(ordering: .sequentiallyConsistent) { sched_yield() }
        return ThreadPoolExecutorTests.threadName()
    }
}

private final class Flag: Sendable {
    let waiting = Atomic<Bool>(false)
    let set = Atomic<Bool>(false)
}
