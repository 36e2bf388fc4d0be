import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// Trial 62, faults 5 and 6. A line beginning `{"kind":"…` that is not JSON (a torn write) was
/// counted as a newer wx's record and kept by `log compact` for ever; and a snapshot line that
/// could not be read had its id given again, so that once it was repaired `saved` hid one of the
/// two and `saved rm 1` deleted both. Counts expected from Fixtures/log/statistics_expected.py.
@Suite(.tags(.unit)) struct UnreadableSnapshotIDTests {
    let home = TemporaryFolder()
    let time = Date(timeIntervalSince1970: 1_753_585_800)  // 2025-07-27T03:10:00Z
    var logPath: String { home.path + "/log.jsonl" }
    static let script = TestPaths.packageRoot.path + "/Fixtures/log/statistics_expected.py"

    static let command = #"{"kind":"command","line":"find Berlin","n":1,"ts":"2025-07-27T03:10:00Z","v":1}"#
    /// Snapshot 1 as wx writes it, its temperature made text by an edit.
    static let damagedSnapshot =
        #"{"data_time":"2025-07-27T03:00:00Z","id":1,"kind":"snapshot","place":{"latitude":52.52,"longitude":13.41,"name":"Berlin"},"temperature_celsius":"warm","ts":"2025-07-27T03:10:00Z","utc_offset_seconds":7200,"v":1}"#
    static let readableSnapshot =
        #"{"data_time":"2025-07-27T03:00:00Z","id":1,"kind":"snapshot","place":{"latitude":52.52,"longitude":13.41,"name":"Berlin"},"temperature_celsius":16.5,"ts":"2025-07-27T03:10:00Z","utc_offset_seconds":7200,"v":1}"#

    func write(_ lines: [String]) throws {
        try (lines.joined(separator: "\n") + "\n").write(toFile: logPath, atomically: true, encoding: .utf8)
    }

    func expected() throws -> [String: Int] {
        let run = try runProgram(
            "/usr/bin/python3", [Self.script, "count", logPath], environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Int])
    }

    func save(_ log: EventLog) throws -> Int {
        try log.appendSnapshot(
            placeName: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41), utcOffsetSeconds: 7_200,
            timeZone: nil,
            reading: SnapshotReading(
                dataTime: time, temperatureCelsius: 15, precipitationProbabilityPercent: nil,
                precipitationMillimetres: nil, weatherCode: nil), at: time
        ).id
    }

    @Test func aTornLineWithAKindIsUnreadableAndCompactionMovesItAside() throws {
        try write([
            Self.command, #"{"kind":"c"#, "garbage", #"{"kind":"telemetry","x":1,"v":2}"#,
            #"{"kind":"forecast.note","ts":"2025-07-27T03:10:00Z","v":1"#,
        ])
        let counts = try expected()
        #expect(counts["other_records"] == 1 && counts["unreadable_lines"] == 3, "\(counts)")
        let log = EventLog(folder: home.path)
        let stats = log.statistics()
        #expect(stats.otherRecords == counts["other_records"])
        #expect(stats.unreadableLines == counts["unreadable_lines"])
        let compaction = try log.compact(now: time)
        #expect(compaction.after.otherRecords == 1 && compaction.after.unreadableLines == 0)
        let kept = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(kept == Self.command + "\n" + #"{"kind":"telemetry","x":1,"v":2}"# + "\n")
        let aside = try String(contentsOfFile: try #require(compaction.unreadableLinesFile), encoding: .utf8)
        #expect(aside.contains(#"{"kind":"c"# + "\n"))
    }

    @Test func anUnreadableSnapshotLineKeepsItsID() throws {
        try write([Self.command, Self.damagedSnapshot])
        #expect(try save(EventLog(folder: home.path)) == 2)
    }

    @Test func aTornSnapshotLineInWxsLayoutKeepsItsID() throws {
        try write([Self.readableSnapshot, #"{"data_time":"2025-07-27T03:00:00Z","id":5,"kind":"snaps"#, Self.command])
        #expect(try save(EventLog(folder: home.path)) == 6)
    }

    /// `log compact` moves the unreadable line aside; the seal keeps its id, so that the line
    /// repaired and put back does not share it with a later snapshot.
    @Test func anIDMovedAsideByCompactionIsNotGivenAgain() throws {
        try write([Self.command, Self.readableSnapshot, #"{"kind":"snapshot","id":7"#])
        let log = EventLog(folder: home.path)
        let compaction = try log.compact(now: time)
        #expect(compaction.unreadableLinesFile != nil)
        #expect(try !String(contentsOfFile: logPath, encoding: .utf8).contains(#""id":7"#))
        #expect(try save(EventLog(folder: home.path)) == 8)
        // An import numbered on from the log's highest counts it too.
        let imported = try EventLog(folder: home.path).importSnapshots([
            Snapshot(
                id: 1, savedAt: time.addingTimeInterval(60), placeName: "Hamburg",
                coordinate: Coordinate(latitude: 53.55, longitude: 9.99), utcOffsetSeconds: 7_200, timeZone: nil,
                reading: SnapshotReading(
                    dataTime: time, temperatureCelsius: 15, precipitationProbabilityPercent: nil,
                    precipitationMillimetres: nil, weatherCode: nil))
        ])
        #expect(imported.numbers == [9])
    }

    /// A seal written by an older wx (version 1, without the id) still reads.
    @Test func aSealOfVersionOneStillReads() throws {
        let body = "wx-log-seal 1 5 1 2 3 4"
        let seal = try #require(LogSeal.parse(body + " " + String(LogSeal.check(body), radix: 16) + "\n"))
        #expect(seal.epoch == 5 && seal.highestSnapshotID == 0)
        let written = LogSeal(
            epoch: 9, log: LogState(inode: 1, size: 2, modified: 3, changed: 4), highestSnapshotID: 7)
        #expect(LogSeal.parse(written.text) == written)
    }
}
