import Foundation
import Testing
import WeatherTestSupport

/// Trial: in inches 0.1 mm (0.0039 in) was "0.00" in `show`'s hour strip (New York's 4a) and in
/// `hourly` (Berlin's Thu 3–7 am), while `models` alone had the rule (d19b44c): decimals raised
/// until an amount above 0 is not shown as 0, one precision a column. Every inch amount now
/// follows it, and `models`' "disagree on" line gives an amount at its column's precision.
/// Expected figures: Fixtures/units/inch_amounts_expected.py over the same recordings.
@Suite(.tags(.endToEnd))
struct ImperialAmountsEndToEndTests {
    static func expected() throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/units/inch_amounts_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func hourlyShowsATenthOfAMillimetre() throws {
        let berlin = try #require(try Self.expected()["berlin"] as? [String: String])
        let (run, _) = try runDemo("units imperial; hourly 100 Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let thursday = try #require(lines.firstIndex { $0.contains("Thu 12:00 am") })
        for (hour, amount) in berlin {
            let clock = "\(Int(hour) ?? 0):00 am"
            let line = try #require(lines[thursday...].first { $0.contains(" \(clock) ") }, "\(clock)")
            #expect(line.contains(" \(amount) "), "\(clock): \(line)")
        }
    }

    @Test func showsStripNeverShowsAnAmountAsNought() throws {
        let expected = try #require(try Self.expected()["new_york_4am"] as? String)
        let (run, _) = try runDemo("units imperial; show New York")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let hours = try #require(lines.first { $0.hasPrefix("  hour ") }).split(separator: " ").dropFirst()
        let amounts = try #require(lines.first { $0.hasPrefix("  in ") }).split(separator: " ").dropFirst()
        // A space between every two cells: as many amounts as hours.
        #expect(hours.count == amounts.count, "\(run.stdout)")
        for (hour, amount) in zip(hours, amounts) where hour == "4a" {
            #expect(amount == expected, "\(run.stdout)")
        }
    }

    @Test func modelsDisagreementSpeaksAtItsColumnsPrecision() throws {
        let gem = try #require(try Self.expected()["gem_monday"] as? String)
        let (run, _) = try runDemo("units imperial; models 7 Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        let text = run.stdout.replacingOccurrences(of: "\n              ", with: " ")
        #expect(text.contains("CMC GEM \(gem) in"), "\(run.stdout)")
    }

    /// A daily user: GFS's column printed "0.004", "0.000", "0.217" beside columns of "0.00",
    /// "0.13" — a precision a model's column. The table has one, the most any amount needs, and
    /// a 0.1 mm day is not "0.00" in any column.
    @Test func modelsAmountsHaveOnePrecisionAcrossColumns() throws {
        let models = try #require(try Self.expected()["models"] as? [String: [String]])
        let (run, _) = try runDemo("units imperial; models 7 Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            .filter { $0.count == 11 && $0[3].contains("/") }
        #expect(rows.count == 7, "\(run.stdout)")
        for (column, model) in ["ECMWF IFS", "NOAA GFS", "DWD ICON", "CMC GEM"].enumerated() {
            #expect(rows.map { $0[4 + 2 * column] } == models[model], "\(model): \(run.stdout)")
        }
    }
}
