import CThreads
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The one monotonic clock wx waits on: the deadlines of `DeadlineTimer` (`Task.sleep`) and
/// the wait for a held `.wx.lock` (`LockWaiting`) are readings of it.
package enum MonotonicClock {
    /// Time since the machine started on CLOCK_BOOTTIME, which never goes back and goes on
    /// counting while the machine is suspended (as `ContinuousClock` does), so that a wait
    /// bounded in seconds is bounded across a suspend too; the timerfd is set on the same clock.
    package static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// `now` in seconds.
    package static var seconds: Double {
        let (seconds, attoseconds) = now.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Elements waiting for their deadlines, earliest first; equal deadlines keep the order added.
///
/// Deadlines are readings of `MonotonicClock.now` (CLOCK_BOOTTIME, which goes on counting while
/// the machine is suspended, as `ContinuousClock` does).
package struct Deadlines<Element> {
    private var waiting: [(deadline: Duration, element: Element)] = []

    package init() {}

    /// The earliest deadline waited for; nil when nothing waits.
    package var earliest: Duration? { waiting.first?.deadline }

    package var isEmpty: Bool { waiting.isEmpty }

    /// Adds `element` to be due at `deadline`, after any already due at the same time.
    package mutating func add(_ element: Element, at deadline: Duration) {
        var low = 0
        var high = waiting.count
        while low < high {
            let middle = (low + high) / 2
            if waiting[middle].deadline <= deadline { low = middle + 1 } else { high = middle }
        }
        waiting.insert((deadline, element), at: low)
    }

    /// Takes out every element due at `now` (its deadline at or before it), earliest first.
    package mutating func removeDue(at now: Duration) -> [Element] {
        let count = waiting.prefix { $0.deadline <= now }.count
        defer { waiting.removeFirst(count) }
        return waiting.prefix(count).map(\.element)
    }
}

/// Hands elements back when their deadlines come, from a thread of its own that sleeps on a
/// timerfd: armed for the earliest deadline while any waits, disarmed when none does, so that
/// with nothing scheduled it never wakes (a periodic tick would wake the process at its prompt).
///
/// The thread starts with the timer and lives as long as the process.
package final class DeadlineTimer<Element: Sendable>: Sendable {
    private let descriptor: Int32
    private let deadlines = Mutex(Deadlines<Element>())
    private let due: @Sendable ([Element]) -> Void

    /// - Parameters:
    ///   - name: the thread's name, as `ps -L` shows it.
    ///   - due: called on the timer's thread with the elements whose deadlines came, earliest
    ///     first; it should hand them on rather than run long.
    /// - Returns: nil when the system gave no timerfd or no thread.
    package init?(name: String, due: @escaping @Sendable ([Element]) -> Void) {
        descriptor = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.due = due
        guard QuietThread.start(named: name, { [self] in run() }) else {
            close(descriptor)
            return nil
        }
    }

    /// Hands `element` back at `deadline` (a reading of `MonotonicClock.now`; one already past:
    /// at once).
    package func add(_ element: Element, at deadline: Duration) {
        deadlines.withLock { deadlines in
            let earliest = deadlines.earliest
            deadlines.add(element, at: deadline)
            if earliest.map({ deadline < $0 }) ?? true { arm(deadline) }
        }
    }

    /// Whether the timerfd is set to go off: false once nothing waits.
    package var isArmed: Bool {
        var setting = itimerspec()
        timerfd_gettime(descriptor, &setting)
        return setting.it_value.tv_sec != 0 || setting.it_value.tv_nsec != 0
    }

    /// The thread: waits for the timerfd, hands back what is due, arms it for what waits next.
    private func run() {
        while true {
            var expirations: UInt64 = 0
            // Blocks until the timer goes off (never, while it is disarmed). EINTR or EAGAIN
            // (re-armed meanwhile) only mean: look again.
            _ = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
            let ready = deadlines.withLock { deadlines in
                let ready = deadlines.removeDue(at: MonotonicClock.now)
                arm(deadlines.earliest)
                return ready
            }
            if !ready.isEmpty { due(ready) }
        }
    }

    /// Sets the timerfd to go off at `deadline` (absolute), or disarms it for nil. Called with
    /// the lock held, so the setting always follows the earliest deadline waiting.
    private func arm(_ deadline: Duration?) {
        var setting = itimerspec()
        if let deadline {
            let (seconds, attoseconds) = deadline.components
            // A zero setting disarms: a deadline at the clock's origin is long past anyway.
            setting.it_value = timespec(tv_sec: Int(max(seconds, 0)), tv_nsec: Int(attoseconds / 1_000_000_000))
            if setting.it_value.tv_sec == 0 && setting.it_value.tv_nsec == 0 { setting.it_value.tv_nsec = 1 }
        }
        timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME), &setting, nil)
    }
}
