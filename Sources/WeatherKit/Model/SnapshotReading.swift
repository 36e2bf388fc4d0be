import FoundationEssentials

/// The data of a weather snapshot: what `save` stores, in canonical units.
package struct SnapshotReading: Hashable, Sendable, Codable {
    /// When the data was valid (the service's `current.time`), not when it was saved.
    package var dataTime: Date
    package var temperatureCelsius: Double?
    package var precipitationProbabilityPercent: Double?
    package var precipitationMillimetres: Double?
    package var weatherCode: Int?
    /// The days ahead of the forecast shown with the reading (today first), kept to check them
    /// once they have passed; nil for snapshots written before wx kept them.
    package var forecastDays: [KeptForecastDay]?
    /// The official warnings in force when it was saved; `[]` when the feed said none, nil when
    /// none was asked (no feed for the place, or a snapshot from before wx kept them).
    package var warnings: [KeptWarning]? = nil
    /// How many more warnings were in force than `warnings` keeps (at most
    /// `KeptWarning.mostKept`, the most severe); nil or 0 when it keeps them all.
    package var warningsNotKept: Int? = nil

    package init(
        dataTime: Date, temperatureCelsius: Double?, precipitationProbabilityPercent: Double?,
        precipitationMillimetres: Double?, weatherCode: Int?, forecastDays: [KeptForecastDay]? = nil,
        warnings: [KeptWarning]? = nil
    ) {
        self.dataTime = dataTime
        self.temperatureCelsius = temperatureCelsius
        self.precipitationProbabilityPercent = precipitationProbabilityPercent
        self.precipitationMillimetres = precipitationMillimetres
        self.weatherCode = weatherCode
        self.forecastDays = forecastDays
        self.warnings = warnings
    }
}
