import Foundation
import Testing
import WeatherTestSupport

/// README's crontab (issue 36's trial): run as cron runs it — its variable lines as the job's
/// environment, PATH=/usr/bin:/bin, each command through /bin/sh — with a notify-send of the
/// test's that logs the environment it got and its arguments, and a wx at `$HOME/.local/bin`
/// (where `make install PREFIX=$HOME/.local` puts it) that logs each run and runs the built wx
/// against the loopback server. The change is Berlin's recorded forecast at 08:00 CEST, then the
/// hand-written later answer at 10:00, as in ChangedEndToEndTests.
@Suite(.tags(.endToEnd))
struct CronLineEndToEndTests {
    /// The README's crontab block: (variable lines, job commands).
    static func crontab() throws -> (variables: [String: String], commands: [String]) {
        let readme = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```\n# crontab -e"))
        // From the block's first line, its comment included.
        let rest = readme[readme.index(start.lowerBound, offsetBy: 4)...]
        let end = try #require(rest.range(of: "```"))
        var variables: [String: String] = [:]
        var commands: [String] = []
        for line in rest[..<end.lowerBound].split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            if fields.count == 6 {
                // cron: an unescaped % ends the command; \% is a %.
                let command = String(fields[5])
                #expect(!command.replacingOccurrences(of: "\\%", with: "").contains("%"), "\(command)")
                commands.append(command.replacingOccurrences(of: "\\%", with: "%"))
            } else if let equals = line.firstIndex(of: "=") {
                variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return (variables, commands)
    }

    @Test func theReadmesCronLineNotifiesOnceWithTheSessionsBus() throws {
        let (variables, commands) = try Self.crontab()
        #expect(variables["DISPLAY"] != nil && variables["DBUS_SESSION_BUS_ADDRESS"] != nil, "\(variables)")
        // Each job runs wx once.
        for command in commands {
            #expect(command.components(separatedBy: "wx\" check").count == 2, "\(command)")
        }
        let changed = try #require(commands.first { $0.contains("--changed") })
        let server = try FixtureServer()
        let state = TemporaryFolder()
        let home = TemporaryFolder()
        let fakes = TemporaryFolder()
        let bin = home.path + "/.local/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = home.path + "/calls.log"
        func script(_ path: String, _ body: String) throws {
            try ("#!/bin/sh\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try script(
            fakes.path + "/notify-send",
            """
            { echo "notify DISPLAY=$DISPLAY DBUS=$DBUS_SESSION_BUS_ADDRESS"; for a; do echo "arg: $a"; done; } >> \(log)

            """)
        let serverVariables = server.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        try script(
            bin + "/wx",
            """
            echo "wx $*" >> \(log)
            exec env WX_HOME='\(state.path)' XDG_RUNTIME_DIR='\(state.path)/run' WX_TIMEOUT=5 LANG=C.UTF-8 \
            \(serverVariables) WX_NOW="$TEST_NOW" '\(TestPaths.wxBinary)' "$@"

            """)
        // "Home" is the reader's favorite: Berlin here.
        let command = changed.replacingOccurrences(of: " Home)", with: " Berlin)")
        func cron(now: String) throws -> WXResult {
            // cron's environment: its PATH (the fake notify-send stands for /usr/bin's), HOME,
            // and the crontab's variable lines.
            var environment = variables
            environment["PATH"] = fakes.path + ":/usr/bin:/bin"
            environment["HOME"] = home.path
            environment["TEST_NOW"] = now
            return try runProgram("/bin/sh", ["-c", command], environment: environment)
        }
        // The first run keeps check's mark and holds not: no notification.
        let first = try cron(now: ChangedEndToEndTests.earlier)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        try server.queue(.init(path: "/v1/forecast", file: ChangedEndToEndTests.laterFile, times: 1))
        let second = try cron(now: ChangedEndToEndTests.later)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(calls.filter { $0.hasPrefix("wx ") } == ["wx check --changed Berlin", "wx check --changed Berlin"])
        let notify = calls.filter { !$0.hasPrefix("wx ") }
        #expect(
            notify.first
                == "notify DISPLAY=\(variables["DISPLAY"]!) DBUS=\(variables["DBUS_SESSION_BUS_ADDRESS"]!)",
            "\(calls)")
        #expect(notify.count == 3 && notify[1] == "arg: wx: Home changed", "\(calls)")
        // The notification's text is the one line check printed: what changed.
        #expect(notify.count == 3 && notify[2].hasPrefix("arg: ") && notify[2].contains("rain"), "\(calls)")
    }
}
