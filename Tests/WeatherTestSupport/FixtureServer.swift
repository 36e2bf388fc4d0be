import Foundation
import WeatherKit

/// The loopback replay server (`Fixtures/server.py`), one per test, on a free port.
///
/// Requests are answered from `Fixtures/routes.json`; `queue` makes the next request(s) get a
/// chosen status, body or network fault; `requests()` returns what wx sent.
package final class FixtureServer: @unchecked Sendable {
    // @unchecked: the process handle is only touched in init and stop(), which tests call once.
    private let process = Process()
    private let input = Pipe()
    /// "http://127.0.0.1:PORT" ("https://…" with a certificate).
    package let url: String

    /// Starts the server and waits until it listens.
    ///
    /// - Parameters:
    ///   - delayMilliseconds: latency added to every answer.
    ///   - certificate: serve HTTPS with this PEM certificate and key (made by the test).
    ///   - demo: a demo manifest (Fixtures/demo/places.json): answer only from its places' recordings.
    package init(
        delayMilliseconds: Int = 0, certificate: (file: String, key: String)? = nil, demo: String? = nil
    ) throws {
        let output = Pipe()
        // The server exits when its standard input closes: in stop(), or when this process dies.
        let script = TestPaths.fixtures.appendingPathComponent("server.py").path
        var arguments = [script, "--port", "0", "--delay-ms", String(delayMilliseconds), "--exit-on-eof"]
        if let certificate { arguments += ["--tls-cert", certificate.file, "--tls-key", certificate.key] }
        if let demo { arguments += ["--demo", demo] }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"] + arguments
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw ServerError.didNotStart }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: certificate == nil ? "http://" : "https://") else {
            throw ServerError.didNotStart
        }
        url = String(text[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { stop() }

    package func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }

    package enum ServerError: Error { case didNotStart, controlFailed }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// A one-off answer for the next `times` requests whose path starts with `path`.
    package struct Answer: Encodable, Sendable {
        package var path: String
        package var status: Int?
        package var file: String?
        package var body: String?
        package var content_type: String?
        package var headers: [String: String]?
        /// "hang", "trickle", "cut", "flood", "badutf8" or "close".
        package var fault: String?
        package var seconds: Double?
        package var bytes: Int?
        package var delay_ms: Int?
        package var times: Int?

        package init(
            path: String, status: Int? = nil, file: String? = nil, body: String? = nil, contentType: String? = nil,
            headers: [String: String]? = nil, fault: String? = nil, seconds: Double? = nil, bytes: Int? = nil,
            delayMilliseconds: Int? = nil, times: Int? = nil
        ) {
            self.path = path
            self.status = status
            self.file = file
            self.body = body
            self.content_type = contentType
            self.headers = headers
            self.fault = fault
            self.seconds = seconds
            self.bytes = bytes
            self.delay_ms = delayMilliseconds
            self.times = times
        }
    }

    /// Forgets the answers queued and not yet given (and the gate and the request log).
    package func reset() throws {
        _ = try control("POST", "/__control/reset", body: nil)
    }

    /// Queues `answer`.
    package func queue(_ answer: Answer) throws {
        _ = try control("POST", "/__control/next", body: try JSONEncoder().encode(answer))
    }

    /// Holds every request whose path starts with `path` until `count` of them are in flight at
    /// once, then answers them all: requests made one after another never open it. When `count`
    /// never arrive, those held are answered after `timeoutMilliseconds` (and every later one at
    /// once), so that code which does not overlap its requests ends and fails `gate()` rather
    /// than hanging.
    package func holdUntil(_ count: Int, inFlightUnder path: String = "/", timeoutMilliseconds: Int = 4000) throws {
        let body = #"{"path": "\#(path)", "count": \#(count), "timeout_ms": \#(timeoutMilliseconds)}"#
        _ = try control("POST", "/__control/gate", body: Data(body.utf8))
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// What became of the gate of `holdUntil`.
    package struct Gate: Decodable, Sendable {
        /// Requests that reached it.
        package var arrived: Int
        /// Whether `count` requests were in flight at once.
        package var opened: Bool
        /// Whether it gave up waiting for them.
        package var timed_out: Bool
    }

    /// The gate's state.
    package func gate() throws -> Gate {
        try JSONDecoder().decode(Gate.self, from: try control("GET", "/__control/gate", body: nil))
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// One request as the server saw it.
    package struct Request: Decodable, Sendable {
        /// Unix seconds when the server received it.
        package var time: Double
        package var path: String
        package var raw_query: String
        package var query: [String: String]
        package var user_agent: String?
        package var accept_language: String?
    }

    /// Every request received so far, oldest first.
    package func requests() throws -> [Request] {
        try JSONDecoder().decode([Request].self, from: try control("GET", "/__control/requests", body: nil))
    }

    private func control(_ method: String, _ path: String, body: Data?) throws -> Data {
        // curl keeps this free of URLSession's Linux quirks and of any wx code under test.
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // -k: the test's own server, with the certificate the test made.
        var arguments = ["curl", "-sS", "-k", "-m", "5", "-X", method, url + path]
        // The body through standard input: a large one does not fit a command line.
        let input = Pipe()
        if body != nil { arguments += ["-H", "Content-Type: application/json", "--data-binary", "@-"] }
        curl.arguments = arguments
        curl.standardInput = input
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        if let body { input.fileHandleForWriting.write(body) }
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        guard curl.terminationStatus == 0 else { throw ServerError.controlFailed }
        return data
    }

    /// The environment that points every wx service at this server: each `WX_…_URL` of
    /// `Service.facts`, so a new service is served without a change here (with a path prefix
    /// when it shares its paths with another service: see `pathPrefix`).
    package var environment: [String: String] {
        Dictionary(uniqueKeysWithValues: Service.allCases.map { ($0.baseURLVariable, url + Self.pathPrefix($0)) })
    }

    /// The path under which this server answers for `service` (routes.d names it): "" but for a
    /// service whose paths another one uses too — the Previous Runs API's `/v1/forecast` is
    /// the forecast API's.
    package static func pathPrefix(_ service: Service) -> String {
        service == .openMeteoPreviousRuns ? "/previous-runs" : ""
    }
}
