import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Issue 23, kind 9 (the calendar): 29 February has a normal of its own, from the leap years
/// of 1991–2020, and `normal` on and around it says how many years that is.
@Suite(.tags(.unit)) struct LeapDayNormalTests {
    /// Hand-written: every day of 1991–2020 at 0 °C but 29 February at 56 °C. 29 February's
    /// window holds only the 8 leap years' days around it (56 values: 8 × 56 / 56 = 8 °C); the
    /// old slot windows mixed it with every year's 26 February…3 March (448 / 188 = 2.38 °C).
    /// 28 February reaches 3 real days either side in every year: 448 / 210 = 2.13 °C.
    @Test func leapDayRestsOnTheLeapYearsAlone() {
        let first = LocalDate(year: 1991, month: 1, day: 1).dayNumber
        let last = LocalDate(year: 2020, month: 12, day: 31).dayNumber
        let dates = (first...last).map { CivilCalendar.date(fromDays: $0) }
        let values: [Double?] = dates.map { $0.month == 2 && $0.day == 29 ? 56 : 0 }
        let climatology = Climatology.reduce(
            dates: dates, maximum: values, minimum: values, precipitation: values.map { _ in 0 })
        #expect(climatology.normal(for: LocalDate(year: 2028, month: 2, day: 29)).temperatureMaxMeanCelsius == 8)
        // Unrounded: a view rounds once.
        for day in [28, 3] {
            let date = LocalDate(year: 2027, month: day == 28 ? 2 : 3, day: day)
            #expect(abs((climatology.normal(for: date).temperatureMaxMeanCelsius ?? 0) - 448.0 / 210) < 1e-9)
        }
        #expect(climatology.normal(for: LocalDate(year: 2027, month: 3, day: 4)).temperatureMaxMeanCelsius == 0)
        #expect(Climatology.years(of: LocalDate(year: 2028, month: 2, day: 29)) == 8)
        #expect(Climatology.years(of: LocalDate(year: 2028, month: 2, day: 28)) == 30)
    }

    /// `normal` for Hamburg, seven days from `first`, from the Hamburg thirty-year answer.
    static func hamburgNormals(from first: LocalDate) throws -> NormalReport {
        let climatology = try OpenMeteoPastProvider.climatology(
            from: JSONValue.parse(
                TestPaths.fixture("open-meteo-archive/hamburg-1991-2020-daily-max-min-precipitation.json")),
            requested: Coordinate(latitude: 53.54, longitude: 10.0))
        return NormalReport(
            place: Place(
                name: "Hamburg", region: "Hamburg", countryCode: "de",
                coordinate: Coordinate(latitude: 53.54, longitude: 10.0), displayName: "Hamburg"),
            climatology: climatology, days: (0..<7).map { CivilCalendar.date(fromDays: first.dayNumber + $0) },
            origin: .network)
    }

    /// `normal` with today on 29 February 2028, from the Hamburg thirty-year answer (written
    /// by Fixtures/open-meteo-archive/generate.py): 29 February's high is the mean of the 56
    /// leap-year days around it, 6.43 °C; the text says it rests on 8 years, JSON too.
    @Test func normalOnTheTwentyNinthOfFebruary() throws {
        let report = try Self.hamburgNormals(from: LocalDate(year: 2028, month: 2, day: 27))
        let climatology = report.climatology
        let days = report.days
        // Unrounded (6.4268 and 6.6990 °C): the text rounds once.
        #expect(abs((climatology.normal(for: days[2]).temperatureMaxMeanCelsius ?? 0) - 6.4268) < 5e-5)
        #expect(abs((climatology.normal(for: days[1]).temperatureMaxMeanCelsius ?? 0) - 6.6990) < 5e-5)
        let context = RenderContext(
            units: .metric, now: Date(timeIntervalSince1970: 1_835_438_400), colour: false, unicode: true)
        let text = TextRenderer.render(.normal(report), context: context)
        #expect(text.contains("  Tue 29 Feb "), "\(text)")
        #expect(text.contains("6.4"), "\(text)")
        #expect(text.contains("Tue 29 Feb: from the 8 leap years of 1991–2020"), "\(text)")
        let document = JSONRenderer.render(.normal(report), context: context)
        #expect(document.contains(#"{"date":"2028-02-29","years":8,"#), "\(document)")
        #expect(document.contains(#"{"date":"2028-02-28","years":30,"#), "\(document)")
    }

    /// Trial 6: at 40 columns `normal` leaves out its “rain days” column but still explained
    /// it; the footnote now goes with the column.
    @Test(arguments: [40, 80])
    func rainDaysAreExplainedOnlyWhenShown(width: Int) throws {
        let report = try Self.hamburgNormals(from: LocalDate(year: 2028, month: 3, day: 7))
        let lines = TrustViewWidthTests.render(.normal(report), width: width)
        let header = try #require(lines.first { $0.hasPrefix("  day") })
        let text = lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        #expect(header.contains("rain days") == (width == 80), "\(header)")
        #expect(text.contains("rain days: the share of those days with at least 1 mm") == (width == 80), "\(lines)")
        #expect(text.contains("from Open-Meteo’s archive (ERA5)"))
    }
}
