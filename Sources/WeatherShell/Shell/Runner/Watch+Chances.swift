import FoundationEssentials
import WXBasics
import WeatherKit

/// `watch --rain N% --frost N%`: the bell when an ensemble chance crosses its threshold.
extension Watch {
    /// Reads each alert's chance and, where it crossed since the last reading (`above`), rings
    /// the bell (text output) and prints a line on `runner`; falling back below is said without
    /// the bell. The first reading at or above the threshold counts as crossing.
    ///
    /// An alert whose variable the ensemble left out for its unit is not read: a warning says
    /// so each look (`leftOut`), and the bell is not promised for it.
    ///
    /// - Returns: whether the chances were read (false: the error is reported).
    /// With `notify`, a crossing upwards also raises a desktop notification with the line.
    mutating func checkChances(on runner: ShellRunner) async -> Bool {
        let session = runner.session
        let readings: [ChanceReading]
        do {
            let chances = try await session.chances(alerts)
            readings = chances.readings
            // Said each look, as the screen is drawn again: the bell cannot ring for it
            // (the old watch said nothing and promised to ring).
            leftOut = Set(chances.leftOut.map(\.alert.kind))
            for (alert, reason) in chances.leftOut {
                runner.emit(.warning("\(reason), so the chance of \(alert.kind.rawValue) is not watched"))
            }
        } catch {
            runner.report(error)
            return false
        }
        for reading in readings {
            // Tomorrow covered in part, its hours under the threshold: wx cannot tell, so no
            // crossing either way — said each look (trial 59: "watching…" alone).
            if let unknown = reading.unknownReason(session.settings.units) {
                runner.emit(.warning("\(unknown); the bell waits until the ensemble covers tomorrow"))
                continue
            }
            let was = above[reading.alert.kind] ?? false
            above[reading.alert.kind] = reading.isAbove
            guard reading.isAbove != was else { continue }
            if reading.isAbove, runner.format == .text { runner.ringBell() }
            runner.emit(.chanceAlert(reading))
            if reading.isAbove, notify {
                let context = RenderContext(
                    units: session.settings.units, now: session.now(at: session.currentPlace?.coordinate),
                    colour: false, unicode: runner.unicode, width: 200, fitsWidth: false)
                let line = TextRenderer.render(.chanceAlert(reading), context: context)
                runner.raiseNotification(
                    title: "wx: \(session.currentPlace?.name ?? "watch")",
                    body: line.replacing("\u{07}", with: "").trimmed)
            }
        }
        return true
    }
}
