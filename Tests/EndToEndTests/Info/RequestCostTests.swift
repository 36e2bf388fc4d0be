import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Each command's declared cost (`CommandSpec.costs`, which `about` lists) against what it
/// really asks: every command is run in the demo world with a fresh cache, and the services the
/// loopback server saw must be among those it declares (a typed place may add a geocoding
/// request, as `about` says); a command that declares a cost must ask something for it, and
/// one that declares none must ask nothing.
@Suite(.tags(.endToEnd))
struct RequestCostTests {
    /// A command line to run, after `setup` in the same home (its requests not counted);
    /// `asks` false where the demo has nothing for the declared request to fetch.
    struct Example: Sendable, CustomStringConvertible {
        var setup: String?
        var line: String
        var asks = true
        var description: String { line }
    }

    /// The example for each command; the switch is exhaustive, so a new command does not compile
    /// here until it has one (nil: it cannot run as `wx -c`, and why).
    static func example(_ name: CommandName) -> Example? {
        switch name {
        case .find: Example(line: "find Berlin")
        case .use: Example(setup: "find Berlin", line: "find Berlin; use 1")
        case .show: Example(line: "show Berlin")
        case .hourly: Example(line: "hourly 6 Berlin")
        case .daily: Example(line: "daily 3 Berlin")
        case .past: Example(line: "past yesterday Hamburg")
        case .normal: Example(line: "normal Berlin")
        case .drift: Example(line: "drift Berlin")
        case .skill: Example(line: "skill Berlin")
        case .confidence: Example(line: "confidence Berlin")
        case .models: Example(line: "models Berlin")
        case .best: Example(line: "best 2h dry Berlin")
        case .chance: Example(line: "chance frost Berlin")
        case .plume: Example(line: "plume Berlin")
        case .rain: Example(line: "rain Berlin")
        case .air: Example(line: "air Enschede")
        case .warnings: Example(line: "warnings Hamburg")
        case .check: Example(line: "check --rain 1% Berlin")
        case .brief: Example(line: "brief Berlin")
        case .changed: Example(line: "changed Berlin")
        case .compare: Example(setup: "find Berlin; use 1; fav", line: "compare")
        case .line: Example(line: "line Berlin")
        case .fav: Example(setup: "show Berlin", line: "show Berlin; fav")
        case .favs: Example(setup: "show Berlin; fav", line: "favs")
        case .save: Example(setup: "show Berlin", line: "show Berlin; save")
        // The demo's clock stands at the recording: no kept day has passed to be checked.
        case .saved: Example(setup: "show Berlin; save", line: "saved 1", asks: false)
        case .history: Example(line: "history")
        case .units: Example(line: "units imperial")
        case .provider: Example(line: "provider")
        case .geocoder: Example(line: "geocoder")
        case .language: Example(line: "language de")
        case .log: Example(line: "log")
        case .help: Example(line: "help")
        case .about: Example(line: "about")
        // The demo answers from recordings: doctor says so and asks nothing.
        case .doctor: Example(line: "doctor", asks: false)
        case .clear: Example(line: "clear")
        case .reset, .export, .`import`, .format, .replay, .source, .quit:
            // Files and the line itself: no service (their handlers have no service slot).
            Example(line: "help \(name.spec.name)")
        case .watch:
            // Runs until Ctrl-C: WatchTests count its requests (a show's, and the ensemble's).
            nil
        }
    }

