import Foundation
import Testing
import WeatherShell
import WeatherTestSupport

/// Every example session in README outside the `make demo` session (which
/// `DemoEndToEndTests.readmesDemoSessionIsWhatWxPrints` runs): each command through the built wx
/// against the fixtures, at the instant and in the state the text around it names, 80 columns
/// wide. Every line README shows for a command is one wx prints for it, and — where README
/// elides nothing with "…" — wx prints no other. Only the demo session and the `drift`/`skill`
/// examples were run so (trial 55); the others drifted: `saved verify` lost its table by days
/// ahead, `confidence` a note, `brief` a later spell and its "same forecast" sentence.
@Suite(.tags(.endToEnd))
struct ReadmeExamplesEndToEndTests {
    /// One example as README shows it: its commands (after `wx> ` or `$ `), each with its lines.
    struct Example {
        var commands: [(command: String, lines: [String])]
        var first: String { commands.first?.command ?? "" }
    }

    /// How an example is run: its home made ready, then each command run (its index, the
    /// server, the home) to what it printed, standard output then standard error.
    struct Scene: Sendable {
        var prepare: @Sendable (FixtureServer, TemporaryFolder) throws -> Void = { _, _ in }
        var run: @Sendable (Int, String, FixtureServer, TemporaryFolder) throws -> WXResult
    }

