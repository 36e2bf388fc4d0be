import Foundation
import Testing
import WeatherTestSupport

/// Case OM-1's rule beyond the forecast: one variable the answer declares in a unit wx does not
/// know is left out, the rest of the answer used, and one line on stderr names the variable and
/// the unit — for the ensemble (`best`, `chance`, `plume`, `confidence`), `models`, `drift`
/// (previous runs) and `past` (the archive). A command that cannot work without that variable
/// says why. The old wx refused each whole answer ("unknown unit for …", exit 1). The bodies
/// are Fixtures/ files copied from one beside them with that unit changed (Fixtures/SOURCES.md).
@Suite(.tags(.endToEnd))
struct UnknownUnitInOtherAnswersEndToEndTests {
    static let paris = "48.86,2.35"
    /// 07:10 CEST on the Paris ensemble answer's first day.
    static let parisMorning = "2026-10-23T05:10:00Z"
    static let lignes = "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-precipitation-in-lignes-hand-edited.json"

    /// The number of times `text` names `needle`.
    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    static func documents(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Every member's precipitation in "ligne": `plume` of temperature and `confidence` still
    /// answer, saying once that the precipitation was left out.
    @Test func theEnsembleLeavesOutOnlyTheVariableInAnUnknownUnit() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", file: Self.lignes, times: 4))
        let home = TemporaryFolder()
        let run = try runWX(
            ["-c", "plume temperature 3 \(Self.paris)"], home: home, server: server, now: Self.parisMorning)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Self.count("hourly precipitation in “ligne”", in: run.stderr) == 1, "\(run.stderr)")
        #expect(run.stderr.contains("a unit wx does not know: its values are left out, the rest is used"))
        #expect(!run.stderr.contains("unknown unit"), "\(run.stderr)")
        #expect(run.stdout.contains("°C"), "\(run.stdout)")

