import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// The looks kept for `changed` in log.jsonl (kind `look`): written and read back, bounded to
/// the last two per place and 500 places when read and when compacted, a malformed one skipped
/// and counted, and logs without looks (or with kinds wx does not know) read as before.
@Suite(.tags(.unit)) struct LookRecordTests {
    let home = TemporaryFolder()
    let start = Date(timeIntervalSince1970: 1_753_855_200)  // 2025-07-30T06:00:00Z

    func look(_ place: Int, at minute: Int, high: Double = 21, command: String = "show") -> Look {
        let coordinate = Coordinate(latitude: Double(place) / 100, longitude: 13.3889)
        return Look(
            placeKey: Look.key(coordinate), placeName: "Place \(place)",
            time: start.addingTimeInterval(Double(minute) * 60),
            command: command, provider: "openMeteo", unitSystem: "metric", answerTime: start, utcOffsetSeconds: 7_200,
            days: [
                LookDay(
                    date: LocalDate(year: 2025, month: 7, day: 30), highCelsius: high, lowCelsius: 14.7,
                    precipitationMillimetres: 2.1)
            ], rainStart: start.addingTimeInterval(6 * 3_600), rainEnd: start.addingTimeInterval(12 * 3_600),
            hadHours: true, warnings: [LookWarning(id: "w1", event: "Wind")],
            chance: LookChance(date: LocalDate(year: 2025, month: 7, day: 30), members: 41, ofMembers: 51))
    }

    @Test func aLookIsWrittenAndReadBackWhole() throws {
        let log = EventLog(folder: home.path)
        let written = look(1, at: 0)
        try log.appendLook(written)
        #expect(
            home.text("log.jsonl").hasPrefix(
                #"{"answer_time":"2025-07-30T06:00:00Z","at":"2025-07-30T06:00:00Z","chance":{"#))
        let read = EventLog(folder: home.path).lastLook(at: written.placeKey, notAfter: start)
        #expect(read == written)
        #expect(EventLog(folder: home.path).statistics().looks == 1)
    }

    @Test func aLookTornByACrashIsSkippedAndTheRecordsAfterItRead() throws {
        // A look is appended without a sync: a crash can leave part of it. The records after it
        // start on a line of their own and read; the torn line is skipped.
        let log = EventLog(folder: home.path)
        try log.appendLook(look(1, at: 0, high: 20))
        try log.appendLook(look(1, at: 30, high: 21))
        let whole = try Data(contentsOf: URL(fileURLWithPath: home.path + "/log.jsonl"))
        let secondStart = whole.firstIndex(of: UInt8(ascii: "\n"))! + 1
        try whole.prefix(secondStart + (whole.count - secondStart) / 2)
            .write(to: URL(fileURLWithPath: home.path + "/log.jsonl"))
        let after = EventLog(folder: home.path)
        #expect(
            after.lastLook(at: look(1, at: 0).placeKey, notAfter: start.addingTimeInterval(3_600))?.days[0].highCelsius
                == 20)
        try after.appendCommand("show", at: start.addingTimeInterval(3_600))
        try after.appendLook(look(1, at: 60, high: 22))
        let read = EventLog(folder: home.path)
        #expect(
            read.lastLook(at: look(1, at: 0).placeKey, notAfter: start.addingTimeInterval(3_600))?.days[0].highCelsius
                == 22)
        #expect(read.history(last: 5).map(\.line) == ["show"])
        #expect(read.statistics().looks == 2)
        #expect(read.statistics().unreadableLines == 1)
    }

    @Test func theLastLookBeforeNowIsRead() throws {
        let log = EventLog(folder: home.path)
        try log.appendLook(look(1, at: 0, high: 20))
        try log.appendLook(look(1, at: 60, high: 22))
        #expect(
            log.lastLook(at: look(1, at: 0).placeKey, notAfter: start.addingTimeInterval(3_600))?.days[0].highCelsius
                == 22)
        #expect(
            log.lastLook(at: look(1, at: 0).placeKey, notAfter: start.addingTimeInterval(1_800))?.days[0].highCelsius
                == 20)
        #expect(log.lastLook(at: look(2, at: 0).placeKey, notAfter: start.addingTimeInterval(3_600)) == nil)
        // Check's mark is apart from the user's looks.
        #expect(
            log.lastLook(at: look(1, at: 0).placeKey, checkMark: true, notAfter: start.addingTimeInterval(3_600)) == nil
        )
    }

    @Test func threeLooksAtAPlaceKeepTwoWhenReadAndWhenCompacted() throws {
        let log = EventLog(folder: home.path)
        for minute in 0..<3 { try log.appendLook(look(1, at: minute, high: Double(20 + minute))) }
        let kept = log.keptLooks()
        #expect(kept.looks[look(1, at: 0).placeKey]?.map { $0.days[0].highCelsius } == [22, 21])
        #expect(log.statistics().looks == 3)
        _ = try log.compact(now: start)
        #expect(log.statistics().looks == 2)
        #expect(EventLog(folder: home.path).keptLooks().looks == kept.looks)
    }

    @Test func fiveHundredAndOnePlacesKeepTheFiveHundredLookedAtLast() throws {
        // Written as one file: 501 appends each under the lock would only be slower.
        var lines = ""
        for place in 0...500 {
            lines += String(decoding: try EventLog.encoded(LookRecord(look(place, at: place))), as: UTF8.self) + "\n"
        }
        try lines.write(toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let log = EventLog(folder: home.path)
        let kept = log.keptLooks()
        #expect(kept.groups.count == 500)
        let oldest = look(0, at: 0).placeKey
        #expect(kept.looks[oldest] == nil)
        #expect(kept.looks[look(1, at: 1).placeKey] != nil)
        let now = start.addingTimeInterval(86_400)
        #expect(log.lastLook(at: oldest, notAfter: now) == nil)
        #expect(log.lastLook(at: look(1, at: 1).placeKey, notAfter: now) != nil)
        _ = try log.compact(now: now)
        #expect(log.statistics().looks == 500)
        #expect(log.keptLooks().looks == kept.looks)
    }

    @Test func aMalformedLookIsSkippedAndCounted() throws {
        let good = String(decoding: try EventLog.encoded(LookRecord(look(1, at: 0))), as: UTF8.self)
        // A later look whose days are not an array, and one with a key that is no coordinate.
        let bad = good.replacingOccurrences(of: #""days":["#, with: #""days":{"x":["#).replacingOccurrences(
            of: #"],"had_hours""#, with: #"]},"had_hours""#)
        let notAPlace = good.replacingOccurrences(of: #""key":"0.0100,13.3889""#, with: #""key":"nowhere""#)
        #expect(bad != good && notAPlace != good)
        try [good, bad, notAPlace].map { $0 + "\n" }.joined().write(
            toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let log = EventLog(folder: home.path)
        #expect(log.lastLook(at: look(1, at: 0).placeKey, notAfter: start) == look(1, at: 0))
        #expect(log.takeNotes().contains(.unreadableLooksSkipped(count: 2)))
        let stats = log.statistics()
        #expect(stats.looks == 1 && stats.unreadableLines == 2)
    }

    @Test func aLookOutOfItsBoundsOrMissingAFieldIsSkippedCountedAndSetAsideByCompact() throws {
        // Issue 36's trial: "high_celsius": 1e308 was read as a look, and changed reported it.
        let good = String(decoding: try EventLog.encoded(LookRecord(look(1, at: 0))), as: UTF8.self)
        let later = String(decoding: try EventLog.encoded(LookRecord(look(1, at: 10))), as: UTF8.self)
        let huge = later.replacingOccurrences(of: #""high_celsius":21"#, with: #""high_celsius":1e308"#)
        let wet = later.replacingOccurrences(
            of: #""precipitation_millimetres":2.1"#, with: #""precipitation_millimetres":-5"#)
        let missing = later.replacingOccurrences(of: #""had_hours":true,"#, with: "")
        #expect(huge != later && wet != later && missing != later)
        try [good, huge, wet, missing].map { $0 + "\n" }.joined().write(
            toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let log = EventLog(folder: home.path)
        let now = start.addingTimeInterval(3_600)
        #expect(log.lastLook(at: look(1, at: 0).placeKey, notAfter: now) == look(1, at: 0))
        #expect(log.takeNotes().contains(.unreadableLooksSkipped(count: 3)))
        #expect(log.statistics().unreadableLines == 3)
        // Compaction sets them aside, and keeps the look that can be read.
        let compaction = try log.compact(now: now)
        #expect(compaction.unreadableLinesFile != nil)
        let after = EventLog(folder: home.path)
        #expect(after.statistics().looks == 1 && after.statistics().unreadableLines == 0)
        #expect(after.lastLook(at: look(1, at: 0).placeKey, notAfter: now) == look(1, at: 0))
    }

    @Test func anOldLogWithoutLooksAndKindsWxDoesNotKnowReadAsBefore() throws {
        let old = [
            #"{"kind":"command","line":"show Berlin","n":1,"ts":"2025-07-30T06:00:00Z","v":1}"#,
            #"{"kind":"forecast.pinned","place":"Berlin","ts":"2025-07-30T06:01:00Z","v":2}"#,
            #"{"kind":"look.v2","place":{"key":"0.0100,13.3889"},"ts":"2025-07-30T06:02:00Z","v":2}"#,
        ]
        try old.map { $0 + "\n" }.joined().write(toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let log = EventLog(folder: home.path)
        #expect(log.keptLooks().groups.isEmpty)
        let stats = log.statistics()
        #expect(stats.commands == 1 && stats.otherRecords == 2 && stats.looks == 0 && stats.unreadableLines == 0)
        _ = try log.compact(now: start)
        #expect(log.statistics().otherRecords == 2)
    }
}
