import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// A snapshot's kept forecast (`forecast_days`) in log.jsonl: written, read back, and records
/// with and without it read alike.
@Suite(.tags(.unit)) struct KeptForecastRecordTests {
    let home = TemporaryFolder()
    let time = Date(timeIntervalSince1970: 1_753_585_800)  // 2025-07-27T03:10:00Z
    let hamburg = Coordinate(latitude: 53.5413, longitude: 9.9842)

    @Test func keptDaysAreWrittenAsAnOptionalFieldOfVersionOneAndReadBack() throws {
        let days = [
            KeptForecastDay(
                date: LocalDate(year: 2025, month: 7, day: 27), temperatureMaxCelsius: 24.1,
                temperatureMinCelsius: 16.3,
                precipitationSumMillimetres: 0, precipitationProbabilityMaxPercent: 20, weatherCode: 3),
            KeptForecastDay(
                date: LocalDate(year: 2025, month: 7, day: 28), temperatureMaxCelsius: nil, temperatureMinCelsius: 17.1,
                precipitationSumMillimetres: 0.2, precipitationProbabilityMaxPercent: nil, weatherCode: 80),
        ]
        let log = EventLog(folder: home.path)
        _ = try log.appendSnapshot(
            placeName: "Hamburg", coordinate: hamburg, utcOffsetSeconds: 0, timeZone: "GMT",
            reading: SnapshotReading(
                dataTime: time, temperatureCelsius: 16.5, precipitationProbabilityPercent: 0,
                precipitationMillimetres: 0, weatherCode: 3, forecastDays: days), at: time)
        let line = home.text("log.jsonl")
        #expect(line.contains(#""v":1"#))
        #expect(
            line.contains(
                #""forecast_days":[{"date":"2025-07-27","precipitation_probability_max_percent":20,"precipitation_sum_millimetres":0,"temperature_max_celsius":24.1,"temperature_min_celsius":16.3,"weather_code":3},{"date":"2025-07-28","precipitation_sum_millimetres":0.2,"temperature_min_celsius":17.1,"weather_code":80}]"#
            ))
        #expect(EventLog(folder: home.path).snapshot(1)?.reading.forecastDays == days)
    }

    @Test func aRecordWithoutKeptDaysIsASnapshotThatKeptNone() throws {
        // As wx wrote snapshots before it kept the forecast, and with a field from a newer wx.
        let old =
            #"{"data_time":"2025-07-28T09:00:00Z","id":1,"kind":"snapshot","place":{"latitude":53.5413,"longitude":9.9842,"name":"Elbphilharmonie"},"temperature_celsius":18.2,"ts":"2025-07-28T09:05:00Z","utc_offset_seconds":0,"v":1}"#
        let newer =
            #"{"data_time":"2025-07-28T09:00:00Z","forecast_days":[{"date":"2025-07-28","temperature_max_celsius":21.9}],"forecast_model":"icon_d2","id":2,"kind":"snapshot","place":{"latitude":53.5413,"longitude":9.9842,"name":"Elbphilharmonie"},"ts":"2025-07-28T09:05:00Z","v":1}"#
        try (old + "\n" + newer + "\n").write(toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let snapshots = EventLog(folder: home.path).snapshots()
        #expect(snapshots.map(\.id) == [1, 2])
        #expect(snapshots[0].reading.forecastDays == nil)
        #expect(snapshots[0].reading.temperatureCelsius == 18.2)
        #expect(snapshots[1].reading.forecastDays?.map(\.temperatureMaxCelsius) == [21.9])
    }

    @Test func keptDaysOfTheWrongShapeMakeTheRecordUnreadable() throws {
        let bad =
            #"{"data_time":"2025-07-28T09:00:00Z","forecast_days":[{"date":"28 July","temperature_max_celsius":21.9}],"id":1,"kind":"snapshot","place":{"latitude":53.5413,"longitude":9.9842,"name":"Elbphilharmonie"},"ts":"2025-07-28T09:05:00Z","v":1}"#
        try (bad + "\n").write(toFile: home.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let log = EventLog(folder: home.path)
        #expect(log.snapshots().isEmpty)
        #expect(log.skippedLines == 1)
    }
}
