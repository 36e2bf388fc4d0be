import FoundationEssentials
import WXBasics
import WeatherKit

/// What wx's own forecast shows for a warned hazard over the warning's hours, in canonical
/// units (the renderers convert): the text and the JSON views read the same values.
package struct HazardForecast: Hashable, Sendable {
    /// What `value` measures.
    package enum Quantity: String, Hashable, Sendable {
        /// Highest gust, km/h; `windSpeed` when the forecast has no gusts.
        case gusts, windSpeed
        /// Lowest and highest temperature, °C.
        case lowTemperature, highTemperature
        /// Precipitation over the hours, mm; `coldPrecipitation` only hours at or below 1 °C.
        case precipitation, coldPrecipitation
    }
    package var hazard: WarningHazard
    package var quantity: Quantity
    /// The extreme or total, in the unit `quantity` names.
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
        func extreme(_ quantity: HazardForecast.Quantity, _ value: (HourlyForecast) -> Double?, highest: Bool)
            -> HazardForecast?
        {
            let values = hours.compactMap { hour in value(hour).map { (hour.time, $0) } }
            // The first hour of the highest (or lowest) value.
            var best: (Date, Double)?
            for candidate in values where best == nil || (highest ? candidate.1 > best!.1 : candidate.1 < best!.1) {
                best = candidate
            }
            guard let best else { return nil }
            return HazardForecast(
                hazard: hazard, quantity: quantity, value: best.1, time: best.0, from: start, until: end)
        }
        switch hazard {
        case .wind:
            if hours.contains(where: { $0.windGustsKilometresPerHour != nil }) {
                return extreme(.gusts, { $0.windGustsKilometresPerHour }, highest: true)
            }
            return extreme(.windSpeed, { $0.windSpeedKilometresPerHour }, highest: true)
        case .frost: return extreme(.lowTemperature, { $0.temperatureCelsius }, highest: false)
        case .heat: return extreme(.highTemperature, { $0.temperatureCelsius }, highest: true)
        case .rain, .snow:
            let relevant = hazard == .snow ? hours.filter { ($0.temperatureCelsius ?? 99) <= 1 } : hours
            let amounts = relevant.compactMap(\.precipitationMillimetres)
            guard !amounts.isEmpty else { return nil }
            return HazardForecast(
                hazard: hazard, quantity: hazard == .snow ? .coldPrecipitation : .precipitation,
                value: amounts.reduce(0, +), time: nil, from: start, until: end)
        }
    }

    /// The zone to show a report's times in. A warning that tells the offset its feed wrote
    /// its times with (`localOffsetSeconds`, NWS) wins, so that the times agree with the
    /// feed's own headline and description ("issued December 20 at 1:34PM PST"): the
    /// forecast's zone when it keeps that offset then, else the tz database's nearest zone that
    /// does (`ZoneInfo.keeping`). Else the forecast's zone (Open-Meteo's, named for the place;
    /// for an answer in UTC the tz database's guess), else without a forecast the guess
    /// (`ZoneInfo.nearest`, its offset at `now`). Nil without the database and without a told
    /// offset, when times are in UTC. Limit: a place served by an office in another zone
    /// sees the office's clock, as the feed's text does.
    static func zone(_ report: WarningReport, now: Date) -> ZoneInfo? {
        let zone =
            report.forecast?.zone
            ?? ZoneInfo.nearest(to: report.place.coordinate, at: now, countryCode: report.place.countryCode)
        return ZoneInfo.told(
            by: report.warnings, guess: zone, near: report.place.coordinate, countryCode: report.place.countryCode,
            now: now) ?? zone
    }

    /// UTC, for times when the place's zone is not known.
    static let utc = ZoneInfo(identifier: nil, abbreviation: "UTC", utcOffsetSeconds: 0)

    /// The level, else the severity: "orange", "severe"; a word of the feed's that is neither
    /// CAP's nor a colour is quoted as its own ("severity “catastrophic”"), not shown as if it
    /// were one of the levels wx says (trial 63).
    package static func grade(_ warning: WeatherWarning) -> String {
        if let level = warning.level { return level.word }
        if case .unknown(let word) = warning.severity, !word.isEmpty, word.lowercased() != "unknown" {
            return "severity “\(word)”"
        }
        return warning.severity.word
    }
}
