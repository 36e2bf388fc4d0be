#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherKit

/// Snapshots: `save`, and what a snapshot keeps of a forecast.
extension WeatherSession {
    func save() throws(ShellError) -> [CommandResult] {
        guard let report = lastWeather else { throw .noWeather }
        guard let reading = Self.snapshotReading(report.forecast, now: now()) else {
            throw .usage("the last weather has no current conditions to save")
        }
        let clock = report.forecast.clock.localTime(reading.dataTime)
        let snapshot = try log.appendSnapshot(
            placeName: report.place.name, coordinate: report.place.coordinate,
            utcOffsetSeconds: clock.utcOffsetSeconds, timeZone: report.forecast.zone.identifier,
            reading: reading, at: now())
        return [.snapshotSaved(snapshot)]
    }

    /// What a snapshot keeps of a forecast: the current conditions at their own time, with the
    /// precipitation probability and amount of the hour containing that time.
    public nonisolated static func snapshotReading(_ forecast: Forecast, now: Date) -> SnapshotReading? {
        let time = forecast.current?.time ?? forecast.currentHourIndex(at: now).map { forecast.hourly[$0].time }
        guard let time else { return nil }
        let hour = forecast.currentHourIndex(at: time).map { forecast.hourly[$0] }
        return SnapshotReading(
            dataTime: time,
            temperatureCelsius: forecast.current?.temperatureCelsius ?? hour?.temperatureCelsius,
            precipitationProbabilityPercent: hour?.precipitationProbabilityPercent,
            precipitationMillimetres: hour?.precipitationMillimetres ?? forecast.current?.precipitationMillimetres,
            weatherCode: forecast.current?.weatherCode ?? hour?.weatherCode)
    }
}
