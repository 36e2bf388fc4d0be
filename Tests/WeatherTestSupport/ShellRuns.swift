import Foundation
import Testing

/// The environment of a demo run of wx in `home` against `server` (`WX_DEMO`, `WX_HOME`, every
/// service URL), with the binary's path as `WX` for a shell script.
package func demoEnvironment(home: TemporaryFolder, server: FixtureServer) -> [String: String] {
    var environment = [
        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path,
        "XDG_RUNTIME_DIR": home.path + "/run", "WX_TIMEOUT": "5", "WX_DEMO": demoManifestPath,
        "WX": TestPaths.wxBinary,
    ]
    environment.merge(server.environment) { $1 }
    return environment
}

/// Runs `script` with `/bin/sh -c` in the demo's environment (`demoEnvironment`), so that a
/// test can give wx what a shell gives it: its output sent to a file (`{ echo a; "$WX" -c …; } > f`).
///
/// - Returns: the shell's run (its own stdout and stderr; the script's redirections are its own).
package func runDemoShell(_ script: String, home: TemporaryFolder, server: FixtureServer) throws -> WXResult {
    try runProgram("/bin/sh", ["-c", script], environment: demoEnvironment(home: home, server: server))
}

/// Runs `wx -c commands` in `count` processes started together in the demo's environment, each
/// writing its stdout and stderr to files of its own, and waits for all.
///
/// - Returns: each process's output and exit status, in the order started.
package func runDemoTogether(_ commands: String, count: Int, home: TemporaryFolder, server: FixtureServer) throws
    -> [WXResult]
{
    let environment = demoEnvironment(home: home, server: server)
    var started: [(Process, String, String)] = []
    for index in 0..<count {
        let out = home.path + "/together-\(index).out"
        let err = home.path + "/together-\(index).err"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.wxBinary)
        process.arguments = ["-c", commands]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        try process.run()
        started.append((process, out, err))
    }
    return try started.map { process, out, err in
        process.waitUntilExit()
        return WXResult(
            stdout: try String(contentsOfFile: out, encoding: .utf8),
            stderr: try String(contentsOfFile: err, encoding: .utf8), status: process.terminationStatus, seconds: 0)
    }
}

/// A fresh state folder whose one favorite is Berlin (`find Berlin; fav` in the demo), and the
/// demo server it was added through.
package func demoHomeWithBerlin(sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    home: TemporaryFolder, server: FixtureServer
) {
    let home = TemporaryFolder()
    let server = try FixtureServer(demo: demoManifestPath)
    let added = try runDemoShell(#""$WX" -c "find Berlin; fav""#, home: home, server: server)
    #expect(added.status == 0, "\(added.stderr)", sourceLocation: sourceLocation)
    return (home, server)
}
