import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial: `units imperial; models 2 Berlin` showed "0.008" (0.2 mm) over "0.00" (0.1 mm) in one
/// model's column; a daily user then saw GFS's "0.004" beside "0.00" in the next column. The
/// table has one precision, the most any of its amounts needs, and an amount above 0 is never
/// shown as 0: 0.1 mm is 0.0039 in, "0.004". Expected inches: mm / 25.4, rounded as Python's
/// "%.3f" gives them (0.2 → 0.008, 0.1 → 0.004, 1.2 → 0.047, 0 → 0.000).
@Suite(.tags(.unit)) struct ModelsColumnPrecisionTests {
    @Test func theModelsTableHasOnePrecision() throws {
        let models: [ForecastModel] = [.ecmwfIFS025, .gfsSeamless]
        let amounts: [[Double]] = [[0.2, 1.2], [0.1, 0]]
        let days = amounts.enumerated().map { index, values in
            ModelDay(
                date: LocalDate(year: 2025, month: 7, day: 27 + index),
                values: values.map {
                    ModelDayValues(
                        temperatureMaxCelsius: 24, temperatureMinCelsius: 16, precipitationSumMillimetres: $0)
                })
        }
        let berlin = Place(
            name: "Berlin", region: "Deutschland", countryCode: "de",
            coordinate: Coordinate(latitude: 52.52, longitude: 13.41), displayName: "Berlin")
        let comparison = ModelComparison(
            coordinate: berlin.coordinate,
            zone: ZoneInfo(identifier: "Europe/Berlin", abbreviation: "CEST", utcOffsetSeconds: 7200), models: models,
            days: days)
        let context = RenderContext(
            units: .imperial, now: Date(timeIntervalSince1970: 1_753_600_000), colour: false, unicode: true, width: 100)
        let text = TextRenderer.render(
            .models(ModelsReport(place: berlin, comparison: comparison, days: days, origin: .network)), context: context
        )
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("  Sun 27 Jul") || $0.hasPrefix("  Mon 28 Jul") }
        try #require(rows.count == 2, "\(text)")
        // ECMWF IFS: 0.2 and 0.1 mm, three decimals; GFS: 1.2 and 0 mm at the same three.
        #expect(rows[0].contains(" 0.008 ") && rows[1].contains(" 0.004 "), "\(text)")
        #expect(!rows.contains { $0.contains(" 0.00 ") }, "\(text)")
        #expect(rows[0].hasSuffix(" 0.047") && rows[1].hasSuffix(" 0.000"), "\(text)")
    }

    @Test func anAmountAboveZeroIsNotShownAsZero() {
        let imperial = ValueFormatter(units: .imperial)
        #expect(TextRenderer.modelAmountValue(0.1, format: imperial) == "0.004")
        #expect(TextRenderer.modelAmountDecimals(0.1, format: imperial) == 3)
        #expect(TextRenderer.modelAmountDecimals(0, format: imperial) == 2)
    }
}
