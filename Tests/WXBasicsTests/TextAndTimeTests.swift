import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

@Suite(.tags(.unit)) struct DecimalTextTests {
    @Test(arguments: [
        (7.45, 1, "7.5"), (-0.04, 1, "0.0"), (-0.05, 1, "-0.1"), (52.52, 4, "52.5200"), (0, 0, "0"),
        (1013.25, 0, "1013"), (2.5, 0, "3"), (-2.5, 0, "-3"), (0.125, 2, "0.13"), (99.95, 1, "100.0"),
        (0.05, 2, "0.05"), (-0.004, 2, "0.00"), (-7.4, 1, "-7.4"), (0.5, 9, "0.500000000"), (-12, 0, "-12"),
        (123_456_789.123, 3, "123456789.123"), (.nan, 1, "nan"), (-.infinity, 0, "-inf"),
    ])
    func fixed(value: Double, digits: Int, expected: String) {
        #expect(DecimalText.fixed(value, digits: digits) == expected)
    }

    @Test func shortestRoundTrips() {
        #expect(DecimalText.shortest(52.52) == "52.52")
        #expect(DecimalText.shortest(13.419998) == "13.419998")
        #expect(DecimalText.shortest(-7) == "-7")
        #expect(DecimalText.shortest(0.1) == "0.1")
    }

    @Test func parsesPlainDecimalsOnly() {
        #expect(DecimalText.parse("-33.86") == -33.86)
        #expect(DecimalText.parse("+151.2") == 151.2)
        #expect(DecimalText.parse(".5") == 0.5)
        for bad in ["", "-", "1e5", "nan", "inf", "0x10", "52,52", "1.2.3", "4-"] {
            #expect(DecimalText.parse(bad) == nil)
        }
    }
}

@Suite(.tags(.unit)) struct QueryStringTests {
    @Test(arguments: [
        ("a b", "a%20b"), ("Suite I & G, Mountain View", "Suite%20I%20%26%20G%2C%20Mountain%20View"), ("#", "%23"),
        ("+", "%2B"), ("=", "%3D"), ("%", "%25"), ("Zürich", "Z%C3%BCrich"), ("São Paulo", "S%C3%A3o%20Paulo"),
        ("Jyväskylä", "Jyv%C3%A4skyl%C3%A4"), ("東京", "%E6%9D%B1%E4%BA%AC"), ("BS7 9EX", "BS7%209EX"),
        ("a-b.c_d~", "a-b.c_d~"),
    ])
    func encodesEveryReservedAndNonASCIICharacter(input: String, expected: String) {
        #expect(QueryString.encode(input) == expected)
    }

    @Test func trailingSlashOnBaseIsDropped() {
        #expect(QueryString.url(base: "http://h:1/", path: "/search", [("q", "x y")]) == "http://h:1/search?q=x%20y")
        #expect(QueryString.url(base: "http://h:1//", path: "/p", []) == "http://h:1/p")
    }
}

