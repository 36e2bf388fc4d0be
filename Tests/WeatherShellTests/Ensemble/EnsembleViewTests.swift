import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// The ensemble where another view has it at hand: `show`'s line and `hourly`'s band, from a
/// report that carries a cached ensemble. Figures from Fixtures/open-meteo-ensemble/generate.py.
@Suite(.tags(.unit)) struct EnsembleViewTests {
    static let now = ISOTime.parse("2026-12-01T07:10:00Z")!
    static let zone = ZoneInfo(identifier: "Europe/Berlin", abbreviation: "CET", utcOffsetSeconds: 3_600)
    static let place = Place(
        name: "Hamburg", region: "Deutschland", countryCode: "de",
        coordinate: Coordinate(latitude: 53.5413, longitude: 9.9842), displayName: "Hamburg, Deutschland")

    func report(ensemble: Bool) throws -> WeatherReport {
        var forecast = Forecast(coordinate: Self.place.coordinate, zone: Self.zone, source: .openMeteo)
        forecast.hourly = (0..<14).map { index in
            var hour = HourlyForecast(time: Self.now.addingTimeInterval(Double(index * 3_600 - 600)))
            hour.temperatureCelsius = 3 + Double(index)
            return hour
        }
        var current = CurrentConditions(time: ISOTime.parse("2026-12-01T07:00:00Z")!)
        current.temperatureCelsius = 3
        forecast.current = current
        let members = try OpenMeteoEnsembleProvider.ensemble(
            from: try JSONValue.parse(
                JSONValue.nullingNonNumbers(
                    TestPaths.fixture("open-meteo-ensemble/hamburg-ecmwf-ifs025-51-members-hand-written.json"))),
            requested: Self.place.coordinate, model: .ecmwfIFS025)
        return WeatherReport(
            place: Self.place, forecast: forecast, origin: .network, ensemble: ensemble ? members : nil)
    }

    var context: RenderContext { RenderContext(units: .metric, now: Self.now, colour: false, unicode: true) }

    /// Trial 9: `show` grew a line once `confidence` had cached the ensemble. Its text is the
    /// same with or without one, and names `confidence` instead; JSON still carries it.
    @Test func showsTextIsTheSameWithOrWithoutAnEnsembleAtHandAndJSONCarriesIt() throws {
        let text = TextRenderer.render(.weather(try report(ensemble: true)), context: context)
        #expect(!text.contains("members"))
        #expect(text == TextRenderer.render(.weather(try report(ensemble: false)), context: context))
        #expect(text.hasSuffix("\n  see also: “normal” (usual for the date), “confidence” (how sure)\n"))
        let json = JSONRenderer.render(.weather(try report(ensemble: true)), context: context)
        #expect(
            json.contains(
                #""ensemble_tomorrow":{"date":"2026-12-02","model":"ecmwf_ifs025","rain_threshold_millimetres":1,"rain_members":19,"rain_of_members":51"#
            ))
        #expect(
            JSONRenderer.render(.weather(try report(ensemble: false)), context: context).contains(
                #""ensemble_tomorrow":null"#))
    }

    @Test func hourlyGainsTheBandForTheHoursShown() throws {
        let text = TextRenderer.render(.hourly(try report(ensemble: true), hours: 6), context: context)
        // 09:00–14:00 CET; p90 3.4 4.4 5.4 6.2 6.9 7.3, shown whole.
        #expect(text.contains("\n  ensemble band from “confidence”: ECMWF IFS ENS, 51 members, °C by percentile\n"))
        #expect(text.contains("\n  p90         3    4    5    6    7    7\n"))
        #expect(text.contains("\n  p10         3    4    5    5    6"))
        let document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(JSONRenderer.render(.hourly(try report(ensemble: true), hours: 6), context: context).utf8))
                as? [String: Any])
        let band = try #require(document["ensemble_hours"] as? [[String: Any]])
        #expect(band.count == 6)
        #expect(band.first?["time"] as? String == "2026-12-01T08:00:00Z")
        #expect(band.map { $0["temperature_p10_celsius"] as? Double } == [2.6, 3.6, 4.6, 5.4, 6.1, 6.5])
        #expect(band.map { $0["temperature_median_celsius"] as? Double } == [3.0, 4.0, 5.0, 5.8, 6.5, 6.9])
        #expect(band.map { $0["temperature_p90_celsius"] as? Double } == [3.4, 4.4, 5.4, 6.2, 6.9, 7.3])
        #expect(band.allSatisfy { $0["members"] as? Int == 51 })
        let plain = TextRenderer.render(.hourly(try report(ensemble: false), hours: 6), context: context)
        #expect(!plain.contains("ensemble"))
    }
}
