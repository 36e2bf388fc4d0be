import FoundationEssentials
import WXBasics
import WeatherKit

// What `show`, `hourly`, `daily`, `compare` and a snapshot contain is decided here, once, from a
// WeatherReport and the time now. The text and JSON renderers are handed the result and only
// format it, so they cannot disagree about which hours or days there are.

/// The weather now at a place: the current conditions where the service gave them, else the
/// forecast for the hour containing now, chosen field by field.
///
/// What only hourly data has (the chance of precipitation) comes from the hour containing
/// `time`, the conditions' own time, so that old conditions are not mixed with a later hour.
package struct NowReading: Hashable, Sendable {
    /// When the readings are valid: the conditions' time, else the start of the current hour.
    package var time: Date
    /// Whether the readings come from current conditions (false: from the hourly forecast).
    package var isCurrentConditions: Bool
    package var temperatureCelsius: Double?
    /// The condition: the current conditions' code, else their hour's; unknown when the
    /// answer had a null code and no other; nil when it carries no condition at all.
    package var condition: Condition?
    /// The WMO 4677 code of `condition`; nil when unknown or not carried.
    package var weatherCode: Int? { condition?.code }
    package var windSpeedKilometresPerHour: Double?
    /// Where the wind blows from, degrees clockwise from north.
    package var windDirectionDegrees: Double?
    /// Of the hour in progress at `time`: the hourly entry labelled at its end
    /// (`Forecast.amountHourIndex(at:)`).
    package var precipitationProbabilityPercent: Double?
    /// The sum of the hour in progress at `time`, else what the conditions report for their shorter interval, mm.
    package var precipitationMillimetres: Double?
    /// Whether `time` is at night (the service's `is_day`, else the day's sunrise and sunset,
    /// else the sun's elevation; see `Forecast.isNight(at:isDay:)`). Codes 0–2 then read
    /// "clear night" and show a moon.
    package var isNight: Bool?

    /// The reading of `forecast` at `now`; nil when it has neither current conditions nor an
    /// hour containing now.
    package init?(_ forecast: Forecast, now: Date) {
        let current = forecast.current
        guard let time = current?.time ?? forecast.currentHourIndex(at: now).map({ forecast.hourly[$0].time }) else {
            return nil
        }
        let hour = forecast.currentHourIndex(at: time).map { forecast.hourly[$0] }
        let amountHour = forecast.amountHour(at: time)
        self.time = time
        isCurrentConditions = current != nil
        temperatureCelsius = current?.temperatureCelsius ?? hour?.temperatureCelsius
        condition = Condition.preferring(current?.condition, hour?.condition)
        windSpeedKilometresPerHour = current?.windSpeedKilometresPerHour ?? hour?.windSpeedKilometresPerHour
        windDirectionDegrees = current?.windDirectionDegrees ?? hour?.windDirectionDegrees
        precipitationProbabilityPercent = amountHour?.precipitationProbabilityPercent
        precipitationMillimetres = amountHour?.precipitationMillimetres ?? current?.precipitationMillimetres
        isNight = forecast.isNight(at: time, isDay: current?.isDay ?? hour?.isDay)
    }
}

extension Forecast {
    /// The hourly entry whose chance and amount are those of the hour in progress at `time`:
    /// amounts and chances cover the step before their label, so the first labelled after
    /// `time` (`amountHourIndex(at:)`). Nil when none is, and when the current conditions
    /// carry an amount measured over a period of their own (OpenWeatherMap's `rain.1h`/`3h`),
    /// which is the weather now rather than a step's forecast (`show` says it "in the last h").
    package func amountHour(at time: Date) -> HourlyForecast? {
        if current?.precipitationMillimetres != nil, current?.precipitationPeriodSeconds != nil { return nil }
        return amountHourIndex(at: time).map { hourly[$0] }
    }

    /// Whether `time` falls at night at the place: the service's `isDay` flag when it gave one
    /// (Open-Meteo `is_day`), else before sunrise or from sunset of the local day containing
    /// `time`, else — a day the answer has no sunrise and sunset for (the last local day of an
    /// answer whose days are UTC's, a day past its daily values, a polar day or night) — the
    /// sun's elevation at the place then (`SolarPosition`). Never assumes day.
    package func isNight(at time: Date, isDay: Bool?) -> Bool? {
        if let isDay { return !isDay }
        if case .times(let sunrise?, let sunset?) = sun(onLocalDay: clock.localTime(time).date), sunrise < sunset {
            return time < sunrise || time >= sunset
        }
        return !SolarPosition.isDaylight(at: Int(time.timeIntervalSince1970.rounded(.down)), coordinate)
    }
}

