import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Issue 37 item 1: `drift` dates each row by the run it really is, never after the place's
/// today, and marks the rows for which no run that old exists yet — in every whole-hour zone
/// from UTC−11 to UTC+14, for today, tomorrow, 2–7 days ahead and days past, whether the service
/// fills such hours with the newest run's values or leaves them empty. The expected rows are
/// Fixtures/open-meteo-previous-runs/drift_dating_expected.py's, worked out from Open-Meteo's
/// documented rule without wx's code.
@Suite(.tags(.unit)) struct DriftDatingTests {
    struct Case: Decodable, CustomTestStringConvertible {
        struct Row: Decodable {
            var lead: Int
            var issued: String?
            var noRunThatOld: Bool
            enum CodingKeys: String, CodingKey {
                case lead, issued
                case noRunThatOld = "no_run_that_old"
            }
        }
        var utcOffsetHours: Int
        var name: String
        var today: String
        var date: String
        var fill: String
        var columns: [String: String]
        var rows: [Row]
        var changeOverDays: Int
        enum CodingKeys: String, CodingKey {
            case today, date, fill, columns, rows
            case utcOffsetHours = "utc_offset_hours"
            case name = "case"
            case changeOverDays = "change_over_days"
        }
        var testDescription: String { "UTC\(utcOffsetHours >= 0 ? "+" : "")\(utcOffsetHours) \(name) (\(fill))" }
    }
    struct Expected: Decodable {
        var now: String
        var cases: [Case]
    }

    static let expected = try! JSONDecoder().decode(
        Expected.self, from: TestPaths.fixture("open-meteo-previous-runs/drift-dating-expected.json"))

    /// A Previous Runs answer for the case: the day's 24 hours; a column of its own has highs of
    /// 20 + lead + hour / 10 °C, "newest" repeats lead 0's, "null" is empty.
    static func runs(_ item: Case) -> PreviousRuns {
        let offset = item.utcOffsetHours * 3_600
        let date = LocalDate(iso: Substring(item.date))!
        let start = Double(date.dayNumber * 86_400 - offset)
        let times = (0..<24).map { Date(timeIntervalSince1970: start + Double($0) * 3_600) }
        func own(_ lead: Int) -> [Double?] { (0..<24).map { 20 + Double(lead) + Double($0) / 10 } }
        var temperatures: [Int: [Double?]] = [:]
        var precipitation: [Int: [Double?]] = [:]
        for lead in 0...7 {
            switch item.columns[String(lead)]! {
            case "own": temperatures[lead] = own(lead)
            case "newest": temperatures[lead] = own(0)
            default: temperatures[lead] = Array(repeating: nil, count: 24)
            }
            precipitation[lead] = temperatures[lead]!.map { $0.map { _ in 0 } }
        }
        return PreviousRuns(
            coordinate: Coordinate(latitude: 0, longitude: 0),
            zone: ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: offset), times: times,
            temperatureCelsius: temperatures, precipitationMillimetres: precipitation)
    }

    @Test(arguments: expected.cases) func eachRowIsDatedByItsRun(_ item: Case) throws {
        let runs = Self.runs(item)
        let now = try #require(ISOTime.parse(Self.expected.now))
        // The place's today at now, as wx counts it.
        let today = runs.clock.localTime(now).date
        #expect(today.iso == item.today)
        let rows = DriftReport.rows(runs, date: LocalDate(iso: Substring(item.date))!, today: today)
        #expect(rows.map(\.day.lead) == item.rows.map(\.lead))
        #expect(rows.map { $0.issued?.iso } == item.rows.map(\.issued))
        #expect(rows.map(\.noRunThatOld) == item.rows.map(\.noRunThatOld))
        // No row is dated after the place's today.
        #expect(rows.allSatisfy { ($0.issued ?? today) <= today })
        let report = DriftReport(
            place: .unnamed(at: Coordinate(latitude: 0, longitude: 0)), date: LocalDate(iso: Substring(item.date))!,
            today: today, rows: rows, origin: .network)
        #expect(DriftChange(report).days == item.changeOverDays)
    }
}
