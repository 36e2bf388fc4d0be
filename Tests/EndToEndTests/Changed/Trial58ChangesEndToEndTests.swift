import Foundation
import Testing
import WeatherTestSupport

/// trial58's faults in `changed`, `brief` and `check --changed`, each with the trial's bodies
/// (Fixtures/SOURCES.md, "trial58"): the ensemble's counts expected come from
/// Fixtures/open-meteo-ensemble/trial58_chance_expected.py.
@Suite(.tags(.endToEnd))
struct Trial58ChangesEndToEndTests {
    static let paris = "48.85,2.35"
    static let berlin = "52.52,13.41"
    static let rainyFriday = "open-meteo-forecast/paris-rain-fri-afternoon-sat-warmer-hand-edited.json"
    static let dryEnsemble = "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json"
    static let drySaturday = "open-meteo-ensemble/paris-ecmwf-ifs025-saturday-dry-hand-edited.json"
    static let wetFriday = "open-meteo-ensemble/paris-ecmwf-ifs025-fri-afternoon-45-wet-sat-dry-hand-edited.json"
    static let thirtyWet = "open-meteo-ensemble/paris-ecmwf-ifs025-fri-afternoon-30-wet-hand-edited.json"

    /// trial58_chance_expected.py's counts for `file` (a name in Fixtures/open-meteo-ensemble) at `now`.
    func expected(_ file: String, _ now: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/trial58_chance_expected.py",
                String(file.split(separator: "/").last!), now,
            ], environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// The output's lines, unwrapped and joined by spaces.
    func joined(_ run: WXResult) -> String {
        run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    func wide(_ arguments: [String], _ home: TemporaryFolder, _ server: FixtureServer, _ now: String) throws
        -> WXResult
    {
        try runWX(arguments, home: home, server: server, now: now, environment: ["COLUMNS": "200"])
    }

    /// Finding 1: rain this afternoon went, and the forecast's rain from tomorrow 06:00 (22 hours
    /// on) stayed: "Now dry for the next 24 hours" was untrue. The start now is named.
    @Test(arguments: [false, true]) func rainGoneTodayNamesTomorrowsStart(check: Bool) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/v1/forecast", file: Self.rainyFriday, times: 1))
        let command = check ? ["check", "--changed", Self.paris] : ["show", Self.paris]
        let first = try wide(command, home, server, "2026-10-23T05:40:00Z")
        #expect(first.status == (check ? 1 : 0), "\(first.stderr)")
        let run = try wide(check ? command : ["changed", Self.paris], home, server, "2026-10-23T06:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let text = joined(run)
        #expect(!text.lowercased().contains("dry for the next 24 hours"), "\(text)")
        #expect(text.contains("he rain now starts 16 hours later (tomorrow 06:00, was 14:00)"), "\(text)")
    }

    /// Finding 2: tomorrow's odds from 27 of 51 to 0 of 51 are a change for `brief`'s last
    /// sentence, `changed` and `check --changed`.
    @Test(arguments: ["brief", "changed", "check"]) func tomorrowsChanceIsAChange(command: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let was = try expected(Self.dryEnsemble, "2026-10-23T05:10:00Z")
        let now = try expected(Self.drySaturday, "2026-10-23T09:10:00Z")
        let first =
            command == "check"
            ? try wide(["check", "--changed", "--rain", "99%", Self.paris], home, server, "2026-10-23T05:10:00Z")
            : try wide(["brief", "--sure", Self.paris], home, server, "2026-10-23T05:10:00Z")
        #expect(first.status <= 1, "\(first.stderr)")
        try server.queue(.init(path: "/v1/ensemble", file: Self.drySaturday, times: 1))
        let arguments =
            switch command {
            case "check": ["check", "--changed", "--rain", "99%", Self.paris]
            case "changed": ["-c", "chance rain>=1mm/day 2 \(Self.paris); changed \(Self.paris)"]
            default: ["brief", "--sure", Self.paris]
            }
        let run = try wide(arguments, home, server, "2026-10-23T09:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let sentence =
            "ain tomorrow now \(now["tomorrow_likelihood"] ?? "?"): \(now["tomorrow_members"] ?? "?") of \(now["tomorrow_of_members"] ?? "?") members (was \(was["tomorrow_members"] ?? "?") of \(was["tomorrow_of_members"] ?? "?"))"
        #expect(joined(run).contains(sentence), "\(run.stdout)")
        #expect(!joined(run).lowercased().contains("nothing changed"), "\(run.stdout)")
    }

    /// Finding 3: 46 of 51 members wet this afternoon while the rain starts tomorrow: `brief
    /// --sure` gives today's chance too, not tomorrow's alone.
    @Test func briefGivesTodaysChanceWhenTheLarger() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let counts = try expected(Self.wetFriday, "2026-10-23T05:10:00Z")
        try server.queue(.init(path: "/v1/ensemble", file: Self.wetFriday, times: 1))
        let run = try wide(["brief", "--sure", Self.paris], home, server, "2026-10-23T05:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let text = joined(run)
        #expect(text.contains("Dry until about tomorrow 06:00"), "\(text)")
        #expect(
            text.contains(
                "Rain in the rest of today is \(counts["today_likelihood"] ?? "?"): \(counts["today_members"] ?? "?") of \(counts["today_of_members"] ?? "?") members"
            ), "\(text)")
        #expect(
            text.contains(
                "Rain tomorrow is \(counts["tomorrow_likelihood"] ?? "?"): \(counts["tomorrow_members"] ?? "?") of"),
            "\(text)")
    }

