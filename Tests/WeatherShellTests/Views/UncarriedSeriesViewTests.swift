import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// What an answer never carried is left out of `past`, `compare`, `hourly`'s chart and a
/// snapshot's condition, as `show`, `hourly` and `daily` leave it out (fixh): no column of "—",
/// no "rain %" band of nothing, no "unknown" for a condition nobody sent. A value carried as
/// null still shows "—" (case OM-1), and a null code "unknown" (OM-2) in the live views.
@Suite(.tags(.unit)) struct UncarriedSeriesViewTests {
    static let munich = report("munich", "open-meteo-forecast/munich-legacy-current-weather-unixtime-reformatted.json")
    static let delhi = report("delhi", "open-meteo-forecast/delhi-ist-0530-current-hourly24-daily7.json")
    static let kochi = report("kochi", "open-meteo-forecast/kochi-ist-0530-current-weather-daily-3d.json")
    /// The demo's recorded instants (Fixtures/demo/places.json).
    static let munichNow = instant("2026-02-07T15:15:00Z")
    static let delhiNow = instant("2024-03-18T03:00:00Z")
    static let kochiNow = instant("2023-10-06T05:00:00Z")

    static func report(_ name: String, _ file: String) -> WeatherReport {
        let place = Recorded.places("demo/nominatim-search-\(name)-hand-written.json")[0]
        return WeatherReport(
            place: place, forecast: Recorded.forecast(file, at: place.coordinate), origin: .network)
    }

    static func instant(_ iso: String) -> Date { ISOTime.parse(iso)! }

    static func render(_ result: CommandResult, now: Date, recorded: [Coordinate: Date] = [:]) -> String {
        var context = RenderContext(units: .metric, now: now, colour: false, unicode: true, width: 80)
        if !recorded.isEmpty { context.recordedNow = { recorded[$0] } }
        return TextRenderer.render(result, context: context)
    }

    // MARK: - hourly's chart

    /// Delhi's and Munich's hours have no `precipitation_probability`: no "rain %" band under
    /// the temperature (it was two rows of nothing).
    @Test func hourlyDrawsNoRainBandForAChanceNotCarried() {
        for (report, now) in [(Self.delhi, Self.delhiNow), (Self.munich, Self.munichNow)] {
            let text = Self.render(.hourly(report, hours: 6), now: now)
            #expect(text.contains("°C ┤"), "\(text)")  // the chart is there
            #expect(!text.contains("rain %"), "\(text)")
        }
    }

    /// Where the chance is carried (as Berlin's is) and some hour's is drawn, the band stays
    /// (Berlin's first 6 hours are all 0 %: no band there, RenderFindingsTests).
    @Test func hourlyKeepsTheRainBandWhereTheChanceIsCarried() {
        let text = Self.render(.hourly(TextFitTests.berlin, hours: 24), now: TextFitTests.berlinNow)
        #expect(text.contains("rain % ┤"), "\(text)")
    }

    // MARK: - past

    /// A past answer whose hours carry the temperature and wind alone, and whose days carry no
    /// `weather_code` nor wind: 14 and 15 July 2024, at UTC.
    static func past(days: Int) throws -> PastReport {
        let start = 1_720_915_200  // 2024-07-14T00:00Z
        let hours = (0..<3).map { start + $0 * 3_600 }
        let dayTimes = (0..<days).map { start + $0 * 86_400 }
        func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }
        let body = """
            {"latitude":53.55,"longitude":10.0,"utc_offset_seconds":0,"timezone":"GMT",
             "hourly":{"time":[\(list(hours))],"temperature_2m":[18.1,17.6,17.2],
               "wind_speed_10m":[9.0,8.3,7.9],"wind_direction_10m":[250,245,240],"is_day":[0,0,0]},
             "daily":{"time":[\(list(dayTimes))],"temperature_2m_max":\(Array(repeating: 24.5, count: days)),
               "temperature_2m_min":\(Array(repeating: 15.5, count: days)),
               "temperature_2m_mean":\(Array(repeating: 19.9, count: days)),
               "precipitation_sum":\(Array(repeating: 0.4, count: days)),
               "sunshine_duration":\(Array(repeating: 30_000, count: days))}}
            """
        let first = LocalDate(iso: "2024-07-14")!
        let last = CivilCalendar.date(fromDays: first.dayNumber + days - 1)
        let weather = try OpenMeteoPastProvider.past(
            from: JSONValue.parse(Data(body.utf8)), requested: Coordinate(latitude: 53.55, longitude: 10.0),
            days: first...last, source: .archive)
        return PastReport(place: Self.munich.place, weather: weather, origin: .network)
    }

    /// `past`'s hour table has no feels-like, amount nor condition column for series the
    /// answer does not carry, and the day's summary no "unknown".
    @Test func pastHoursLeaveOutWhatTheAnswerDoesNotCarry() throws {
        let text = Self.render(.past(try Self.past(days: 1)), now: Self.instant("2024-08-01T12:00:00Z"))
        let header = text.split(separator: "\n").first { $0.contains("time") }
        #expect(header.map(String.init) == "  time           °C  wind", "\(text)")
        #expect(!text.contains("unknown") && !text.contains("feels"), "\(text)")
        #expect(text.contains("sunshine 8 h 20 min"), "\(text)")
    }

    /// `past`'s day table: no condition column and no wind column when neither is carried.
    @Test func pastDaysLeaveOutWhatTheAnswerDoesNotCarry() throws {
        let text = Self.render(.past(try Self.past(days: 2)), now: Self.instant("2024-08-01T12:00:00Z"))
        let header = text.split(separator: "\n").first { $0.contains("day") && $0.contains("low") }
        #expect(header.map(String.init) == "  day          low °C high °C mean °C     mm  sun h", "\(text)")
        #expect(!text.contains("unknown") && !text.contains("condition"), "\(text)")
    }

    // MARK: - compare

    /// Delhi carries neither a condition nor a chance of rain: `compare` has no such columns
    /// (its wind is carried, so that column stays).
    @Test func compareLeavesOutColumnsNoPlaceCarries() {
        let text = Self.render(.comparison([Self.delhi], missing: []), now: Self.delhiNow)
        let header = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasPrefix("  place"), "\(text)")
        #expect(!header.contains("condition") && !header.contains("rain"), "\(text)")
        #expect(header.contains("wind"), "\(text)")
        #expect(!text.contains("unknown"), "\(text)")
    }

    /// Beside a place that carries them (Munich's condition, Kochi's chance), a place that
    /// does not shows "—" in that column.
    @Test func compareShowsADashWhereAnotherPlaceCarriesTheColumn() {
        let recorded = [
            Self.delhi.place.coordinate: Self.delhiNow, Self.munich.place.coordinate: Self.munichNow,
            Self.kochi.place.coordinate: Self.kochiNow,
        ]
        let text = Self.render(
            .comparison([Self.munich, Self.delhi, Self.kochi], missing: []), now: Self.delhiNow, recorded: recorded)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("condition") == true && lines.first?.contains("rain") == true, "\(text)")
        let delhi = lines.first { $0.hasPrefix("  Delhi") } ?? ""
        #expect(delhi.contains("—"), "\(text)")
        #expect(!text.contains("unknown"), "\(text)")
    }

    // MARK: - snapshots

    /// A snapshot kept without a code (its forecast may have carried none) says "—", not
    /// "unknown", in `saved N` and in the list.
    @Test func aSnapshotWithoutACodeSaysNoConditionRatherThanUnknown() {
        let snapshot = ExportFormatTests.snapshots[1]
        #expect(snapshot.reading.weatherCode == nil)
        let saved = Self.render(
            .snapshot(snapshot, ForecastOutcome(kept: false, days: [], source: nil, problem: nil)), now: Self.delhiNow)
        #expect(saved.contains("  condition     —\n"), "\(saved)")
        let list = Self.render(.snapshots([snapshot]), now: Self.delhiNow)
        #expect(!saved.contains("unknown") && !list.contains("unknown"), "\(saved)\(list)")
    }
}
