import Foundation
import Synchronization
import Testing
import WeatherKit

/// A clock that moves only when the test moves it: `sleep` suspends until `advance(by:)` takes
/// `elapsed` past the sleeper's deadline. Nothing here waits in real time, so a test of a
/// 2-second retry pause or a 5-minute `watch` takes microseconds and cannot flake on a slow
/// machine.
///
/// `wallClock` (and `now`, the same reading) starts at `start` and moves with `elapsed`, so one
/// clock can serve as both wx's "now" (cache freshness) and its waiting clock.
package final class TestClock: WXClock {
    private struct Sleeper {
        var id: Int
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var elapsed: Duration = .zero
        var sleepers: [Sleeper] = []
        var nextID = 0
        var sleeps: [Duration] = []
        /// Tasks in `waitForSleepers`, each with how many sleepers it waits for.
        var watchers: [(id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())
    private let start: Date

    /// - Parameter start: the wall-clock time at `elapsed` zero.
    package init(start: Date = Date(timeIntervalSince1970: 1_770_414_000)) {
        self.start = start
    }

    package var elapsed: Duration { state.withLock { $0.elapsed } }

    package var wallClock: Date { start.addingTimeInterval(elapsed.inSeconds) }

    /// The wall-clock time now (the same as `wallClock`), for a `now: () -> Date`.
    package var now: Date { wallClock }

    /// Every sleep asked for, as the time from the request to the deadline, in order (zero or
    /// negative for a deadline already passed).
    package var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// How many tasks are asleep on this clock now.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    package func sleep(until deadline: Duration) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.sleeps.append(deadline - state.elapsed)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Now {
                    case wake, cancel
                    case wait([CheckedContinuation<Void, Never>])
                }
                let now = state.withLock { state -> Now in
                    // Checked under the lock that `onCancel` takes, so a cancellation either
                    // finds this sleeper registered or is seen here.
                    if Task.isCancelled { return .cancel }
                    if deadline <= state.elapsed { return .wake }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .wait(Self.takeSatisfiedWatchers(&state))
                }
                switch now {
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wait(let watchers): for watcher in watchers { watcher.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline has come, the
    /// earliest deadline first (in the order they fell asleep among equals).
    package func advance(by duration: Duration) {
        precondition(duration >= .zero, "TestClock only moves forward")
        let due = state.withLock { state -> [Sleeper] in
            state.elapsed += duration
            let now = state.elapsed
            let due = state.sleepers.filter { $0.deadline <= now }.sorted {
                ($0.deadline, $0.id) < ($1.deadline, $1.id)
            }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are asleep on this clock: the point where a test can
    /// look at what happened before the pause and then `advance`. When the waiting task is
    /// cancelled first (a test's time limit), it returns and records an issue.
    package func waitForSleepers(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.sleepers.count >= count || Task.isCancelled { return true }
                    state.watchers.append((id, count, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index).continuation
            }
            watcher?.resume()
        }
        if Task.isCancelled, sleeperCount < count {
            Issue.record(
                "TestClock: cancelled while waiting for \(count) sleeper(s); \(sleeperCount) asleep",
                sourceLocation: sourceLocation)
        }
    }

    private static func takeSatisfiedWatchers(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let count = state.sleepers.count
        let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
        state.watchers.removeAll { $0.count <= count }
        return ready
    }
}
