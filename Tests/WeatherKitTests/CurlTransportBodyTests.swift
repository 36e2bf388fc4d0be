import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

/// The body `CurlTransport` collects against the loopback server: the bytes as sent, whatever
/// their size against the block the body grows in (16 KB, doubling), and the refusals when it is
/// cut short or too large.
@Suite(.tags(.unit)) struct CurlTransportBodyTests {
    static let limits = TransferLimits(totalTimeoutSeconds: 30)

    /// The body the server's "flood" fault sends for `size` bytes: a 65,535-byte piece ("[" and
    /// then "0," over and over) repeated, the last one cut at `size`.
    static func flood(_ size: Int) -> Data {
        let piece = Data("[".utf8) + Data(String(repeating: "0,", count: 32767).utf8)
        var body = Data()
        while body.count < size { body += piece.prefix(size - body.count) }
        return body
    }

    static func send(_ url: String, limits: TransferLimits = limits) async -> Result<HTTPResponse, TransportError> {
        do { return .success(try await CurlTransport().send(HTTPRequest(url: url), limits: limits)) } catch {
            return .failure(error)
        }
    }

    /// A recorded forecast (137 KB, grown through several blocks) arrives byte for byte.
    @Test func aRecordedAnswerArrivesByteForByte() async throws {
        let server = try FixtureServer()
        let file = "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json"
        try server.queue(.init(path: "/v1/forecast", file: file))
        let response = try await Self.send("\(server.url)/v1/forecast?latitude=52.5&longitude=13.4").get()
        #expect(response.status == 200)
        #expect(response.body == TestPaths.fixture(file))
    }

    /// Bodies larger than any block a body grows through (16 KB doubling to 256 KB and on), and
    /// of sizes no power of two, arrive whole and in order.
    @Test(arguments: [1, 16 * 1024 + 1, 262_145, 700_001, 3_000_000])
    func aLargeBodyArrivesWhole(size: Int) async throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/flood", fault: "flood", bytes: size))
        let response = try await Self.send("\(server.url)/flood").get()
        #expect(response.body.count == size)
        #expect(response.body == Self.flood(size))
    }

    /// An answer cut off before the length it announced is a lost connection, not a short body.
    @Test func aBodyCutShortIsALostConnection() async throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", fault: "cut"))
        let result = await Self.send("\(server.url)/v1/forecast?latitude=52.5&longitude=13.4")
        #expect(result.map(\.status) == .failure(.connectionLost))
    }

    /// An answer longer than the limit is refused.
    @Test func aBodyOverTheLimitIsRefused() async throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/flood", fault: "flood", bytes: 300_000))
        let result = await Self.send("\(server.url)/flood", limits: TransferLimits(maximumBodyBytes: 100_000))
        #expect(result.map(\.status) == .failure(.bodyTooLarge(limitBytes: 100_000)))
    }
}
