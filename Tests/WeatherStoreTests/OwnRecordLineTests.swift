import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// wx's own snapshot and deletion records are read from their bytes (`EventLog.ownSnapshot`,
/// `ownDeletion`) rather than through the JSON parser: every line reads as the parser reads it —
/// the same record, snapshot and count as unreadable — over every log under Fixtures/ and fuzz/,
/// records wx writes, and each of those records broken at every byte.
@Suite(.tags(.unit)) struct OwnRecordLineTests {
    /// Whether `line` reads the same by bytes first (`read`) as through the parser alone
    /// (`readParsed`); and whether its bytes told it (not left to the parser).
    static func readsAsParsed(_ line: [UInt8]) -> (same: Bool, told: Bool) {
        line.withUnsafeBytes { raw in
            let fast = EventLog.read(raw)
            let parsed = EventLog.readParsed(raw)
            let same =
                fast.record == parsed.record && fast.snapshot == parsed.snapshot
                && fast.skippedByListing == parsed.skippedByListing
            return (same, EventLog.ownSnapshot(raw) != nil || EventLog.ownDeletion(raw) != nil)
        }
    }

    static func encoded(_ record: some Encodable) throws -> [UInt8] { try EventLog.encoded(record) }

    /// Snapshots as `save` writes them, and deletions: every optional value present or absent,
    /// names with accents, quotes, tabs and control characters, numbers negative, whole, long
    /// and tiny. `plain`: no escape in a string, no number of more than 15 digits or with an
    /// exponent (what the bytes tell).
    static func writtenRecords() throws -> [(line: [UInt8], plain: Bool)] {
        let time = Date(timeIntervalSince1970: 1_770_414_000)
        var lines: [(line: [UInt8], plain: Bool)] = []
        let names = ["Hamburg", "Zürich", "東京", "a \"quoted\" / name", "tab\there", "bell\u{7}", "back\\slash", ""]
        let readings: [(Double?, Double?, Double?, Int?)] = [
            (7.4, 40, 0.3, 3), (nil, nil, nil, nil), (-12.25, 0, 0, 0), (0.1 + 0.2, 100, 1e-7, 99),
            (-0.0, 5.5, 123_456.789, 61),
        ]
        for (index, name) in names.enumerated() {
            for (reading, values) in readings.enumerated() {
                let snapshot = Snapshot(
                    id: index * 10 + reading + 1, savedAt: time.addingTimeInterval(Double(reading) * 61.5),
                    placeName: name,
                    coordinate: Coordinate(latitude: -33.5 + Double(index), longitude: 151.25 - Double(reading)),
                    utcOffsetSeconds: reading == 1 ? -34_200 : 3600, timeZone: reading == 1 ? nil : "Europe/Berlin",
                    reading: SnapshotReading(
                        dataTime: time.addingTimeInterval(-600), temperatureCelsius: values.0,
                        precipitationProbabilityPercent: values.1, precipitationMillimetres: values.2,
                        weatherCode: values.3))
                let plain = (index < 3 || name.isEmpty) && reading != 3
                lines.append((try encoded(SnapshotRecord(snapshot)), plain))
            }
            let deletion = DeletionRecord(v: 1, ts: "2026-02-06T21:41:00Z", kind: "snapshot.deleted", id: index + 1)
            lines.append((try encoded(deletion), true))
        }
        return lines
    }

    /// The lines of the logs kept in the repository: the `saved verify` fixture, the fuzzer's
    /// seed and its regressions.
    static func fixtureLines() throws -> [[UInt8]] {
        let root = TestPaths.packageRoot.path
        var lines: [[UInt8]] = []
        for path in [
            "/Fixtures/saved-verify/log.jsonl", "/fuzz/seeds/log/log.jsonl",
            "/Fixtures/fuzz-regressions/log/long-and-torn-lines",
        ] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + path)))
            lines += bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        }
        return lines
    }

    @Test func everyFixtureLineReadsAsTheParserReadsIt() throws {
        var told = 0
        for line in try Self.fixtureLines() {
            let (same, byBytes) = Self.readsAsParsed(line)
            #expect(same, "\(String(decoding: line, as: UTF8.self))")
            if byBytes { told += 1 }
        }
        // The fixture's snapshots (no kept forecast) and deletions are told by their bytes.
        #expect(told > 0)
    }

    @Test func theRecordsWxWritesAreToldByTheirBytes() throws {
        let records = try Self.writtenRecords()
        for (line, plain) in records {
            let (same, told) = Self.readsAsParsed(line)
            #expect(same && told == plain, "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(records.filter(\.plain).count > 20)
    }

    /// Each record broken at every byte — the byte left out, or replaced by one that matters to
    /// JSON or UTF-8 — and cut short: read as the parser reads it, whether told or left to it.
    @Test func aRecordBrokenAnywhereReadsAsTheParserReadsIt() throws {
        let replacements: [UInt8] = Array(#""\0-.eE+ },:{[1x9"#.utf8) + [0x1F, 0x7F, 0xC3, 0xA9, 0xFF, 0xED]
        let lines = try (Array(Self.writtenRecords().prefix(6)) + Self.writtenRecords().suffix(6)).map(\.line)
        var differing: [String] = []
        for line in lines {
            for index in line.indices {
                let variants = brokenAt(index, of: line, replacements: replacements)
                for variant in variants where !Self.readsAsParsed(variant).same {
                    differing.append(String(decoding: variant, as: UTF8.self))
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// Lines a person or another writer could leave: each reads as the parser reads it, and
    /// those not in wx's own layout are left to the parser.
    @Test func handMadeLinesReadAsTheParserReadsThem() {
        let time = #"{"data_time":"2026-02-06T21:30:00Z","#
        let place = #","place":{"latitude":1,"longitude":2,"name":"A"}"#
        let end = #","ts":"2026-02-06T21:40:00Z","v":1}"#
        let start = time + #""id":1,"kind":"snapshot""# + place
        let lines: [(String, told: Bool)] = [
            (start + #","ts":"2026-02-06T21:40:00Z","v":1}"#, true),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1,"weather_code":3}"#, true),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1,"weather_code":3.5}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1,"weather_code":null}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1,"weather_code":3e0}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1,"warnings":[]}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1,"v":2}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1} "#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1}"# + "\r", false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":01}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1234567890123456}"#, false),
            // Foundation's ISO 8601 reading, which ISOTime falls back to, takes hour 25: as the parser's.
            (start + #","ts":"2026-02-06T25:40:00Z","v":1}"#, true),
            (start + #","ts":"yesterday","v":1}"#, false),
            (start + #","temperature_celsius":-1.,"ts":"2026-02-06T21:40:00Z","v":1}"#, false),
            (start + #","temperature_celsius":-,"ts":"2026-02-06T21:40:00Z","v":1}"#, false),
            (start + #","temperature_celsius":-0.5,"ts":"2026-02-06T21:40:00Z","v":1}"#, true),
            (start + #","ts":"2026-02-06T21:40:00Z","utc_offset_seconds":999999,"v":1}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1,"kind":"snapshot.deleted"}"#, false),
            (time + #""id":0,"kind":"snapshot""# + place + end, false),
            (time + #""id":1,"kind":"snapshot","place":{"latitude":91,"longitude":2,"name":"A"}"# + end, false),
            (time + #""id":1,"kind":"snapshotx""# + place + end, false),
            (time + #""id":1,"kind":"snapshot","place":{"latitude":1,"longitude":2,"name":"caf\u00e9"}"# + end, false),
            (time + #""id":1,"kind":"snapshot","place":{"name":"A","latitude":1,"longitude":2}"# + end, false),
            (time + #""forecast_days":[],"id":1,"kind":"snapshot""# + place + end, false),
            (#"{"id":3,"kind":"snapshot.deleted","ts":"2026-02-06T21:41:00Z","v":1}"#, true),
            (#"{"id":3,"kind":"snapshot.deleted","ts":"","v":1}"#, true),
            (#"{"id":3.5,"kind":"snapshot.deleted","ts":"2026-02-06T21:41:00Z","v":1}"#, false),
            (#"{"id":3,"kind":"snapshot.deleted","ts":"2026-02-06T21:41:00Z"}"#, false),
            (#"{"id":3,"kind":"snapshot.deleted","ts":"2026-02-06T21:41:00Z","v":1,"kind":"other"}"#, false),
            (#"{"id":3,"kind":"snapshot.deletedx","ts":"2026-02-06T21:41:00Z","v":1}"#, false),
            (#"{"id": 3,"kind":"snapshot.deleted","ts":"2026-02-06T21:41:00Z","v":1}"#, false),
        ]
        for (line, told) in lines {
            let result = Self.readsAsParsed(Array(line.utf8))
            #expect(result.same, "\(line)")
            #expect(result.told == told, "\(line)")
        }
        // Invalid UTF-8 in a name, and an encoded surrogate: refused by both.
        for bad in [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xFF]] as [[UInt8]] {
            let line = Array(start.utf8.dropLast(3)) + bad + Array(#""},"ts":"2026-02-06T21:40:00Z","v":1}"#.utf8)
            let result = Self.readsAsParsed(line)
            #expect(result.same && !result.told)
            #expect(line.withUnsafeBytes(EventLog.read).record == .unreadable)
        }
    }
}
