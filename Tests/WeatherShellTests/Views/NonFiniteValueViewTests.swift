import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Issue 38, item 2: every numeric formatting path is total. The providers refuse answers with
/// impossible values, but a view must not trap whatever reaches it: each view here is fed NaN,
/// ±infinity and ±1e308 in every value it reads, as text and as JSON. Before the issue,
/// `drift`'s bar (`Int(NaN)`) and the chart's heights trapped and ended the process — so the
/// test passing at all is its assertion, and the JSON must stay parseable (no `nan` token).
@Suite(.tags(.unit)) struct NonFiniteValueViewTests {
    static let now = ISOTime.parse("2026-12-01T07:10:00Z")!
    static let zone = ZoneInfo(identifier: "Europe/Berlin", abbreviation: "CET", utcOffsetSeconds: 3_600)
    static let place = Place(
        name: "Hamburg", region: "Deutschland", countryCode: "de",
        coordinate: Coordinate(latitude: 53.5413, longitude: 9.9842), displayName: "Hamburg, Deutschland")
    static let hostile: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, 0x1p63, -0x1p63]

    var context: RenderContext { RenderContext(units: .metric, now: Self.now, colour: false, unicode: true) }

    /// A forecast whose every value is `value` (and its neighbours the other hostile values).
    func forecast(_ index: Int) -> Forecast {
        func value(_ offset: Int) -> Double { Self.hostile[(index + offset) % Self.hostile.count] }
        var forecast = Forecast(coordinate: Self.place.coordinate, zone: Self.zone, source: .openMeteo)
        var current = CurrentConditions(time: Self.now.addingTimeInterval(-600))
        current.temperatureCelsius = value(0)
        current.apparentTemperatureCelsius = value(1)
        current.relativeHumidityPercent = value(2)
        current.dewPointCelsius = value(3)
        current.pressureHectopascals = value(4)
        current.cloudCoverPercent = value(5)
        current.visibilityMetres = value(6)
        current.uvIndex = value(0)
        current.windSpeedKilometresPerHour = value(1)
        current.windGustsKilometresPerHour = value(2)
        current.windDirectionDegrees = value(3)
        current.precipitationMillimetres = value(4)
        forecast.current = current
        forecast.hourly = (0..<48).map { hour in
            var entry = HourlyForecast(time: Self.now.addingTimeInterval(Double(hour * 3_600 - 600)))
            entry.temperatureCelsius = value(hour)
            entry.apparentTemperatureCelsius = value(hour + 1)
            entry.relativeHumidityPercent = value(hour + 2)
            entry.dewPointCelsius = value(hour + 3)
            entry.precipitationProbabilityPercent = value(hour + 4)
            entry.precipitationMillimetres = value(hour + 5)
            entry.windSpeedKilometresPerHour = value(hour + 6)
            entry.windGustsKilometresPerHour = value(hour)
            entry.windDirectionDegrees = value(hour + 1)
            entry.pressureHectopascals = value(hour + 2)
            entry.cloudCoverPercent = value(hour + 3)
            entry.visibilityMetres = value(hour + 4)
            entry.uvIndex = value(hour + 5)
            return entry
        }
        forecast.daily = (0..<7).map { day in
            var entry = DailyForecast(date: LocalDate(year: 2026, month: 12, day: 1 + day))
            entry.temperatureMaxCelsius = value(day)
            entry.temperatureMinCelsius = value(day + 1)
            entry.precipitationSumMillimetres = value(day + 2)
            entry.precipitationProbabilityMaxPercent = value(day + 3)
            entry.daylightDurationSeconds = value(day + 4)
            entry.windSpeedMaxKilometresPerHour = value(day + 5)
            entry.windGustsMaxKilometresPerHour = value(day + 6)
            entry.windDirectionDominantDegrees = value(day)
            entry.uvIndexMax = value(day + 1)
            return entry
        }
        return forecast
    }

    func ensemble(_ index: Int) -> EnsembleForecast {
        let times = (0..<72).map { Self.now.addingTimeInterval(Double($0 * 3_600)) }
        let members: [[Double?]] = (0..<5).map { member in
            times.indices.map { Self.hostile[(index + member + $0) % Self.hostile.count] }
        }
        return EnsembleForecast(
            model: .ecmwfIFS025, coordinate: Self.place.coordinate, zone: Self.zone, times: times,
            temperatureMembers: members, precipitationMembers: members)
    }

    func expectTotal(_ result: CommandResult, _ what: String) throws {
        for unicode in [true, false] {
            var context = context
            context.unicode = unicode
            for units in [UnitPreferences.metric, .imperial] {
                context.units = units
                let text = TextRenderer.render(result, context: context)
                #expect(!text.isEmpty, "\(what)")
                let json = JSONRenderer.render(result, context: context)
                #expect(
                    (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(what): \(json.prefix(200))")
            }
        }
    }

    @Test(arguments: 0..<hostile.count) func everyViewOfTheWeatherIsTotal(_ index: Int) throws {
        let report = WeatherReport(
            place: Self.place, forecast: forecast(index), origin: .network, ensemble: ensemble(index))
        try expectTotal(.weather(report), "show")
        try expectTotal(.hourly(report, hours: 48), "hourly")
        try expectTotal(.daily(report, days: 7), "daily")
        try expectTotal(.rain(report, nil), "rain")
        try expectTotal(.comparison([report, report], missing: []), "compare")
    }

    @Test(arguments: 0..<hostile.count) func driftConfidenceAndModelsAreTotal(_ index: Int) throws {
        let value = { (offset: Int) in Self.hostile[(index + offset) % Self.hostile.count] }
        let date = LocalDate(year: 2026, month: 12, day: 2)
        let rows = (0...7).reversed().map { lead in
            DriftRow(
                day: RunDay(
                    date: date, lead: lead, temperatureMaxCelsius: value(lead), temperatureMinCelsius: value(lead + 1),
                    precipitationSumMillimetres: value(lead + 2)), repeatsNewerRun: false)
        }
        try expectTotal(
            .drift(
                DriftReport(
                    place: Self.place, date: date, today: LocalDate(year: 2026, month: 12, day: 1), rows: rows,
                    origin: .network)), "drift")
        // The bar alone, on the scale that trapped: +1e308 beside −1e308.
        for value in Self.hostile + [0] {
            #expect(TextRenderer.bar(value, among: [1e308, -1e308, 20], unicode: true).count <= 10)
        }

        let ensemble = ensemble(index)
        try expectTotal(
            .confidence(
                ConfidenceReport(
                    place: Self.place, ensemble: ensemble, days: ensemble.days, requestedDays: 3, origin: .network)),
            "confidence")

        let models: [ForecastModel] = [.ecmwfIFS025, .gfsSeamless]
        let days = (0..<3).map { day in
            ModelDay(
                date: LocalDate(year: 2026, month: 12, day: 1 + day),
                values: models.indices.map { model in
                    ModelDayValues(
                        temperatureMaxCelsius: value(day + model), temperatureMinCelsius: value(day + model + 1),
                        precipitationSumMillimetres: value(day + model + 2), weatherCode: 3)
                })
        }
        let comparison = ModelComparison(
            coordinate: Self.place.coordinate, zone: Self.zone, models: models, days: days)
        try expectTotal(
            .models(ModelsReport(place: Self.place, comparison: comparison, days: days, origin: .network)), "models")
    }

    @Test func integerConversionIsSaturating() {
        #expect(Int.saturating(.nan) == 0)
        #expect(Int.saturating(.infinity) == .max)
        #expect(Int.saturating(-.infinity) == .min)
        #expect(Int.saturating(1e308) == .max)
        #expect(Int.saturating(-7.9) == -7)
        #expect(Int.saturating(1e308, in: 0...9) == 9)
        #expect(Int.saturating(.nan, in: 1...9) == 1)
        #expect(ValueFormatter.age(seconds: .infinity) != "")
        #expect(TimeWords.roughSpan(seconds: -.infinity) != "")
    }
}
