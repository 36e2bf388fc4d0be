import Foundation
import Synchronization
import Testing
import WeatherTestSupport

@testable import WXBasics

/// wx's default executor: tasks run on its own threads, as many at once as it has threads, and
/// no more threads than its bound.
@Suite(.tags(.unit), .hangLimit) struct ThreadPoolExecutorTests {
    /// The name of the thread the caller runs on.
    static func threadName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(
            in: .newlines)
    }

    @Test func childTasksRunOnThePoolsThreadsWithinItsBound() async {
        let pool = ThreadPoolExecutor(name: "wx.test.pool", maximumThreads: 3)
        let names = await withTaskExecutorPreference(pool) {
            await withTaskGroup(of: String.self) { group in
                for _ in 0..<200 { group.addTask { Self.threadName() } }
                return await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
        }
        #expect(names == ["wx.test.pool"])
        #expect((1...3).contains(pool.threadCount))
    }

    /// Four jobs that each wait until all four have begun finish only if four run at once: the
    /// pool's threads run side by side (a pool that ran one job at a time would never end).
    @Test func jobsRunSideBySideUpToTheBound() async {
        let pool = ThreadPoolExecutor(name: "wx.test.pool", maximumThreads: 4)
        let begun = Begun()
        let finished = await withTaskExecutorPreference(pool) {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        begun.count.add(1, ordering: .sequentiallyConsistent)
                        while begun.count.load(ordering: .sequentiallyConsistent) < 4 { sched_yield() }
                        return true
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
        }
        #expect(finished == 4)
        #expect(pool.threadCount == 4)
    }
}

extension ThreadPoolExecutorTests {
    /// A task preferring the pool sleeps on the pool's timer and wakes on its threads; the timer
    /// is set no longer than something waits.
    @Test func aSleepWakesOnThePoolAndLeavesNoTimerSet() async throws {
        let pool = ThreadPoolExecutor(name: "wx.test.sleep", maximumThreads: 2)
        let name = try await withTaskExecutorPreference(pool) {
            try await Task.sleep(for: .milliseconds(1))
            return Self.threadName()
        }
        #expect(name == "wx.test.sleep")
        #expect(!pool.isWaitingForDeadline)
    }

    /// Ctrl-C cancels the running command's task: a sleep on the pool (`watch`'s wait, a retry's
    /// pause) ends then, not at its deadline an hour away.
    @Test func cancellingASleepEndsItAtOnce() async {
        let pool = ThreadPoolExecutor(name: "wx.test.sleep", maximumThreads: 2)
        let sleeper = Task {
            await withTaskExecutorPreference(pool) {
                do {
                    try await Task.sleep(for: .seconds(3600))
                    return "slept"
                } catch {
                    return "cancelled"
                }
            }
        }
        while !pool.isWaitingForDeadline { await Task.yield() }
        sleeper.cancel()
        #expect(await sleeper.value == "cancelled")
    }
}

/// How many of the jobs have begun.
private final class Begun: Sendable {
    let count = Atomic<Int>(0)
}
