import Foundation
import Testing
import WeatherTestSupport

/// What the ensemble views say when the answer they read is not for the hours ahead (trial 58,
/// finding 8): a saved answer under `--offline` is said to be that, and how old, as `show` says
/// it — not "try after the next run", which no run mends while wx does not ask; an answer for
/// later days than `best`'s span names its start, as `confidence` does, not a window that
/// does not fit.
@Suite(.tags(.endToEnd)) struct EnsembleSavedAnswerEndToEndTests {
    static let place = "48.85,2.35"
    static let offlineTail = "; this is offline: data from 18 days ago; without --offline, wx asks for the latest run\n"

    @Test func anOldSavedAnswerUnderOfflineIsSaidToBeOne() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let first = try runWX(
            stdin: "confidence \(Self.place)\n", home: home, server: server, now: "2026-10-23T05:10:00Z")
        #expect(first.status == 0, "\(first.stderr)")
        let later = "2026-11-10T05:10:00Z"
        let best = try runWX(
            ["--offline"], stdin: "best 2h dry \(Self.place)\n", home: home, server: server, now: later)
        #expect(
            best.stderr == "error: the ECMWF IFS ENS answer ends before the next hour" + Self.offlineTail)
        let confidence = try runWX(
            ["--offline"], stdin: "confidence \(Self.place)\n", home: home, server: server, now: later)
        #expect(
            confidence.stderr == "error: the ECMWF IFS ENS answer covers no whole day from today" + Self.offlineTail)
        let check = try runWX(
            ["--offline", "check", "--rain", "5%", Self.place], home: home, server: server, now: later)
        #expect(check.status == 3)
        #expect(check.stderr.contains("cannot be checked" + Self.offlineTail.dropLast()), "\(check.stderr)")
        #expect(!(best.stderr + confidence.stderr + check.stderr).contains("next run"))
    }

    @Test func bestNamesAnAnswerThatStartsAfterItsSpan() throws {
        let server = try FixtureServer()
        let run = try runWX(
            stdin: "best 2h dry 53.5413,9.9842\n", home: TemporaryFolder(), server: server, now: "2026-10-23T05:10:00Z")
        #expect(
            run.stderr
                == "error: the ECMWF IFS ENS answer starts 2026-12-01, 39 days from today, after the next 3 days; try again after the next run\n"
        )
        #expect(!run.stderr.contains("window fits"))
    }
}
