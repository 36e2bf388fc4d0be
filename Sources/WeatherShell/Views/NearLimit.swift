import WXBasics

/// The one rule for a figure shown beside a word that a limit decides (issue 37 item 2):
///
/// **The word is decided on the exact value, and the figure is shown with as many more decimals
/// as it takes (at most three) for the shown figure, set against each limit as shown, to fall on
/// the same side as the value.**
///
/// So "10 of 51 members (19.6 %)" beside "confident", whose rule is "under 20 %", not "(20 %)";
/// "0.19 mm dry" under "dry: under 0.2 mm", not "0.2 mm dry"; "0.99" beside a model that is not
/// wet, not "1.0". Away from the limits a figure keeps its usual decimals. `confidence`,
/// `models`, `compare` and `watch`'s thresholds all show their figures through it.
package enum NearLimit {
    /// The most decimals added to a figure's usual ones.
    package static let extraDecimals = 3

    /// The side of `value` against `limit`: −1 below, 0 at, 1 above (within 1e-9).
    static func side(_ value: Double, _ limit: Double) -> Int {
        abs(value - limit) <= 1e-9 ? 0 : value < limit ? -1 : 1
    }

    /// The figure as shown with `decimals`, read back.
    static func shown(_ value: Double, decimals: Int) -> Double {
        Double(DecimalText.fixed(value, digits: decimals)) ?? value
    }

    /// The fewest decimals from `base` (up to `base + extraDecimals`) for which `agrees` holds:
    /// the one search every rule below makes, each with its own test of a count of decimals.
    private static func fewestDecimals(base: Int, where agrees: (Int) -> Bool) -> Int {
        (base...(base + extraDecimals)).first(where: agrees) ?? base + extraDecimals
    }

    /// How many decimals to show `value` with: `base`, or more (up to `base + extraDecimals`)
    /// when fewer would put the shown figure on the other side of one of `limits` (or on one
    /// while the value is not).
    ///
    /// - Parameters:
    ///   - value: the exact value, in the unit shown.
    ///   - base: the decimals the figure usually has.
    ///   - limits: the limits the word beside it rests on, in the unit shown, each as exact
    ///     value and as shown (a limit converted to inches is shown rounded: "0.008 in").
    package static func decimals(_ value: Double, base: Int, limits: [(exact: Double, shown: Double)]) -> Int {
        guard value.isFinite else { return base }
        return fewestDecimals(base: base) { decimals in
            let figure = shown(value, decimals: decimals)
            return limits.allSatisfy { side(figure, $0.shown) == side(value, $0.exact) }
        }
    }

    /// How many decimals to show `value` with beside words each of whose limits reads "`limit`
    /// or more" (`models`' "wet: 1 mm or more", and "dry: under 0.2 mm", the same rule's other
    /// side): `base`, or more (up to `base + extraDecimals`) until the shown figure is at or
    /// above each exact limit exactly when the value is. In inches the limits have no exact
    /// figure (1 mm is 0.0393700… in): 0.999 mm is "0.0393" and 1 mm "0.0394", not both
    /// "0.039" (trial 58), and 1.0001 mm stays "1.0" beside "1 mm or more".
    ///
    /// - Parameters:
    ///   - value: the exact value, in the unit shown.
    ///   - base: the decimals the figure usually has.
    ///   - atLeast: the limits, exact, in the unit shown.
    package static func decimals(_ value: Double, base: Int, atLeast limits: [Double]) -> Int {
        guard value.isFinite else { return base }
        func reaches(_ figure: Double, _ limit: Double) -> Bool { figure >= limit - 1e-9 * max(1, abs(limit)) }
        return fewestDecimals(base: base) { decimals in
            let figure = shown(value, decimals: decimals)
            return limits.allSatisfy { reaches(figure, $0) == reaches(value, $0) }
        }
    }

    /// `decimals` for limits shown as they are.
    package static func decimals(_ value: Double, base: Int, limits: [Double]) -> Int {
        decimals(value, base: base, limits: limits.map { ($0, $0) })
    }

    /// `value` as text by the rule: "19.6", "20", "0.19".
    package static func text(_ value: Double, base: Int, limits: [Double]) -> String {
        DecimalText.fixed(value, digits: decimals(value, base: base, limits: limits))
    }

    /// How many decimals to show the two ends of a range with (`low`, `high`), so that the
    /// width of the range as shown — what a reader subtracts — falls on the same side of each
    /// of `limits` as the exact width: `confidence`'s "high 21 °C (19.9 to 22.9)" under a rule of
    /// "at most 3 °C" when the range is 3.04 °C would read as within it.
    package static func rangeDecimals(low: Double, high: Double, base: Int, limits: [Double]) -> Int {
        guard low.isFinite, high.isFinite else { return base }
        return fewestDecimals(base: base) { decimals in
            let width = shown(high, decimals: decimals) - shown(low, decimals: decimals)
            return limits.allSatisfy { side(width, $0) == side(high - low, $0) }
        }
    }
}