        let confidence = try runWX(
            ["--json", "-c", "confidence 2 \(Self.paris)"], home: home, server: server, now: Self.parisMorning)
        #expect(confidence.status == 0, "\(confidence.stdout)\(confidence.stderr)")
        #expect(Self.count("hourly precipitation in “ligne”", in: confidence.stderr) == 1, "\(confidence.stderr)")
        let document = try #require(Self.documents(confidence.stdout).first, "\(confidence.stdout)")
        #expect(document["type"] as? String == "confidence", "\(confidence.stdout)")
    }

    /// `chance` of rain cannot be counted without precipitation: it says that the unit is why;
    /// a temperature threshold beside it is still counted.
    @Test func chanceSaysWhyItCannotCountRain() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", file: Self.lignes, times: 4))
        let home = TemporaryFolder()
        let rain = try runWX(
            ["-c", "chance rain>=1mm 2 \(Self.paris)"], home: home, server: server, now: Self.parisMorning)
        #expect(rain.status == 1, "\(rain.stdout)\(rain.stderr)")
        #expect(
            rain.stderr.contains(
                "has no precipitation (precipitation) wx can read — given in “ligne”, a unit wx does not know"),
            "\(rain.stderr)")

        let both = try runWX(
            ["-c", "chance rain>=1mm temp<5 2 \(Self.paris)"], home: home, server: server, now: Self.parisMorning)
        #expect(both.status == 0, "\(both.stdout)\(both.stderr)")
        #expect(Self.count("hourly precipitation in “ligne”", in: both.stderr) == 1, "\(both.stderr)")
        let flat = both.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(flat.contains("wx can read — given in “ligne”, a unit wx does not know"), "\(both.stdout)")
        #expect(flat.contains(" of 51"), "\(both.stdout)")
    }

    /// `check --frost` has no frost odds without the temperature, nor `check --rain` without the
    /// precipitation: each says that the unit is why (exit 3, never a false "no") — the old wx
    /// said the answer "covers neither today nor tomorrow".
    @Test func checkSaysWhyItCannotCheckFrostOrRain() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/ensemble",
                file: "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-temperature-in-degrees-x-hand-edited.json",
                times: 4))
        let frost = try runWX(
            ["check", "--frost", "30%", Self.paris], home: TemporaryFolder(), server: server, now: Self.parisMorning)
        #expect(frost.status == 3, "\(frost.stdout)\(frost.stderr)")
        #expect(frost.stdout == "", "\(frost.stdout)")
        #expect(
            frost.stderr
                == "error: the ensemble’s temperature is given in “°X”, a unit wx does not know, so --frost cannot be checked\n"
        )
        let lignes = try FixtureServer()
        try lignes.queue(.init(path: "/v1/ensemble", file: Self.lignes, times: 4))
        let rain = try runWX(
            ["check", "--rain", "30%", Self.paris], home: TemporaryFolder(), server: lignes, now: Self.parisMorning)
        #expect(rain.status == 3, "\(rain.stdout)\(rain.stderr)")
        #expect(
            rain.stderr
                == "error: the ensemble’s precipitation is given in “ligne”, a unit wx does not know, so --rain cannot be checked\n"
        )
    }

    /// GFS's highs in "°X": that model's high is blank, the other models and GFS's lows shown.
    @Test func modelsLeaveOutOneModelsHigh() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/forecast",
                file: "open-meteo-models/hamburg-four-models-daily-gfs-max-unit-unknown-hand-edited.json",
                times: 2))
        let run = try runWX(
            ["-c", "models Hamburg"], home: TemporaryFolder(), server: server, now: "2026-12-01T07:10:00Z")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Self.count("daily temperature_2m_max_gfs_seamless in “°X”", in: run.stderr) == 1, "\(run.stderr)")
        #expect(run.stderr.contains("its values are left out (—), the rest is shown"), "\(run.stderr)")
        #expect(run.stdout.contains("GFS"), "\(run.stdout)")
    }

    /// The run of two days before in "°X": `drift` shows the other runs and says it once.
    @Test func driftLeavesOutOneRun() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/previous-runs/v1/forecast",
                file:
                    "open-meteo-previous-runs/hamburg-drift-2025-08-14-to-16-day2-temperature-unit-unknown-hand-edited.json"
            ))
        let run = try runWX(
            ["-c", "drift tomorrow Hamburg"], home: TemporaryFolder(), server: server, now: "2025-08-14T08:00:00Z")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            Self.count("hourly temperature_2m_previous_day2 in “°X”", in: run.stderr) == 1, "\(run.stderr)")
        #expect(run.stdout.contains("°C"), "\(run.stdout)")
    }

    /// The archive's daily high in "°X": `past` shows the day's low and its hours, the high "—"
    /// (null in --json).
    @Test func pastLeavesOutTheHigh() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/v1/archive",
                file: "open-meteo-archive/hamburg-2024-07-14-hourly-daily-max-unit-unknown-hand-edited.json",
                times: 2))
        let json = try runWX(
            ["--json", "-c", "past 2024-07-14 Hamburg"], home: TemporaryFolder(), server: server,
            now: "2025-07-27T03:10:00Z")
        #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
        #expect(Self.count("daily temperature_2m_max in “°X”", in: json.stderr) == 1, "\(json.stderr)")
        let document = try #require(Self.documents(json.stdout).first, "\(json.stdout)")
        let days = try #require(document["days"] as? [[String: Any]], "\(json.stdout)")
        let day = try #require(days.first)
        #expect(day["temperature_max_celsius"] is NSNull, "\(day)")
        #expect(day["temperature_min_celsius"] as? Double != nil, "\(day)")
        #expect(!(document["hours"] as? [Any] ?? []).isEmpty, "\(json.stdout)")
    }

    /// The rows of a `chance --json` run that succeeded.
    static func thresholds(_ json: WXResult) throws -> [[String: Any]] {
        #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
        let document = try #require(Self.documents(json.stdout).first, "\(json.stdout)")
        return try #require(document["thresholds"] as? [[String: Any]], "\(json.stdout)")
    }

    /// Every member's temperature in "°R": frost is counted on it, so its row says why it has
    /// none, as a threshold's row does; rain beside it is still counted. In --json each row
    /// carries that reason (`variable_missing_reason`), null where nothing was left out. The old
    /// frost row listed days with no member counted and gave no reason, and no --json row had one.
    @Test func chancesFrostRowSaysTheUnitIsWhy() throws {
        let server = try FixtureServer()
        var text = String(
            decoding: TestPaths.fixture(
                "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json"), as: UTF8.self)
        #expect(Self.count("\"°C\"", in: text) == 51)
        text = text.replacingOccurrences(of: "\"°C\"", with: "\"°R\"")
        try server.queue(.init(path: "/v1/ensemble", body: text, contentType: "application/json", times: 4))
        let run = try runWX(
            ["-c", "chance frost rain>=1mm 2 \(Self.paris)"], home: TemporaryFolder(), server: server,
            now: Self.parisMorning)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Self.count("in “°R”", in: run.stderr) == 1, "\(run.stderr)")
        let flat = run.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(
            flat.contains("has no temperature (temperature_2m) wx can read — given in “°R”, a unit wx does not know"),
            "\(run.stdout)")
        #expect(flat.contains(" of 51"), "\(run.stdout)")

        let json = try runWX(
            ["--json", "-c", "chance frost rain>=1mm 2 \(Self.paris)"], home: TemporaryFolder(), server: server,
            now: Self.parisMorning)
        let rows = try Self.thresholds(json)
        #expect(rows.count == 2)
        #expect(rows.first?["variable_missing"] as? Bool == true, "\(rows)")
        #expect(
            rows.first?["variable_missing_reason"] as? String == "given in “°R”, a unit wx does not know", "\(rows)")
        #expect(rows.last?["variable_missing"] as? Bool == false, "\(rows)")
        #expect(rows.last?["variable_missing_reason"] is NSNull, "\(rows)")
    }

    /// `chance --json` of rain with every member's precipitation in "ligne": the rain row's
    /// reason, as its text says it.
    @Test func chanceJSONRowsCarryTheUnitReason() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", file: Self.lignes, times: 2))
        let json = try runWX(
            ["--json", "-c", "chance rain>=1mm temp<5 2 \(Self.paris)"], home: TemporaryFolder(), server: server,
            now: Self.parisMorning)
        let rows = try Self.thresholds(json)
        #expect(
            rows.first?["variable_missing_reason"] as? String == "given in “ligne”, a unit wx does not know", "\(rows)")
        #expect(rows.last?["variable_missing_reason"] is NSNull, "\(rows)")
    }
}
