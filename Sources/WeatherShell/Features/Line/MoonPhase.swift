import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The moon's phase at an instant, from the true new moons before and after it: each computed
/// by Meeus, *Astronomical Algorithms* (2nd ed.), chapter 49 — the mean lunation with the
/// periodic terms of the Sun's and the Moon's anomalies, the Moon's argument of latitude and
/// the ascending node (the 14 small planetary terms left out, under 30 seconds) — within about
/// two minutes of the published times (Fixtures/moon/moon_phase_expected.py's table). The mean
/// synodic month alone, counted from the new moon of 2000-01-06, strays up to about 14 hours
/// from the true new moon: trial, Berlin 2025-07-27, "🌑 1" 2.6 days after the new moon of
/// 24 July 19:11 UTC (🌒 2).
package struct MoonPhase: Hashable, Sendable {
    /// Days since the last new moon, 0 ..< `lunationDays`.
    package let age: Double
    /// Days from the last new moon to the next: 29.27 to 29.83.
    package let lunationDays: Double

    /// The mean synodic month, days.
    package static let synodicMonthDays = 29.530_588_861
    /// Seconds terrestrial time runs ahead of UTC now (ΔT, about 69 s): Meeus's times are TT.
    static let deltaTSeconds = 69.0

    package init(_ date: Date) {
        let seconds = date.timeIntervalSince1970
        // The lunation number of the new moon before: estimated from the mean month, then
        // moved until the new moon `k` is at or before the instant and `k + 1` after it.
        var k = ((seconds - Self.newMoon(0)) / 86_400 / Self.synodicMonthDays).rounded(.down)
        while Self.newMoon(k) > seconds { k -= 1 }
        while Self.newMoon(k + 1) <= seconds { k += 1 }
        let last = Self.newMoon(k)
        age = (seconds - last) / 86_400
        lunationDays = (Self.newMoon(k + 1) - last) / 86_400
    }

    /// Whole days since the new moon (wttr.in's `%M`), 0 to 29.
    package var day: Int { Int.saturating(age) }

    /// Which of the eight phases, 0 (new) to 7 (waning crescent): the lunation's fraction
    /// elapsed, in eighths, rounded.
    package var phase: Int { Int.saturating((age / lunationDays * 8).rounded()) % 8 }

    static let symbols = ["🌑", "🌒", "🌓", "🌔", "🌕", "🌖", "🌗", "🌘"]
    static let names = [
        "new moon", "waxing crescent", "first quarter", "waxing gibbous", "full moon", "waning gibbous",
        "last quarter", "waning crescent",
    ]

    /// "🌖", or the phase's name in ASCII ("waning gibbous").
    package func symbol(unicode: Bool) -> String { unicode ? Self.symbols[phase] : Self.names[phase] }

    /// The instant of new moon number `k` (0: 2000-01-06; negative before), Unix seconds UTC
    /// (Meeus 49.1 and the new moon's periodic terms of chapter 49).
    static func newMoon(_ k: Double) -> Double {
        let t = k / 1_236.85
        let t2 = t * t
        let t3 = t2 * t
        let t4 = t3 * t
        var julianEphemerisDay =
            2_451_550.097_66 + 29.530_588_861 * k + 0.000_154_37 * t2 - 0.000_000_150 * t3 + 0.000_000_000_73 * t4
        let e = 1 - 0.002_516 * t - 0.000_007_4 * t2
        func radians(_ degrees: Double) -> Double { degrees.truncatingRemainder(dividingBy: 360) * .pi / 180 }
        // The Sun's mean anomaly, the Moon's, the Moon's argument of latitude, the longitude of
        // the ascending node.
        let m = radians(2.553_4 + 29.105_356_70 * k - 0.000_001_4 * t2 - 0.000_000_11 * t3)
        let mm = radians(
            201.564_3 + 385.816_935_28 * k + 0.010_758_2 * t2 + 0.000_012_38 * t3 - 0.000_000_058 * t4)
        let f = radians(
            160.710_8 + 390.670_502_84 * k - 0.001_611_8 * t2 - 0.000_002_27 * t3 + 0.000_000_011 * t4)
        let node = radians(124.774_6 - 1.563_755_88 * k + 0.002_067_2 * t2 + 0.000_002_15 * t3)
        let terms: [(Double, Double)] = [
            (-0.407_20, sin(mm)), (0.172_41 * e, sin(m)), (0.016_08, sin(2 * mm)), (0.010_39, sin(2 * f)),
            (0.007_39 * e, sin(mm - m)), (-0.005_14 * e, sin(mm + m)), (0.002_08 * e * e, sin(2 * m)),
            (-0.001_11, sin(mm - 2 * f)), (-0.000_57, sin(mm + 2 * f)), (0.000_56 * e, sin(2 * mm + m)),
            (-0.000_42, sin(3 * mm)), (0.000_42 * e, sin(m + 2 * f)), (0.000_38 * e, sin(m - 2 * f)),
            (-0.000_24 * e, sin(2 * mm - m)), (-0.000_17, sin(node)), (-0.000_07, sin(mm + 2 * m)),
            (0.000_04, sin(2 * mm - 2 * f)), (0.000_04, sin(3 * m)), (0.000_03, sin(mm + m - 2 * f)),
            (0.000_03, sin(2 * mm + 2 * f)), (-0.000_03, sin(mm + m + 2 * f)), (0.000_03, sin(mm - m + 2 * f)),
            (-0.000_02, sin(mm - m - 2 * f)), (-0.000_02, sin(3 * mm + m)), (0.000_02, sin(4 * mm)),
        ]
        for (coefficient, value) in terms { julianEphemerisDay += coefficient * value }
        // Julian day 2440587.5 is 1970-01-01 00:00.
        return (julianEphemerisDay - 2_440_587.5) * 86_400 - deltaTSeconds
    }
}
