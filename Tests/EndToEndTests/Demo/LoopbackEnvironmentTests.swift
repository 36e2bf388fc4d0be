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
}
