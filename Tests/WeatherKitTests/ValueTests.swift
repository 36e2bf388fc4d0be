import Foundation
import Testing

@testable import WeatherKit
import WXBasics

@Suite struct DecimalTextTests {
    @Test(arguments: [
        (7.45, 1, "7.5"), (-0.04, 1, "0.0"), (-0.05, 1, "-0.1"), (52.52, 4, "52.5200"), (0, 0, "0"),
        (1013.25, 0, "1013"), (2.5, 0, "3"), (-2.5, 0, "-3"), (0.125, 2, "0.13"), (99.95, 1, "100.0"),
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
        for bad in ["", "-", "1e5", "nan", "inf", "0x10", "52,52", "1.2.3", "4-"] { #expect(DecimalText.parse(bad) == nil) }
    }

    @Test func coordinateText() {
        #expect(Coordinate(parsing: "53.55,9.99") == Coordinate(latitude: 53.55, longitude: 9.99))
        #expect(Coordinate(parsing: " -33.8688 , 151.2093 ") == Coordinate(latitude: -33.8688, longitude: 151.2093))
        #expect(Coordinate(parsing: "91,0") == nil)
        #expect(Coordinate(parsing: "Paris") == nil)
        #expect(Coordinate(parsing: "1,2,3") == nil)
        #expect(Coordinate(latitude: 53.541291, longitude: 9.984205).rounded == Coordinate(latitude: 53.5413, longitude: 9.9842))
    }
}

@Suite struct QueryStringTests {
    @Test(arguments: [
        ("a b", "a%20b"), ("Suite I & G, Mountain View", "Suite%20I%20%26%20G%2C%20Mountain%20View"), ("#", "%23"),
        ("+", "%2B"), ("=", "%3D"), ("%", "%25"), ("Zürich", "Z%C3%BCrich"), ("São Paulo", "S%C3%A3o%20Paulo"),
        ("Jyväskylä", "Jyv%C3%A4skyl%C3%A4"), ("東京", "%E6%9D%B1%E4%BA%AC"), ("BS7 9EX", "BS7%209EX"), ("a-b.c_d~", "a-b.c_d~"),
    ])
    func encodesEveryReservedAndNonASCIICharacter(input: String, expected: String) {
        #expect(QueryString.encode(input) == expected)
    }

    @Test func trailingSlashOnBaseIsDropped() {
        #expect(QueryString.url(base: "http://h:1/", path: "/search", [("q", "x y")]) == "http://h:1/search?q=x%20y")
        #expect(QueryString.url(base: "http://h:1//", path: "/p", []) == "http://h:1/p")
    }
}

@Suite struct TimeTests {
    @Test func civilCalendarRoundTrips() {
        for day in [-719_468, -1, 0, 1, 11_016, 20_490, 2_932_896] {
            let date = CivilCalendar.date(fromDays: day)
            #expect(date.dayNumber == day)
        }
        #expect(LocalDate(year: 2024, month: 2, day: 29).dayNumber - LocalDate(year: 2024, month: 2, day: 28).dayNumber == 1)
        #expect(LocalDate(year: 1970, month: 1, day: 1).weekday == 4)  // a Thursday
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

    @Test func timeZoneDatabaseKnowsDaylightSavingTime() {
        let clock = ZoneClock(ZoneInfo(identifier: "America/New_York", abbreviation: "GMT-5", utcOffsetSeconds: -18_000))
        // 2026-07-01T16:00Z is noon EDT, though the response's one offset said −5.
        let summer = clock.localTime(Date(timeIntervalSince1970: 1_782_921_600))
        #expect(summer.hour == 12)
        #expect(summer.utcOffsetSeconds == -14_400)
        #expect(summer.abbreviation == "EDT")
        // Across the end of DST in Denver (2023-11-05 08:00Z): 01:59 MDT, then 01:00 MST.
        let denver = ZoneClock(ZoneInfo(identifier: "America/Denver", abbreviation: "MDT", utcOffsetSeconds: -21_600))
        #expect(denver.localTime(Date(timeIntervalSince1970: 1_699_171_140)).hour == 1)
        #expect(denver.localTime(Date(timeIntervalSince1970: 1_699_171_200)).utcOffsetSeconds == -25_200)
    }

    @Test func fractionalAndNegativeOffsetsWithoutDatabase() {
        let kolkata = ZoneClock.fixed(1_700_000_000, offset: 19_800, abbreviation: nil)  // +05:30
        #expect(kolkata.hour == 3 && kolkata.minute == 43)
        let newfoundland = ZoneClock.fixed(1_700_000_000, offset: -9_000, abbreviation: nil)  // −02:30
        #expect(newfoundland.hour == 19 && newfoundland.minute == 43)
        #expect(newfoundland.date == LocalDate(year: 2023, month: 11, day: 14))
    }

    @Test func unknownOrHostileZoneNamesFallBackToTheOffset() {
        for name in ["Mars/Olympus", "../../etc/passwd", "/etc/localtime", ""] {
            let clock = ZoneClock(ZoneInfo(identifier: name, abbreviation: "X", utcOffsetSeconds: 3_600))
            #expect(clock.localTime(Date(timeIntervalSince1970: 0)).hour == 1)
        }
    }
}

@Suite struct UnitTests {
    @Test func temperatureReferenceValues() {
        #expect(TemperatureUnit.fahrenheit.convert(celsius: 100) == 212)
        #expect(TemperatureUnit.fahrenheit.convert(celsius: -40) == -40)
        #expect(TemperatureUnit.kelvin.convert(celsius: 0) == 273.15)
        #expect(abs(TemperatureUnit.fahrenheit.celsius(from: 67.4) - 19.666_666_7) < 1e-6)
    }

    @Test func windReferenceValues() {
        #expect(abs(WindSpeedUnit.milesPerHour.convert(kilometresPerHour: 100) - 62.137_119) < 1e-5)
        #expect(abs(WindSpeedUnit.knots.convert(kilometresPerHour: 1.852) - 1) < 1e-12)
        #expect(WindSpeedUnit.metresPerSecond.convert(kilometresPerHour: 36) == 10)
    }

    /// The WMO table's bounds in m/s, each side of each boundary.
    @Test(arguments: [
        (0.4, 0), (0.5, 1), (1.5, 1), (1.6, 2), (3.3, 2), (3.4, 3), (5.4, 3), (5.5, 4), (7.9, 4), (8.0, 5), (10.7, 5),
        (10.8, 6), (13.8, 6), (13.9, 7), (17.1, 7), (17.2, 8), (20.7, 8), (20.8, 9), (24.4, 9), (24.5, 10), (28.4, 10),
        (28.5, 11), (32.6, 11), (32.7, 12), (60.0, 12),
    ])
    func beaufortBoundaries(metresPerSecond: Double, force: Int) {
        #expect(Beaufort.force(kilometresPerHour: metresPerSecond * 3.6) == force)
    }

    @Test func otherUnits() {
        #expect(abs(PressureUnit.inchesOfMercury.convert(hectopascals: 1013.25) - 29.921) < 0.001)
        #expect(PrecipitationUnit.inches.convert(millimetres: 25.4) == 1)
        #expect(Beaufort.name(force: 3) == "gentle breeze")
    }

    @Test(arguments: [(0.0, "N"), (11.24, "N"), (11.26, "NNE"), (247.5, "WSW"), (359.0, "N"), (-90.0, "W"), (720.0, "N"), (138.0, "SE")])
    func compass(degrees: Double, name: String) {
        #expect(CompassDirection.name(degrees: degrees) == name)
    }

    @Test func weatherCodes() {
        #expect(WeatherCode(3).description == "overcast")
        #expect(WeatherCode(42).description == "unknown (42)")
        #expect(WeatherCode(99).description == "thunderstorm with heavy hail")
        #expect(!WeatherCode(42).isKnown)
        #expect(WeatherCode(61).symbol(unicode: false) == "/")
    }
}

@Suite struct TextSafetyTests {
    @Test func controlCharactersAreRemoved() {
        #expect(TerminalText.sanitized("a\u{1B}[31mb\u{07}c\u{9B}d\u{7F}") == "a[31mbcd")
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
