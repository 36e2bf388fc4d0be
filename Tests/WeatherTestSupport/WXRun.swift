import Foundation

/// What a run of the `wx` binary did.
package struct WXResult: Sendable {
    package var stdout: String
    package var stderr: String
    package var status: Int32
    /// Wall-clock seconds the process took.
    package var seconds: Double
}

/// Runs the built `wx` as a user would, in script mode unless arguments say otherwise.
///
/// - Parameters:
///   - arguments: command-line arguments.
///   - stdin: text piped to standard input (script mode).
///   - home: the state folder (`WX_HOME`).
///   - server: points every service at this loopback server.
///   - now: `WX_NOW`.
///   - environment: more variables (they win).
///   - timeout: seconds before the run is killed and reported as status -9.
package func runWX(
    _ arguments: [String] = [], stdin: String = "", home: TemporaryFolder? = nil, server: FixtureServer? = nil,
    now: String? = nil, environment: [String: String] = [:], timeout: Double = 60
) throws -> WXResult {
    var env = [
        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home?.path ?? NSTemporaryDirectory(), "WX_TIMEOUT": "5",
    ]
    if let home {
        env["WX_HOME"] = home.path
        // Each run its own runtime folder (where wx spaces Nominatim requests a second apart for
        // the user), so that tests running side by side do not wait for each other.
        env["XDG_RUNTIME_DIR"] = home.path + "/run"
    }
    if let server { env.merge(server.environment) { $1 } }
    if let now { env["WX_NOW"] = now }
    env.merge(environment) { $1 }
    return try runProgram(TestPaths.wxBinary, arguments, stdin: stdin, environment: env, timeout: timeout)
}

/// Runs any program with exactly `environment`, feeding `stdin`, and collects what it printed.
package func runProgram(
    _ path: String, _ arguments: [String], stdin: String = "", environment: [String: String], timeout: Double = 60
) throws -> WXResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let started = Date()
    try process.run()
    // Read both pipes while the process runs so that a large output cannot block it.
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        outData = output.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
        errData = errors.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    var killed = false
    if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        killed = true
    }
    process.waitUntilExit()
    group.wait()
    return WXResult(
        stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
        status: killed ? -9 : process.terminationStatus, seconds: Date().timeIntervalSince(started))
}
