import Foundation
import Testing
import WeatherTestSupport

/// Trial 11 in `make demo`: `hourly Berlin 6`'s status, `rain` and a single past day from
/// recordings without hours, and phrases the line breaks parted.
extension DemoEndToEndTests {
    /// README's exit-status table: a place not found is 1, also when wx then asks whether the last
    /// number was the count (the trial expected 2: the row now says so).
    @Test func aPlaceEndingInACountIsLookedForFirstAndExitsOne() throws {
        let server = try FixtureServer(demo: Self.manifestPath)
        let run = try runWX(
            ["hourly", "Berlin", "6"], home: TemporaryFolder(), server: server,
            environment: ["WX_DEMO": Self.manifestPath])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("; did you mean “hourly 6 Berlin”?\n"), "\(run.stderr)")
        #expect(run.stdout == "")
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let row = try #require(readme.split(separator: "\n").first { $0.drop { $0 == " " }.hasPrefix("| 1 |") })
        #expect(row.contains("`hourly Berlin 6`"), "\(row)")
    }

    /// Kochi's recording has days but no hours: `rain` gave "no precipitation data for now" where
    /// `show`'s table had 39 % for Sunday.
    @Test func kochisRainGivesItsDaysChances() throws {
        let (run, _) = try runDemo("find Kochi; show; rain")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  Sun 08 Oct      25.2     31.8   39 %\n"), "\(run.stdout)")
        let rain = "\n  no hourly precipitation in this forecast; by day: today 0 %, Sat 0 %, Sun 39 %\n"
        #expect(run.stdout.hasSuffix(rain), "\(run.stdout)")
    }

    /// "A single day shows its hours too" (help past): Berlin's archive recording of 20 Jul 2025
    /// has none, and the day said nothing of them.
    @Test func aPastDayWithoutHoursSaysSo() throws {
        let (run, _) = try runDemo("find Berlin; past 2025-07-20")
        #expect(run.status == 0, "\(run.stderr)")
        let end = "sunshine 13 h 21 min · ⛅ mainly clear\n  no hourly values for this day in the answer\n"
        #expect(run.stdout.hasSuffix(end), "\(run.stdout)")
    }

    /// The line breaks trial 11 saw: drift's source note left "day" alone (80 columns), `confidence`
    /// put "7" at a line's end and "of 51 members" on the next (40), `about` parted "CC BY" from
    /// "4.0" (40), and skill's footnote began "error:" as wx's errors do.
    @Test func phrasesAreNotPartedAtTheWidths() throws {
        let server80 = try FixtureServer(demo: Self.manifestPath)
        let wide = try runWX(
            ["-c", "find Berlin; drift; skill"], home: TemporaryFolder(), server: server80,
            environment: ["WX_DEMO": Self.manifestPath, "COLUMNS": "80"])
        #expect(wide.status == 0, "\(wide.stderr)")
        #expect(
            wide.stdout.contains(
                "\n  from Open-Meteo’s previous runs; a run “made” about that many days before\n  the day\n"),
            "\(wide.stdout)")
        #expect(wide.stdout.contains("\n  “error”: mean absolute error, °C; “bias”: forecast − observed on average;\n"))
        #expect(!wide.stdout.contains("\n  error:"))

        let server40 = try FixtureServer(demo: Self.manifestPath)
        let narrow = try runWX(
            ["-c", "find Berlin; confidence; about"], home: TemporaryFolder(), server: server40,
            environment: ["WX_DEMO": Self.manifestPath, "COLUMNS": "40"])
        #expect(narrow.status == 0, "\(narrow.stderr)")
        let lines = narrow.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("    7 of 51 members (14 %)"), "\(narrow.stdout)")
        #expect(!lines.contains { $0.hasSuffix(" CC BY") || $0.hasSuffix(": 7") }, "\(narrow.stdout)")
        #expect(lines.contains("  MetAlerts), CC BY 4.0 and NLOD 2.0"), "\(narrow.stdout)")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(narrow.stdout)")
    }
}
