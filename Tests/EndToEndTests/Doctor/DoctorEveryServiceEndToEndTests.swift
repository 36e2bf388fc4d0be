import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// `doctor` asks every service the commands use — the previous runs, the archive and air
/// quality too — one light request each, and a service that fails names the commands it
/// affects: trial 61, "All is well." (exit status 0) while drift, skill, saved verify, past,
/// normal and air could not reach their services.
@Suite(.tags(.endToEnd))
struct DoctorEveryServiceEndToEndTests {
    /// The three services only some commands use, as doctor names them.
    static let subjects = [
        "Open-Meteo previous runs (earlier runs)", "Open-Meteo archive (past weather)", "Open-Meteo air quality (air)",
    ]

    /// The trial's repro: the three at a port nothing listens on. doctor is not well (exit status
    /// 1, README's), each says so, and the commands it affects follow, as the command table
    /// declares them.
    @Test func unreachableArchivePreviousRunsAndAirQualityAreProblems() throws {
        let server = try FixtureServer()
        let nowhere = "http://127.0.0.1:9"
        let run = try runWX(
            ["doctor"], home: TemporaryFolder(), server: server, now: "2025-08-14T10:00:00Z",
            environment: [
                "WX_OPEN_METEO_ARCHIVE_URL": nowhere, "WX_OPEN_METEO_PREVIOUS_RUNS_URL": nowhere,
                "WX_OPEN_METEO_AIR_QUALITY_URL": nowhere,
                "COLUMNS": "200",
            ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("All is well."), "\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for subject in Self.subjects {
            #expect(lines.contains { $0.hasPrefix("✗ \(subject): cannot reach") }, "\(subject)\n\(run.stdout)")
        }
        // The commands each affects, from the one table of what each command asks.
        #expect(RequestCost.commands(using: .openMeteoPreviousRuns) == ["brief --sure", "drift", "skill"])
        #expect(
            RequestCost.commands(using: .openMeteoArchive) == ["past", "normal", "skill", "saved N", "saved verify"])
        #expect(RequestCost.commands(using: .openMeteoAirQuality) == ["air"])
        for affects in [
            "  affects: brief --sure, drift, skill", "  affects: past, normal, skill, saved N, saved verify",
            "  affects: air",
        ] {
            #expect(lines.contains(affects), "\(affects)\n\(run.stdout)")
        }
        #expect(
            lines.last
                == "3 things are off: \(Self.subjects.joined(separator: ", ")); exit status 1.",
            "\(run.stdout)")
    }

    /// All answering: each of the three is asked once, with its light request (one variable,
    /// one point, one day), and is well; a check that is well names no commands in text, and
    /// --json carries what each service affects.
    @Test func eachIsAskedOnceWithALightRequest() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let before = try server.requests().count
        let run = try runWX(["doctor"], home: home, server: server, environment: ["COLUMNS": "200"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("All is well.\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("affects:"), "\(run.stdout)")
        for subject in Self.subjects {
            #expect(run.stdout.contains("✓ \(subject): answered in"), "\(subject)\n\(run.stdout)")
        }
        let asked = try server.requests().dropFirst(before)
        let previousRuns = asked.filter { $0.path == "/previous-runs/v1/forecast" }
        let archive = asked.filter { $0.path == "/v1/archive" }
        let air = asked.filter { $0.path == "/v1/air-quality" }
        #expect(previousRuns.count == 1 && archive.count == 1 && air.count == 1, "\(asked.map(\.path))")
        #expect(previousRuns.first?.query["hourly"] == "temperature_2m_previous_day1", "\(previousRuns)")
        #expect(previousRuns.first?.query["forecast_days"] == "1", "\(previousRuns)")
        #expect(archive.first?.query["daily"] == "temperature_2m_max", "\(archive)")
        #expect(archive.first?.query["start_date"] == archive.first?.query["end_date"], "\(archive)")
        #expect(air.first?.query["hourly"] == "european_aqi", "\(air)")

        let json = try runWX(["--json", "doctor"], home: home, server: server)
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let checks = try #require(document["checks"] as? [[String: Any]])
        let affects = Dictionary(
            checks.map { ($0["subject"] as? String ?? "", $0["affects"] as? [String] ?? ["?"]) },
            uniquingKeysWith: { first, _ in first })
        #expect(affects["Open-Meteo previous runs (earlier runs)"] == ["brief --sure", "drift", "skill"], "\(affects)")
        #expect(affects["Open-Meteo air quality (air)"] == ["air"], "\(affects)")
        #expect(affects["state folder"] == [], "\(affects)")
    }
}
