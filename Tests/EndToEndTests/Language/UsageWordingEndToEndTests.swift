import Foundation
import Testing
import WeatherTestSupport

/// Usage errors in a daily user's trial, through the built wx: each says what was wrong in the
/// words of the command given, before any request.
@Suite(.tags(.endToEnd)) struct UsageWordingEndToEndTests {
    /// The error of a usage mistake alone on stderr, status 2, and no request.
    func expectUsage(_ commands: String, _ error: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let server = try FixtureServer()
        let run = try runWX(["-c", commands], home: TemporaryFolder(), server: server, now: "2025-07-27T09:20:00Z")
        #expect(run.status == 2, "\(commands): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr == "error: \(error)\n", "\(commands)", sourceLocation: sourceLocation)
        #expect(try server.requests().isEmpty, "\(commands)", sourceLocation: sourceLocation)
    }

    /// `models 20` said "1 to 10 (as far as Open-Meteo forecasts)" where `daily 17` says "1 to 16
    /// (as far as Open-Meteo forecasts)": models' limit is the days it compares the models over,
    /// and the ensemble views' the days wx asks of the ensemble.
    @Test func aCountBeyondItsLimitSaysWhatSetsIt() throws {
        try expectUsage(
            "models 20 Berlin", "the number of days is 1 to 10 (the days the four models are compared over), not “20”")
        try expectUsage(
            "confidence 11 Berlin", "the number of days is 1 to 10 (the range wx asks of the ensemble), not “11”")
        try expectUsage("daily 17", "the number of days is 1 to 16 (as far as Open-Meteo forecasts), not “17”")
    }

    /// `replay 5..2` gave the bare usage line: a backward range is said as `past` says one —
    /// and what it suggests is only lines the history has (here none: "replay 2..5" was
    /// suggested, ReplayBackwardEndToEndTests).
    @Test func aBackwardReplayRangeIsSaid() throws {
        try expectUsage(
            "replay 5..2", "a range runs forward, not 5..2; the history has no line of it to replay (see “history”)")
    }
}
