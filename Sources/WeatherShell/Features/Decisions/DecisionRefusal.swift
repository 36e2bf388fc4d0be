import FoundationEssentials
import WXBasics
import WeatherKit

/// What `best` and `chance` refuse, as values: the handler says which and with what, and the
/// decision views word it (`DecisionText`) in the user's units when it is shown.
enum DecisionRefusal: Refusal {
    /// A limit no value of its variable can meet (`rain<0`, `temp>1000`): the condition as
    /// typed (its limit in the variable's own unit), what the variable can be in that unit, and
    /// the user's units. A usage error.
    case neverHolds(AppliedCondition, possible: ClosedRange<Double>, units: UnitPreferences)
    /// A limit beyond what its variable can be on the side every value meets (`rain>-1`,
    /// `temp<100`, `wind<13bft`): the condition holds for any value, so says nothing. As
    /// `neverHolds`. A usage error.
    case alwaysHolds(AppliedCondition, possible: ClosedRange<Double>, units: UnitPreferences)
    /// Two conditions on one variable that no value meets (`temp>30 temp<10`), in the user's
    /// units. A usage error.
    case cannotBothHold(AppliedCondition, AppliedCondition, units: UnitPreferences)
    /// The day asked (its span and date) has no hour left from the next hour.
    case noHoursLeft(DecisionSpan, day: LocalDate)
    /// The model's answer covers no hour of the day asked: its members' hours start at
    /// `membersStart`, at the place's clock (`zone`).
    case dayNotCovered(EnsembleModel, day: LocalDate, membersStart: Date, zone: ZoneInfo)

    var isUsage: Bool {
        switch self {
        case .neverHolds, .alwaysHolds, .cannotBothHold: true
        case .noHoursLeft, .dayNotCovered: false
        }
    }
}
