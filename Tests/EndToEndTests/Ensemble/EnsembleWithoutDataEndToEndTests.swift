import Foundation
import Testing
import WeatherTestSupport

/// An ensemble answer without data — every hourly array empty, every value null, or only
/// `time` (trial 58, finding 4) — is said as the service sending no data, in one line, and is
/// never stored: the next command asks again, as for the forecast. Before, it was kept until the
/// model's next run, and every ensemble view failed from the cache for hours, blaming the
/// user's threshold ("try a threshold without it").
@Suite(.tags(.endToEnd)) struct EnsembleWithoutDataEndToEndTests {
    /// Fri 23 Oct 2026 07:10 CEST in Paris, where the Paris ensemble fixture starts.
    static let now = "2026-10-23T05:10:00Z"
    static let place = "48.85,2.35"
    static let noData =
        "error: Open-Meteo ensemble sent no data (every value in its answer is empty or missing); try again later\n"

    func ensembleRequests(_ server: FixtureServer) throws -> Int {
        try server.requests().filter { $0.path == "/v1/ensemble" }.count
    }

    /// The Paris ensemble fixture with every hourly value but `time` set to null.
    static func allNullBody() throws -> String {
        let data = TestPaths.fixture(
            "open-meteo-ensemble/paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json")
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var hourly = try #require(json["hourly"] as? [String: Any])
        for (key, value) in hourly where key != "time" {
            hourly[key] = ((value as? [Any]) ?? []).map { _ in NSNull() }
        }
        json["hourly"] = hourly
        return String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
    }

    /// One bad answer, then the route's good one: the first command says the service sent no
    /// data; the second asks again (a second request) and shows the ensemble.
    func expectAskedAgain(
        _ answer: FixtureServer.Answer, first: String, second: String, secondShows: String
    ) throws {
        let server = try FixtureServer()
        try server.queue(answer)
        let run = try runWX(
            stdin: "\(first)\n\(second)\n", home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.stderr == Self.noData)
        #expect(!run.stderr.contains("without it"))
        #expect(run.stdout.contains(secondShows))
        #expect(try ensembleRequests(server) == 2)
    }

    @Test func anAnswerWithEveryArrayEmptyIsNotKept() throws {
        try expectAskedAgain(
            .init(
                path: "/v1/ensemble", file: "open-meteo-ensemble/paris-ecmwf-ifs025-empty-arrays-hand-edited.json",
                times: 1),
            first: "confidence 2 \(Self.place)", second: "plume temp 4 \(Self.place)", secondShows: "members")
    }

    @Test func anAnswerWithOnlyTimeIsNotKept() throws {
        try expectAskedAgain(
            .init(
                path: "/v1/ensemble", file: "open-meteo-ensemble/paris-ecmwf-ifs025-time-only-hand-edited.json",
                times: 1),
            first: "chance frost \(Self.place)", second: "confidence 2 \(Self.place)", secondShows: "ECMWF IFS ENS")
    }

    @Test func anAnswerWithEveryValueNullIsNotKept() throws {
        try expectAskedAgain(
            .init(path: "/v1/ensemble", body: try Self.allNullBody(), times: 1),
            first: "best 2h dry \(Self.place)", second: "confidence 2 \(Self.place)", secondShows: "ECMWF IFS ENS")
    }
}
