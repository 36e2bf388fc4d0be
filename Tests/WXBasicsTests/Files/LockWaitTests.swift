import Foundation
import Synchronization
import Testing
import WeatherTestSupport

@testable import WXBasics

/// The wait for a `.wx.lock` another process holds (`LockWaiting.wait`), measured on a clock
/// the test gives: its bound and its notice follow that clock's seconds, never the time the
/// test takes. It read CLOCK_MONOTONIC itself, beside the CLOCK_BOOTTIME `DeadlineTimer` waits
/// on: now both read `MonotonicClock`, and the wait takes its clock as a parameter.
@Suite(.tags(.unit)) struct LockWaitTests {
    /// A lock file held by another descriptor (two descriptors' flocks conflict in one process),
    /// and a descriptor of its own to wait with.
    final class HeldLock {
        let path: String
        let holder: Int32
        let waiter: Int32
        init(in folder: TemporaryFolder) {
            path = folder.path + "/.wx.lock"
            holder = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            waiter = open(path, O_RDWR | O_CLOEXEC)
            #expect(holder >= 0 && waiter >= 0)
            #expect(flock(holder, LOCK_EX) == 0)
        }
        deinit {
            close(waiter)
            close(holder)
        }
    }

    /// A clock that moves `step` seconds at each reading.
    final class SteppingClock: Sendable {
        let step: Double
        private let readings = Mutex(0)
        init(step: Double) { self.step = step }
        var count: Int { readings.withLock { $0 } }
        func read() -> Double {
            readings.withLock {
                $0 += 1
                return Double($0 - 1) * step
            }
        }
    }

    @Test func theBoundIsMeasuredOnTheClockGiven() throws {
        let folder = TemporaryFolder()
        let lock = HeldLock(in: folder)
        let notices = Mutex<[String]>([])
        let policy = LockWaitPolicy(
            bound: 20, notice: { line in notices.withLock { $0.append(line) } }, cancelled: { false })
        // 8 s a reading: the start, 8 s (the notice, past a 0.5 s wait), 16 s, then 24 s: past
        // the 20 s bound, in four readings and a few milliseconds of pauses.
        let clock = SteppingClock(step: 8)
        var end: LockWaitEnd?
        do {
            try LockWaiting.wait(lock.waiter, path: lock.path, .bounded, policy: policy, seconds: clock.read)
        } catch {
            end = error.lockWaitEnd
            #expect(error.description.contains("for 20 s (WX_TIMEOUT): gave up"), "\(error.description)")
        }
        #expect(end == .gaveUp)
        #expect(clock.count == 4)
        #expect(notices.withLock { $0.count } == 1)
    }

    @Test func aBriefWaitEndsAtItsMomentOnTheClockGiven() throws {
        let folder = TemporaryFolder()
        let lock = HeldLock(in: folder)
        let policy = LockWaitPolicy(bound: 20, notice: { _ in Issue.record("a brief wait says nothing") })
        let clock = SteppingClock(step: 0.15)
        var end: LockWaitEnd?
        do {
            try LockWaiting.wait(lock.waiter, path: lock.path, .briefly, policy: policy, seconds: clock.read)
        } catch {
            end = error.lockWaitEnd
        }
        // 0, 0.15, 0.30: past the 0.2 s of `LockWaiting.briefly` at the third reading.
        #expect(end == .held)
        #expect(clock.count == 3)
    }

    @Test func theMonotonicClockGoesOn() {
        let first = MonotonicClock.now
        let second = MonotonicClock.now
        #expect(second >= first)
        #expect(abs(MonotonicClock.seconds - Double(MonotonicClock.now.components.seconds)) < 2)
    }
}