extension SnapshotReading {
    /// What `save` keeps of the weather now.
    package init(_ reading: NowReading) {
        self.init(
            dataTime: reading.time, temperatureCelsius: reading.temperatureCelsius,
            precipitationProbabilityPercent: reading.precipitationProbabilityPercent,
            precipitationMillimetres: reading.precipitationMillimetres, weatherCode: reading.weatherCode)
    }
}

/// What one place's weather shows at a moment: the readings now, the hours after now, the days
/// from the place's today, and what the answer does not cover.
///
/// `show` takes 12 hours and 7 days; `hourly N` and `daily N` take N. Every renderer of a
/// weather result reads these lists and nothing else of the forecast's hours and days.
package struct WeatherPresentation: Sendable {
    /// How many hours `show` lists after now.
    package static let showHours = 12
    /// How many days `show` lists from today.
    package static let showDays = 7

    package let report: WeatherReport
    package let now: Date
    /// The place's local time now.
    package let local: LocalDateTime
    /// The service's current conditions, as given.
    package let current: CurrentConditions?
    /// The forecast hour containing now; nil when now is before the first hour or more than an
    /// hour after the last.
    package let currentHour: HourlyForecast?
    /// The hourly entry whose amounts cover the hour in progress now: the first labelled after
    /// now (an hourly amount or chance is of the hour before its label); nil when none is
    /// within a step after now, or the conditions carry a measured amount
    /// (`Forecast.amountHour(at:)`). `show`'s "mm this hour" and the JSON `precipitation_hour`.
    package let amountHour: HourlyForecast?
    /// The hour containing the current conditions' time: readings only hourly data has
    /// (visibility, UV) come from it, not from a later hour.
    package let conditionsHour: HourlyForecast?
    /// Current conditions, else the current hour, field by field.
    package let reading: NowReading?

    /// Visibility with the current conditions, metres: theirs, else their hour's (Open-Meteo
    /// gives `visibility` hourly only). Text and JSON both show this one.
    package var visibilityMetres: Double? { current?.visibilityMetres ?? conditionsHour?.visibilityMetres }
    /// The UV index with the current conditions: theirs, else their hour's.
    package var uvIndex: Double? { current?.uvIndex ?? conditionsHour?.uvIndex }
    /// The day containing now in the place's time zone; when the answer's days are UTC's
    /// (`Forecast.daysAreUTC`), the UTC day of the same date, which shares the most hours
    /// with the place's day (all but the offset's), and the place's sunrise and sunset.
    package let today: DailyForecast?
    /// The hours after now (from the one after the current hour, else from the first hour
    /// that starts after now), at most the count asked for.
    package let hours: [HourlyForecast]
    /// How many hours after now the answer has in all.
    package let hoursAfterNow: Int
    /// The days from the place's today that have a value for the table (`hasTableValues`), at
    /// most the count asked for; none for an answer of current conditions only. When the answer has days but none is today or later (old
    /// data, or a clock set after the answer), its days from the first, and
    /// `coverage.lastDayBeforeToday` says they lie before today.
    package let days: [DailyForecast]
    /// How many days from today the answer has in all.
    package let daysFromToday: Int
    /// What the answer covers: the notes under the heading and under the days.
    package let coverage: ForecastCoverage

    /// - Parameters:
    ///   - report: the weather as fetched.
    ///   - now: the time to present it at (the injected clock).
    ///   - hours: the most hours after now to list.
    ///   - days: the most days from today to list.
    package init(_ report: WeatherReport, now: Date, hours hourCount: Int = showHours, days dayCount: Int = showDays) {
        let forecast = report.forecast
        self.report = report
        self.now = now
        local = forecast.clock.localTime(now)
        current = forecast.current
        let hourIndex = forecast.currentHourIndex(at: now)
        currentHour = hourIndex.map { forecast.hourly[$0] }
        amountHour = forecast.amountHour(at: now)
        conditionsHour = forecast.current.flatMap { current in
            forecast.currentHourIndex(at: current.time).map { forecast.hourly[$0] }
        }
        reading = NowReading(forecast, now: now)
        // Today's range holds the current reading (see `DailyForecast.including`); a UTC day
        // shows the sunrise and sunset of the place's day of its date (`Forecast.sun(onLocalDay:)`).
        let withReading = { (day: DailyForecast) in
            var shown = day.including(forecast.current, clock: forecast.clock)
            if forecast.daysAreUTC, let sun = forecast.sun(onLocalDay: day.date) { shown.sun = sun }
            return shown
        }
        today = forecast.today(at: now).map(withReading)

        let start = hourIndex.map { $0 + 1 } ?? forecast.hourly.firstIndex { $0.time > now } ?? forecast.hourly.count
        let after = forecast.hourly.dropFirst(start)
        // Coarser steps (OpenWeatherMap's 3 hours) list as many as cover the hours asked for.
        let stepHours = max(1, forecast.hourStepSeconds / 3_600)
        hoursAfterNow = after.count * stepHours
        hours = Array(after.prefix(max(0, (hourCount + stepHours - 1) / stepHours)))

        coverage = ForecastCoverage(forecast, now: now)
        let todayDate = local.date
        // A day with nothing for a column (sunrise and sunset alone) is not a row: an empty row
        // of an old OpenWeatherMap reading's date sat above the steps' later days.
        let withValues = forecast.daily.filter(\.hasTableValues)
        let ahead = coverage.isCurrentConditionsOnly ? [] : withValues.filter { $0.date >= todayDate }
        daysFromToday = ahead.count
        let listed = coverage.lastDayBeforeToday == nil ? ahead : withValues
        days = Array(listed.prefix(max(0, dayCount))).map(withReading)
    }
}

