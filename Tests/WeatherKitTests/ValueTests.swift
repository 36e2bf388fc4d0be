import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

@Suite(.tags(.unit)) struct CoordinateTextTests {
    @Test func coordinateText() {
        #expect(Coordinate(parsing: "53.55,9.99") == Coordinate(latitude: 53.55, longitude: 9.99))
        #expect(Coordinate(parsing: " -33.8688 , 151.2093 ") == Coordinate(latitude: -33.8688, longitude: 151.2093))
        #expect(Coordinate(parsing: "91,0") == nil)
        #expect(Coordinate(parsing: "Paris") == nil)
        #expect(Coordinate(parsing: "1,2,3") == nil)
        #expect(
            Coordinate(latitude: 53.541291, longitude: 9.984205).rounded
                == Coordinate(latitude: 53.5413, longitude: 9.9842))
    }
}

@Suite(.tags(.unit)) struct ZoneClockTests {
    @Test func timeZoneDatabaseKnowsDaylightSavingTime() {
        let clock = ZoneClock(
            ZoneInfo(identifier: "America/New_York", abbreviation: "GMT-5", utcOffsetSeconds: -18_000))
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

@Suite(.tags(.unit)) struct UnitTests {
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

    /// The WMO table's bounds in m/s, each side of each boundary (force 1 from 0.3 m/s).
    @Test(arguments: [
        (0.2, 0), (0.3, 1), (0.5, 1), (1.5, 1), (1.6, 2), (3.3, 2), (3.4, 3), (5.4, 3), (5.5, 4), (7.9, 4), (8.0, 5),
        (10.7, 5),
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

    @Test(arguments: [
        (0.0, "N"), (11.24, "N"), (11.26, "NNE"), (247.5, "WSW"), (359.0, "N"), (-90.0, "W"), (720.0, "N"),
        (138.0, "SE"),
    ])
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

    /// Trial 9: drizzle's "‚" (a low comma) read as a stray mark in `past yesterday`. No code's
    /// symbol is a punctuation mark; drizzle's is one column wide (no emoji presentation) and
    /// keeps its ASCII ",".
    @Test func symbolsAreNoPunctuation() throws {
        let punctuation: [Unicode.GeneralCategory] = [
            .openPunctuation, .closePunctuation, .otherPunctuation, .initialPunctuation, .finalPunctuation,
        ]
        for code in [
            0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99,
        ] {
            for isNight in [false, true] {
                let symbol = WeatherCode(code).symbol(unicode: true, isNight: isNight)
                let scalar = try #require(symbol.unicodeScalars.first)
                #expect(symbol.unicodeScalars.count == 1, "\(code)")
                let kind = scalar.properties.generalCategory
                #expect(!punctuation.contains(kind), "\(code): \(symbol)")
            }
        }
        #expect(WeatherCode(51).symbol(unicode: true) == "∴")
        #expect(TextLayout.columns("∴") == 1 && !("∴" as Unicode.Scalar).properties.isEmojiPresentation)
        #expect(WeatherCode(53).symbol(unicode: false) == ",")
    }
}
