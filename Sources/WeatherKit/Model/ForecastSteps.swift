import FoundationEssentials
import WXBasics

// How a forecast's hourly entries lie in time: how long each is, how far apart they are, and
// whether they reach now. OpenWeatherMap's 3-hour steps start at the next step boundary, up to
// three hours after the current reading; a series can also skip steps.

extension Forecast {
    /// How far after now the first entry may start and still be the one that follows now,
    /// seconds: one step (3,600 for hours, 10,800 for OpenWeatherMap's steps, which start at the
    /// next boundary; the current reading covers the time before it).
    package var firstStepLeadSeconds: Double { Double(max(3_600, hourStepSeconds)) }

    /// Whether the hourly entries reach now: one of them contains `now`, or the first starts
    /// less than one step after it.
    package func hoursReach(_ now: Date) -> Bool {
        guard let first = hourly.first, let last = hourly.last else { return false }
        return now >= first.time.addingTimeInterval(-firstStepLeadSeconds)
            && now <= last.time.addingTimeInterval(Double(max(3_600, hourStepSeconds)))
    }

    /// The shortest and longest distance between the starts of consecutive entries, seconds;
    /// nil with fewer than two entries.
    package var hourSpacingSeconds: ClosedRange<Int>? {
        guard hourly.count > 1 else { return nil }
        var spacings: [Int] = []
        for (earlier, later) in zip(hourly, hourly.dropFirst()) {
            spacings.append(Int(later.time.timeIntervalSince(earlier.time)))
        }
        return spacings.min()!...spacings.max()!
    }

    /// What the steps are, in words: "3-hour steps", "3-hour steps 9 hours apart", "3-hour
    /// steps 3 to 9 hours apart", "hourly values 3 hours apart"; nil for whole hours one after
    /// another, and for an answer with no entries: steps that did not come are no "3-hour steps"
    /// (case W-7 said "3-hour steps from OpenWeatherMap" above "no forecast steps").
    package var stepDescription: String? {
        guard !hourly.isEmpty else { return nil }
        let stepHours = max(1, hourStepSeconds / 3_600)
        let kind = stepHours == 1 ? "hourly values" : "\(stepHours)-hour steps"
        guard let spacing = hourSpacingSeconds, spacing != hourStepSeconds...hourStepSeconds else {
            return stepHours == 1 ? nil : kind
        }
        // Whole hours as before ("3 to 9 hours apart"); anything else in whole units, never a
        // raw fraction of an hour (nu61: "0.002777777777777778 to 1.9972222222222222 hours").
        if spacing.lowerBound % 3_600 == 0, spacing.upperBound % 3_600 == 0 {
            let (low, high) = (spacing.lowerBound / 3_600, spacing.upperBound / 3_600)
            return low == high ? "\(kind) \(low) hours apart" : "\(kind) \(low) to \(high) hours apart"
        }
        let (low, high) = (
            TimeWords.spacing(seconds: spacing.lowerBound), TimeWords.spacing(seconds: spacing.upperBound)
        )
        return low == high ? "\(kind) \(low) apart" : "\(kind) \(low) to \(high) apart"
    }
}
