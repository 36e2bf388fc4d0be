import Foundation

/// The loopback HTTP proxy (`Fixtures/proxy.py`), one per test, on a free port: it tunnels
/// HTTPS and forwards plain HTTP to 127.0.0.1 only, and `routes` send a host name (the public
/// Nominatim's) to a port on 127.0.0.1. It writes one line per request it handled to `logPath`.
package final class LoopbackProxy: @unchecked Sendable {
    // @unchecked: the process handle is only touched in init and stop(), which tests call once.
    private let process = Process()
    private let input = Pipe()
    private let folder = TemporaryFolder()
    /// "http://127.0.0.1:PORT".
    package let url: String
    /// The proxy's log: "listening on …", then "CONNECT host:port" or "GET http://…" a request.
    package let logPath: String

    /// Starts the proxy and waits until it listens.
    ///
    /// - Parameter routes: host name → the port on 127.0.0.1 its requests go to.
    package init(routes: [String: Int] = [:]) throws {
        logPath = folder.path + "/proxy.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", TestPaths.fixtures.appendingPathComponent("proxy.py").path, "--port", "0", "--exit-on-eof"]
            + routes.sorted { $0.key < $1.key }.flatMap { ["--route", "\($0.key)=\($0.value)"] }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardError = FileHandle.nullDevice
        // The proxy exits when this pipe closes, whatever signals the test's thread blocks.
        process.standardInput = input
        try process.run()
        var found = ""
        for _ in 0..<200 where found.isEmpty {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            found = log.split(separator: "\n").first.map { String($0.dropFirst("listening on ".count)) } ?? ""
            if found.isEmpty { usleep(50_000) }
        }
        guard found.hasPrefix("http://127.0.0.1:") else { throw FixtureServer.ServerError.didNotStart }
        url = found
    }

    /// The requests the proxy handled, one line each ("CONNECT 127.0.0.1:4443").
    package func handled() throws -> [String] {
        try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
    }

    deinit { stop() }

    package func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }
}
