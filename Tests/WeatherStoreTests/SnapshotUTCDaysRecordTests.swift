import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// Whether a snapshot's kept days are UTC days (`days_utc`, `Snapshot.daysAreUTC`): written
/// only when true, read back from the record and from the index's line, and a record without
/// the field (every one written before wx kept it) read as the place's days, as before.
@Suite(.tags(.unit)) struct SnapshotUTCDaysRecordTests {
    let home = TemporaryFolder()
    let time = Date(timeIntervalSince1970: 1_753_585_800)  // 2025-07-27T03:10:00Z
    let hamburg = Coordinate(latitude: 53.5413, longitude: 9.9842)
    let day = KeptForecastDay(
        date: LocalDate(year: 2025, month: 7, day: 27), temperatureMaxCelsius: 24.1, temperatureMinCelsius: 16.3,
        precipitationSumMillimetres: 0, precipitationProbabilityMaxPercent: 20, weatherCode: 3)

    func append(_ log: EventLog, daysAreUTC: Bool) throws -> Snapshot {
        try log.appendSnapshot(
            placeName: "Hamburg", coordinate: hamburg, utcOffsetSeconds: 7200, timeZone: "Europe/Berlin",
            reading: SnapshotReading(
                dataTime: time, temperatureCelsius: 16.5, precipitationProbabilityPercent: 0,
                precipitationMillimetres: 0, weatherCode: 3, forecastDays: [day]), daysAreUTC: daysAreUTC, at: time)
    }

    @Test func utcDaysAreWrittenAndReadBack() throws {
        let log = EventLog(folder: home.path)
        _ = try append(log, daysAreUTC: true)
        _ = try append(log, daysAreUTC: false)
        let lines = home.text("log.jsonl").split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""data_time":"2025-07-27T03:10:00Z","days_utc":true,"forecast_days":"#))
        #expect(!lines[1].contains("days_utc"))
        let read = EventLog(folder: home.path)
        #expect(read.snapshot(1)?.daysAreUTC == true)
        #expect(read.snapshot(2)?.daysAreUTC == false)
        #expect(read.snapshots().map(\.daysAreUTC) == [true, false])
        var listed: [Int: Bool] = [:]
        read.forEachListedSnapshotWithKeptDays { snapshot, _, _ in listed[snapshot.id] = snapshot.daysAreUTC }
        #expect(listed == [1: true, 2: false])
    }

    @Test func anOldRecordWithoutTheFieldReadsAsThePlacesDays() throws {
        let old =
            #"{"data_time":"2025-07-27T03:10:00Z","forecast_days":[{"date":"2025-07-27","temperature_max_celsius":24.1}],"id":1,"kind":"snapshot","place":{"latitude":53.5413,"longitude":9.9842,"name":"Elbphilharmonie"},"timezone":"Europe/Berlin","ts":"2025-07-27T03:10:00Z","utc_offset_seconds":7200,"v":1}"#
        let wrongType =
            #"{"data_time":"2025-07-27T03:10:00Z","days_utc":"yes","id":2,"kind":"snapshot","place":{"latitude":53.5413,"longitude":9.9842,"name":"Elbphilharmonie"},"ts":"2025-07-27T03:10:00Z","v":1}"#
        try (old + "\n" + wrongType + "\n").write(
            toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let log = EventLog(folder: home.path)
        let snapshots = log.snapshots()
        #expect(snapshots.map(\.id) == [1])
        #expect(snapshots.first?.daysAreUTC == false)
        #expect(snapshots.first?.reading.forecastDays?.map(\.temperatureMaxCelsius) == [24.1])
        #expect(log.skippedLines == 1)
    }

    @Test func theIndexLineKeepsUTCDays() throws {
        let snapshot = Snapshot(
            id: 7, savedAt: time, placeName: "Hamburg", coordinate: hamburg, utcOffsetSeconds: 7200,
            timeZone: "Europe/Berlin",
            reading: SnapshotReading(
                dataTime: time, temperatureCelsius: 16.5, precipitationProbabilityPercent: nil,
                precipitationMillimetres: nil, weatherCode: nil),
            daysAreUTC: true)
        for utc in [true, false] {
            var changed = snapshot
            changed.daysAreUTC = utc
            var bytes: [UInt8] = []
            SnapshotIndex.appendLine(changed, offset: 12, keptDays: [day.date], to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self).contains(utc ? "\tu20250727\t" : "\t20250727\t"))
            var decoder = SnapshotIndex.LineDecoder()
            let entry = bytes.dropLast().withUnsafeBytes { decoder.entry($0) }
            guard case .snapshot(let read, _, let keptDays) = entry else {
                Issue.record("no snapshot read")
                continue
            }
            #expect(read.daysAreUTC == utc)
            #expect(keptDays == [day.date])
        }
    }
}
