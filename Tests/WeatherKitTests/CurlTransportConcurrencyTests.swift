import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

/// `CurlTransport` against the loopback server: requests sent at the same time are in flight
/// at the same time (the server's gate answers only once that many are), within the limit of
/// connections to one host, and cancelling one ends that one only.
@Suite(.tags(.unit)) struct CurlTransportConcurrencyTests {
    /// Longer than the gates' 60 s: under a loaded full suite (CI at 2 cores) the third request
    /// of `cancellingOneTransferLeavesTheOthersRunning` went out more than 30 s after the two it
    /// releases, which had timed out by then (a gate that times out fails `gate.opened` anyway).
    static let limits = TransferLimits(totalTimeoutSeconds: 120)

    /// One GET's result, errors included.
    static func send(_ transport: CurlTransport, _ url: String) async -> Result<Int, TransportError> {
        do {
            return .success(try await transport.send(HTTPRequest(url: url), limits: limits).status)
        } catch {
            return .failure(error)
        }
    }

    /// Sends every URL at once; the results in the URLs' order.
    static func sendAll(_ transport: CurlTransport, _ urls: [String]) async -> [Result<Int, TransportError>] {
        await withTaskGroup(of: (Int, Result<Int, TransportError>).self) { group in
            for (index, url) in urls.enumerated() { group.addTask { (index, await send(transport, url)) } }
            var results = [Result<Int, TransportError>](repeating: .failure(.cancelled), count: urls.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
    }

    static func alerts(_ server: FixtureServer, _ index: Int) -> String {
        "\(server.url)/alerts?lat=52.\(index)&lon=13.4"
    }

    @Test func requestsSentTogetherAreInFlightTogether() async throws {
        let server = try FixtureServer()
        try server.holdUntil(5, inFlightUnder: "/alerts")
        let results = await Self.sendAll(CurlTransport(), (0..<5).map { Self.alerts(server, $0) })
        #expect(results == Array(repeating: .success(200), count: 5))
        let gate = try server.gate()
        #expect(gate.opened)
        #expect(gate.arrived == 5)
    }

    /// A request beyond the cap to one host waits for a free connection: never more than
    /// `maximumConnectionsPerHost` in flight at once, and every one is still answered.
    @Test func atMostTheCapOfConnectionsToOneHost() async throws {
        #expect(CurlTransport.maximumConnectionsPerHost == 20)
        let server = try FixtureServer()
        let count = CurlTransport.maximumConnectionsPerHost + 1
        try server.holdUntil(count, inFlightUnder: "/alerts", timeoutMilliseconds: 1000)
        let results = await Self.sendAll(CurlTransport(), (0..<count).map { Self.alerts(server, $0) })
        #expect(results == Array(repeating: .success(200), count: count))
        let gate = try server.gate()
        #expect(!gate.opened)
        #expect(gate.timed_out)
        #expect(try server.requests().count == count)
    }

    @Test func cancellingOneTransferLeavesTheOthersRunning() async throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", fault: "hang", seconds: 60))
        try server.holdUntil(3, inFlightUnder: "/alerts", timeoutMilliseconds: 60_000)
        let transport = CurlTransport()
        let held = (0..<2).map { index in Task { await Self.send(transport, Self.alerts(server, index)) } }
        let hanging = Task { await Self.send(transport, "\(server.url)/v1/forecast?latitude=52.5&longitude=13.4") }
        hanging.cancel()
        #expect(await hanging.value == .failure(.cancelled))
        // The two held transfers still run: a third makes the gate answer all three.
        #expect(await Self.send(transport, Self.alerts(server, 2)) == .success(200))
        for task in held { #expect(await task.value == .success(200)) }
        #expect(try server.gate().opened)
    }
}