    /// Finding 3, its wording point: the "was" count comes from the 07:10 look, not the last
    /// (11:10, without the ensemble), and says so.
    @Test func theEarlierCountNamesItsLook() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let was = try expected(Self.dryEnsemble, "2026-10-23T09:10:00Z")
        let now = try expected(Self.thirtyWet, "2026-10-23T09:10:00Z")
        _ = try wide(["brief", "--sure", Self.paris], home, server, "2026-10-23T05:10:00Z")
        try server.queue(.init(path: "/v1/ensemble", file: Self.thirtyWet, times: 1))
        let run = try wide(
            ["-c", "show \(Self.paris); confidence 1 \(Self.paris); changed \(Self.paris)"], home, server,
            "2026-10-23T09:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            joined(run).contains(
                "\(now["today_members"] ?? "?") of \(now["today_of_members"] ?? "?") members (was \(was["today_members"] ?? "?") of \(was["today_of_members"] ?? "?") over the same hours as of Fri 07:10)."
            ), "\(run.stdout)")
    }

    /// Finding 6: a GMT answer (UTC days, case OM-11), then the same hours in local time: no
    /// false change of a day's low; `changed` says the days differ; `check --changed` exit 1.
    @Test(arguments: [false, true]) func utcDaysAreNotComparedWithLocalDays(check: Bool) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(
            .init(
                path: "/v1/forecast", file: "open-meteo-forecast/berlin-gmt-cold-late-evening-hand-edited.json",
                times: 1))
        let command = check ? ["check", "--changed", Self.berlin] : ["show", Self.berlin]
        _ = try wide(command, home, server, "2025-07-27T03:00:00Z")
        try server.queue(
            .init(
                path: "/v1/forecast", file: "open-meteo-forecast/berlin-local-cold-late-evening-hand-edited.json",
                times: 1))
        let run = try wide(check ? command : ["changed", Self.berlin], home, server, "2025-07-27T03:20:00Z")
        let text = joined(run)
        #expect(!text.contains("lower (was"), "\(text)")
        #expect(!text.contains("higher (was"), "\(text)")
        if check {
            #expect(run.status == 1, "\(text) \(run.stderr)")
            #expect(text.contains("nothing changed that matters"), "\(text)")
        } else {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                text.contains("Each day’s high, low and rain were not compared: Open-Meteo gave UTC days then"),
                "\(text)"
            )
        }
    }

    /// Finding 11: the night the clocks go back, 02:00 happens twice: `brief` and `changed`
    /// label it with its zone, as `rain` and `hourly` do.
    @Test func briefLabelsTheRepeatedHour() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(
            .init(path: "/v1/forecast", file: "open-meteo-forecast/paris-rain-dst-night-hand-edited.json", times: 1))
        let run = try wide(["brief", Self.paris], home, server, "2026-10-24T20:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(joined(run).contains("Dry until about tomorrow 02:00 CEST"), "\(run.stdout)")
    }

    @Test func changedLabelsTheRepeatedHour() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(
            .init(path: "/v1/forecast", file: "open-meteo-forecast/paris-rain-from-0200-cet-hand-edited.json", times: 1)
        )
        _ = try wide(["show", Self.paris], home, server, "2026-10-24T22:40:00Z")
        try server.queue(
            .init(
                path: "/v1/forecast", file: "open-meteo-forecast/paris-rain-from-0100-cest-hand-edited.json", times: 1))
        let run = try wide(["changed", Self.paris], home, server, "2026-10-24T23:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(joined(run).contains("was 02:00 CET)"), "\(run.stdout)")
    }

    /// Finding 11: after a switch of provider, `check --changed` says the last mark was the
    /// other provider's, not "first check".
    @Test func checkAfterAProviderSwitchNamesTheOtherMark() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let environment = ["OPENWEATHERMAP_API_KEY": "testkey", "COLUMNS": "200"]
        let now = "2025-03-20T20:00:00Z"
        let place = "39.008,-76.9765"
        for _ in 0..<2 {
            _ = try runWX(
                ["check", "--changed", place], home: home, server: server, now: now, environment: environment)
        }
        let switched = try runWX(
            ["-c", "provider openweathermap"], home: home, server: server, now: now, environment: environment)
        #expect(switched.status == 0, "\(switched.stderr)")
        let run = try runWX(
            ["check", "--changed", place], home: home, server: server, now: now, environment: environment)
        #expect(!run.stdout.contains("first check"), "\(run.stdout)")
        #expect(run.stdout.contains("the last mark was of Open-Meteo’s forecast"), "\(run.stdout)")
    }
}
