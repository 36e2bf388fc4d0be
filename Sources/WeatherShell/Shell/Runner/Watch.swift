import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// `watch`: the current location's weather again and again, on the session's clock, until
/// cancelled (Ctrl-C cancels the running command's task). On a terminal the screen is cleared
/// each time. Made for one `watch` command; it shows through the runner it is given.
@MainActor
struct Watch {
    /// How often it looks again.
    let minutes: Double
    /// The ensemble chances that ring the bell when they cross their thresholds.
    var alerts: [ChanceAlert] = []
    /// Whether a line that crosses a threshold, or a warning change, also raises a desktop
    /// notification (`raiseNotification`).
    var notify = false
    /// Whether each alert's chance was at or above its threshold at the last reading.
    var above: [ChanceAlert.Kind: Bool] = [:]
    /// The alerts whose variable the last ensemble left out for its unit: not watched.
    var leftOut: Set<ChanceAlert.Kind> = []

    /// Shows the weather on `runner` every `minutes` until cancelled.
    mutating func run(on runner: ShellRunner) async -> LineStatus {
        let session = runner.session
        guard session.currentPlace != nil else {
            runner.report(.noCurrentLocation)
            return .failed
        }
        // An alert that can never be checked (no ensemble, or none in the demo) is refused
        // before anything is shown or asked, and nothing is watched.
        if !alerts.isEmpty {
            do { _ = try session.admitChances() } catch {
                runner.report(error)
                return .failed
            }
        }
        // The session keeps what changed in the warnings between two looks (WarningBannerHandler).
        session.watchedWarnings = [:]
        defer { session.watchedWarnings = nil }
        while !Task.isCancelled {
            if runner.styled { runner.output.write("\u{1B}[H\u{1B}[2J") }
            var shown: [CommandResult] = []
            do {
                for result in try await session.execute(.show(nil)) {
                    // The bell before the banner's changes, rung in one place (`ringBell`, which
                    // decides where) as for a chance that crosses its threshold.
                    if case .warningBanner(let banner) = result, !banner.changes.isEmpty, runner.format == .text {
                        runner.ringBell()
                    }
                    runner.emit(result)
                    shown.append(result)
                    if notify, case .warningBanner(let banner) = result, let change = banner.changes.first {
                        runner.raiseNotification(
                            title: "wx: \(banner.place.name)",
                            body: "\(change.warning.event) (\(WarningsPresentation.grade(change.warning)))"
                                + (banner.changes.count > 1 ? " and \(banner.changes.count - 1) more" : ""))
                    }
                }
                shown += runner.keepLookAfterOutput()
            } catch {
                if case .cancelled = error { break }
                runner.report(error)
            }
            let checked = alerts.isEmpty ? true : await checkChances(on: runner)
            guard runner.format == .text || !Task.isCancelled else { break }
            let notice = CommandResult.notice(
                "watching every \(Self.interval(minutes: minutes))\(Self.bellText(alerts.filter { !leftOut.contains($0.kind) }, checked: checked)); Ctrl-C stops"
            )
            runner.emit(notice)
            let deadline = session.clock.elapsed + .milliseconds(Int64(minutes * 60_000))
            do {
                try await Self.sleepRedrawing(until: deadline, on: runner) {
                    if runner.styled { runner.output.write("\u{1B}[H\u{1B}[2J") }
                    for result in shown + [notice] { runner.emit(result) }
                }
            } catch { break }
        }
        runner.emit(.notice("stopped watching"))
        return .succeeded
    }

    /// Waits on the session's clock until `deadline`; each time the terminal is resized
    /// meanwhile (`terminalResized`), `redraw` draws what was shown again at the new width,
    /// without asking anything (issue 40: the screen kept the old width's lines until the next
    /// look, minutes later).
    ///
    /// - Throws: `CancellationError` when the task is cancelled (Ctrl-C).
    static func sleepRedrawing(until deadline: Duration, on runner: ShellRunner, redraw: () -> Void) async throws {
        let clock = runner.session.clock
        guard let resized = runner.terminalResized else { return try await clock.sleep(until: deadline) }
        while true {
            let wasResized = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await clock.sleep(until: deadline)
                    return false
                }
                group.addTask {
                    await resized()
                    return true
                }
                let first = try await group.next() ?? false
                group.cancelAll()
                return first
            }
            try Task.checkCancellation()
            guard wasResized else { return }
            redraw()
        }
    }

    /// The pause between looks in words: "3 s" under a minute (`watch 0.05`, not "0.05 min"),
    /// else "5 min".
    nonisolated static func interval(minutes: Double) -> String {
        minutes < 1
            ? "\(DecimalText.shortest((minutes * 600).rounded() / 10)) s" : "\(DecimalText.shortest(minutes)) min"
    }

    /// What the bell is watching for, after the minutes: ", ringing when the chance of rain
    /// reaches 30 %" (trial 8: `watch --rain 30%` never said its threshold); empty without alerts.
    /// When the chances could not be read this time (`checked` false: the ensemble did not
    /// come, said just above), no ringing is promised: "; the chance of rain (30 %) is not
    /// checked until the ensemble answers" (trial 10).
    nonisolated static func bellText(_ alerts: [ChanceAlert], checked: Bool = true) -> String {
        guard checked || alerts.isEmpty else {
            let thresholds = alerts.map { "\($0.kind.rawValue) (\(DecimalText.shortest($0.thresholdPercent)) %)" }
            let one = thresholds.count == 1
            return "; the \(one ? "chance" : "chances") of \(thresholds.joined(separator: " and ")) "
                + (one ? "is" : "are") + " not checked until the ensemble answers"
        }
        let chances = alerts.enumerated().map { index, alert in
            (index == 0 ? "the chance of " : "that of ") + alert.kind.rawValue + (index == 0 ? " reaches " : " ")
                + DecimalText.shortest(alert.thresholdPercent) + " %"
        }
        return chances.isEmpty ? "" : ", ringing when " + chances.joined(separator: " or ")
    }
}
