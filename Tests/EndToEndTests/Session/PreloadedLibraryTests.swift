import Foundation
import Testing
import WeatherTestSupport

/// libcurl is opened with its own libraries looked up first (RTLD_DEEPBIND) only when nothing
/// but wx's own objects is loaded (issue 39). With a library preloaded, it is opened as before,
/// so that what the preloaded library interposes still reaches libcurl: the requests and the
/// answer are the same either way.
@Suite(.tags(.endToEnd))
struct PreloadedLibraryTests {
    static let now = "2025-07-27T03:10:00Z"

    @Test func findAndShowAnswerTheSameWithALibraryPreloaded() throws {
        let server = try FixtureServer()
        let plain = try runWX(["-c", "find Hamburg; show"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("Hamburg"))
        let preloaded = try runWX(
            ["-c", "find Hamburg; show"], home: TemporaryFolder(), server: server, now: Self.now,
            environment: ["LD_PRELOAD": "libz.so.1"])
        #expect(preloaded.status == 0, "\(preloaded.stderr)")
        #expect(preloaded.stdout == plain.stdout)
        #expect(preloaded.stderr == plain.stderr)
    }
}
