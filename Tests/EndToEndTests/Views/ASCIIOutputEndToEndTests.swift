import Foundation
import Testing
import WeatherTestSupport

/// Under a locale that is not UTF-8 (LANG=C) every byte wx writes is ASCII: each symbol of its
/// own has an ASCII form (`TextRenderer.ascii`). Through the built wx and the loopback server,
/// the commands that print symbols — `check`'s and `chance`'s "≥", `models`' flag, `plume`'s
/// band, `drift`'s bars, `doctor`'s marks and arrow, `help`'s floor brackets and "×", `log
/// compact`'s arrow, `line`'s presets and moon — at places whose names are ASCII (letters in
/// names from services are left as they are).
@Suite(.tags(.endToEnd))
struct ASCIIOutputEndToEndTests {
    @Test func everyByteIsASCIIUnderTheCLocale() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // Berlin's recording: the weather's views, help, doctor, the log and the status line.
        let berlin = [
            "show Berlin", "hourly 6", "daily", "brief", "changed", "check --changed", "fav", "save", "saved",
            "saved 1", "favs", "about", "help confidence", "help best", "help chance", "help brief", "help changed",
            "help check", "help line", "units imperial", "show", "units metric", "line Berlin --format 2",
            "line Berlin --format 4", "line Berlin --format %m%c%w", "doctor", "log compact", "history 5",
        ]
        let first = try runWX(
            ["-c", berlin.joined(separator: "; ")], home: home, server: server, now: "2025-07-27T03:10:00Z",
            environment: ["LANG": "C", "COLUMNS": "80"])
        // The Paris ensemble at its coordinates, left unnamed (the geocoder busy): the decision
        // views with their comparisons, flags, bands and bars.
        try server.queue(.init(path: "/reverse", status: 500, body: "busy", times: 200))
        let paris = [
            "check --rain 1% --frost 1% 48.86,2.35", "best 2h dry 48.86,2.35", "chance gusts>=60 frost rain>=1mm 3",
            "best 3h temp>40", "best 2h temp>22 daylight tomorrow", "plume gusts 6", "plume", "confidence 2",
            "models 2", "drift", "hourly 6",
        ]
        let second = try runWX(
            ["-c", paris.joined(separator: "; ")], home: home, server: server, now: DecisionsEndToEndTests.now,
            environment: ["LANG": "C", "COLUMNS": "80"])
        for run in [first, second] {
            #expect(!run.stdout.isEmpty)
            let output = run.stdout + run.stderr
            let offending = output.split(separator: "\n").filter { $0.utf8.contains { $0 >= 0x80 } }
            #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
        }
        // doctor's advice names what a UTF-8 locale brings in words, not in the symbols it lacks
        // (they were dropped in ASCII: "for , * and charts").
        #expect(first.stdout.contains("-> set LANG to a UTF-8 locale (C.UTF-8) for symbols, degree signs and charts"))
        // What the trial saw: check's comparison, in ASCII.
        #expect(second.stdout.contains("members (53 %) >= 1 %"), "\(second.stdout)")
        #expect(second.stdout.contains("gusts >= 60 km/h"), "\(second.stdout)")
    }

    /// At a terminal (a pseudo-terminal from script(1), stdin "quit"), the greeting and the
    /// demo's banner under it — written before any renderer — are ASCII too: "-" for "—",
    /// straight quotes for “ ” and ’.
    @Test func theGreetingAndTheDemoBannerAreASCIIUnderTheCLocale() throws {
        let server = try FixtureServer(demo: demoManifestPath)
        let home = TemporaryFolder()
        let environment = [
            "PATH": "/usr/bin:/bin", "LANG": "C", "TERM": "xterm", "HOME": home.path, "WX_HOME": home.path,
            "XDG_RUNTIME_DIR": home.path, "WX_DEMO": demoManifestPath,
        ].merging(server.environment) { $1 }
        let run = try runProgram(
            "/usr/bin/script", ["-qec", TestPaths.wxBinary, "/dev/null"], stdin: "quit\n", environment: environment)
        #expect(run.stdout.contains("weather at the prompt. \"help\" lists commands"), "\(run.stdout)")
        #expect(run.stdout.contains("demo: recorded answers, not today's weather."), "\(run.stdout)")
        let offending = run.stdout.split(separator: "\n").filter { $0.utf8.contains { $0 >= 0x80 } }
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }
}
