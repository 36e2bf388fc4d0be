import Foundation
import Testing
import WeatherTestSupport

/// nu59 / trial 62: a favorite added while another process held the lock is "not saved to disk
/// yet (… else it is lost when wx ends)"; when no later change saved it, wx ended without a word.
/// The end says so, in one line on stderr, naming the change and why it was not saved.
@Suite(.tags(.endToEnd)) struct UnsavedAtExitEndToEndTests {
    @Test func aChangeNeverSavedIsSaidLostAsWxEnds() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let lock = LockWaitEndToEndTests.HeldLock(in: home.path)
        let run = try runWX(
            ["-c", "show 52.52,13.41; fav"], home: home, server: server, now: "2025-07-27T03:10:00Z",
            environment: ["WX_TIMEOUT": "1"])
        lock.release()
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        // The fav's own error first, then, as wx ends, the line that it is lost.
        #expect(lines.contains { $0.contains(" added to favorites, not saved to disk yet") }, "\(run.stderr)")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("warning: the change kept in memory (“"), "\(run.stderr)")
        #expect(
            last.contains(
                "” added to favorites) was not saved to state.plist and is lost as wx ends: cannot lock \(home.path)/.wx.lock"
            ),
            "\(run.stderr)")
        #expect(lines.filter { $0.contains("lost as wx ends") && $0.hasPrefix("warning:") }.count == 1)
        let favorites = try runWX(["-c", "favs"], home: home, server: server)
        #expect(!favorites.stdout.contains("★"), "\(favorites.stdout)")
    }

    /// Nothing held, nothing said: a favorite saved at once ends quietly.
    @Test func nothingHeldEndsQuietly() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "show 52.52,13.41; fav"], home: TemporaryFolder(), server: server, now: "2025-07-27T03:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("lost as wx ends"), "\(run.stderr)")
    }
}
