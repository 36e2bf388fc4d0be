import Foundation
import Testing
import WeatherTestSupport

/// Twelve wx at once run `show Berlin; save; fav add` in one state folder. The duplicate check
/// of `save` is made under the log's lock, against what the others appended meanwhile, so the
/// log ends with one snapshot of that reading; and only the process that added the favorite
/// says it saved it — the others say it is a favorite already.
@Suite(.tags(.stress)) struct ConcurrentSaveStressTests {
    static let processes = 12
    /// Rounds, each in a fresh state folder: the processes race differently each time.
    static let rounds = 6

    @Test(arguments: 1...rounds) func processesAtOnceSaveOneSnapshotAndOneFavorite(round: Int) throws {
        let home = TemporaryFolder()
        let server = try FixtureServer(demo: demoManifestPath)
        let first = try runDemoShell(#""$WX" -c "show Berlin" > /dev/null"#, home: home, server: server)
        #expect(first.status == 0, "\(first.stderr)")
        let runs = try runDemoTogether("show Berlin; save; fav add", count: Self.processes, home: home, server: server)
        var snapshotsSaid = 0
        var favoritesSaid = 0
        var alreadyFavorite = 0
        for run in runs {
            if run.stdout.contains("snapshot 1 saved: Berlin") { snapshotsSaid += 1 }
            #expect(!run.stdout.contains("snapshot 2"), "\(run.stdout)")
            if run.stdout.contains("★ Berlin saved to favorites") { favoritesSaid += 1 }
            if run.stderr.contains("★ Berlin is a favorite already") { alreadyFavorite += 1 }
        }
        #expect(snapshotsSaid == 1)
        #expect(favoritesSaid == 1)
        #expect(alreadyFavorite == Self.processes - 1)
        let log = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        let snapshots = log.split(separator: "\n").filter { $0.contains(#""kind":"snapshot""#) }
        #expect(snapshots.count == 1, "\(snapshots)")
        let listed = try runDemoShell(#""$WX" -c saved"#, home: home, server: server)
        #expect(listed.stdout.split(separator: "\n").count == 1, "\(listed.stdout)")
        let favorites = try runDemoShell(#""$WX" -c favs"#, home: home, server: server)
        #expect(favorites.stdout.split(separator: "\n").count == 1, "\(favorites.stdout)")
    }
}
