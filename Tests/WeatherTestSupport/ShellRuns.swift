import Foundation

/// Runs `script` with `/bin/sh -c` in the demo's environment — wx at `$WX`, in `home`, against
/// `server` with `WX_DEMO` — so that a test can give wx what a shell gives it: its output sent
/// to a file (`{ echo a; "$WX" -c …; } > f`), several wx at once.
///
/// - Returns: the shell's run (its own stdout and stderr; the script's redirections are its own).
package func runDemoShell(_ script: String, home: TemporaryFolder, server: FixtureServer) throws -> WXResult {
    var environment = [
        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path,
        "XDG_RUNTIME_DIR": home.path + "/run", "WX_TIMEOUT": "5", "WX_DEMO": demoManifestPath,
        "WX": TestPaths.wxBinary,
    ]
    environment.merge(server.environment) { $1 }
    return try runProgram("/bin/sh", ["-c", script], environment: environment)
}
