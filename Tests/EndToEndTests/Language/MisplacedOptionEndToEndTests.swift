import Foundation
import Testing
import WeatherTestSupport

/// A new user (note 57, item 2): `warnings 52.52,13.40 -v` said “unknown option “-v” of
/// warnings; did you mean “-v”?”. Through the built wx: where the option goes, status 2, and no
/// request — at the prompt's rules (`-c`) and on wx's own command line, where a flag of wx's
/// that is read only before the command (`--home`) is left among the command's words.
@Suite(.tags(.endToEnd))
struct MisplacedOptionEndToEndTests {
    @Test(arguments: [
        (
            ["-c", "warnings 52.52,13.40 -v"],
            "“-v” is an option of warnings: put it before the place, as in “warnings -v 52.52,13.40”"
        ),
        (
            ["warnings", "52.52,13.40", "--home", "/tmp/elsewhere"],
            "“--home” is an option of wx itself, not of warnings: put it before the command, as in “wx --home /tmp/elsewhere warnings 52.52,13.40”"
        ),
        (["show", "52.52,13.40", "-V"], "“-V” is an option of wx itself, given alone: wx -V"),
    ])
    func anOptionAfterThePlaceSaysWhereItGoes(arguments: [String], error: String) throws {
        let server = try FixtureServer()
        let run = try runWX(arguments, home: TemporaryFolder(), server: server, now: "2025-07-27T09:20:00Z")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == "error: \(error)\n")
        #expect(try server.requests().isEmpty)
    }
}
