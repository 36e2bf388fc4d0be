import Foundation
import Testing
import WeatherTestSupport

/// `brief --sure` on an ensemble whose precipitation is in an unknown unit ("ligne", trial 59):
/// it said the answer "covers neither today nor tomorrow … try after the next run", which sends
/// the user off to wait for nothing; the reason is the unit, as `check` says it. `confidence`'s
/// rain rows said "no member covers the whole day"; they name the unit too.
@Suite(.tags(.endToEnd))
struct BriefUnknownUnitEndToEndTests {
    static let paris = UnknownUnitInOtherAnswersEndToEndTests.paris
    static let now = UnknownUnitInOtherAnswersEndToEndTests.parisMorning
    static let lignes = UnknownUnitInOtherAnswersEndToEndTests.lignes
    static let reason = "the ensemble’s precipitation is given in “ligne”, a unit wx does not know"

    @Test func briefSaysTheUnitIsWhyItSaysNothingOfRain() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", file: Self.lignes, times: 2))
        let run = try runWX(["brief", "--sure", Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains("warning: \(Self.reason), so brief says nothing of how likely rain is\n"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("covers neither"), "\(run.stderr)")
        #expect(!run.stderr.contains("next run"), "\(run.stderr)")
        // check gives the same reason.
        let check = try runWX(
            ["check", "--rain", "30%", Self.paris], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(check.stderr.contains(Self.reason), "\(check.stderr)")
    }

    @Test func confidencesRainRowsNameTheUnit() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", file: Self.lignes, times: 1))
        let run = try runWX(
            ["confidence", "2", Self.paris], home: TemporaryFolder(), server: server, now: Self.now,
            environment: ["COLUMNS": "300"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("no member covers the whole day"), "\(run.stdout)")
        // Rows wrap between words: read as one line.
        let flat = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let rows = flat.components(separatedBy: "rain: \(Self.reason)").count - 1
        #expect(rows == 2, "\(run.stdout)")
    }
}