@Suite(.tags(.unit)) struct CivilCalendarTests {
    @Test func civilCalendarRoundTrips() {
        for day in [-719_468, -1, 0, 1, 11_016, 20_490, 2_932_896] {
            let date = CivilCalendar.date(fromDays: day)
            #expect(date.dayNumber == day)
        }
        #expect(
            LocalDate(year: 2024, month: 2, day: 29).dayNumber - LocalDate(year: 2024, month: 2, day: 28).dayNumber == 1
        )
        #expect(LocalDate(year: 1970, month: 1, day: 1).weekday == 4)  // a Thursday
        #expect(LocalDate(year: 2026, month: 2, day: 6).iso == "2026-02-06")
        #expect(LocalDate(year: 1940, month: 12, day: 31).iso == "1940-12-31")
        #expect(LocalDate(year: 812, month: 1, day: 1).iso == "0812-01-01")  // ISO 8601: four digits
        #expect(LocalDate(iso: Substring(LocalDate(year: 812, month: 1, day: 1).iso)) != nil)
        #expect(LocalDate(year: 2026, month: 11, day: 30).weekday == 1)  // a Monday
        #expect(LocalDate(iso: "2025-02-29") == nil)
        #expect(LocalDate(iso: "2026-13-01") == nil)
    }

    @Test func serviceTimesWithAndWithoutSeconds() {
        #expect(CivilCalendar.secondsAsIfUTC(iso: "2026-10-03T12:30") == 1_791_030_600)
        #expect(CivilCalendar.secondsAsIfUTC(iso: "2026-10-03T12:30:15") == 1_791_030_615)
        #expect(CivilCalendar.secondsAsIfUTC(iso: "2026-10-03") == nil)
        #expect(CivilCalendar.secondsAsIfUTC(iso: "2026-10-03T25:00") == nil)
        #expect(CivilCalendar.secondsAsIfUTC(iso: "2026-10-03T12:30Z") == nil)
    }
}

@Suite(.tags(.unit)) struct TextSafetyTests {
    @Test func controlCharactersAreRemoved() {
        // Sequences go whole (issue 37 item 6): ESC [ 31 m, and C1 CSI with its final "d".
        #expect(TerminalText.sanitized("a\u{1B}[31mb\u{07}c\u{9B}d\u{7F}") == "abc")
        #expect(TerminalText.sanitized("tab\there\nnewline") == "tab here newline")
        #expect(TerminalText.sanitized("evil\u{202E}txt") == "eviltxt")
        #expect(TerminalText.sanitized("東京 Zürich") == "東京 Zürich")
    }

    @Test func lenientJSON() throws {
        let json = try JSONValue.parse(Data(#"{"a":"53.5","b":3.0,"c":"3","d":null,"e":3.5,"f":"x"}"#.utf8))
        #expect(json["a"]?.double == 53.5)
        #expect(json["b"]?.int == 3)
        #expect(json["c"]?.int == 3)
        #expect(json["d"]?.double == nil)
        #expect(json["e"]?.int == nil)
        #expect(json["f"]?.double == nil)
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data("<html>".utf8)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data([0x22, 0xFF, 0x22])) }
    }
}

@Suite(.tags(.unit)) struct TextColumnsTests {
    /// Terminal columns, counted from the bytes for Latin text and by scalar otherwise.
    @Test(arguments: [
        ("", 0), ("7.4 °C", 6), ("München", 7), ("Zürich, Schweiz", 15), ("\u{85}x", 1), ("a\tb", 2),
        ("e\u{301}", 1), ("東京", 4), ("ǅ", 1), ("Ω", 1), ("☂ rain", 6), ("★ Place 00001", 13),
        // 🌧 is one column: East Asian Width N and no Emoji_Presentation in Unicode 16.0's data
        // (issue 37, item 9); ☔ is two (W).
        ("☔ rain", 7), ("𝔸 🌧 x", 5), ("\u{1B}[0m★", 4), ("a\u{200B}b\u{FE0F}", 2), ("—", 1),
    ])
    func columns(text: String, expected: Int) {
        #expect(TextLayout.columns(text) == expected)
        // Counted from the bytes, small strings (15 bytes or fewer) and long ones alike, as the
        // sum over the scalars.
        let long = String(repeating: text, count: 8)
        #expect(TextLayout.columns(long) == long.unicodeScalars.reduce(0) { $0 + TextLayout.width(of: $1) })
    }

    /// `width(of:)` tells the symbols block (U+2100–U+2BFF) without a category lookup: that
    /// holds only while no mark is in it, which this checks against the runtime's Unicode data.
    @Test func theSymbolBlocksHoldNoMark() {
        for value in UInt32(0x2100)..<0x2C00 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            #expect(category != .nonspacingMark && category != .enclosingMark, "U+\(String(value, radix: 16))")
        }
    }

    @Test func trimmedKeepsTextWithNothingAtItsEnds() {
        #expect("Hamburg".trimmed == "Hamburg")
        #expect("  Hamburg\n".trimmed == "Hamburg")
        #expect("\u{A0}Köln\u{2003}".trimmed == "Köln")
        #expect("a b".trimmed == "a b")
        #expect(" ".trimmed == "")
    }

    @Test func sanitizedKeepsPrintableTextAsItIs() {
        #expect(TerminalText.sanitized("Hamburg, Deutschland") == "Hamburg, Deutschland")
        #expect(TerminalText.sanitized("a\u{1B}[31mb\tc") == "ab c")
        #expect(TerminalText.sanitized("Zürich\u{202E}") == "Zürich")
    }
}