    /// README's code blocks that show a session (a line starting `wx> ` or `$ ` with the output
    /// under it), but the `make demo` session's.
    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let demo = try #require(readme.range(of: "This is `make demo`."))
        let demoBlock = try #require(readme[demo.upperBound...].components(separatedBy: "```").dropFirst().first)
        let blocks = readme.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return blocks.filter { $0 != demoBlock }.compactMap { block in
            var example = Example(commands: [])
            for line in block.split(separator: "\n").map(String.init) {
                if line.hasPrefix("wx> ") || line.hasPrefix("$ ") {
                    example.commands.append((String(line.drop { $0 != " " }.dropFirst()), []))
                } else if !example.commands.isEmpty {
                    example.commands[example.commands.count - 1].lines.append(line)
                }
            }
            // A block of commands alone (`old$ wx -c …`) shows no output to check.
            return example.commands.contains { !$0.lines.isEmpty } ? example : nil
        }
    }

    /// `command` run alone at `now`, 80 columns wide, after `suffix` is added to it (the place
    /// current in README's session, which a run of its own does not have).
    static func wx(
        _ command: String, suffix: String = "", now: String, server: FixtureServer, home: TemporaryFolder,
        answers: [FixtureServer.Answer] = []
    ) throws -> WXResult {
        for answer in answers { try server.queue(answer) }
        return try runWX(
            ["-c", command + suffix], home: home, server: server, now: now, environment: ["COLUMNS": "80"])
    }

    /// Each example's scene, by its first command.
    static let scenes: [String: Scene] = [
        // "Two weeks after snapshots of Hamburg on 27 and 30 July (and one an older wx saved,
        // with no forecast kept)": ForecastCheckTests' snapshots.
        "saved 2": Scene(
            prepare: { server, home in
                for now in ["2025-07-27T03:10:00Z", "2025-07-30T10:10:00Z"] {
                    _ = try ReadmeExamplesEndToEndTests.wx("show Hamburg; save", now: now, server: server, home: home)
                }
                try ForecastCheckTests.addSnapshotWithoutForecast(to: home)
            },
            run: { _, command, server, home in
                try ReadmeExamplesEndToEndTests.wx(command, now: "2025-08-10T12:00:00Z", server: server, home: home)
            }),
        // Hamburg current in README's session (its heading is Hamburg's), at RunsEndToEndTests' instant.
        "drift tomorrow": Scene(run: { _, command, server, home in
            try ReadmeExamplesEndToEndTests.wx(
                command, suffix: " Hamburg", now: RunsEndToEndTests.now, server: server, home: home)
        }),
        "skill": Scene(run: { _, command, server, home in
            try ReadmeExamplesEndToEndTests.wx(
                command, suffix: " Hamburg", now: RunsEndToEndTests.now, server: server, home: home)
        }),
        // At 12:59 CET ("rest of today from 13:00"), as EnsembleEndToEndTests has it.
        "confidence 2 Hamburg": Scene(run: { index, command, server, home in
            try ReadmeExamplesEndToEndTests.wx(
                command, suffix: index == 0 ? "" : " Hamburg", now: "2026-12-01T11:59:00Z", server: server, home: home)
        }),
        // "the hand-written Paris answers the tests use (`WX_NOW=2026-10-23T05:10:00Z`…)".
        "best 2h dry wind<20 48.85,2.35": Scene(run: { index, command, server, home in
            try ReadmeExamplesEndToEndTests.wx(
                command, suffix: index == 0 ? "" : " 48.85,2.35", now: "2026-10-23T05:10:00Z", server: server,
                home: home)
        }),
        "plume gusts 3": Scene(run: { _, command, server, home in
            try ReadmeExamplesEndToEndTests.wx(
                command, suffix: " 48.85,2.35", now: "2026-10-23T05:10:00Z", server: server, home: home)
        }),
        // "Berlin's recorded forecast, at two instants (the second is `make demo`'s)": Wed 30
        // Jul 08:00 CEST, then the recording's own hour.
        "brief Berlin": Scene(run: { index, command, server, home in
            try ReadmeExamplesEndToEndTests.wx(
                command, now: index == 0 ? "2025-07-30T06:00:00Z" : "2025-07-27T03:00:00Z", server: server,
                home: TemporaryFolder())
        }),
        // "Berlin at 08:00, then a (hand-written) answer two hours later" (ChangedEndToEndTests).
        "show Berlin": Scene(run: { index, command, server, home in
            let later = FixtureServer.Answer(path: "/v1/forecast", file: "brief/berlin-later-hand-written.json")
            return try ReadmeExamplesEndToEndTests.wx(
                command, now: index == 0 ? "2025-07-30T06:00:00Z" : "2025-07-30T08:00:00Z", server: server,
                home: home, answers: index == 0 ? [] : [later])
        }),
    ]

    /// What `run` printed, standard error wrapped as at an 80-column terminal, by line.
    static func printed(_ run: WXResult) -> [String] {
        (run.stdout + ShellRunner.wrappedAtWords(run.stderr, width: 80)).split(separator: "\n").map(String.init)
    }

    /// Every line `shown` for `command` is in `printed`; with no "…" in `shown`, nothing else is.
    /// `same` makes a line's varying part (a free space in GB) alike on both sides.
    static func compare(
        _ command: String, shown: [String], printed: [String], same: (String) -> String = { $0 }
    ) {
        let printed = printed.map(same)
        let elided = shown.contains { $0.trimmingCharacters(in: .whitespaces) == "…" }
        for line in shown.map(same) where line.trimmingCharacters(in: .whitespaces) != "…" {
            #expect(printed.contains(line), "README's “\(command)” shows a line wx does not print: \(line)")
        }
        if !elided {
            for line in printed {
                #expect(shown.map(same).contains(line), "wx prints for “\(command)” a line README leaves out: \(line)")
            }
        }
    }

    @Test func everyExampleHasAScene() throws {
        let firsts = try Self.examples().map(\.first)
        // The doctor example runs in `readmesDoctorExampleIsWhatWxPrints`.
        #expect(Set(firsts) == Set(Self.scenes.keys).union(["WX_HOME=/mnt/ro wx doctor"]), "\(firsts)")
        #expect(firsts.count == Self.scenes.count + 1, "two examples start alike: \(firsts)")
        // The section on how the forecast moved shows these two.
        #expect(firsts.contains("drift tomorrow") && firsts.contains("skill"))
    }

    @Test(arguments: scenes.keys.sorted()) func readmesExampleIsWhatWxPrints(first: String) throws {
        let example = try #require(try Self.examples().first { $0.first == first })
        let scene = try #require(Self.scenes[first])
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try scene.prepare(server, home)
        for (index, (command, shown)) in example.commands.enumerated() {
            let run = try scene.run(index, command, server, home)
            Self.compare(command, shown: shown, printed: Self.printed(run))
        }
    }

    /// `$ WX_HOME=/mnt/ro wx doctor`: a read-only file system at /mnt/ro, in a mount namespace
    /// of the test's own (as DoctorReadOnlyEndToEndTests makes one), the services the loopback
    /// server's. The free space is this machine's: its figure is not compared.
    @Test(.enabled(if: DoctorReadOnlyEndToEndTests.canMount, "needs unshare -rm and mount"))
    func readmesDoctorExampleIsWhatWxPrints() throws {
        let example = try #require(try Self.examples().first { $0.first == "WX_HOME=/mnt/ro wx doctor" })
        let server = try FixtureServer()
        let script =
            "mount -t tmpfs none /mnt && mkdir /mnt/ro && mount -t tmpfs -o ro none /mnt/ro && exec \(TestPaths.wxBinary) doctor"
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/mnt/ro", "WX_HOME": "/mnt/ro"]
        environment.merge(server.environment) { $1 }
        environment["COLUMNS"] = "80"
        let run = try runProgram("/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script], environment: environment)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let freeSpace = #/✓ free space: [0-9.]+ [KMGT]?B free/#
        Self.compare(
            example.first, shown: example.commands[0].lines, printed: Self.printed(run),
            same: { $0.wholeMatch(of: freeSpace) != nil ? "✓ free space: N free" : $0 })
    }
}
