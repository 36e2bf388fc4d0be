import Foundation
import Testing
import WeatherTestSupport

/// Trial 15 in `make demo`: the labels `find` prints are names the demo knows.
extension DemoEndToEndTests {
    /// `show Berlin, Deutschland` right after `find Berlin` printed that label was "the demo has
    /// no recording for Berlin, Deutschland"; so were `find Delhi, India` and `find New York City`.
    @Test(arguments: [
        ("show Berlin, Deutschland", "Berlin, Deutschland · "),
        ("show Hamburg, Deutschland", "no recording of the forecast for Hamburg"),
        ("show München, Bayern, Deutschland", "München, Bayern, Deutschland · "),
        ("find Delhi, India", "Delhi"),
        ("find New York City", "New York, City of New York, United States"),
    ])
    func aLabelFindPrintedIsAPlaceTheDemoKnows(_ command: String, _ expected: String) throws {
        let (run, paths) = try runDemo(command)
        #expect(!run.stderr.contains("no recording for "), "\(command): \(run.stderr)")
        #expect((run.stdout + run.stderr).contains(expected), "\(command): \(run.stdout)\(run.stderr)")
        #expect(paths.first == "/search", "\(command): \(paths)")
    }

    /// A place the demo does not know is still refused by name, whatever its label's parts.
    @Test func aLabelOfAnotherPlaceIsStillRefused() throws {
        try expectDemoRefusal(
            "find London, England",
            "the demo has no recording for London, England — it knows: Berlin, Delhi, Denver, Enschede, Hamburg, Kochi, Munich, New York",
            askedOnly: [])
    }
}

/// Trial 16 in `make demo`: `find Hamburg` was answered with the recording of a search for the
/// Elbphilharmonie, so `fav` saved "Elbphilharmonie" and `compare Hamburg` found no favorite.
extension DemoEndToEndTests {
    @Test func findHamburgSavesAFavoriteNamedHamburg() throws {
        let (run, _) = try runDemo("find Hamburg; fav; favs; compare Hamburg")
        #expect(run.stdout.hasPrefix("  1  Hamburg, Deutschland "), "\(run.stdout)")
        #expect(run.stdout.contains("★ Hamburg saved to favorites\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("Elbphilharmonie"))
        #expect(!run.stderr.contains("no favorite named"), "\(run.stderr)")
    }
}

/// Trial 17 in `make demo`: Hamburg's 20–26 July joins the archive's days (no condition, mean,
/// wind or sunshine) with the forecast API's 26th (all of them). The table left those columns
/// out without a word, and the JSON erased the 26th's condition.
extension DemoEndToEndTests {
    @Test func aJoinedRangeSaysWhatOnlySomeDaysHaveAndKeepsTheirValues() throws {
        let (text, _) = try runDemo("past 2025-07-20..2025-07-26 Hamburg")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.hasSuffix(
                "  Sat 26 Jul     12.3    19.7    1.4\n"
                    + "  condition, mean, wind and sunshine left out: only some of these days have\n"
                    + "  them; “past 2025-07-26” shows Sat 26 Jul whole\n"), "\(text.stdout)")
        let json = try runWX(
            ["--json", "-c", "past 2025-07-25..2025-07-26 Hamburg"], home: TemporaryFolder(),
            server: try FixtureServer(demo: demoManifestPath), environment: ["WX_DEMO": demoManifestPath])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["condition"] as? String } == [nil, "slight rain"])
    }
}
