import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// Command lines in wx's own layout are checked from their bytes (`OwnCommandCheck`, words at a
/// time) rather than through the JSON parser: a line the bytes call whole is one the parser reads
/// (`commandEntry`), and every line — told by its bytes or left to the parser — counts as the
/// parser alone counts it, over every fixture line, commands wx writes (non-ASCII text, escapes,
/// long texts), each of them broken at every byte and cut short at every length.
@Suite(.tags(.unit)) struct OwnCommandLineTests {
    /// How `line` counts through the parser alone: a command that `commandEntry` reads, else
    /// unreadable; any other line as `readParsed` reads it (no bytes told for commands there
    /// but through `ownCommandReadsWhole`, so a command is asked of the parser here).
    static func parsedRecord(_ line: [UInt8]) -> EventLog.Record {
        line.withUnsafeBytes { raw in
            guard EventLog.classify(raw).kind == .command else { return EventLog.readParsed(raw).record }
            return EventLog.commandEntry(raw) != nil ? .command : .unreadable
        }
    }

    /// Whether `line` counts through the bytes as through the parser: in a rebuild (`check`
    /// across lines, then `read`), alone (`ownCommandReadsWhole`), and as `log` reads it (`read`);
    /// and whether the bytes told it.
    static func countsAsParsed(_ line: [UInt8], _ check: inout OwnCommandCheck) -> (same: Bool, told: Bool) {
        let parsed = parsedRecord(line)
        return line.withUnsafeBytes { raw in
            let inRun = check.readsWhole(raw)
            let alone = EventLog.ownCommandReadsWhole(raw)
            let rebuilt = inRun == true ? EventLog.Record.command : EventLog.read(raw).record
            // The bytes say "whole" or leave the line to the parser, never "not whole".
            let answers = inRun != false && alone != false && inRun == alone
            return (answers && rebuilt == parsed && EventLog.read(raw).record == parsed, inRun != nil)
        }
    }

    /// Commands as wx writes them (`CommandRecord.sortedJSON`): texts short and long, with
    /// quotes, backslashes, slashes, tabs, control characters, accents, CJK and emoji, at every
    /// place against the eight-byte words; numbers of one to fifteen digits.
    static func writtenCommands() throws -> [[UInt8]] {
        let texts = [
            "show", "", "find Hamburg", "find München", "東京", "🌧 rain>=5mm Berlin", "a \"quoted\" / name",
            "back\\slash", "tab\there", "bell\u{7}", "del\u{7f}", "1234567\"", "12345678\\x", "1234567é",
            String(repeating: "abcdefg", count: 9) + "\"" + String(repeating: "é", count: 9) + "\\n",
        ]
        let numbers = [1, 9, 10, 12_345_678, 999_999_999_999_999]
        var lines: [[UInt8]] = []
        for (index, text) in texts.enumerated() {
            let number = numbers[index % numbers.count]
            let time = ["2026-02-06T21:40:00Z", "2024-02-29T23:59:59Z", "2026-02-06T00:00:00Z"][index % 3]
            lines.append(
                try EventLog.encoded(
                    CommandRecord(v: 1 + index % 2 * 11, ts: time, kind: "command", n: number, line: text)))
        }
        return lines
    }

    @Test func everyFixtureAndWrittenCommandCountsAsTheParserCountsIt() throws {
        var check = OwnCommandCheck()
        var told = 0
        // Lines longer than any record never reach a reader (`LogFile.linesForward` passes them to
        // `long`, counted unreadable without being read).
        for line in try OwnRecordLineTests.fixtureLines() + Self.writtenCommands()
        where line.count <= LogFile.longestLine {
            let (same, byBytes) = Self.countsAsParsed(line, &check)
            #expect(same, "\(String(decoding: line, as: UTF8.self))")
            if byBytes { told += 1 }
        }
        #expect(told > 60)
        // Those without a control character (escaped `\u00XX`, the parser's to read) are told.
        for line in try Self.writtenCommands() where !String(decoding: line, as: UTF8.self).contains("\\u") {
            #expect(
                line.withUnsafeBytes(EventLog.ownCommandReadsWhole) == true, "\(String(decoding: line, as: UTF8.self))")
        }
    }

    /// Each command broken at every byte — left out, or replaced by one that matters to JSON,
    /// UTF-8, numbers or times — and cut short at every length: counted as the parser counts it.
    @Test func aCommandBrokenAnywhereCountsAsTheParserCountsIt() throws {
        let replacements: [UInt8] =
            Array(#""\0-.eE+ },:{[1x9/TZu"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0xED, 0xF0]
        var check = OwnCommandCheck()
        var differing: [String] = []
        var variantsTold = 0
        for line in try Self.writtenCommands() {
            for index in line.indices {
                let variants = brokenAt(index, of: line, replacements: replacements)
                for variant in variants {
                    let (same, told) = Self.countsAsParsed(variant, &check)
                    if !same { differing.append(String(decoding: variant, as: UTF8.self)) }
                    if told { variantsTold += 1 }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // Replacements inside the text and the digits still read: many variants are told.
        #expect(variantsTold > 1_000)
    }

    /// Times of a day already read (the date kept) whose time of day is broken at each place, and
    /// numbers with leading zeros, fractions, exponents and sixteen digits: as the parser counts.
    @Test func brokenTimesAndNumbersCountAsTheParserCountsThem() {
        var lines: [String] = []
        for clock in [
            "T00:00:00Z", "T23:59:59Z", "T24:00:00Z", "T19:60:00Z", "T19:59:60Z", "T1:00:000Z", "T10:00:00z",
            "t10:00:00Z", "T10-00:00Z", "T10:00-00Z", "T/0:00:00Z", "T:0:00:00Z", "T10:/0:00Z", "T10:00:0:Z",
            "T20:00:00Z", "T29:00:00Z", "T03:59:09Z",
        ] {
            lines.append(#"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T12:00:00Z","v":1}"#)
            lines.append(#"{"kind":"command","line":"x","n":1,"ts":"2026-02-06\#(clock)","v":1}"#)
        }
        for number in [
            "0", "00", "01", "7", "1234567", "12345678", "123456789012345", "1234567890123456", "1.5", "1e3", "-1",
            "1 ", "12345678x", "1234567a",
        ] {
            lines.append(#"{"kind":"command","line":"x","n":\#(number),"ts":"2026-02-06T12:00:00Z","v":1}"#)
            lines.append(#"{"kind":"command","line":"x","n":1,"ts":"2026-02-06T12:00:00Z","v":\#(number)}"#)
        }
        var check = OwnCommandCheck()
        for line in lines {
            #expect(Self.countsAsParsed(Array(line.utf8), &check).same, "\(line)")
        }
    }

    /// An index line is written from bytes (`IndexLinePiece`): the same line as one put together
    /// from the fields' texts — decimal numbers as `String(_:)` spells them, others as the 16
    /// hexadecimal digits of their bits, names and zones with `\\`, `\t`, `\n`, `\r` escaped.
    @Test func anIndexLineIsItsFieldsTexts() {
        for value in [0, 9, 10, 99, 100, 999_999, 1_000_000, -1, -34_200, Int.max, Int.min, 10_000_000_000_000_000] {
            var piece = IndexLinePiece()
            var out: [UInt8] = []
            piece.integer(value)
            piece.flush(to: &out)
            #expect(out == Array(String(value).utf8))
        }
        for value in [0.0, -0.0, 1.0, 7.4, -33.5, 0.1 + 0.2, 1e-300, .infinity, .nan, .greatestFiniteMagnitude] {
            var piece = IndexLinePiece()
            var out: [UInt8] = []
            piece.double(value)
            piece.flush(to: &out)
            #expect(out == Array(("\t" + value.bitPattern.paddedHex).utf8))
        }
        let time = Date(timeIntervalSince1970: 1_770_414_000)
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        }
        let days = (1...20).map { LocalDate(year: 2026, month: 1, day: $0) }
        for (name, zone, code, offset, kept) in [
            ("Hamburg", "Europe/Berlin", 3, 12_345, Array(days.prefix(2))),
            ("tab\there\\ new\nline\r", "", 0, -1, []), ("東京 é", "Asia/Tokyo", 99, 0, days),
        ] as [(String, String, Int, Int, [LocalDate])] {
            let snapshot = Snapshot(
                id: 42, savedAt: time, placeName: name, coordinate: Coordinate(latitude: -33.5, longitude: 151.25),
                utcOffsetSeconds: offset < 0 ? -34_200 : 3600, timeZone: zone.isEmpty ? nil : zone,
                reading: SnapshotReading(
                    dataTime: time.addingTimeInterval(-600), temperatureCelsius: 7.4,
                    precipitationProbabilityPercent: nil, precipitationMillimetres: 0.3,
                    weatherCode: code == 0 ? nil : code))
            var line: [UInt8] = []
            SnapshotIndex.appendLine(snapshot, offset: offset < 0 ? nil : offset, keptDays: kept, to: &line)
            func hex(_ value: Double?) -> String { value.map { $0.bitPattern.paddedHex } ?? "" }
            let fields = [
                "s", "42", offset < 0 ? "" : String(offset),
                kept.map { String($0.year * 10_000 + $0.month * 100 + $0.day) }.joined(separator: ","),
                hex(time.timeIntervalSince1970), hex(time.addingTimeInterval(-600).timeIntervalSince1970),
                offset < 0 ? "-34200" : "3600", hex(-33.5), hex(151.25), hex(7.4), "", hex(0.3),
                code == 0 ? "" : String(code), escaped(zone), escaped(name),
            ]
            #expect(String(decoding: line, as: UTF8.self) == fields.joined(separator: "\t") + "\n")
        }
    }
}
