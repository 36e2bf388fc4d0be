import Foundation
import Testing
import WeatherTestSupport

extension DemoEndToEndTests {
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
        #expect(lines.contains("    8 of 51 members (16 %)"), "\(narrow.stdout)")
        #expect(!lines.contains { $0.hasSuffix(" CC BY") || $0.hasSuffix(": 7") }, "\(narrow.stdout)")
        #expect(lines.contains("  MetAlerts), CC BY 4.0 and NLOD 2.0"), "\(narrow.stdout)")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(narrow.stdout)")
    }
}
