import WXBasics
import WeatherKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The weather that was: `past` (days gone by) and `normal` (the 1991–2020 normals).
extension WeatherSession {
    /// How many days `normal` shows, from today.
    nonisolated static let normalDays = 7

    /// The date today in UTC: relative dates (`yesterday`, `-3`) count from it, and it decides
    /// which service has a past day.
    var todayUTC: LocalDate { ZoneClock.fixed(Int(now().timeIntervalSince1970), offset: 0, abbreviation: nil).date }

    /// `past DATE[..DATE] [place]`: one request (none when cached) to the archive or, for the
    /// last days, the forecast API.
    ///
    /// - Throws: `ShellError.usage` for days before 1940-01-01, today or later, a range running
    ///   backwards or longer than 31 days; `.service` for the service's own errors.
    func past(_ days: PastDays, _ target: String?) async throws(ShellError) -> [CommandResult] {
        guard let provider = services.past else { throw .noService("archive") }
        let today = todayUTC
        let first = days.first.resolved(today: today)
        let last = days.last?.resolved(today: today) ?? first
        guard first <= last else {
            throw .usage("a range of days runs forward: \(last.iso)..\(first.iso), not \(first.iso)..\(last.iso)")
        }
        guard first >= PastSource.firstDay else {
            throw .usage("Open-Meteo’s archive starts on 1940-01-01: no weather for \(first.iso)")
        }
        guard last < today else {
            throw .usage(
                last == today
                    ? "today (\(today.iso), UTC) is not over: “show” and “hourly” have it"
                    : "\(last.iso) has not happened yet: “past” is for days before today (\(today.iso), UTC)")
        }
        let count = last.dayNumber - first.dayNumber + 1
        guard count <= PastDays.maximumDays else {
            throw .usage("“past” shows at most \(PastDays.maximumDays) days at once, not \(count)")
        }
        let resolved = try await resolve(target)
        let fetched: Fetched<PastWeather>
        do {
            fetched = try await provider.past(
                at: resolved.place.coordinate, days: first...last,
                source: PastSource.choose(for: first...last, today: today), hours: count == 1)
        } catch {
            throw Self.shellError(error)
        }
        commit(resolved)
        return resolved.notices + [
            .past(PastReport(place: resolved.place, weather: fetched.value, origin: fetched.origin))
        ]
    }

    /// `normal [place]`: the normals for the next days; one archive request the first time for
    /// a place, none after.
    func normal(_ target: String?) async throws(ShellError) -> [CommandResult] {
        guard let provider = services.past else { throw .noService("archive") }
        let resolved = try await resolve(target)
        let fetched: Fetched<Climatology>
        do {
            fetched = try await provider.normals(at: resolved.place.coordinate)
        } catch {
            throw Self.shellError(error)
        }
        commit(resolved)
        // The place's today when its forecast is at hand, else today in UTC.
        let today =
            lastWeather.flatMap { report in
                report.place.coordinate == resolved.place.coordinate
                    ? report.forecast.clock.localTime(now()).date : nil
            } ?? todayUTC
        let days = (0..<Self.normalDays).map { CivilCalendar.date(fromDays: today.dayNumber + $0) }
        return resolved.notices + [
            .normal(NormalReport(place: resolved.place, climatology: fetched.value, days: days, origin: fetched.origin))
        ]
    }
}
