import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// A rebuild of the index writes the index line of a snapshot in wx's own layout straight from
/// the log line's bytes (`EventLog.ownSnapshotIndexLine`) where they tell the whole snapshot: the
/// line written is byte for byte the one `SnapshotIndex.appendLine` writes of the snapshot
/// `read(_:)` makes of the log line, with the same id; any other line is left to `read(_:)`. The
/// entry the rebuild keeps of it for the listing that asked (`RebuiltListing`) is the one a
/// reading of that index line decodes.
@Suite(.tags(.unit)) struct OwnSnapshotIndexLineTests {
    /// nil when `line` is left to `read(_:)`; else whether what the bytes wrote is what
    /// `appendLine` writes of `read(_:)`'s snapshot (at an offset of 12,345 bytes).
    static func writesAsRead(_ line: [UInt8]) -> Bool? {
        line.withUnsafeBytes { raw in
            var fast: [UInt8] = [9, 9]
            guard let id = EventLog.ownSnapshotIndexLine(raw, offset: 12_345, to: &fast) else {
                return fast == [9, 9] ? nil : false
            }
            guard let snapshot = EventLog.read(raw).snapshot, snapshot.id == id,
                EventLog.read(raw).record == .snapshot(id: id)
            else { return false }
            var slow: [UInt8] = [9, 9]
            SnapshotIndex.appendLine(snapshot, offset: 12_345, keptDays: [], to: &slow)
            return fast == slow && keptAsDecoded(raw, line: Array(fast.dropFirst(2).dropLast()))
        }
    }

    /// Whether the entry a rebuild keeps of the log line `raw` for its listing
    /// (`RebuiltListing.Rows`) is the one a reading of the index decodes from `line`, the index
    /// line written of it.
    static func keptAsDecoded(_ raw: UnsafeRawBufferPointer, line: [UInt8]) -> Bool {
        var rows = RebuiltListing.Rows()
        guard let fields = EventLog.ownSnapshotFields(raw), rows.keep(fields, of: raw, offset: 12_345) else {
            return false
        }
        let version = FileVersion(device: 1, inode: 2, size: 3, modifiedNanoseconds: 4, changedNanoseconds: 5)
        var kept: [SnapshotIndex.Entry] = []
        RebuiltListing(version: version, rows: rows, deleted: []).forEach(keepingDays: true) { kept.append($0) }
        var decoder = SnapshotIndex.LineDecoder()
        guard kept.count == 1, case .snapshot(let snapshot, let offset, let days) = kept[0],
            case .snapshot(let decoded, let decodedOffset, let decodedDays)? = line.withUnsafeBytes({
                decoder.entry($0)
            })
        else { return false }
        return snapshot == decoded && offset == decodedOffset && days == decodedDays
            && snapshot.savedAt.timeIntervalSince1970.bitPattern == decoded.savedAt.timeIntervalSince1970.bitPattern
    }

    /// Records wx writes (every optional value present or absent, names of printable ASCII and
    /// not, numbers negative, whole, long and tiny) and the repository's logs: what is written
    /// from the bytes is what the snapshot writes, and the plain ones are written so.
    @Test func theLinesWrittenFromTheBytesAreTheSnapshotsLines() throws {
        var written = 0
        var wrong: [String] = []
        for line in try OwnRecordLineTests.writtenRecords().map(\.line) + OwnRecordLineTests.fixtureLines() {
            switch Self.writesAsRead(line) {
            case nil: break
            case true?: written += 1
            case false?: wrong.append(String(decoding: line, as: UTF8.self))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // "Hamburg" and "" each with the three readings saved at a whole second.
        #expect(written >= 6)
    }

    /// Snapshots a person or another writer could leave, each by itself: written from the bytes
    /// only when that writes what the snapshot writes; left to `read(_:)` otherwise.
    @Test func handMadeLinesAreWrittenAsTheSnapshotWritesThem() {
        let time = #"{"data_time":"2026-02-06T21:30:00Z","#
        let place = #","place":{"latitude":1,"longitude":2,"name":"A"}"#
        let end = #","ts":"2026-02-06T21:40:00Z","utc_offset_seconds":3600,"v":1}"#
        let start = time + #""id":1,"kind":"snapshot""# + place
        let lines: [(String, written: Bool)] = [
            (start + end, true),
            (start + #","timezone":"Europe/Berlin""# + end, true),
            (start + #","timezone":"Europe/Berl\u00edn""# + end, false),
            (start + #","timezone":"Europe/Berlín""# + end, false),
            (start + #","precipitation_millimetres":-0.0,"temperature_celsius":-12.25"# + end, true),
            (start + #","ts":"2026-02-06T21:40:00Z","v":1}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","utc_offset_seconds":93601,"v":1}"#, false),
            (start + #","ts":"2026-02-06T21:40:00Z","utc_offset_seconds":-93600,"v":1}"#, true),
            (start + #","ts":"2026-02-06T25:40:00Z","utc_offset_seconds":0,"v":1}"#, false),
            (start + #","ts":"2026-02-06T21:40:00+00:00","utc_offset_seconds":0,"v":1}"#, false),
            (#"{"data_time":"2026-02-06T21:30:00.5Z","id":1,"kind":"snapshot""# + place + end, false),
            (time + #""id":0,"kind":"snapshot""# + place + end, false),
            (time + #""id":1,"kind":"snapshot","place":{"latitude":91,"longitude":2,"name":"A"}"# + end, false),
            (time + #""id":1,"kind":"snapshot","place":{"latitude":1,"longitude":2,"name":"\u007f"}"# + end, false),
            (time + #""id":1,"kind":"snapshot","place":{"latitude":1,"longitude":2,"name":"a\u007fb"}"# + end, false),
            (time + #""id":1,"kind":"snapshot","place":{"latitude":1,"longitude":2,"name":"Zürich"}"# + end, false),
            (time + #""forecast_days":[],"id":1,"kind":"snapshot""# + place + end, false),
            (start + String(end.dropLast()) + #","weather_code":95}"#, true),
            (start + String(end.dropLast()) + #","weather_code":9.5}"#, false),
            (start + end + " ", false),
        ]
        for (line, written) in lines {
            let bytes = Array(line.utf8)
            let result = Self.writesAsRead(bytes)
            #expect(result == (written ? true : nil), "\(line)")
        }
        // A raw DEL in a name (JSON allows it; `TerminalText.sanitized` removes it): left to `read`.
        let del =
            Array((time + #""id":1,"kind":"snapshot","place":{"latitude":1,"longitude":2,"name":"a"#).utf8)
            + [0x7F] + Array((#"b"}"# + end).utf8)
        #expect(Self.writesAsRead(del) == nil)
    }

    /// Records broken at every byte — left out, or replaced by a byte that matters to JSON or
    /// UTF-8: each written from the bytes only as the snapshot writes it.
    @Test func aRecordBrokenAnywhereIsWrittenAsTheSnapshotWritesIt() throws {
        let replacements: [UInt8] =
            Array(#""\0-.eE+ },:{[1x9TZ"#.utf8) + [0x09, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF, 0xED]
        let records = try OwnRecordLineTests.writtenRecords().map(\.line)
        var wrong: [String] = []
        var written = 0
        for line in records.prefix(5) + records.suffix(6) {
            for index in line.indices {
                for variant in brokenAt(index, of: line, replacements: replacements) {
                    switch Self.writesAsRead(variant) {
                    case nil: break
                    case true?: written += 1
                    case false?: wrong.append(String(decoding: variant, as: UTF8.self))
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(written > 300)
    }
}
