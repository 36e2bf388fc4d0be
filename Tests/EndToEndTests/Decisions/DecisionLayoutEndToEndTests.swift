import Foundation
import Testing
import WeatherTestSupport

/// Trial 58 finding 11's layout items in `chance` and `best`, with the Paris ensemble on Fri 23
/// Oct 2026 (gusts ≥ 60 km/h in 21 of 51 members on Sun 25 Oct, "most 00:00 CEST–06:00 CET").
@Suite(.tags(.endToEnd))
struct DecisionLayoutEndToEndTests {
    static let paris = "48.86,2.35"
    static let friday = "2026-10-23T05:10:00Z"

    func run(_ command: String, columns: Int) throws -> WXResult {
        let run = try runWX(
            ["-c", command], home: TemporaryFolder(), server: try FixtureServer(), now: Self.friday,
            environment: ["COLUMNS": "\(columns)"])
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    /// The counts of every threshold block stand in one column: a block whose counts are all
    /// one digit ("0 of 51") was a column left of one with "21 of 51".
    @Test func theBlocksOfOneOutputLineUp() throws {
        let run = try run("chance rain>=1mm/day gusts>=60 frost 3 \(Self.paris)", columns: 80)
        let rows = run.stdout.split(separator: "\n").filter { $0.contains(" of 51 members") }
        #expect(rows.count == 9, "\(run.stdout)")
        let columns = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.range(of: " of 51")!.lowerBound) })
        #expect(columns.count == 1, "\(run.stdout)")
    }

    /// At 40 columns a time keeps its zone, and a value its unit.
    @Test func aTimeKeepsItsZoneAndAValueItsUnitAt40Columns() throws {
        let chance = try run("chance gusts>=60 \(Self.paris)", columns: 40)
        let lines = chance.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(chance.stdout.contains("06:00 CET"), "\(chance.stdout)")
        #expect(!lines.contains("CET") && !lines.contains { $0.hasPrefix("CET") }, "\(chance.stdout)")
        for line in chance.stdout.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
        let best = try run("best 2h dry gusts<60 \(Self.paris)", columns: 40)
        #expect(best.stdout.contains("60 km/h"), "\(best.stdout)")
        #expect(
            !best.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("km/h") })
        for line in best.stdout.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
    }

    /// A limit typed in another unit is echoed as typed with the unit shown's figure after it,
    /// the same way whether that figure is exact or near: `rain>=0.04in/day` was "1.016 mm" alone
    /// beside `gusts>=40mph`'s "40 mph (about 64.4 km/h)".
    @Test func aConvertedLimitIsEchoedAsTypedAndConverted() throws {
        let run = try run("chance rain>=0.04in/day gusts>=40mph 2 \(Self.paris)", columns: 80)
        #expect(run.stdout.contains("rain ≥ 0.04 in (1.016 mm) over the day"), "\(run.stdout)")
        #expect(run.stdout.contains("gusts ≥ 40 mph (about 64.4 km/h) in any hour"), "\(run.stdout)")
    }
}
