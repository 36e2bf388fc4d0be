import Foundation
import Testing
import WeatherTestSupport

/// nu61, fault 2: a change wx held in memory because state.plist could not be used ("not saved
/// to disk yet (the next change that can be saved saves it too…)") was dropped without a word
/// by `reset state`, the command wx itself pointed to. The reset saves what is held into the
/// fresh file and says so by name.
@Suite(.tags(.endToEnd))
struct ResetKeepsHeldChangesEndToEndTests {
    let now = "2026-10-23T05:10:00Z"

    /// A home whose state.plist is a folder: wx cannot read it, and holds changes in memory.
    func homeWithAFolderForState() throws -> TemporaryFolder {
        let home = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: home.path + "/state.plist", withIntermediateDirectories: false)
        return home
    }

    @Test func aHeldFavoriteIsSavedByTheReset() throws {
        let home = try homeWithAFolderForState()
        let server = try FixtureServer()
        let run = try runWX(["-c", "find Berlin; fav; reset state; favs"], home: home, server: server, now: now)
        #expect(run.stderr.contains("not saved to disk yet"), "\(run.stderr)")
        let aside = try #require(
            try FileManager.default.contentsOfDirectory(atPath: home.path).first { $0.hasPrefix("state.plist.reset-") })
        #expect(
            run.stderr.contains(
                "state.plist starts afresh: Berlin, held in memory, saved in it; the old file is at \(home.path)/\(aside)"
            ),
            "\(run.stderr)")
        #expect(run.stdout.contains("★ Berlin"), "\(run.stdout)")
        // On disk: a later run reads it.
        let later = try runWX(["-c", "favs"], home: home, server: server, now: now)
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.contains("★ Berlin"), "\(later.stdout)")
    }

    @Test func aHeldFavoriteAndUnitsAreSavedByTheReset() throws {
        let home = try homeWithAFolderForState()
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "find Berlin; fav; units imperial; reset state"], home: home, server: server, now: now)
        #expect(
            run.stderr.contains("state.plist starts afresh: Berlin and units imperial, held in memory, saved in it"),
            "\(run.stderr)")
        let later = try runWX(["-c", "units; favs"], home: home, server: server, now: now)
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.hasPrefix("units imperial:"), "\(later.stdout)")
        #expect(later.stdout.contains("★ Berlin"), "\(later.stdout)")
    }

    @Test func heldUnitsAloneAreSavedByTheReset() throws {
        let home = try homeWithAFolderForState()
        let run = try runWX(["-c", "units imperial; reset state"], home: home, now: now)
        #expect(
            run.stderr.contains("state.plist starts afresh: units imperial, held in memory, saved in it"),
            "\(run.stderr)")
        let later = try runWX(["-c", "units"], home: home, now: now)
        #expect(later.stdout.hasPrefix("units imperial:"), "\(later.stdout)")
    }
}
