import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// The look record written by hand (`LookRecord.sortedJSON`) is byte for byte what JSONEncoder
/// wrote before (keys sorted, slashes not escaped, absent fields left out), whatever the look holds.
@Suite(.tags(.unit)) struct LookRecordEncodingTests {
    static func byEncoder(_ record: LookRecord) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(record))
    }

    static let start = Date(timeIntervalSince1970: 1_753_855_200)  // 2025-07-30T06:00:00Z

    /// Numbers as they come from services and from arithmetic on them: whole, one decimal,
    /// binary fractions that print long, tiny and negative zero, the ends of the ranges.
    static let numbers: [Double?] = [
        21, 14.7, -3.2, 0, -0.0, 0.1 + 0.2, 1e-5, 0.000123, 1 / 3, 2.5e-7, -89.99999, 59.9, 1_999.5, nil,
    ]

    static func look(_ variant: Int, name: String = "Hamburg", event: String = "Wind") -> Look {
        let days = (0..<(variant % 4 == 3 ? 0 : 16)).map { index in
            LookDay(
                date: CivilCalendar.date(fromDays: LocalDate(year: 2025, month: 7, day: 30).dayNumber + index),
                highCelsius: numbers[(index + variant) % numbers.count],
                lowCelsius: numbers[(index * 3 + variant) % numbers.count],
                precipitationMillimetres: numbers[(index * 5 + variant) % numbers.count].map(abs))
        }
        return Look(
            placeKey: "53.5507,9.993", placeName: name, time: start, recordedAt: start.addingTimeInterval(61),
            command: variant % 2 == 0 ? "show" : "check", provider: "openMeteo",
            unitSystem: variant % 3 == 0 ? "metric" : "mixed",
            answerTime: variant % 2 == 0 ? start : nil, utcOffsetSeconds: variant % 2 == 0 ? 7_200 : -34_200,
            days: days, rainStart: variant % 3 == 1 ? nil : start.addingTimeInterval(3_600),
            rainEnd: variant % 3 == 2 ? nil : start.addingTimeInterval(7_200), hadHours: variant % 2 == 0,
            warnings: variant % 4 == 1
                ? nil
                : variant % 4 == 2
                    ? []
                    : [
                        LookWarning(id: "urn:oid:2.49.0.1.276.0.DWD/1", event: event),
                        LookWarning(id: "w\"2", event: "Frost"),
                    ],
            chance: variant % 2 == 1
                ? nil : LookChance(date: LocalDate(year: 2025, month: 7, day: 30), members: 19, ofMembers: 51),
            chanceTomorrow: variant % 4 < 2
                ? nil : LookChance(date: LocalDate(year: 2025, month: 7, day: 31), members: 27, ofMembers: 51),
            daysAreUTC: variant % 3 == 2)
    }

    /// Tomorrow's chance and UTC days (trial58) are read back as written; a line without them
    /// (an older wx's) reads as none and the place's days.
    @Test(arguments: 0..<8) func tomorrowsChanceAndUTCDaysReadBack(_ variant: Int) throws {
        let look = Self.look(variant)
        let line = LookRecord(look).sortedJSON
        let read = try #require(line.withUnsafeBytes { jsonObject($0) }.flatMap(LookRecord.look))
        #expect(read.chanceTomorrow == look.chanceTomorrow)
        #expect(read.daysAreUTC == look.daysAreUTC)
        var older = look
        older.chanceTomorrow = nil
        older.daysAreUTC = false
        let olderLine = LookRecord(older).sortedJSON
        #expect(!String(decoding: olderLine, as: UTF8.self).contains("chance_tomorrow"))
        #expect(!String(decoding: olderLine, as: UTF8.self).contains("days_utc"))
        let olderRead = try #require(olderLine.withUnsafeBytes { jsonObject($0) }.flatMap(LookRecord.look))
        #expect(olderRead.chanceTomorrow == nil && !olderRead.daysAreUTC)
    }

    @Test(arguments: 0..<8) func sameBytesAsJSONEncoder(_ variant: Int) throws {
        let record = LookRecord(Self.look(variant))
        #expect(
            String(decoding: record.sortedJSON, as: UTF8.self)
                == String(decoding: try Self.byEncoder(record), as: UTF8.self))
        #expect(try EventLog.encoded(record) == (try Self.byEncoder(record)))
    }

    @Test(arguments: [
        "", "New York \"NYC\"", #"back\slash and / slash"#, "tab\there\nnewline\r\u{8}\u{C}\u{1}\u{1F}\u{7F}",
        "é 東京 😀 \u{2028}\u{2029} \u{FEFF}", String(repeating: "\u{1}\"", count: 80),
    ])
    func sameBytesAsJSONEncoderForAnyText(_ text: String) throws {
        let record = LookRecord(Self.look(0, name: text, event: text))
        #expect(record.sortedJSON == (try Self.byEncoder(record)))
    }
}
