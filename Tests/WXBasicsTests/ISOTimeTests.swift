import Foundation
import Testing
import WXBasics

/// ISOTime writes log.jsonl's `ts`, the cache header and `--json` times: the bytes must not change.
@Suite struct ISOTimeTests {
    /// The hand-written formatter ISOTime used before Date.ISO8601FormatStyle, kept as the reference.
    static func handWritten(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let local = LocalDateTime(seconds, utcOffsetSeconds: 0, abbreviation: nil)
        let second = ((seconds % 60) + 60) % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(local.date.iso)T\(two(local.hour)):\(two(local.minute)):\(two(second))Z"
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (1_770_414_000, "2026-02-06T21:40:00Z"),
        (1_770_413_999.999, "2026-02-06T21:39:59Z"),  // a fraction never rounds up
        (1_753_585_800.5, "2025-07-27T03:10:00Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"),
    ])
    func exactText(seconds: Double, expected: String) {
        #expect(ISOTime.string(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func sameBytesAsTheHandWrittenFormatter() {
        var state: UInt64 = 42
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // 1583 to 9999, with fractions. Before 15 October 1582 Foundation's Gregorian calendar
            // is Julian while the old formatter was proleptic; wx writes no time before 1970.
            let from = -12_212_553_600.0
            let seconds = from + Double(state >> 11) / Double(1 << 53) * (253_402_300_800 - from)
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISOTime.string(date) == Self.handWritten(date), "\(seconds)")
        }
    }

    @Test func parsesWhatItWritesAndFractionsAndOffsets() {
        let date = Date(timeIntervalSince1970: 1_770_414_000)
        #expect(ISOTime.parse(ISOTime.string(date)) == date)
        #expect(ISOTime.parse("2026-02-06T22:40:00+01:00") == date)
        #expect(ISOTime.parse("2026-02-06T21:40:00.250Z") == Date(timeIntervalSince1970: 1_770_414_000.25))
        #expect(ISOTime.parse("2026-02-06 21:40") == nil)
    }
}
