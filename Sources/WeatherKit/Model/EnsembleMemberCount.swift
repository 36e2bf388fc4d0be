import WXBasics

/// Whether one ensemble member counts toward a condition over a day's hours, and how: the one
/// rule by which `chance`, `confidence` (`EnsembleForecast.day`), `check --rain`, `brief --sure`
/// and a day covered in part (`EnsembleForecast.partOfDay`) count members.
///
/// A member with every value of the day counts, meeting the condition or not. A member whose
/// values stop early (or have a gap) counts as meeting it when the values it has already meet
/// it and what is missing cannot undo that — any hour past a limit, an amount already at or
/// over one (amounts are never negative); else it is left out of the day, and the count says
/// from how many (trial 61: a member with gusts over 50 km/h on Thursday was dropped because
/// its value labelled Friday 00:00 was null, while the footnote below said such a member
/// counts).
package enum EnsembleMemberCount {
    /// One member's values at `slots` and whether it meets the condition; nil when it is left
    /// out of the day.
    ///
    /// - Parameters:
    ///   - member: the member's series, one value per time of the answer (nil: `null`).
    ///   - slots: the day's positions in that series, oldest first.
    ///   - settledInPart: whether the condition met by some of the values stays met whatever
    ///     the others are (true for "any hour" and for an amount at or over a limit; false for
    ///     an amount at most or under one).
    ///   - meets: whether values (those the member has, in order) meet the condition.
    /// - Returns: the values at `slots` in order (nil where the member has none) and whether
    ///   it meets the condition: `true` for a member lacking values only when those it has
    ///   meet it and `settledInPart`.
    package static func counted(
        _ member: [Double?], over slots: [Int], settledInPart: Bool = true, meets: ([Double]) -> Bool
    ) -> (values: [Double?], meets: Bool)? {
        let values = slots.map { $0 < member.count ? member[$0] : nil }
        let held = values.compactMap { $0 }
        let met = !held.isEmpty && meets(held)
        if held.count == slots.count { return (values, met) }
        return settledInPart && met ? (values, true) : nil
    }
}
