import Foundation
import Testing
import WeatherTestSupport

/// A new user (note 57): with a favorite named “17 Unter den Linden”, `hourly 17 Unter den
/// Linden` showed it, but `daily 17 Unter den Linden` and `confidence 17 …` were refused — 17
/// is over their most days — before the favorites were looked at. The words that together name
/// a favorite are that favorite for every command that reads a count before its place (one
/// path, `PlaceResolver.countAndTarget`); a count over the most is an error only when the words
/// name no favorite, and then the same error as before, before any request.
@Suite(.tags(.endToEnd))
struct FavoriteNamedOverCountEndToEndTests {
    /// Each favorite's name starts with a number over the most of the commands given it:
    /// daily 16 days, confidence and models 10, skill 92, hourly 384.
    static let favorites = """
        name,latitude,longitude
        17 Unter den Linden,52.517,13.3889
        93 Unter den Linden,52.52,13.42
        400 Unter den Linden,52.5,13.4

        """

    @Test func aFavoritesWholeNameIsNeverACountOverTheMost() throws {
        let csv = TemporaryFolder()
        try Data(Self.favorites.utf8).write(to: csv.url.appendingPathComponent("f.csv"))
        let commands = [
            "daily 17 Unter den Linden", "confidence 17 Unter den Linden", "models 17 Unter den Linden",
            "skill 93 Unter den Linden", "hourly 400 Unter den Linden",
        ]
        let (run, _) = try runDemo(
            "import favorites \(csv.path)/f.csv; " + commands.joined(separator: "; "), home: TemporaryFolder())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("error"), "\(run.stderr)")
        let headings = run.stdout.split(separator: "\n").filter { $0.contains(" · ") }
        for name in ["17 Unter den Linden", "93 Unter den Linden", "400 Unter den Linden"] {
            #expect(headings.contains { $0.hasPrefix(name) }, "\(name): \(run.stdout)")
        }
        #expect(headings.filter { $0.hasPrefix("17 Unter den Linden") }.count == 3, "\(run.stdout)")
    }

    /// Words that name no favorite: the count's own error, status 2, and no request.
    @Test(arguments: [
        ("daily 17 Unter den Linden", "the number of days is 1 to 16 (as far as Open-Meteo forecasts), not “17”"),
        (
            "confidence 17 Unter den Linden",
            "the number of days is 1 to 10 (the range wx asks of the ensemble), not “17”"
        ),
        (
            "models 11 Unter den Linden",
            "the number of days is 1 to 10 (the days the four models are compared over), not “11”"
        ),
        ("skill 93 Unter den Linden", "the number of days is 1 to 92, not “93”"),
        ("hourly 400 Unter den Linden", "the number of hours is 1 to 384 (as far as Open-Meteo forecasts), not “400”"),
        ("daily -3 Paris", "the number of days is 1 to 16 (as far as Open-Meteo forecasts), not “-3”"),
    ])
    func aCountOverTheMostNamingNoFavoriteIsRefused(command: String, error: String) throws {
        let server = try FixtureServer()
        let run = try runWX(["-c", command], home: TemporaryFolder(), server: server, now: "2025-07-27T09:20:00Z")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == "error: \(error)\n")
        #expect(try server.requests().isEmpty)
    }
}
