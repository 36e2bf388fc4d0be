import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

/// scripts/loopback-env.sh — what README, `make demo`, `make loopback-env` and
/// scripts/transcript.sh use to point wx at the replay server — names every service's
/// `WX_…_URL` as the tests' own server does (`FixtureServer.environment`), so a new service
/// cannot be left out of one list and not the other.
@Suite(.tags(.unit)) struct LoopbackEnvironmentTests {
    @Test func theScriptExportsEachServicesVariable() throws {
        let url = "http://127.0.0.1:4711"
        let run = try runProgram(
            TestPaths.packageRoot.appendingPathComponent("scripts/loopback-env.sh").path, [url],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        var exported: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard line.hasPrefix("export "), let equals = line.firstIndex(of: "=") else {
                Issue.record("not an export: \(line)")
                continue
            }
            exported[String(line[line.index(line.startIndex, offsetBy: 7)..<equals])] = String(
                line[line.index(after: equals)...])
        }
        let expected = Dictionary(
            uniqueKeysWithValues: Service.allCases.map { ($0.baseURLVariable, url + FixtureServer.pathPrefix($0)) })
        #expect(exported == expected)
    }

    /// Without a URL: one usage line on stderr, nothing on stdout, status 2 — not the shell's
    /// "scripts/loopback-env.sh: 7: 1: usage: …" of `${1:?}`. `make -s loopback-env` says its
    /// own usage first (GNU make then adds its "*** … Error 2" line, which no recipe can stop).
    @Test func withoutAURLOneCleanUsageLine() throws {
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/loopback-env.sh").path
        for arguments in [[], [""]] {
            let run = try runProgram(script, arguments, environment: ["PATH": "/usr/bin:/bin"])
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(
                run.stderr
                    == "usage: scripts/loopback-env.sh URL (from the \"listening on\" line of Fixtures/server.py)\n")
        }
        let make = try runProgram(
            "/usr/bin/make", ["-s", "-C", TestPaths.packageRoot.path, "loopback-env"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(make.status == 2)
        #expect(make.stdout == "")
        #expect(
            make.stderr.split(separator: "\n").first
                == "usage: make -s loopback-env URL=http://127.0.0.1:PORT (from the \"listening on\" line of Fixtures/server.py)"
        )
    }
}
