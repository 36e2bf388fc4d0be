import FoundationEssentials
import WXBasics
import WeatherKit

/// `line`: the weather now as one line for a status bar. Given only `show`'s handler (its place
/// resolver holds the current location and the favorites); its place and report are applied as
/// `show`'s are.
@MainActor
struct LineHandler {
    let weather: WeatherHandler

    /// The weather for `request`'s place — the current location without one, else the first
    /// favorite — from the cache while it is current (no request), else one request, as `show`.
    /// The warning feeds are not asked, and notes on the way (which geocoder answered) are left
    /// out: a bar shows one line. A name looked up while favorites could not be read is said,
    /// on stderr.
    ///
    /// - Throws: `ShellError.notApplicable` when no place is given, current or saved;
    ///   `.notInAnswer` when the forecast at hand does not cover now (`notNow`).
    func statusLine(_ request: StatusLineRequest) async throws(ShellError) -> HandlerOutcome {
        var target = request.place
        if target == nil, weather.places.currentPlace == nil {
            guard let first = weather.places.favorites.first else {
                throw .notApplicable("no place for the line: give one (“line Hamburg”) or save a favorite (“fav”)")
            }
            target = first.name
        }
        // Save one: a name looked up while favorites could not be read may be one of them, and
        // is said on stderr (the bar still gets its one line), never answered for silently.
        var lookedUp: [CommandResult] = []
        if let target, let why = weather.places.favoritesUnread, try weather.places.isNameToLookUp(target) {
            lookedUp = [.warning(PlaceResolver.lookedUpInstead(target, why))]
        }
        var fetched = try await weather.weather(for: target)
        let report = fetched.report
        // The place still becomes current when the line has nothing for now.
        if let notNow = Self.notNow(report, now: weather.clocks.now(at: report.place.coordinate)) {
            return fetched.failing(.notInAnswer(notNow))
        }
        fetched.outcome.results =
            lookedUp + [.statusLine(StatusLineReport(report: report, format: request.format, json: request.json))]
        return fetched.outcome
    }

    /// Why `report` has nothing for a status bar at `now`: its hours do not reach now, or it
    /// has neither current conditions nor an hour containing now ("the saved forecast for
    /// Hamburg covers 2025-07-27 to 2025-08-02, not now"), or its conditions are further from
    /// now than `WeatherPresentation.conditionsBoundSeconds` and no hour contains now; nil
    /// when it has a reading for now.
    /// Trial 10: `wx --offline line` on an old cache printed "— — —" and exited 0, a bar's
    /// dashes read as the weather now, where `show` says "this forecast covers …, not now".
    nonisolated static func notNow(_ report: WeatherReport, now: Date) -> String? {
        let forecast = report.forecast
        let whose: String
        if case .network = report.origin {
            whose = "\(forecast.source.displayName)’s answer for \(report.place.name)"
        } else {
            whose = "the saved forecast for \(report.place.name)"
        }
        let clock = forecast.clock
        let covered = ForecastCoverage(forecast, now: now).hoursNotNow == nil
        let reading = NowReading(forecast, now: now)
        // Conditions hours from now, with no hour of the forecast for now (an answer of current
        // conditions alone), are not the weather now (trial 15: OpenWeatherMap's 2021 reading).
        if covered, let reading, reading.isCurrentConditions, forecast.currentHourIndex(at: now) == nil,
            abs(now.timeIntervalSince(reading.time)) > WeatherPresentation.conditionsBoundSeconds
        {
            let local = clock.localTime(reading.time)
            let span = TimeWords.roughSpan(seconds: now.timeIntervalSince(reading.time))
            let side = now >= reading.time ? "ago" : "after now"
            return "\(whose) has conditions from \(local.date.iso), \(span) \(side), not now: nothing for the line"
        }
        guard !covered || reading == nil else { return nil }
        // The days of the data (`Forecast.dataDays`), as `show`'s "this forecast covers" names them.
        guard !forecast.hourly.isEmpty, let days = forecast.dataDays else {
            return "\(whose) has no reading for now: nothing for the line"
        }
        let (from, to) = (days.lowerBound, days.upperBound)
        let span = from == to ? from.iso : "\(from.iso) to \(to.iso)"
        return "\(whose) covers \(span), not now: nothing for the line"
    }
}
