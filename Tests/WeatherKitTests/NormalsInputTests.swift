import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

/// Issue 22 item 8: `normal` rests on all thirty years of 1991–2020 and on values that are
/// temperatures. On the old code three days of one year, or `1e308` (whose sums overflow), were reduced into
/// "normals 1991–2020" (the latter printed as `inf`).
@Suite(.tags(.unit)) struct NormalsInputTests {
    static let hamburg = Coordinate(latitude: 53.55, longitude: 9.99)

    /// An archive answer with the given days (ISO dates) and one value each.
    func answer(_ days: [String], maximum: String = "20.0") -> JSONValue {
        let times = days.map { "\"\($0)\"" }.joined(separator: ",")
        let values = Array(repeating: maximum, count: days.count).joined(separator: ",")
        let text =
            #"{"daily_units":{"temperature_2m_max":"°C","temperature_2m_min":"°C","precipitation_sum":"mm"},"#
            + #""daily":{"time":[\#(times)],"temperature_2m_max":[\#(values)],"temperature_2m_min":[\#(values)],"#
            + #""precipitation_sum":[\#(Array(repeating: "0.0", count: days.count).joined(separator: ","))]}}"#
        return try! JSONValue.parse(Data(text.utf8))
    }

    @Test func threeDaysOfOneYearAreNoNormal() {
        #expect(
            throws: ServiceError.malformedResponse(
                .openMeteoArchive,
                detail: "values for 1 of the 30 years 1991–2020; a normal rests on all 30, so none is shown")
        ) {
            try OpenMeteoPastProvider.climatology(
                from: answer(["2020-07-01", "2020-07-02", "2020-07-03"]), requested: Self.hamburg)
        }
    }

    /// A day repeated in the thirty years would count twice in its calendar day's normal: the
    /// answer is refused as any Open-Meteo series out of order is (trial 57).
    @Test func aRepeatedDayIsRefused() {
        let days = (1991...2020).map { "\($0)-07-01" } + ["2020-07-01"]
        #expect(
            throws: ServiceError.malformedResponse(
                .openMeteoArchive, detail: "daily.time[30] 2020-07-01 is not after 2020-07-01 before it")
        ) {
            try OpenMeteoPastProvider.climatology(from: answer(days), requested: Self.hamburg)
        }
    }

    @Test func aValueThatIsNoTemperatureIsRefused() {
        let days = (1991...2020).map { "\($0)-07-01" }
        #expect(
            throws: ServiceError.malformedResponse(
                .openMeteoArchive, detail: "a daily temperature of 1e+308 °C, which is no temperature")
        ) {
            try OpenMeteoPastProvider.climatology(from: answer(days, maximum: "1e308"), requested: Self.hamburg)
        }
        // The same thirty days with ordinary values make normals.
        let normals = try? OpenMeteoPastProvider.climatology(from: answer(days), requested: Self.hamburg)
        #expect(normals?.normal(for: LocalDate(year: 2026, month: 7, day: 1)).temperatureMaxMeanCelsius == 20)
    }
}
