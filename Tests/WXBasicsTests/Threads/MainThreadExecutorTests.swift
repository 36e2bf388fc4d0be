import Foundation
import Synchronization
import Testing
import WeatherTestSupport

@testable import WXBasics

/// The main actor's executor: an actor on it runs its work in order on the one thread that runs
/// the executor (in wx the process's first), whichever threads call it, and `stop()` ends the run.
@Suite(.tags(.unit), .hangLimit) struct MainThreadExecutorTests {
    @Test func workFromManyTasksRunsOnTheRunningThreadUntilStopped() async {
        let executor = MainThreadExecutor()
        let running = Running()
        let done = Running()
        let started = QuietThread.start(named: "wx.test.main") {
            running.name.withLock { $0 = ThreadPoolExecutorTests.threadName() }
            try? executor.run()
            done.name.withLock { $0 = "returned" }
        }
        #expect(started)
        let counter = Counter(executor: executor)
        // 50 tasks at once, each adding 20 in turn: every addition on the executor's thread.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { for _ in 0..<20 { await counter.add() } } }
        }
        #expect(await counter.total == 1000)
        #expect(await counter.threads == ["wx.test.main"])
        executor.stop()
        while done.name.withLock({ $0 }) != "returned" { sched_yield() }
        #expect(running.name.withLock { $0 } == "wx.test.main")
    }
}

/// An actor whose work runs on `executor`.
private actor Counter {
    let executor: MainThreadExecutor
    var total = 0
    var threads: Set<String> = []

    init(executor: MainThreadExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func add() {
        total += 1
        threads.insert(ThreadPoolExecutorTests.threadName())
    }
}

/// What the executor's thread saw.
private final class Running: Sendable {
    let name = Mutex("")
}
