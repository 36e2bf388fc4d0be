import Foundation
import Synchronization
import Testing
import WeatherTestSupport

@testable import WXBasics

/// A one-shot run keeps to its first thread (issue 39): the pool's jobs wait for the main
/// thread rather than start threads (`ThreadPoolExecutor.keepToHelper()`), and a loop the main
/// thread drives (`MainThreadLoop`, libcurl's transfers in wx) runs its turns there while the
/// main actor waits, ended by a job queued meanwhile.
@Suite(.tags(.unit), .hangLimit) struct MainThreadLoopTests {
    /// The main executor's thread, started on `executor` helping `pool`, and waiting for work.
    private static func mainThread(_ executor: MainThreadExecutor, helping pool: ThreadPoolExecutor) {
        executor.helps(pool)
        let started = QuietThread.start(named: "wx.test.main") { try? executor.run() }
        #expect(started)
        while !pool.isHelped { sched_yield() }
    }

    /// A job of the pool's queued while the main actor is busy waits for it: no thread starts.
    @Test func aPoolKeptToItsHelperStartsNoThreadWhileTheMainActorIsBusy() async {
        let executor = MainThreadExecutor()
        let pool = ThreadPoolExecutor(name: "wx.test.pool", maximumThreads: 2)
        pool.keepToHelper()
        Self.mainThread(executor, helping: pool)
        let busy = Busy(executor: executor)
        let gate = Gate()
        async let held: Void = busy.hold(until: gate)
        // Yielding, not spinning: a spin here holds a thread of the test runner's small pool that
        // `hold`'s task may need to start (two such spins at once, on 2 cores, stalled the suite).
        while !gate.holding.load(ordering: .sequentiallyConsistent) { await Task.yield() }
        async let name: String = withTaskExecutorPreference(pool) { ThreadPoolExecutorTests.threadName() }
        // The job is queued, and waits: the main thread is busy, and the pool starts no thread.
        for _ in 0..<1000 { await Task.yield() }
        #expect(pool.threadCount == 0)
        gate.open.store(true, ordering: .sequentiallyConsistent)
        await held
        #expect(await name == "wx.test.main")
        #expect(pool.threadCount == 0)
        executor.stop()
    }

    /// Work handed to the loop from another thread runs in the main thread's turns.
    @Test func theLoopsTurnsRunOnTheMainThreadWhenItHasWork() async {
        let executor = MainThreadExecutor()
        let pool = ThreadPoolExecutor(name: "wx.test.pool", maximumThreads: 2)
        let loop = CountingLoop()
        executor.drives(loop)
        Self.mainThread(executor, helping: pool)
        loop.pending.withLock { $0 = 3 }
        executor.loopHasWork()
        while loop.pending.withLock({ $0 }) > 0 { sched_yield() }
        #expect(loop.threads.withLock { $0 } == ["wx.test.main"])
        executor.stop()
    }

    /// A turn that waits (libcurl's poll) ends when a job is queued for the main thread.
    @Test func aJobQueuedDuringATurnInterruptsIt() async {
        let executor = MainThreadExecutor()
        let pool = ThreadPoolExecutor(name: "wx.test.pool", maximumThreads: 2)
        let loop = CountingLoop(blocks: true)
        executor.drives(loop)
        Self.mainThread(executor, helping: pool)
        loop.pending.withLock { $0 = 1 }
        executor.loopHasWork()
        while !loop.inTurn.load(ordering: .sequentiallyConsistent) { sched_yield() }
        let busy = Busy(executor: executor)
        #expect(await busy.name() == "wx.test.main")
        #expect(loop.interrupts.load(ordering: .sequentiallyConsistent) >= 1)
        executor.stop()
    }
}

/// A loop that counts its turns down from `pending`; with `blocks`, each turn waits for
/// `interrupt()`, as libcurl's poll waits for `curl_multi_wakeup`.
private final class CountingLoop: MainThreadLoop {
    let pending = Mutex(0)
    let threads = Mutex<Set<String>>([])
    let inTurn = Atomic(false)
    let interrupts = Atomic(0)
    private let woken = Atomic(false)
    private let blocks: Bool

    init(blocks: Bool = false) { self.blocks = blocks }

    var hasWork: Bool { pending.withLock { $0 > 0 } }

    func turn() {
        threads.withLock { _ = $0.insert(ThreadPoolExecutorTests.threadName()) }
        if blocks {
            inTurn.store(true, ordering: .sequentiallyConsistent)
            while !woken.load(ordering: .sequentiallyConsistent) { sched_yield() }
            woken.store(false, ordering: .sequentiallyConsistent)
            inTurn.store(false, ordering: .sequentiallyConsistent)
        }
        pending.withLock { $0 -= 1 }
    }

    func interrupt() {
        interrupts.add(1, ordering: .sequentiallyConsistent)
        woken.store(true, ordering: .sequentiallyConsistent)
    }
}

/// An actor on the main executor: `hold` keeps its thread busy until the gate opens.
private actor Busy {
    let executor: MainThreadExecutor
    init(executor: MainThreadExecutor) { self.executor = executor }
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func hold(until gate: Gate) {
        gate.holding.store(true, ordering: .sequentiallyConsistent)
        while !gate.open.load(ordering: .sequentiallyConsistent) { sched_yield() }
    }

    func name() -> String { ThreadPoolExecutorTests.threadName() }
}

private final class Gate: Sendable {
    let holding = Atomic(false)
    let open = Atomic(false)
}
