import FoundationEssentials
import WXBasics
import WeatherKit

/// `line`: what the session found, for the renderers.
package struct StatusLineReport: Hashable, Sendable {
    package var report: WeatherReport
    package var format: StatusLineFormat
    /// `line --json`: waybar's document even when results are text.
    package var json: Bool

    package init(report: WeatherReport, format: StatusLineFormat, json: Bool) {
        self.report = report
        self.format = format
        self.json = json
    }
}

/// One status-bar line made from a weather report: the text of the format, the tooltip and the
/// class, as waybar's custom module reads them (`{"text","tooltip","class","alt"}`).
///
/// Values are in the user's units; placeholders are filled as wttr.in fills them (a sign on the
/// temperature, no space before the unit), and a reading the answer lacks is "—".
package struct StatusLine: Hashable, Sendable {
    /// The format with its placeholders filled.
    package var text: String
    /// Several lines: the place, the conditions, today's range, and how old the data is.
    package var tooltip: String
    /// waybar's `class`: "stale" when the data is out of date (the service could not be
    /// reached, or `--offline`), else the condition's kind (`conditionKind`).
    package var className: String
    /// waybar's `alt` (for `format-icons`): the condition's kind, always.
    package var conditionKind: String

    /// The kinds of condition `class` and `alt` take.
    package static let kinds = ["clear", "cloudy", "fog", "drizzle", "rain", "snow", "storm", "unknown"]

    /// - Parameters:
    ///   - report: the weather, as fetched.
    ///   - format: the placeholders to fill.
    ///   - now: the time now (the injected clock).
    ///   - units: the user's units.
    ///   - unicode: whether symbols may be written; ASCII stand-ins otherwise.
    package init(_ report: WeatherReport, format: StatusLineFormat, now: Date, units: UnitPreferences, unicode: Bool) {
        let presentation = WeatherPresentation.show(report, now: now)
        let fields = Fields(presentation: presentation, units: units, unicode: unicode)
        text = format.pieces.map { piece in
            switch piece {
            case .text(let literal): literal
            case .field(let field): fields.value(field)
            case .symbol(let symbol): unicode ? symbol : ""
            }
        }.joined()
        // A reading that is not current says its age in the text too, not only in JSON's
        // "stale" class: a status bar never shows a four-day-old reading as now (issue 37 item 8).
        if let age = Self.notCurrentAge(presentation, origin: report.origin) {
            text += " (\(ValueFormatter.age(seconds: age)) old)"
        }
        conditionKind = Self.kind(presentation.reading?.weatherCode)
        if case .stale = report.origin { className = "stale" } else { className = conditionKind }
        tooltip = fields.tooltip(origin: report.origin)
    }

    /// How old the reading is, seconds, when it is not current: older than
    /// `currentForSeconds`, by the rule `show` tells it too (`DataAge`: from the reading's own
    /// time, else — with no reading — from when the stale answer was stored); nil for a current one.
    static func notCurrentAge(_ presentation: WeatherPresentation, origin: DataOrigin) -> Double? {
        var fetched: Date?
        if case .stale(let stored, _) = origin { fetched = stored }
        guard
            let age = DataAge.seconds(
                readingTime: presentation.reading?.time, fetched: fetched, now: presentation.now)
        else { return nil }
        return age > currentForSeconds ? age : nil
    }

    /// How long a reading is the weather now for a status bar: 90 minutes, as `show` gives the
    /// time of conditions older than that ("as of …").
    package static let currentForSeconds = 5_400.0

    /// "rain" for codes 61–67 and 80–82, … (see `kinds`).
    static func kind(_ code: Int?) -> String {
        switch code {
        case 0?, 1?: "clear"
        case 2?, 3?: "cloudy"
        case 45?, 48?: "fog"
        case (51...57)?: "drizzle"
        case (61...67)?, (80...82)?: "rain"
        case (71...77)?, 85?, 86?: "snow"
        case (95...99)?: "storm"
        default: "unknown"
        }
    }
}

/// The values of the placeholders for one presentation.
private struct Fields {
    let presentation: WeatherPresentation
    let units: UnitPreferences
    let unicode: Bool
    var format: ValueFormatter { ValueFormatter(units: units, unicode: unicode) }
    var missing: String { unicode ? ValueFormatter.missing : "-" }
    var reading: NowReading? { presentation.reading }
    var forecast: Forecast { presentation.report.forecast }
    /// The conditions' humidity, else their hour's.
    var humidity: Double? {
        presentation.current?.relativeHumidityPercent ?? presentation.conditionsHour?.relativeHumidityPercent
    }

