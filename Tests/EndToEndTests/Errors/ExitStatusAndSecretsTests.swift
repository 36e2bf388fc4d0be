import Foundation
import Testing
import WeatherTestSupport

/// Exit statuses decided by the kind of error (2: the line is wrong; 1: the command could not
/// do it), and one secret scrubber for the history, error lines and the JSON error document.
@Suite(.tags(.endToEnd)) struct ExitStatusAndSecretsTests {
    /// Empty states are failures, not usage errors: on the old code `saved verify` with no
    /// snapshots and `compare` with no favorites exited 2.
    @Test func emptyStatesExitOneAndUsageErrorsExitTwo() throws {
        let home = TemporaryFolder()
        let verify = try runWX(["-c", "saved verify"], home: home)
        #expect(verify.stderr == "error: no snapshots: “save” keeps the last weather shown\n")
        #expect(verify.status == 1)
        let compare = try runWX(["-c", "compare"], home: home)
        #expect(compare.stderr == "error: no favorites to compare: “fav” saves the current location\n")
        #expect(compare.status == 1)
        let usage = try runWX(["-c", "saved rm"], home: home)
        #expect(usage.stderr == "error: usage: saved [N | rm N | verify [place]]\n")
        #expect(usage.status == 2)
        // A subcommand that is not one, and words after one that takes none, are usage errors.
        #expect(try runWX(["-c", "log compact now"], home: home).status == 2)
        #expect(try runWX(["-c", "reset stat"], home: home).status == 2)
        #expect(try runWX(["-c", "import favoritez x.csv"], home: home).status == 2)
    }

    /// A key typed into a command is hidden in the error line and in the JSON error document
    /// as it is in the history: on the old code the error line showed it.
    @Test func aTypedKeyIsHiddenInErrorsAsInTheHistory() throws {
        let home = TemporaryFolder()
        let key = ["OPENWEATHERMAP_API_KEY": "s3cret-owm-key"]
        let text = try runWX(["-c", "fav rm token=t0k s3cret-owm-key"], home: home, environment: key)
        #expect(text.stderr == "error: no favorite named “token=*** ***” (see “favs”)\n")
        let json = try runWX(["--json", "-c", "fav rm appid=abc123"], home: home, environment: key)
        #expect(
            json.stdout
                == #"{"type":"error","schema_version":1,"message":"no favorite named “appid=***” (see “favs”)"}"# + "\n"
        )
        #expect(!json.stderr.contains("abc123"))
    }
}
