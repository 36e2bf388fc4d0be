import Synchronization
import WXBasics
import WeatherKit

/// Runs an action after a delay unless cancelled first: a sleep on the product's `WXClock`, a
/// hand-fired queue in tests (so that no test waits a second).
package protocol DelayScheduler: Sendable {
    /// Runs `action` after `seconds`, on any thread, unless the returned handle is cancelled.
    func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction
}

/// A scheduled action, which can still be called off.
package protocol ScheduledAction: Sendable {
    func cancel()
}

/// The product's scheduler: a task that sleeps on `clock`, the one the services wait on.
package struct SleepingScheduler: DelayScheduler {
    let clock: any WXClock

    package init(clock: any WXClock = SystemClock()) { self.clock = clock }

    package func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        SleepingTask(
            task: Task { [clock] in
                guard (try? await clock.sleep(for: .milliseconds(Int64(seconds * 1000)))) != nil else { return }
                action()
            })
    }

    private struct SleepingTask: ScheduledAction {
        let task: Task<Void, Never>
        func cancel() { task.cancel() }
    }
}

/// "waiting for Open-Meteo… (Ctrl-C cancels)": shown on standard error once a request has been
/// in flight for a moment, naming every service still waited on (rewritten as one answers), and
/// erased when the last ends, so that a slow service (up to WX_TIMEOUT,
/// 20 s) is not a silent terminal. Only where a person watches: see `applies`.
package final class WaitingNotice: Sendable {
    /// How long a request runs before the notice shows, seconds.
    package static let delaySeconds = 1.0

    private struct State {
        var enabled = false
        var unicode = true
        /// Requests in flight, by number, with their service's name.
        var inFlight: [Int: String] = [:]
        var nextNumber = 0
        var pending: (any ScheduledAction)?
        /// Whether a notice is scheduled (`pending` may follow a moment later).
        var scheduled = false
        /// The text shown now, if any.
        var shown: String?
    }

    private let state = Mutex(State())
    private let scheduler: any DelayScheduler
    private let write: @Sendable (String) -> Void

    /// - Parameters:
    ///   - scheduler: runs the delay.
    ///   - write: writes to standard error (the terminal), unbuffered, from any thread.
    package init(scheduler: any DelayScheduler, write: @escaping @Sendable (String) -> Void) {
        self.scheduler = scheduler
        self.write = write
    }

    /// Whether a notice belongs on this terminal: standard error is one that can erase a line
    /// (not TERM=dumb), and results are text (not `--json`). Never for scripts or pipes.
    package static func applies(errorIsTerminal: Bool, term: String?, json: Bool) -> Bool {
        errorIsTerminal && !json && term != nil && term != "" && term != "dumb"
    }

    /// Turns the notice on (at a terminal) or off; `unicode` chooses "…" or "...".
    package func enable(_ on: Bool, unicode: Bool) {
        state.withLock {
            $0.enabled = on
            $0.unicode = unicode
        }
    }

    /// Whether the notice is on.
    package var isEnabled: Bool { state.withLock { $0.enabled } }

    /// A request to `service` starts; returns its number for `ended`.
    package func started(_ service: String) -> Int {
        let (number, schedule, redraw) = state.withLock { state -> (Int, Bool, String?) in
            state.nextNumber += 1
            state.inFlight[state.nextNumber] = service
            let schedule = state.enabled && !state.scheduled && state.shown == nil
            if schedule { state.scheduled = true }
            return (state.nextNumber, schedule, Self.redrawn(&state))
        }
        if let redraw { write(redraw) }
        guard schedule else { return number }
        let action = scheduler.schedule(after: Self.delaySeconds) { [self] in show() }
        let keep = state.withLock { state -> Bool in
            guard state.scheduled, !state.inFlight.isEmpty else { return false }
            state.pending = action
            return true
        }
        if !keep { action.cancel() }
        return number
    }

    /// Request `number` ended (answered, failed or cancelled): the notice goes when none is left.
    package func ended(_ number: Int) {
        let (erase, pending, redraw) = state.withLock { state -> (Bool, (any ScheduledAction)?, String?) in
            state.inFlight[number] = nil
            guard state.inFlight.isEmpty else { return (false, nil, Self.redrawn(&state)) }
            defer {
                state.pending = nil
                state.scheduled = false
                state.shown = nil
            }
            return (state.shown != nil, state.pending, nil)
        }
        pending?.cancel()
        if erase { write("\r\u{1B}[K") }
        if let redraw { write(redraw) }
    }

    /// The notice's text for the requests in flight: every service waited on, in the order asked
    /// ("waiting for Nominatim and Open-Meteo… (Ctrl-C cancels)"), as a command about
    /// coordinates asks their name and their weather at once; nil when there is none.
    private static func text(_ state: State) -> String? {
        var names: [String] = []
        for (_, service) in state.inFlight.sorted(by: { $0.key < $1.key }) where !names.contains(service) {
            names.append(service)
        }
        guard !names.isEmpty else { return nil }
        let list = Counting.list(names)
        return "waiting for \(list)\(state.unicode ? "…" : "...") (Ctrl-C cancels)"
    }

    /// What to write when a notice is shown and the services waited on changed (one answered,
    /// another was asked): the line again with the new text; nil when nothing is shown or the
    /// text is the same.
    private static func redrawn(_ state: inout State) -> String? {
        guard let shown = state.shown, let text = text(state), text != shown else { return nil }
        state.shown = text
        return "\r\u{1B}[K" + text
    }

    /// The delay passed: say what wx waits for, if it still does.
    private func show() {
        let text = state.withLock { state -> String? in
            state.pending = nil
            state.scheduled = false
            guard state.enabled, state.shown == nil, let text = Self.text(state) else { return nil }
            state.shown = text
            return text
        }
        if let text { write("\r" + text) }
    }
}

/// A transport that tells a `WaitingNotice` when each request starts and ends, naming the
/// service each request says it is for (`HTTPRequest.serviceName`): a guess from the URL named
/// Nominatim for the ensemble where every service shares one base URL.
package struct ObservedTransport: HTTPTransport {
    let inner: any HTTPTransport
    let notice: WaitingNotice

    package init(_ inner: any HTTPTransport, notice: WaitingNotice) {
        self.inner = inner
        self.notice = notice
    }

    package func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse {
        let number = notice.started(request.serviceName ?? "the service")
        defer { notice.ended(number) }
        return try await inner.send(request, limits: limits)
    }
}