    func value(_ field: StatusLineFormat.Field) -> String {
        switch field {
        case .conditionSymbol:
            reading?.weatherCode.map { WeatherCode($0).symbol(unicode: unicode, isNight: reading?.isNight) } ?? missing
        case .conditionWords:
            presentation.current?.conditionText
                ?? reading?.weatherCode.map { WeatherCode($0).description(isNight: reading?.isNight) } ?? missing
        case .conditionPlainSymbol:
            reading?.weatherCode.map { WeatherCode($0).symbol(unicode: false, isNight: reading?.isNight) } ?? missing
        case .humidity: percent(humidity)
        case .temperature: temperature(reading?.temperatureCelsius)
        case .apparentTemperature:
            temperature(
                presentation.current?.apparentTemperatureCelsius ?? presentation.currentHour?.apparentTemperatureCelsius
            )
        case .wind: wind()
        case .location: presentation.report.place.name
        case .moonPhase: MoonPhase(presentation.now).symbol(unicode: unicode)
        case .moonDay: String(MoonPhase(presentation.now).day)
        case .precipitation:
            reading?.precipitationMillimetres.map { format.precipitationValue($0) + units.precipitation.symbol }
                ?? missing
        case .precipitationChance: percent(reading?.precipitationProbabilityPercent)
        case .pressure:
            (presentation.current?.pressureHectopascals ?? presentation.conditionsHour?.pressureHectopascals).map {
                format.pressure($0).filter { $0 != " " }
            } ?? missing
        case .uvIndex: presentation.uvIndex.map { DecimalText.fixed($0, digits: 0) } ?? missing
        case .sunrise: clock(presentation.today?.sunrise)
        case .sunset: clock(presentation.today?.sunset)
        case .zenith:
            clock(
                presentation.today.flatMap { day in
                    guard let rise = day.sunrise, let set = day.sunset, rise < set else { return nil }
                    return Date(timeIntervalSince1970: (rise.timeIntervalSince1970 + set.timeIntervalSince1970) / 2)
                })
        case .localTime: format.clock(presentation.local)
        case .timeZone:
            forecast.zone.identifier ?? forecast.zone.abbreviation
                ?? TimeWords.utcOffset(forecast.zone.utcOffsetSeconds)
        }
    }

    /// "+7°C", "-3°F", "281K": whole degrees, signed as wttr.in signs them (not kelvin).
    func temperature(_ celsius: Double?) -> String {
        guard let celsius else { return missing }
        let value = Int.saturating(units.temperature.convert(celsius: celsius).rounded())
        let sign = units.temperature == .kelvin || value < 0 ? "" : "+"
        return "\(sign)\(value)\(format.temperatureSymbol)"
    }

    func percent(_ value: Double?) -> String { value.map { DecimalText.fixed($0, digits: 0) + "%" } ?? missing }

    func clock(_ date: Date?) -> String {
        date.map { format.clock(forecast.clock.localTime(ValueFormatter.nearestMinute($0))) } ?? missing
    }

    /// wttr.in's arrows point where the wind blows to: from the north is "↓".
    static let arrows = ["↓", "↙", "←", "↖", "↑", "↗", "→", "↘"]

    /// "↙19km/h" ("19km/h NE" in ASCII); the speed alone without a direction; "calm" when the
    /// speed shows as nothing (no arrow pointing nowhere).
    func wind() -> String {
        guard let speed = reading?.windSpeedKilometresPerHour else { return missing }
        if format.isCalm(speed) { return "calm" }
        // "4Bft", not the force's name: a bar has room for the number.
        let text =
            units.windSpeed == .beaufort
            ? "\(Beaufort.force(kilometresPerHour: speed))Bft" : format.windSpeed(speed).filter { $0 != " " }
        guard let degrees = reading?.windDirectionDegrees, degrees.isFinite else { return text }
        guard unicode else { return "\(text) \(CompassDirection.name(degrees: degrees))" }
        let wrapped = degrees.truncatingRemainder(dividingBy: 360) + (degrees < 0 ? 360 : 0)
        return Self.arrows[Int.saturating((wrapped + 22.5) / 45) % 8] + text
    }

    /// The tooltip: the place, the readings in words, today, and how old the data is.
    func tooltip(origin: DataOrigin) -> String {
        let format = format
        var lines = [presentation.report.place.label]
        if let reading {
            lines.append(
                "\(format.temperature(reading.temperatureCelsius)) · \(value(.conditionWords)) · wind \(format.windSpeed(reading.windSpeedKilometresPerHour))"
                    + (reading.windDirectionDegrees.map { " \(CompassDirection.name(degrees: $0))" } ?? ""))
            lines.append(
                "rain \(format.percent(reading.precipitationProbabilityPercent)) · humidity \(format.percent(humidity))"
            )
        }
        if let today = presentation.today, today.temperatureMinCelsius != nil || today.temperatureMaxCelsius != nil {
            lines.append(
                "today \(format.temperatureValue(today.temperatureMinCelsius)) … \(format.temperature(today.temperatureMaxCelsius))"
            )
        }
        let time = reading.map { format.clock(forecast.clock.localTime($0.time)) }
        switch origin {
        case .network, .cache:
            if let time { lines.append("as of \(time)") }
        case .stale(let stored, _):
            // The reading's own age, as the text gives it, and when it was fetched (trial 60:
            // "from 1 h 30 min ago" — the fetch's age — beside a text saying "20 h 40 min old").
            let fetched = "fetched \(ValueFormatter.age(seconds: presentation.now.timeIntervalSince(stored))) ago"
            if let reading, let time {
                let age = ValueFormatter.age(seconds: presentation.now.timeIntervalSince(reading.time))
                lines.append("out of date: \(age) old, as of \(time); \(fetched)")
            } else {
                lines.append("out of date: \(fetched)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
