import Foundation
import Testing
import WeatherTestSupport

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
}