    /// The service a demo-server path belongs to (every service is served by the one server).
    static func service(_ request: FixtureServer.Request) -> Service? {
        let path = request.path
        if path == "/search" || path == "/reverse" { return .nominatim }
        if path.hasPrefix("/v1/search") { return .openMeteoGeocoding }
        if path.hasPrefix("/previous-runs/") { return .openMeteoPreviousRuns }
        if path.hasPrefix("/v1/ensemble") { return .openMeteoEnsemble }
        if path.hasPrefix("/v1/archive") { return .openMeteoArchive }
        if path.hasPrefix("/v1/air-quality") { return .openMeteoAirQuality }
        if path.hasPrefix("/v1/forecast") { return .openMeteo }
        if path.hasPrefix("/data/2.5/") { return .openWeatherMap }
        if path.hasPrefix("/alerts/active") { return .nws }
        if path.hasPrefix("/alerts") { return .brightSky }
        if path.hasPrefix("/collections/") { return .eccc }
        if path.hasPrefix("/weatherapi/metalerts") { return .metNorway }
        if path.hasPrefix("/api/v1/warnings/") { return .meteoAlarm }
        return nil
    }

    @Test(arguments: CommandName.allCases.compactMap { name in example(name).map { (name, $0) } })
    func askedIsDeclared(_ name: CommandName, _ example: Example) throws {
        let home = TemporaryFolder()
        let environment = ["WX_DEMO": demoManifestPath]
        // One server for both: the cache is kept per base URL.
        let server = try FixtureServer(demo: demoManifestPath)
        if let setup = example.setup {
            _ = try runWX(["-c", setup], home: home, server: server, environment: environment)
        }
        let before = try server.requests().count
        let run = try runWX(["-c", example.line], home: home, server: server, environment: environment)
        #expect(run.status == 0, "\(example.line): \(run.stderr)")
        let asked = Array(try server.requests().dropFirst(before))
        try expectValidJSON(example, home: home, server: server, environment: environment)
        let services = Set(asked.map { Self.service($0) })
        #expect(!services.contains(nil), "\(example.line) asked a path no service has: \(asked.map(\.path))")
        let declared = Set(name.spec.costs.flatMap(\.services))
        // A typed place may be geocoded first: `about` says so under its table.
        let allowed = declared.union(RequestCost.geocoders)
        let undeclared = services.compactMap { $0 }.filter { !allowed.contains($0) }
        #expect(undeclared.isEmpty, "\(example.line) asked \(undeclared) but “\(name.spec.name)” declares \(declared)")
        if declared.isEmpty {
            #expect(asked.isEmpty, "\(example.line) declares no cost but asked \(asked.map(\.path))")
        } else if example.asks {
            let beyondGeocoding = name == .find ? services : services.subtracting(RequestCost.geocoders)
            #expect(!beyondGeocoding.isEmpty, "\(example.line) declares a cost but asked \(asked.map(\.path))")
        }
    }

    /// The same line under `--json`: every document it prints is one the schema describes
    /// (schema/wx-result.schema.json), so a command whose document type the schema lacks fails
    /// here — every command is run, by the exhaustive switch above.
    func expectValidJSON(
        _ example: Example, home: TemporaryFolder, server: FixtureServer, environment: [String: String]
    ) throws {
        let run = try runWX(["--json", "-c", example.line], home: home, server: server, environment: environment)
        let file = home.path + "/documents.jsonl"
        try run.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let check = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/scripts/validate-json.py",
                TestPaths.packageRoot.path + "/schema/wx-result.schema.json", file,
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(example.line) --json: \(check.stdout)\(check.stderr)")
        // `clear` clears the screen and prints no document; every other command prints one.
        #expect(!run.stdout.isEmpty || example.line == "clear", "\(example.line) --json printed nothing")
    }

    /// `about` lists every declared cost, each form once, in the words declared.
    @Test func aboutListsEveryDeclaredCost() {
        let rows = RequestCost.table
        for spec in CommandTable.all {
            for cost in spec.costs {
                let command = spec.name + (cost.form.map { " " + $0 } ?? "")
                let row = rows.filter { $0.commands.components(separatedBy: ", ").contains(command) }
                #expect(row.count == 1, "\(command)")
                #expect(row.first?.cost == cost.text, "\(command)")
            }
        }
        let listed = rows.flatMap { $0.commands.components(separatedBy: ", ") }
        #expect(listed.count == CommandTable.all.map(\.costs.count).reduce(0, +))
    }
}
