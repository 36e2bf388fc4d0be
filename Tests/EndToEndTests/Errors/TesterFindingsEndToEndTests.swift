import Foundation
import Testing
import WeatherTestSupport

/// A tester's findings on errors, through the built wx: start-up errors under `--json`,
/// `format` switching the output, `check` and `line` with favorites that cannot be read, and
/// `check` without a network.
@Suite(.tags(.endToEnd))
struct TesterFindingsEndToEndTests {
    static let now = "2025-07-27T03:00:00Z"

    /// The one JSON document of `stdout`, which must be all of it.
    func document(_ stdout: String) -> [String: Any]? {
        let lines = stdout.split(separator: "\n")
        guard lines.count == 1 else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
    }

    /// Each JSON document of `stdout`, nil for a line that is not one.
    func documents(_ stdout: String) -> [[String: Any]?] {
        stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Every service at a port where nothing listens: no network.
    func unreachable(_ server: FixtureServer) -> [String: String] {
        server.environment.mapValues { _ in "http://127.0.0.1:1" }
    }

    /// Item 1: an error before any command ran (an unknown option, an empty `WX_HOME`, a bad
    /// `--units` or `WX_TIMEOUT`) left stdout empty under `--json`: it is the error document
    /// there too, with the one line on stderr and exit status 2.
    @Test(arguments: [
        (["--json", "--bogus"], [String: String]()),
        (["--json", "favs"], ["WX_HOME": ""]),
        (["--json", "--units", "foo", "show", "Berlin"], [:]),
        (["--json", "favs"], ["WX_TIMEOUT": "abc"]),
        (["favs", "--json"], ["WX_TIMEOUT": "0"]),
    ])
    func aStartUpErrorIsAnErrorDocumentUnderJSON(arguments: [String], environment: [String: String]) throws {
        let run = try runWX(arguments, home: TemporaryFolder(), environment: environment)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("wx: ") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        let error = try #require(document(run.stdout), "\(run.stdout)")
        #expect(error["type"] as? String == "error")
        #expect(error["schema_version"] as? Int == 1)
        #expect(run.stderr == "wx: \(error["message"] as? String ?? "")\n")
    }

    /// Without --json (or with it only as a command's own option's value) stdout stays empty.
    @Test func withoutJSONAStartUpErrorLeavesStdoutEmpty() throws {
        for arguments in [["--bogus"], ["-c", "--json", "--bogus"], ["--", "--json"]] {
            let run = try runWX(arguments, home: TemporaryFolder(), environment: ["WX_TIMEOUT": "abc"])
            #expect(run.status == 2)
            #expect(run.stdout == "", "\(arguments): \(run.stdout)")
        }
    }

    /// Item 2: `format text` under --json answered "output format: text" in text on stdout: a
    /// switch into or out of JSON answers in JSON, so every line up to the switch is JSON.
    @Test func aSwitchOutOfJSONAnswersInJSON() throws {
        let run = try runWX(
            ["--json", "-c", "format; format text; format; format json; format"], home: TemporaryFolder())
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(run.stdout)")
        let formats = documents(run.stdout).map { $0?["format"] as? String }
        #expect(formats == ["json", "text", nil, "json", "json"], "\(run.stdout)")
        #expect(lines[2] == "output format: text")
    }

    /// Item 3: favorites that cannot be read (state.plist cut short) made `check Berlin` answer
    /// for Berlin, Germany — the favorite "Berlin" is New York — and `line Berlin` too,
    /// silently. `check` now exits 3 saying so; `line` looks it up and says it did.
    @Test func aNameIsNotQuietlyLookedUpWhileFavoritesCannotBeRead() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let made = try runWX(
            ["-c", "show 40.71,-74.0; fav; fav rename \"40.7100°N 74.0000°W\" Berlin"], home: home, server: server,
            now: Self.now)
        #expect(made.status == 0, "\(made.stderr)")
        let path = home.path + "/state.plist"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(300).write(to: URL(fileURLWithPath: path))
        let check = try runWX(["--json", "check", "--warnings", "Berlin"], home: home, server: server, now: Self.now)
        #expect(check.status == 3, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("Germany"), "\(check.stdout)")
        let error = try #require(document(check.stdout), "\(check.stdout)")
        #expect(error["type"] as? String == "error")
        #expect((error["message"] as? String ?? "").contains("“Berlin” may be a favorite"), "\(error)")
        let line = try runWX(["line", "Berlin"], home: home, server: server, now: Self.now)
        #expect(
            line.stderr.contains(
                "favorites could not be read (state.plist could not be read), so “Berlin” was looked up, not taken from them"
            ), "\(line.stderr)")
    }

    /// Item 4: offline, `check --changed --warnings` named only Bright Sky; Open-Meteo, which
    /// --changed needed, went unsaid. Each part that failed has its line, and under --json its
    /// error document.
    @Test func everyPartThatFailedIsNamed() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let made = try runWX(["-c", "find Berlin; use 1; fav"], home: home, server: server, now: Self.now)
        #expect(made.status == 0, "\(made.stderr)")
        let arguments = ["check", "--changed", "--warnings", "Berlin"]
        let text = try runWX(arguments, home: home, now: Self.now, environment: unreachable(server))
        #expect(text.status == 3, "\(text.stdout)\(text.stderr)")
        let errors = text.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 2, "\(text.stderr)")
        #expect(errors.contains { $0.contains("Bright Sky") } && errors.contains { $0.contains("Open-Meteo") })
        let json = try runWX(["--json"] + arguments, home: home, now: Self.now, environment: unreachable(server))
        #expect(json.status == 3)
        let documents = documents(json.stdout)
        #expect(documents.count == 2 && documents.allSatisfy { $0?["type"] as? String == "error" }, "\(json.stdout)")
        #expect(Set(documents.compactMap { $0?["service"] as? String }).count == 2, "\(json.stdout)")
    }

    /// Item 5: offline, `check --warnings 52.5,13.4` said "no warning feed covers" the place:
    /// the cause is that its country could not be looked up.
    @Test func offlineCoordinatesSayTheirCountryIsNotKnown() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["check", "--warnings", "52.5,13.4"], home: TemporaryFolder(), now: Self.now,
            environment: unreachable(server))
        #expect(run.status == 3, "\(run.stderr)")
        #expect(!run.stderr.contains("no warning feed covers"), "\(run.stderr)")
        #expect(run.stderr.contains("its country is not known"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot reach"), "\(run.stderr)")
    }
}
