import Foundation
import Testing

/// `make demo`'s manifest, as the Makefile gives it to wx (`WX_DEMO`) and to the server.
package let demoManifestPath = TestPaths.fixtures.appendingPathComponent("demo/places.json").path

/// Runs `commands` (`wx -c`) in the demo: wx with `WX_DEMO` against a fresh loopback server in demo
/// mode, in `home`, with `environment` besides (`COLUMNS`).
///
/// - Returns: the run, and the paths the server was asked for, in order.
package func runDemo(
    _ commands: String, home: TemporaryFolder = TemporaryFolder(), environment: [String: String] = [:]
) throws -> (run: WXResult, paths: [String]) {
    let server = try FixtureServer(demo: demoManifestPath)
    let run = try runWX(
        ["-c", commands], home: home, server: server,
        environment: environment.merging(["WX_DEMO": demoManifestPath]) { $1 })
    return (run, try server.requests().map(\.path))
}

/// Expects `commands` in the demo to end with the demo's refusal: exit status 1, `error` alone
/// on stderr ("error: " and a newline added), and no request but `paths` (a refusal comes
/// before any request of its own).
package func expectDemoRefusal(
    _ commands: String, _ error: String, askedOnly paths: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let (run, asked) = try runDemo(commands)
    #expect(run.status == 1, "\(commands)", sourceLocation: sourceLocation)
    #expect(run.stderr == "error: \(error)\n", "\(commands): \(run.stderr)", sourceLocation: sourceLocation)
    #expect(asked == paths, "\(commands)", sourceLocation: sourceLocation)
}
