import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, fault 8: `wx -c "bogus; quit"` exited 0 while the same lines piped in exited 2; a
/// sourced file ending in `quit` likewise reset a failure. One rule (README, wx.1 EXIT STATUS):
/// every command runs and the status is the worst; `quit` ends the run and resets nothing.
@Suite(.tags(.endToEnd)) struct QuitKeepsExitStatusEndToEndTests {
    @Test(arguments: [
        ("bogus; quit", Int32(2)), ("bogus; exit", 2), ("bogus; \\q", 2), ("show 99,999; quit", 2),
        ("fav rm Nowhere; quit", 1), ("favs; quit", 0),
    ])
    func quitAfterAFailureKeepsItsStatus(line: String, status: Int32) throws {
        let home = TemporaryFolder()
        let oneShot = try runWX(["-c", line], home: home)
        let piped = try runWX(stdin: line.replacingOccurrences(of: "; ", with: "\n") + "\n", home: home)
        #expect(oneShot.status == status, "\(line): \(oneShot.stderr)")
        #expect(piped.status == status, "\(line): \(piped.stderr)")
    }

    @Test func aSourcedFileEndingInQuitKeepsItsFailure() throws {
        let home = TemporaryFolder()
        let file = home.url.appendingPathComponent("q.wx")
        try Data("units imperial\nsource /nonexistent\nfavs\nquit\n".utf8).write(to: file)
        let run = try runWX(stdin: "source \(file.path)\n", home: home)
        #expect(run.status == 1, "\(run.stderr)")
        // The failed `source` names the file and line, as every error there does (trial 62, 12).
        #expect(
            run.stderr.hasPrefix(
                "error: \(file.path):2: file not run: cannot read /nonexistent"), "\(run.stderr)")
        let oneShot = try runWX(["-c", "source \(file.path)"], home: home)
        #expect(oneShot.status == 1, "\(oneShot.stderr)")
    }
}
