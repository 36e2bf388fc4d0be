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

    /// `show` prints the weather whole before it waits for another wx holding the lock (a long
    /// `import`, `log compact`): the look is written after the output, as `check --changed`'s
    /// mark is. The old wx waited for the lock first (up to WX_TIMEOUT), the weather in hand and
    /// nothing on the screen. With the lock freed, the look is kept: `changed` compares with it.
    @Test func showPrintsTheWeatherBeforeItWaitsToKeepTheLook() throws {
        let server = try FixtureServer()
        let unhindered = try runWX(["-c", "show 52.52,13.41"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(unhindered.status == 0, "\(unhindered.stderr)")
        #expect(unhindered.stdout.contains("°C"), "\(unhindered.stdout)")
        let home = TemporaryFolder()
        let lock = LockWaitEndToEndTests.HeldLock(in: home.path)
        // Returns once wx says it waits for the lock: by then the weather is out, whole.
        let run = try LockWaitEndToEndTests.WaitingRun(
            [TestPaths.wxBinary, "-c", "show 52.52,13.41"], home: home, server: server,
            environment: ["WX_NOW": Self.now], transcript: true)
        let waiting = run.stderr()
        lock.release()
        let transcript = run.finish()
        #expect(run.process.terminationStatus == 0, "\(transcript)")
        let beforeTheWait = waiting.components(separatedBy: "waiting for \(home.path)/.wx.lock").first ?? ""
        #expect(beforeTheWait.contains(unhindered.stdout), "\(waiting)")
        #expect(!transcript.contains("not kept"), "\(transcript)")
        #expect(looks(home) == 1, "\(home.text("log.jsonl"))")
        let changed = try runWX(["-c", "changed 52.52,13.41"], home: home, server: server, now: Self.now)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout.contains("since you looked"), "\(changed.stdout)")
        #expect(!changed.stdout.contains("No earlier look"), "\(changed.stdout)")
    }

    /// A look that cannot be written by WX_TIMEOUT is said in one line after the weather, which
    /// came whole before it; the exit status stays 0 (a note, as the README has it). The old wx
    /// said it above the weather, after waiting.
    @Test func aLookNotKeptIsSaidAfterTheWeather() throws {
        let server = try FixtureServer()
        let unhindered = try runWX(["-c", "show 52.52,13.41"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(unhindered.status == 0, "\(unhindered.stderr)")
        let home = TemporaryFolder()
        let lock = LockWaitEndToEndTests.HeldLock(in: home.path)
        defer { lock.release() }
        let run = try LockWaitEndToEndTests.WaitingRun(
            [TestPaths.wxBinary, "-c", "show 52.52,13.41"], home: home, server: server,
            environment: ["WX_NOW": Self.now, "WX_TIMEOUT": "1"], transcript: true)
        let transcript = run.finish()
        #expect(run.process.terminationStatus == 0, "\(transcript)")
        let weather = try #require(transcript.range(of: unhindered.stdout), "\(transcript)")
        let warning = try #require(
            transcript.range(of: "warning: the look was not kept for “changed”: "), "\(transcript)")
        #expect(weather.upperBound <= warning.lowerBound, "\(transcript)")
        #expect(transcript.components(separatedBy: "the look was not kept").count == 2, "\(transcript)")
        #expect(looks(home) == 0)
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