extension WeatherPresentation {
    /// How far from now current conditions may be and still be the weather now: 3 hours.
    /// Open-Meteo's `current` is on a 15-minute grid and OpenWeatherMap's current weather is
    /// renewed about every 10 minutes, and wx reuses an answer only until its interval ends:
    /// conditions hours old are an old answer (a recording, a saved answer shown offline, a
    /// station that stopped reporting), over which a day's temperature moves by degrees. Up
    /// to this, `show` gives the conditions' time beside them ("as of …") past 90 minutes.
    package static let conditionsBoundSeconds: Double = 3 * 3_600

    /// How old the current conditions are at `now`, seconds (negative when they are for a time
    /// after now: a clock set before the answer); nil without current conditions.
    package var conditionsAgeSeconds: Double? { current.map { now.timeIntervalSince($0.time) } }

    /// Whether the current conditions are not the weather now: further than
    /// `conditionsBoundSeconds` from now, either way. `show` then says so under its heading
    /// ("conditions from 2021-01-08 13:46, 5 years ago — not now"), and its JSON `current`
    /// carries `not_now`.
    package var conditionsAreNotNow: Bool {
        conditionsAgeSeconds.map { abs($0) > Self.conditionsBoundSeconds } ?? false
    }

    /// Whether the current conditions were taken at night (see `Forecast.isNight(at:isDay:)`).
    package var currentIsNight: Bool? {
        current.flatMap { report.forecast.isNight(at: $0.time, isDay: $0.isDay) }
    }

    /// Whether `hour` starts at night (see `Forecast.isNight(at:isDay:)`).
    package func isNight(_ hour: HourlyForecast) -> Bool? {
        report.forecast.isNight(at: hour.time, isDay: hour.isDay)
    }

    /// `show`: the readings now, 12 hours and 7 days.
    package static func show(_ report: WeatherReport, now: Date) -> Self { Self(report, now: now) }

    /// `hourly N`: N hours after now.
    package static func hourly(_ report: WeatherReport, hours: Int, now: Date) -> Self {
        Self(report, now: now, hours: hours, days: 0)
    }

    /// `daily N`: N days from today.
    package static func daily(_ report: WeatherReport, days: Int, now: Date) -> Self {
        Self(report, now: now, hours: 0, days: days)
    }

    /// `rain`: the heading and its notes only (the outlook is the result's own).
    package static func heading(_ report: WeatherReport, now: Date) -> Self {
        Self(report, now: now, hours: 0, days: 0)
    }
}
