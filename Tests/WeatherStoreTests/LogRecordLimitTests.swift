import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// One record-size limit for log.jsonl, the same for the writer and the reader, enforced before a
/// write is acknowledged; texts from services bounded before they are stored.
@Suite(.tags(.unit)) struct LogRecordLimitTests {
    let home = TemporaryFolder()
    let files = FailingFileSystem()
    let time = Date(timeIntervalSince1970: 1_770_414_000)

    func reading(days: Int = 0) -> SnapshotReading {
        SnapshotReading(
            dataTime: time, temperatureCelsius: 7.4, precipitationProbabilityPercent: 40, precipitationMillimetres: 0.3,
            weatherCode: 3,
            forecastDays: days == 0
                ? nil
                : (0..<days).map { _ in
                    KeptForecastDay(
                        date: LocalDate(year: 2026, month: 2, day: 7), temperatureMaxCelsius: 9.1,
                        temperatureMinCelsius: 2.3, precipitationSumMillimetres: 0.4,
                        precipitationProbabilityMaxPercent: 30, weatherCode: 61)
                })
    }

    func save(_ log: EventLog, name: String, days: Int = 0) throws(StoreError) -> Snapshot {
        try log.appendSnapshot(
            placeName: name, coordinate: Coordinate(latitude: 53.55, longitude: 9.99), utcOffsetSeconds: 3_600,
            timeZone: "Europe/Berlin", reading: reading(days: days), at: time)
    }

    /// Issue 22: a 70,000-character geocoder name made a record the reader skipped — "snapshot 1
    /// saved", then "no snapshots yet", and id 1 given again.
    @Test func aPlaceNameOf70000CharactersIsCutBeforeItIsStored() throws {
        let log = EventLog(folder: home.path, fileSystem: files)
        let saved = try save(log, name: String(repeating: "Hamburg ", count: 8_750))
        #expect(saved.id == 1)
        #expect(saved.placeName.count == Snapshot.longestPlaceName && saved.placeName.hasSuffix("…"))
        let again = EventLog(folder: home.path, fileSystem: files)
        #expect(again.snapshots().map(\.id) == [1])
        #expect(again.snapshots().first?.placeName == saved.placeName)
        #expect(try save(again, name: "Lyon").id == 2)
    }

    @Test func aTimeZoneNameLongerThanAnyIsLeftOut() throws {
        let log = EventLog(folder: home.path, fileSystem: files)
        let saved = try log.appendSnapshot(
            placeName: "Lyon", coordinate: Coordinate(latitude: 45.76, longitude: 4.84), utcOffsetSeconds: 3_600,
            timeZone: String(repeating: "Europe/", count: 10_000), reading: reading(), at: time)
        #expect(saved.timeZone == nil && saved.utcOffsetSeconds == 3_600)
        #expect(EventLog(folder: home.path).snapshots().map(\.id) == [1])
    }

    /// What the writer refuses is exactly what the reader would skip: a record at the limit is
    /// written and read back; one byte more is refused, with nothing written or kept.
    @Test func theWriterRefusesWhatTheReaderWouldSkipAndNothingElse() throws {
        #expect(EventLog.longestRecord == LogFile.longestLine)
        let log = EventLog(folder: home.path, fileSystem: files)
        // A record around `line` with the largest number is this many bytes longer than it.
        let overhead = #"{"kind":"command","line":"","n":9007199254740991,"ts":"2026-02-06T21:40:00Z","v":1}"#.utf8
            .count
        let longest = String(repeating: "x", count: EventLog.longestRecord - overhead)
        #expect(try log.appendCommand(longest, at: time) == 1)
        #expect(EventLog(folder: home.path).history(last: 1).map(\.line) == [longest])
        let before = home.text("log.jsonl")
        #expect(throws: StoreError.recordTooLong(bytes: EventLog.longestRecord + 1, limit: EventLog.longestRecord)) {
            try log.appendCommand(longest + "x", at: time)
        }
        #expect(!log.hasUnwrittenRecords)
        #expect(home.text("log.jsonl") == before)
        #expect(try log.appendCommand("units", at: time) == 2)
    }

    /// A snapshot whose record is too long even with its texts bounded (thousands of forecast
    /// days from a service) is refused, not kept in memory to fail again at every write.
    @Test func aSnapshotRecordTooLongIsRefusedNotKept() throws {
        let log = EventLog(folder: home.path, fileSystem: files)
        #expect {
            _ = try save(log, name: "Hamburg", days: 2_000)
        } throws: { error in
            guard case StoreError.recordTooLong(let bytes, let limit) = error else { return false }
            return bytes > limit && limit == EventLog.longestRecord
        }
        #expect(!log.hasUnwrittenRecords)
        #expect(log.snapshots().isEmpty)
        #expect(try save(log, name: "Hamburg", days: 16).id == 1)
    }
}
