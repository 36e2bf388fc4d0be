extension Int {
    /// `value` rounded toward zero, held at `Int.min`/`Int.max` beyond them, 0 for NaN: a
    /// conversion that is total where `Int(_: Double)` traps (issue 38: `Int(NaN)` in `drift`'s
    /// bar chart killed the session). Every number that reaches a view from a service goes
    /// through this, not `Int(_:)`. (A static function, not an initialiser: an `init` with one
    /// argument would make `map(Int.init)` ambiguous wherever WXBasics is imported.)
    package static func saturating(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        if value >= 0x1p63 { return .max }
        if value < -0x1p63 { return .min }
        return Int(value)
    }

    /// `saturating(value)`, then held within `range`.
    package static func saturating(_ value: Double, in range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(saturating(value), range.lowerBound), range.upperBound)
    }
}
