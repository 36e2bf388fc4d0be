import Testing
import WeatherTestSupport

@testable import WXBasics

/// A value said to be near ("≈ 28 mph") is one thing to read: wrapped at 80 columns, "≈" ended
/// one line and "28 mph" started the next (read as two statements). Every wrapped line of wx
/// goes through `TextLayout.wrap`: there "≈" stays with its value and, after a bare number, the
/// unit. Widths are counted here by hand: the lead below is 75 columns, so that indented by 2
/// its line holds " ≈" (79 columns) and not " ≈ 28" (82).
@Suite(.tags(.unit)) struct ApproximationWrapTests {
    static let lead = String(repeating: "word ", count: 14) + "limit"  // 70 + 5 = 75 columns

    @Test func aValueStaysWithItsApproximationSignAndItsUnit() {
        let text = Self.lead + " ≈ 28 mph, then more words"
        let lines = TextLayout.wrap(text, indent: 2, width: 80)
        #expect(lines.allSatisfy { !$0.hasSuffix("≈") && !$0.hasSuffix("28") }, "\(lines)")
        #expect(lines.contains { $0.contains("≈ 28 mph,") }, "\(lines)")
        #expect(lines.joined(separator: " ").split(separator: " ") == ("  " + text).split(separator: " "))
        // Wrapped keeping phrases, the same.
        let kept = TextLayout.wrap(Self.lead + " ≈ 0.004 in (dry)", indent: 2, width: 80, keeping: ["(dry)"])
        #expect(kept.contains { $0.hasPrefix("  ≈ 0.004 in") }, "\(kept)")
        // Words already split (an error's line) as well: 75 + " ≈" is 77 of 78 columns.
        let words = TextLayout.wrap(
            words: Self.lead.split(separator: " ").map(String.init) + ["≈", "28", "mph"], indent: 0, continuation: 2,
            width: 78)
        #expect(words.last == "  ≈ 28 mph", "\(words)")
    }

    @Test func aValueGluedToItsUnitIsOneWord() {
        // A number and its unit joined by a no-break space (a view's own glue) count as the value.
        let glued = "≈ 28" + String(TextLayout.noBreakSpace) + "mph"
        #expect(TextLayout.approximations(["limit", "≈", "28\u{00A0}mph", "then"]) == ["limit", glued, "then"])
        #expect(TextLayout.approximations(["≈", "28", "mph", "then"]) == ["≈ 28 mph", "then"])
        #expect(TextLayout.approximations(["≈", "0.004", "in"]) == ["≈ 0.004 in"])
        #expect(TextLayout.approximations(["a", "≈"]) == ["a", "≈"])
    }
}
