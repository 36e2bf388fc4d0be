import FoundationEssentials
import WXBasics

/// Errors (forecast − observed) of one quantity, summed as they come: their count, their sum and
/// the sum of their absolute values, for the mean error (bias) and the mean absolute error.
///
/// A score is gathered a day at a time (`saved verify` holds no list of days at any size); each
/// sum is added in the order the errors come, as a fold over the whole list would add them, so
/// the means are those of the list to the last bit.
package struct ErrorSums: Hashable, Sendable {
    /// Errors taken in.
    package private(set) var count = 0
    private var sum = 0.0
    private var absoluteSum = 0.0

    package init() {}

    /// Takes in one error, in the unit of the others.
    package mutating func add(_ error: Double) {
        count += 1
        sum += error
        absoluteSum += abs(error)
    }

    /// The mean error, unrounded (a view converts to its unit and then rounds once: rounding here
    /// and again in a view turned 0.3475 into 0.35 and then "0.4"); nil for no errors.
    package var mean: Double? { count == 0 ? nil : sum / Double(count) }

    /// The mean absolute error, unrounded; nil for no errors.
    package var meanAbsolute: Double? { count == 0 ? nil : absoluteSum / Double(count) }
}
