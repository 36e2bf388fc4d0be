import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A condition as `best` applies it: a variable compared with a limit in the variable's own
/// unit (°C, km/h, mm, %), or daylight.
package struct AppliedCondition: Hashable, Sendable {
    /// nil for daylight.
    package var variable: EnsembleVariable?
    package var comparison: Comparison
    /// The limit in the variable's unit (°C, km/h, mm, %); 0 for daylight.
    package var limit: Double
    /// The limit as typed, when it was a comparison (`wind<12mph`); nil for daylight.
    package var typed: TypedLimit?

    package static let daylight = AppliedCondition(variable: nil, comparison: .above, limit: 0, typed: nil)
}

/// The control run's values over a window (the ensemble's unperturbed run, which `best` shows
/// as the deterministic forecast beside the odds); nil where the control run has none.
package struct WindowValues: Hashable, Sendable {
    /// The lowest and highest temperature at the window's hours, °C.
    package var temperatureRange: ClosedRange<Double>?
    /// The lowest and highest wind speed at the window's hours, km/h.
    package var windRange: ClosedRange<Double>?
    /// The strongest gust of the hours the window covers, km/h.
    package var gustsMaximum: Double?
    /// The precipitation over the hours the window covers, mm.
    package var precipitationSum: Double?
}

/// One window of `best`: its span and in how many members every condition held in every hour.
package struct BestWindow: Hashable, Sendable {
    /// The span the window's values cover (real hours: `end − start` is the duration).
    package var start: Date
    package var end: Date
    /// Members in which every condition held in every hour.
    package var holding: Int
    /// Members with every value the conditions read for the whole window (what `holding` is of).
    package var members: Int
    /// Member-hours in which every condition held, of `memberHours`: how close a window came
    /// when it held in no member.
    package var memberHoursHolding: Int
    package var memberHours: Int
    /// The control run's values.
    package var control: WindowValues?

    /// `holding` as a share of `members`, percent; nil without members.
    package var percent: Double? { members > 0 ? Double(holding) * 100 / Double(members) : nil }
}

/// `best`: the windows, ranked, and what they were read from.
package struct BestReport: Hashable, Sendable {
    package var place: Place
    package var model: EnsembleModel
    package var zone: ZoneInfo
    /// The window's length, hours.
    package var hours: Int
    /// The conditions as typed (`dry`, `wind<20`, `ride`).
    package var words: [String]
    /// Whether no condition was typed and `dry` was taken.
    package var defaultedToDry: Bool
    package var conditions: [AppliedCondition]
    package var span: DecisionSpan
    /// Where windows were looked for: from `spanStart` to `spanEnd`.
    package var spanStart: Date
    package var spanEnd: Date
    /// Every window looked at, in time order.
    package var windows: [BestWindow]
    /// The best windows (up to three, none overlapping a better one); those that came closest
    /// when `qualified` is false.
    package var top: [BestWindow]
    /// Whether some window held in at least one member.
    package var qualified: Bool
    /// Members with every variable the conditions read somewhere in the answer.
    package var membersWithVariables: Int
    package var origin: DataOrigin
}

/// One day of one threshold of `chance`.
package struct ChanceDay: Hashable, Sendable {
    package var date: LocalDate
    /// Members that reach the threshold that day.
    package var reaching: Int
    /// Members with every value of the day's hours (what `reaching` is of).
    package var members: Int
    /// Where it concentrates: from the start of the first to the end of the last hour whose
    /// count of members is at least half the day's highest; nil when no member reaches it.
    package var mostFrom: Date?
    package var mostUntil: Date?
    /// Whether the day counts from the next hour only (today).
    package var fromNextHour: Bool

    package var percent: Double? { members > 0 ? Double(reaching) * 100 / Double(members) : nil }
}

/// One threshold of `chance` over its days.
package struct ChanceRow: Hashable, Sendable {
    package var threshold: ChanceThreshold
    /// The variable read (temperature for frost).
    package var variable: EnsembleVariable
    package var comparison: Comparison
    /// In the variable's unit (°C, km/h, mm, mm of snow, %); 0 for frost.
    package var limit: Double
    /// A day's sum (or maximum) rather than any hour.
    package var perDay: Bool
    package var days: [ChanceDay]
    /// Whether the model's answer carries no such variable (the row has no days then).
    package var variableMissing: Bool
}

/// `chance`: each threshold's days.
package struct ChanceReport: Hashable, Sendable {
    package var place: Place
    package var model: EnsembleModel
    package var zone: ZoneInfo
    package var rows: [ChanceRow]
    package var requestedDays: Int
    package var origin: DataOrigin
}

/// One hour of `plume`: the members' percentiles.
package struct PlumeHour: Hashable, Sendable {
    /// The start of the hour the values cover (the hour before the value's time for
    /// precipitation and gusts; the instant itself for temperature).
    package var time: Date
    package var spread: EnsembleSpread
}

/// `plume`: the members' median and 10–90 % band hour by hour.
package struct PlumeReport: Hashable, Sendable {
    package var place: Place
    package var model: EnsembleModel
    package var zone: ZoneInfo
    package var variable: EnsembleVariable
    package var hours: [PlumeHour]
    package var requestedHours: Int
    package var origin: DataOrigin
}
