import Foundation
import Testing
import WeatherTestSupport

/// Trial 62: a look (what `changed` compares against) was dropped without a word whenever
/// another wx held `.wx.lock` past a moment — 11 of 20 looks kept in 20 parallel runs — and
/// `changed` then said "no earlier look". A look now waits for the lock as a change does, and
/// one it still cannot write is one warning line.
@Suite(.tags(.endToEnd))
struct LookLockEndToEndTests {
    static let now = "2025-07-27T03:10:00Z"

    func looks(_ home: TemporaryFolder) -> Int {
        home.text("log.jsonl").components(separatedBy: #""kind":"look""#).count - 1
    }

    @Test func aLookWaitsForTheLockAsAChangeDoes() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let lock = LockWaitEndToEndTests.HeldLock(in: home.path)
        // Returns once wx says it waits for the lock (the old wx never did: it gave up at once).
        let run = try LockWaitEndToEndTests.WaitingRun(
            [TestPaths.wxBinary, "-c", "show 52.52,13.41"], home: home, server: server,
            environment: ["WX_NOW": Self.now])
        lock.release()
        let printed = run.finish()
        #expect(run.process.terminationStatus == 0, "\(run.stderr())")
        #expect(printed.contains("°C"), "\(printed)")
        #expect(looks(home) == 1, "\(home.text("log.jsonl"))")
    }

    @Test func aLookThatCannotBeWrittenInTimeSaysSo() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let lock = LockWaitEndToEndTests.HeldLock(in: home.path)
        defer { lock.release() }
        let run = try runWX(
            ["-c", "show 52.52,13.41"], home: home, server: server, now: Self.now, environment: ["WX_TIMEOUT": "1"],
            timeout: 15)
        #expect(run.stdout.contains("°C"), "\(run.stdout)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: the look was not kept") }
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.contains("for “changed”: ") == true, "\(run.stderr)")
        #expect(looks(home) == 0)
    }
}
