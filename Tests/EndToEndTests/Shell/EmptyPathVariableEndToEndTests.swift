import Foundation
import Testing
import WeatherTestSupport

/// wx's path variables set but empty — `WX_HOME=` (a script whose variable was never filled),
/// `WX_DEMO=` — are a usage error (exit status 2) in one line, as a bad `WX_TIMEOUT` is: read as
/// unset, `WX_HOME=` wrote to the user's real folders and `WX_DEMO=` asked the real services.
@Suite(.tags(.endToEnd)) struct EmptyPathVariableEndToEndTests {
    @Test(arguments: [
        ("WX_HOME", "a folder for wx’s state"),
        ("WX_DEMO", "a demo manifest such as Fixtures/demo/places.json"),
    ])
    func setButEmptyIsAUsageError(variable: String, what: String) throws {
        let home = TemporaryFolder()
        let server = try FixtureServer(demo: demoManifestPath)
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_TIMEOUT": "5"]
        environment.merge(server.environment) { $1 }
        environment["WX_HOME"] = variable == "WX_HOME" ? "" : home.path + "/state"
        environment["WX_DEMO"] = variable == "WX_DEMO" ? "" : demoManifestPath
        let run = try runProgram(TestPaths.wxBinary, ["-c", "show 53.55,9.99"], environment: environment)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "wx: \(variable) is set but empty: set it to \(what), or unset it\n")
        // Nothing was written anywhere: not in the XDG folders under HOME, not in the state folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [])
        #expect(try server.requests().isEmpty)
    }

    /// `--home DIR` wins over WX_HOME, so an empty WX_HOME is not read then.
    @Test func homeOptionWinsOverAnEmptyVariable() throws {
        let home = TemporaryFolder()
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": ""]
        let run = try runProgram(
            TestPaths.wxBinary, ["--home", home.path + "/state", "-c", "units"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
