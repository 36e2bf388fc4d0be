import Foundation
import Testing
import WeatherTestSupport

/// `wx doctor` and `doctor` at the prompt (issue 40) through the built wx and the loopback
/// server: one line per check, exit 0 when all is well and 1 when something is off, the light
/// requests made only to the services in use — at their `WX_*_URL` bases, never a public
/// endpoint — and the key never shown.
@Suite(.tags(.endToEnd))
struct DoctorEndToEndTests {
    static let key = "0123456789abcdef0123456789abcdef"

    /// Favorites in the Netherlands and Germany, imported (no request made).
    static func homeWithFavorites() throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let file = home.path + "/favorites.csv"
        try """
        name,latitude,longitude,display_name,country_code
        Amsterdam,52.37,4.89,"Amsterdam, Nederland",nl
        Berlin,52.52,13.41,"Berlin, Deutschland",de
        Utrecht,52.09,5.12,"Utrecht, Nederland",nl

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["-c", "import favorites \(file)"], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        return home
    }

    /// All well: exit 0, every check a line, and the services asked are the provider, the
    /// geocoder and the one that stands in for it (Open-Meteo's `/v1/search`), the ensemble and
    /// the warning feeds of the favorites' countries (MeteoAlarm once for two Dutch favorites) —
    /// each said with the URL it asked, on the loopback server, and nothing else.
    @Test func allWellAsksOnlyTheServicesInUse() throws {
        let server = try FixtureServer()
        let home = try Self.homeWithFavorites()
        let before = try server.requests().count
        let run = try runWX(["doctor"], home: home, server: server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("All is well.\n"))
        let asked = try server.requests().dropFirst(before).map(\.path).sorted()
        #expect(
            asked == [
                "/alerts", "/api/v1/warnings/feeds-netherlands", "/previous-runs/v1/forecast", "/status",
                "/v1/air-quality", "/v1/archive", "/v1/ensemble", "/v1/forecast", "/v1/search",
            ], "\(asked)")
        for line in [
            "✓ Open-Meteo (provider): answered in", "✓ Nominatim (geocoder): answered in",
            "✓ MeteoAlarm (warnings for NL: Amsterdam, Utrecht): answered in",
            "✓ Bright Sky (DWD, warnings for DE: Berlin): answered in",
            "  asked \(server.url)/status?format=json\n", "✓ state folder: \(home.path), writable\n",
            "✓ OpenWeatherMap key: not set (OpenWeatherMap is not used)\n", "✓ lock: free\n",
            "✓ favorites file: \(home.path)/state.plist readable\n",
            "✓ colour: off: the output is not a terminal\n", "✓ wxrc: none at \(home.path)/wxrc\n",
        ] {
            #expect(run.stdout.contains(line), "\(line)\n\(run.stdout)")
        }
    }

    /// `doctor` typed at wx's own prompt (script mode here: the same runner) answers the same.
    @Test func atThePrompt() throws {
        let server = try FixtureServer()
        let run = try runWX(stdin: "doctor\n", home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✓ Nominatim (geocoder): answered in"))
        #expect(run.stdout.hasSuffix("All is well.\n"))
    }

    /// What is off is said in words wherever `doctor` runs; the exit status only by `wx doctor`
    /// and `wx -c doctor`, whose status it is (still 1). At the prompt, in a script or beside
    /// other commands ("doctor; favs") "(exit status 1)" meant nothing (a fresh user's report).
    @Test func theExitStatusIsSaidOnlyWhenDoctorIsTheWholeRun() throws {
        let environment = ["OPENWEATHERMAP_API_KEY": Self.key]
        let off = "2 things are off: OpenWeatherMap (the key), OpenWeatherMap key"
        func run(_ arguments: [String], stdin: String = "") throws -> WXResult {
            let server = try FixtureServer()
            try server.queue(.init(path: "/data/2.5/weather", status: 401, file: "cases/owm-401.json", times: 2))
            return try runWX(arguments, stdin: stdin, home: TemporaryFolder(), server: server, environment: environment)
        }
        for whole in [["doctor"], ["-c", "doctor"]] {
            let result = try run(whole)
            #expect(result.status == 1, "\(whole): \(result.stderr)")
            #expect(result.stdout.hasSuffix("\(off); exit status 1.\n"), "\(whole): \(result.stdout)")
        }
        for (arguments, stdin) in [([], "doctor\n"), (["-c", "doctor; favs"], ""), ([], "doctor\nfavs\n")] {
            let result = try run(arguments, stdin: stdin)
            #expect(!result.stdout.contains("exit status"), "\(arguments) \(stdin): \(result.stdout)")
            #expect(result.stdout.contains("\n\(off).\n"), "\(arguments) \(stdin): \(result.stdout)")
        }
    }

    /// A key OpenWeatherMap refuses: the key line and the service line say so, exit 1, and the
    /// key is in no output (text or JSON), only `appid=***`.
    @Test func aRefusedKeyIsOffAndNeverShown() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/data/2.5/weather", status: 401, file: "cases/owm-401.json", times: 2))
        let environment = ["OPENWEATHERMAP_API_KEY": Self.key]
        let run = try runWX(["doctor"], home: TemporaryFolder(), server: server, environment: environment)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✗ OpenWeatherMap key: set, refused by OpenWeatherMap (HTTP 401)\n"))
        #expect(run.stdout.contains("appid=***"))
        #expect(
            run.stdout.hasSuffix("2 things are off: OpenWeatherMap (the key), OpenWeatherMap key; exit status 1.\n"),
            "\(run.stdout)")
        let json = try runWX(["--json", "doctor"], home: TemporaryFolder(), server: server, environment: environment)
        #expect(json.status == 1)
        #expect(json.stdout.contains(#""all_well":false"#))
        for output in [run.stdout, run.stderr, json.stdout, json.stderr] { #expect(!output.contains(Self.key)) }
        // The key was sent: the service could check it.
        #expect(try server.requests().contains { $0.query["appid"] == Self.key })
    }

    /// An accepted key: said so, the provider still Open-Meteo.
    @Test func anAcceptedKey() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["doctor"], home: TemporaryFolder(), server: server, environment: ["OPENWEATHERMAP_API_KEY": Self.key])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✓ OpenWeatherMap key: set, accepted\n"))
        #expect(!run.stdout.contains(Self.key))
    }

    /// A geocoder that cannot be reached (a closed loopback port): its line says so with what to
    /// check, exit 1.
    @Test func anUnreachableServiceIsOff() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["doctor"], home: TemporaryFolder(), server: server,
            environment: ["WX_NOMINATIM_URL": "http://127.0.0.1:9", "COLUMNS": "200"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✗ Nominatim (geocoder): cannot reach Nominatim at"), "\(run.stdout)")
        #expect(run.stdout.contains("check your connection or WX_NOMINATIM_URL"))
        #expect(run.stdout.contains("✓ Open-Meteo (provider): answered in"))
    }

    /// Offline, nothing is asked; all else is checked, and that is no failure.
    @Test func offlineAsksNothing() throws {
        let server = try FixtureServer()
        let run = try runWX(["--offline", "doctor"], home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try server.requests().isEmpty)
        // One pair of parentheses a service, none around them (they were nested).
        let unwrapped = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            unwrapped.contains(
                "· services: not asked while offline: Open-Meteo (provider), Nominatim (geocoder), Open-Meteo geocoding (fallback geocoder), Open-Meteo ensemble (chance, check --rain), Open-Meteo previous runs (earlier runs), Open-Meteo archive (past weather), Open-Meteo air quality (air), NWS (warnings), Bright Sky (DWD, warnings), Environment Canada (warnings), MET Norway (warnings)\n"
            ), "\(run.stdout)")
    }

    /// A start-up file with a line that does not parse, and an `.editrc` with a word libedit
    /// does not know: each named with its line, exit 1; nothing of wxrc is run.
    @Test func filesThatDoNotRead() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try "units metric\nshwo Berlin\n\\timing on\n".write(
            toFile: home.path + "/wxrc", atomically: true, encoding: .utf8)
        try "# mine\nbind -e\nwx:history size 100\nsh:whatever\nbindd ^R em-inc-search-prev\n".write(
            toFile: home.path + "/.editrc", atomically: true, encoding: .utf8)
        let run = try runWX(["doctor"], home: home, server: server, environment: ["HOME": home.path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✗ wxrc: \(home.path)/wxrc line 2: unknown command “shwo”"), "\(run.stdout)")
        #expect(run.stdout.contains("✗ editrc: \(home.path)/.editrc line 5: “bindd” is not a libedit command"))
        #expect(try server.requests().allSatisfy { $0.path != "/search" })
    }

    /// A state.plist that does not parse leaves favorites and settings read-only for the session:
    /// doctor says so and exits 1 (it said "All is well." with only start's warning on stderr).
    @Test func aFavoritesFileThatDoesNotParseIsAProblem() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try "<?xml version=\"1.0\"?><plist><dict><key>favorites".write(
            toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let run = try runWX(["doctor"], home: home, server: server, environment: ["COLUMNS": "400"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✗ favorites file: state.plist could not be read (a copy is at "), "\(run.stdout)")
        #expect(!run.stdout.contains("All is well."), "\(run.stdout)")
        let healthy = try runWX(["doctor"], home: TemporaryFolder(), server: server)
        #expect(
            healthy.stdout.contains("✓ favorites file: none yet (made at the first favorite or setting)"),
            "\(healthy.stdout)")
    }

    /// A state folder that cannot be made (WX_HOME under a file): said, with what to do, exit 1.
    @Test func aStateFolderThatCannotBeMade() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try "x".write(toFile: home.path + "/file", atomically: true, encoding: .utf8)
        let run = try runWX(
            ["doctor"], home: home, server: server, environment: ["WX_HOME": home.path + "/file/wx", "COLUMNS": "200"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "✗ state folder: \(home.path)/file/wx cannot be made: \(home.path)/file is a file, not a folder\n  → move the file away, or start wx with --home DIR\n"
            ), "\(run.stdout)")
    }

    /// The `--json` document: one per run, every check with its status; the exit status in it.
    @Test func jsonForScripts() throws {
        let server = try FixtureServer()
        let run = try runWX(["--json", "doctor"], home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "doctor")
        #expect(object["schema_version"] as? Int == 1)
        #expect(object["exit_status"] as? Int == 0)
        let checks = try #require(object["checks"] as? [[String: Any]])
        let nominatim = try #require(checks.first { $0["subject"] as? String == "Nominatim (geocoder)" })
        let request = try #require(nominatim["request"] as? [String: Any])
        #expect(request["url"] as? String == server.url + "/status?format=json")
        #expect(request["http_status"] as? Int == 200)
        #expect(Set(checks.compactMap { $0["area"] as? String }) == ["state", "service", "key", "terminal", "files"])
    }
}

/// The colour conventions through the built wx (issue 40, item 15): `CLICOLOR_FORCE=1` colours
/// output in a pipe, `NO_COLOR` wins over it, `CLICOLOR=0` turns colour off (and `doctor` says
/// which variable decided).
@Suite(.tags(.endToEnd))
struct ColourConventionEndToEndTests {
    static let escape = "\u{1B}["

    @Test func forcedInAPipeUnlessNoColor() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let now = "2025-07-27T10:00:00Z"
        func show(_ environment: [String: String]) throws -> WXResult {
            try runWX(["show", "Hamburg"], home: home, server: server, now: now, environment: environment)
        }
        let plain = try show([:])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stdout.contains(Self.escape))
        let forced = try show(["CLICOLOR_FORCE": "1"])
        #expect(forced.stdout.contains(Self.escape), "\(forced.stdout)")
        // The same text but for the colour.
        #expect(forced.stdout.replacing(/\x1B\[[0-9;]*m/, with: "") == plain.stdout)
        #expect(!(try show(["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])).stdout.contains(Self.escape))
        #expect(!(try show(["CLICOLOR_FORCE": "0"])).stdout.contains(Self.escape))
        let doctor = try runWX(
            ["--offline", "doctor"], home: home, server: server, environment: ["CLICOLOR": "0"])
        #expect(doctor.stdout.contains("✓ colour: off: CLICOLOR is 0\n"), "\(doctor.stdout)")
        let forcedDoctor = try runWX(
            ["--offline", "doctor"], home: home, server: server, environment: ["CLICOLOR_FORCE": "1"])
        #expect(forcedDoctor.stdout.contains("colour: on: CLICOLOR_FORCE is set"), "\(forcedDoctor.stdout)")
    }
}
