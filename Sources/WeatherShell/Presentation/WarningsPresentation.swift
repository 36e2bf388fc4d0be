import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What wx's own forecast shows for a warned hazard over the warning's hours, in canonical
/// units (the renderers convert): the text and the JSON views read the same values.
package struct HazardForecast: Hashable, Sendable {
    package var hazard: WarningHazard
    /// The extreme or total: gusts km/h (wind), precipitation mm (rain, snow), lowest °C
    /// (frost), highest °C (heat).
    package var value: Double
    /// When the extreme is forecast; nil for a total.
    package var time: Date?
    /// The forecast hours looked at.
    package var from: Date
    package var until: Date
}

/// Choices shared by the warning views.
package enum WarningsPresentation {
    /// The longest stretch looked at for a warning without an end, or with a far one: 48 hours.
    static let horizonSeconds: Double = 48 * 3_600

    /// What `forecast` shows for `warning`'s hazard between its onset (or now) and its end
    /// (or 48 hours on); nil when the warning names no hazard wx forecasts or the forecast has
    /// no value in those hours.
    package static func hazardForecast(_ warning: WeatherWarning, forecast: Forecast?, now: Date) -> HazardForecast? {
        guard let hazard = warning.hazard, let forecast else { return nil }
        let start = max(warning.onset ?? now, now)
        let end = min(warning.end ?? start.addingTimeInterval(horizonSeconds), start.addingTimeInterval(horizonSeconds))
        let step = Double(forecast.hourStepSeconds)
        let hours = forecast.hourly.filter { $0.time.addingTimeInterval(step) > start && $0.time < end }
        guard !hours.isEmpty else { return nil }
        func extreme(_ value: (HourlyForecast) -> Double?, highest: Bool) -> HazardForecast? {
            let values = hours.compactMap { hour in value(hour).map { (hour.time, $0) } }
            guard let best = highest ? values.max(by: { $0.1 < $1.1 }) : values.min(by: { $0.1 < $1.1 }) else {
                return nil
            }
            return HazardForecast(hazard: hazard, value: best.1, time: best.0, from: start, until: end)
        }
        switch hazard {
        case .wind:
            return extreme({ $0.windGustsKilometresPerHour ?? $0.windSpeedKilometresPerHour }, highest: true)
        case .frost: return extreme({ $0.temperatureCelsius }, highest: false)
        case .heat: return extreme({ $0.temperatureCelsius }, highest: true)
        case .rain, .snow:
            let relevant = hazard == .snow ? hours.filter { ($0.temperatureCelsius ?? 99) <= 1 } : hours
            let amounts = relevant.compactMap(\.precipitationMillimetres)
            guard !amounts.isEmpty else { return nil }
            return HazardForecast(hazard: hazard, value: amounts.reduce(0, +), time: nil, from: start, until: end)
        }
    }

    /// The zone to show a report's times in: the forecast's, else UTC.
    static func zone(_ forecast: Forecast?) -> ZoneInfo {
        forecast?.zone ?? ZoneInfo(identifier: nil, abbreviation: "UTC", utcOffsetSeconds: 0)
    }

    /// The level, else the severity: "orange", "severe".
    package static func grade(_ warning: WeatherWarning) -> String {
        warning.level?.word ?? warning.severity.word
    }
}