/// `TextLayout.truncate` cuts words where they reach the width but never a number (trial 10:
/// "52.5200°N 13.…" in `saved` and `compare` at 80 columns).
@Suite(.tags(.unit)) struct TruncateTests {
    @Test(arguments: [
        ("52.5200°N 13.4100°E", 15, "52.5200°N …"),
        ("52.5200°N 13.4100°E", 19, "52.5200°N 13.4100°E"),
        ("52.5200°N 13.4100°E", 8, "…"),
        ("Berlin 52.52°N", 12, "Berlin …"),
        ("rain until 18:00 today", 15, "rain until …"),
        ("low (-3.5 °C)", 8, "low …"),
        ("feels 8.0°C", 10, "feels …"),
        ("Elbphilharmonie Hamburg", 13, "Elbphilharmo…"),
        ("Route 66 Diner", 10, "Route 66 …"),
        ("Hamburg", 1, "…"),
    ])
    func cutsNeverInsideANumber(text: String, width: Int, expected: String) {
        let cut = TextLayout.truncate(text, to: width)
        #expect(cut == expected)
        #expect(TextLayout.columns(cut) <= width)
    }
}

@Suite(.tags(.unit)) struct AgeWordsTests {
    /// Short ages keep "2 h 14 min"; long ones are said in plain words: "1122 d 0 h ago" read
    /// as a clock reading. 1,122 days are 3 whole years of 365.25 days.
    @Test func longAgesAreDaysThenYears() {
        #expect(TimeWords.age(seconds: 5 * 60) == "5 min")
        #expect(TimeWords.age(seconds: 2 * 3_600 + 14 * 60) == "2 h 14 min")
        #expect(TimeWords.age(seconds: 26 * 3_600) == "1 d 2 h")
        #expect(TimeWords.age(seconds: 45 * 86_400 + 3_600) == "45 days")
        #expect(TimeWords.age(seconds: 729 * 86_400) == "729 days")
        #expect(TimeWords.age(seconds: 1_122 * 86_400) == "3 years")
    }
}

@Suite(.tags(.unit)) struct JoinedTextTests {
    /// The standard library's `joined(separator:)` is what `joinedText` stands in for: the same
    /// text for every shape of list (none, one, empty pieces, several bytes a character).
    @Test(
        arguments: [
            [], [""], ["", ""], ["a"], ["a", "b", "c"], ["Hamburg", "", "Deutschland"], ["Zürich", "東京", "👩‍👩‍👧"],
            ["temperature_2m", "weather_code"],
        ] as [[String]])
    func sameAsJoined(parts: [String]) {
        for separator in ["", ",", ", ", "\n", "–"] {
            #expect(parts.joinedText(separator: separator) == parts.joined(separator: separator))
            let pieces = parts.map { Substring($0) }
            #expect(pieces.joinedText(separator: separator) == pieces.joined(separator: separator))
        }
        #expect(parts.joinedText() == parts.joined())
    }

    @Test func piecesOfALine() {
        let pieces = "  heavy   rain  ahead ".split(separator: " ")
        #expect(pieces.joinedText(separator: " ") == "heavy rain ahead")
    }
}
