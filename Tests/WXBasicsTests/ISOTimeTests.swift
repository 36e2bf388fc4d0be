import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

/// ISOTime writes log.jsonl's `ts`, the cache header and `--json` times: the bytes must not change.
@Suite(.tags(.unit)) struct ISOTimeTests {
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

    /// For the years 1583 to 9999 ISOTime writes the text itself: the bytes Date.ISO8601FormatStyle
    /// wrote before, which now writes only the years outside.
    @Test func sameBytesAsFoundationsStyle() {
        let style = Date.ISO8601FormatStyle()
        var state: UInt64 = 99
        var samples: [Double] = [-12_212_553_600, -12_212_553_599.5, 253_402_300_799.9, -86_400.5, 86_399.99]
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let fraction: Double = Double(state >> 11) / Double(UInt64(1) << 53)
            let span: Double = 253_402_300_800 + 12_212_553_600
            samples.append(-12_212_553_600 + fraction * span)
        }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(
                ISOTime.string(date) == style.format(Date(timeIntervalSince1970: seconds.rounded(.down))), "\(seconds)")
        }
    }

    @Test func parsesWhatItWritesAndFractionsAndOffsets() {
        let date = Date(timeIntervalSince1970: 1_770_414_000)
        #expect(ISOTime.parse(ISOTime.string(date)) == date)
        #expect(ISOTime.parse("2026-02-06T22:40:00+01:00") == date)
        #expect(ISOTime.parse("2026-02-06T21:40:00.250Z") == Date(timeIntervalSince1970: 1_770_414_000.25))
        #expect(ISOTime.parse("2026-02-06 21:40") == nil)
    }

    /// The fast reading of "YYYY-MM-DDTHH:MM:SSZ" gives what Foundation's parser gives, for
    /// times in range and out of it (month 13, 29 February of a common year, hour 24, second 60),
    /// which are left to Foundation.
    @Test func fastPathAgreesWithFoundation() throws {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        var state: UInt64 = 7
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        var texts = [
            "2026-02-29T00:00:00Z", "2024-02-29T23:59:59Z", "1900-02-29T00:00:00Z", "2000-02-29T12:00:00Z",
            "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-04-31T00:00:00Z",
            "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T23:59:60Z", "1899-12-31T23:59:59Z",
            "1900-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "2026-1-01T00:00:00Z",
            "2026-01-01T00:00:00z", "+026-01-01T00:00:00Z", "2026-01-01 00:00:00Z",
        ]
        for _ in 0..<3_000 {
            texts.append(
                "\(next(1890...2100))-\(two(next(0...13)))-\(two(next(0...32)))T\(two(next(0...24))):\(two(next(0...60))):\(two(next(0...60)))Z"
            )
        }
        // With an offset, as warning feeds write them (and offsets out of range, left to Foundation).
        texts += [
            "2026-03-07T00:00:00+00:00", "2026-03-07T01:00:00+01:00", "2026-03-06T19:00:00-05:00",
            "2026-03-07T05:45:00+05:45", "2026-03-07T00:00:00-00:00", "2026-03-07T00:00:00+14:00",
            "2026-03-07T00:00:00+15:00", "2026-03-07T00:00:00+01:60", "2026-03-07T00:00:00+0100",
            "2026-03-07T00:00:00 01:00", "2026-03-07T00:00:00+01-00",
        ]
        for _ in 0..<1_000 {
            texts.append(
                "\(next(1900...2100))-\(two(next(1...12)))-\(two(next(1...28)))T\(two(next(0...23))):\(two(next(0...59))):\(two(next(0...59)))\(next(0...1) == 0 ? "+" : "-")\(two(next(0...14))):\(two(next(0...59)))"
            )
        }
        for text in texts {
            let foundation = try? Date(text, strategy: .iso8601)
            if let seconds = ISOTime.wholeSecondsUTC(text) {
                #expect(foundation == Date(timeIntervalSince1970: Double(seconds)), "\(text)")
            }
            #expect(ISOTime.parse(text) == foundation, "\(text)")
        }
        #expect(ISOTime.wholeSecondsUTC("2026-02-06T21:40:00Z") == 1_770_414_000)
        #expect(ISOTime.wholeSecondsUTC("2026-02-06T22:40:00+01:00") == 1_770_414_000)
    }

    /// `isWholeSecondsUTC` says yes exactly where `wholeSecondsUTC` reads a time of 20 bytes, and
    /// that reading (which checks it with `isWholeSecondsUTC`) gives what the reading of the same
    /// time written with an offset of `+00:00` gives (its fields read and checked one by one):
    /// every field at and past its ends (years 1899/1900/9999, months 0/13, the last day of each
    /// month in leap and common years, hours 23/24, minutes and seconds 59/60), bytes that are no
    /// digit in each place, and a separator or the "Z" changed.
    @Test func theQuickCheckSaysWhatTheReadingSays() {
        var texts: [String] = []
        for year in ["1899", "1900", "2000", "2023", "2024", "2100", "9999", "20a6", "-026"] {
            for month in ["00", "01", "02", "04", "12", "13", "1x"] {
                for day in ["00", "01", "28", "29", "30", "31", "32", "3/"] {
                    texts.append("\(year)-\(month)-\(day)T12:34:56Z")
                }
            }
        }
        for hour in ["00", "23", "24", "29", "2:", "a0"] {
            for minute in ["00", "59", "60", "5a"] {
                for second in ["00", "59", "60", "99", ":0"] { texts.append("2026-02-06T\(hour):\(minute):\(second)Z") }
            }
        }
        let good = Array("2026-02-06T21:40:00Z".utf8)
        for index in good.indices {
            for byte: UInt8 in [
                0, 0x2F, 0x30, 0x39, 0x3A, UInt8(ascii: "-"), UInt8(ascii: "T"), UInt8(ascii: "z"), 0xC3,
            ] {
                var bytes = good
                bytes[index] = byte
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        texts += ["2026-02-06T21:40:00+01:00", "2026-02-06T21:40:00", "2026-02-06T21:40:00ZZ", ""]
        var readable = 0
        for text in texts {
            let bytes = Array(text.utf8)
            let read = bytes.count == 20 && ISOTime.wholeSecondsUTC(text) != nil
            if read { readable += 1 }
            #expect(bytes.withUnsafeBytes(ISOTime.isWholeSecondsUTC) == read, "\(text)")
            guard bytes.count == 20 else { continue }
            let offset = bytes.last == UInt8(ascii: "Z") ? ISOTime.wholeSecondsUTC(text.dropLast() + "+00:00") : nil
            #expect(ISOTime.wholeSecondsUTC(text) == offset, "\(text)")
        }
        #expect(readable > 100)
    }
}
