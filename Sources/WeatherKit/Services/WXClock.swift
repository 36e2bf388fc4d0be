import FoundationEssentials

/// Time as wx measures and waits for it: the seam between wx and the system's clocks, so that
/// retries, Nominatim's request spacing and `watch` can be tested without sleeping.
///
/// Two readings, because they answer different questions. `elapsed` is monotonic: budgets,
/// pauses and spacing are measured on it, and setting the system time never moves it.
/// `wallClock` is the system's calendar time, the one reading every process on the machine
/// shares: the cross-process Nominatim spacing is stamped with it. wx's own "now" for the dates
/// it shows and stores (which `WX_NOW` replaces) is a separate `now: () -> Date`, because a
/// fixed `WX_NOW` must not stop waiting or spacing.
package protocol WXClock: Sendable {
    /// Monotonic time since an origin fixed for the clock's lifetime.
    var elapsed: Duration { get }

    /// The system's calendar time (never `WX_NOW`).
    var wallClock: Date { get }

    /// Suspends until `elapsed` reaches `deadline`; returns at once when it already has.
    ///
    /// - Parameter deadline: a reading of `elapsed`.
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until deadline: Duration) async throws
}

extension WXClock {
    /// Suspends for `duration` of this clock's time.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    package func sleep(for duration: Duration) async throws {
        try await sleep(until: elapsed + duration)
    }
}

/// The system's clocks: `ContinuousClock` (it keeps counting while the machine is suspended, so
/// a pause never ends late by the time the lid was shut) and `Date()`.
package struct SystemClock: WXClock {
    private let origin = ContinuousClock.now

    package init() {}

    package var elapsed: Duration { ContinuousClock.now - origin }

    package var wallClock: Date { Date() }

    package func sleep(until deadline: Duration) async throws {
        try await Task.sleep(until: origin + deadline, clock: .continuous)
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
