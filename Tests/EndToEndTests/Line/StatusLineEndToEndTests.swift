import Foundation
import Testing
import WeatherTestSupport

/// Issue 24 item 11: `wx line` as a status bar runs it — every minute, from the cache while the
/// answer is current — counted at the loopback server.
@Suite(.tags(.endToEnd)) struct StatusLineEndToEndTests {
    static let recorded = "2025-07-27T03:10:00Z"
    let home = TemporaryFolder()

    /// Finds Hamburg (the Elbphilharmonie) and saves it as the only favorite; returns the number
    /// of requests made so far.
    func setUp(_ server: FixtureServer) throws -> Int {
        let setup = try runWX(["-c", "find Hamburg; fav; show"], home: home, server: server, now: Self.recorded)
        #expect(setup.status == 0, "\(setup.stderr)")
        return try server.requests().count
    }

    @Test func aFreshCacheMakesNoRequest() throws {
        let server = try FixtureServer()
        let before = try setUp(server)
        // Without a place: the first favorite. Four minutes on, the answer is still current.
        let line = try runWX(["line"], home: home, server: server, now: "2025-07-27T03:14:00Z")
        #expect(line.status == 0, "\(line.stderr)")
        #expect(line.stdout == "☁ +17°C →3km/h\n")
        #expect(line.stderr == "")
        let named = try runWX(
            ["line", "Elbphilharmonie", "--format", "%l: %c %C %t (%f) %h %P"], home: home, server: server,
            now: "2025-07-27T03:14:00Z")
        #expect(named.stdout == "Elbphilharmonie: ☁ overcast +17°C (+18°C) 89% 1013hPa\n")
        #expect(try server.requests().count == before)

        // waybar's document, on one line, also from the cache.
        let json = try runWX(["line", "--json"], home: home, server: server, now: "2025-07-27T03:14:00Z")
        #expect(json.stdout.split(separator: "\n").count == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["text"] as? String == "☁ +17°C →3km/h")
        #expect(document["class"] as? String == "cloudy")
        #expect((document["tooltip"] as? String)?.hasPrefix("Elbphilharmonie, Hamburg, Deutschland\n16.5 °C") == true)
        #expect(try server.requests().count == before)

        // A status bar's line is not put in the history (issue 24 item 10).
        #expect(try runWX(["history"], home: home, server: server).stdout.contains("line") == false)
    }

    @Test func anOldAnswerIsAskedForOnceAndOfflineShowsItAsStale() throws {
        let server = try FixtureServer()
        let before = try setUp(server)
        let later = "2025-07-27T05:24:00Z"
        let offline = try runWX(["--offline", "line", "--json"], home: home, server: server, now: later)
        #expect(offline.status == 0, "\(offline.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(offline.stdout.utf8)) as? [String: Any])
        #expect(document["class"] as? String == "stale")
        #expect(document["alt"] as? String == "cloudy")
        // The reading's age as the text gives it (below), and when it was fetched (trial 60: the
        // tooltip gave only the fetch's age, as if it were the data's).
        let tooltip = try #require(document["tooltip"] as? String)
        #expect(tooltip.contains("out of date: 2 h 24 min old, as of "), "\(tooltip)")
        #expect(tooltip.hasSuffix("; fetched 2 h 14 min ago"), "\(tooltip)")
        #expect(try server.requests().count == before)
        // The text says the reading's age too (issue 37 item 8): its conditions are of 03:00
        // UTC, 2 h 24 min before 05:24; the JSON text the same.
        let text = try runWX(["--offline", "line"], home: home, server: server, now: later)
        #expect(text.stdout == "☁ +17°C →3km/h (2 h 24 min old)\n")
        #expect(document["text"] as? String == "☁ +17°C →3km/h (2 h 24 min old)")

        let renewed = try runWX(["line"], home: home, server: server, now: later)
        #expect(renewed.status == 0, "\(renewed.stderr)")
        let asked = try server.requests().dropFirst(before)
        #expect(asked.map(\.path) == ["/v1/forecast"])
    }

    /// Trial 10: offline, a saved forecast whose hours end before now printed "— — —" and
    /// exited 0, a bar's dashes shown as the weather now. Now nothing on stdout (the error
    /// document with --json), one line on stderr saying the forecast does not cover now, exit 1.
    @Test func offlineASavedForecastThatDoesNotCoverNowIsNoLine() throws {
        let server = try FixtureServer()
        let before = try setUp(server)
        let weeksLater = "2025-08-20T12:00:00Z"
        let text = try runWX(["--offline", "line"], home: home, server: server, now: weeksLater)
        #expect(text.status == 1)
        #expect(text.stdout == "")
        #expect(text.stderr.split(separator: "\n").count == 1, "\(text.stderr)")
        #expect(
            text.stderr.hasPrefix("error: the saved forecast for Elbphilharmonie covers 2025-07-27 to "),
            "\(text.stderr)")
        #expect(text.stderr.hasSuffix(", not now: nothing for the line\n"), "\(text.stderr)")
        let json = try runWX(["--offline", "line", "--json"], home: home, server: server, now: weeksLater)
        #expect(json.status == 1)
        #expect(!json.stdout.contains("\"type\":\"line\""), "\(json.stdout)")
        #expect(json.stderr.contains("not now"), "\(json.stderr)")
        #expect(try server.requests().count == before)
    }

    @Test func failuresAreOneLineOnStandardErrorAndNothingOnStandardOutput() throws {
        let server = try FixtureServer()
        let none = try runWX(["line"], home: home, server: server, now: Self.recorded)
        #expect(none.status == 1)
        #expect(none.stdout == "")
        #expect(none.stderr == "error: no place for the line: give one (“line Hamburg”) or save a favorite (“fav”)\n")
        let unknown = try runWX(["line", "Hamburg", "--format", "%c %y"], home: home, server: server)
        #expect(unknown.status == 2)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr.hasPrefix("error: unknown placeholder “%y” in the format; wx knows %c %C %x"))
        let offline = try runWX(["--offline", "line", "Elbphilharmonie"], home: home, server: server)
        #expect(offline.status == 1)
        #expect(offline.stdout == "")
        #expect(offline.stderr.split(separator: "\n").count == 1)
        #expect(try server.requests().isEmpty)
    }

    /// Issue 24, from a new user's trial: offline, `find` said the stand-in geocoder's reason
    /// after the first's, both "offline and no saved data", so that it read as one failure said
    /// twice. Now it is said once, as every offline look-up says it: nothing saved matches, and
    /// nothing was asked.
    @Test func offlineFindSaysOnceThatNothingIsSavedForThePlace() throws {
        let result = try runWX(["--offline", "find", "Hamburg"], home: home)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: offline: no favorite or saved place matches “Hamburg”, and nothing was asked; without --offline, “find Hamburg” looks it up and keeps its places\n"
        )
    }
}
