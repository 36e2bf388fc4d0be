import Foundation
import Testing
import WeatherTestSupport

/// Issue 40 item 13 through the built wx: `wx weather Berlin` and the same at the prompt get the
/// command that does it, as a usage error (exit status 2), nothing asked.
@Suite(.tags(.endToEnd))
struct FirstTryWordsEndToEndTests {
    @Test func weatherBerlin() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let oneShot = try runWX(["weather", "Berlin"], home: home, server: server)
        #expect(oneShot.status == 2)
        #expect(oneShot.stdout.isEmpty)
        #expect(oneShot.stderr == "error: “weather” is not a wx command: “show Berlin” shows the weather\n")
        let typed = try runWX(stdin: "weather Berlin\nwx Berlin\nsearch São Paulo\n", home: home, server: server)
        #expect(
            typed.stderr == """
                error: “weather” is not a wx command: “show Berlin” shows the weather
                error: wx runs already: “show Berlin” shows the weather
                error: “search” is not a wx command: “find São Paulo” lists places by that name

                """)
        #expect(try server.requests().isEmpty)
    }
}

/// Issue 40 item 11: `about` says where wxrc is read from (and whether one is there), beside
/// the state folder's files, the cache and the line editor's settings.
@Suite(.tags(.endToEnd))
struct AboutFilesEndToEndTests {
    @Test func aboutNamesWxrcAndEditrc() throws {
        let home = TemporaryFolder()
        let environment = ["HOME": home.path, "COLUMNS": "200"]
        let before = try runWX(["about"], home: home, environment: environment)
        #expect(
            before.stdout.contains("  start-up file:          \(home.path)/wxrc (none there)\n"), "\(before.stdout)")
        #expect(before.stdout.contains("  line editor settings:   \(home.path)/.editrc\n"))
        #expect(before.stdout.contains("  cache:                  \(home.path)/cache\n"))
        try "units metric\n".write(toFile: home.path + "/wxrc", atomically: true, encoding: .utf8)
        let after = try runWX(["about"], home: home, environment: environment)
        #expect(after.stdout.contains("  start-up file:          \(home.path)/wxrc\n"))
        let json = try runWX(["--json", "about"], home: home, environment: environment)
        #expect(json.stdout.contains(#""wxrc_exists":true"#))
        #expect(json.stdout.contains("\"wxrc\":\"\(home.path)/wxrc\""))
    }
}

/// Issue 40 item 9: `help !$` in a fresh session describes `!$` (it was expanded first: “no
/// command in the history”).
@Suite(.tags(.endToEnd))
struct HelpHistoryWordsEndToEndTests {
    @Test func helpBangDollarInAFreshSession() throws {
        let run = try runWX(stdin: "help !$\nhelp !!\n", home: TemporaryFolder())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("!! | !N | !-N | !prefix\n  run a line from the history again\n"))
        #expect(run.stdout.components(separatedBy: "!! | !N | !-N | !prefix\n").count == 3)
    }
}

/// Issue 40 item 7 (part): `help` at 58 to 64 columns fits (`best`'s synopsis ran past them).
@Suite(.tags(.endToEnd))
struct HelpWidthEndToEndTests {
    @Test(arguments: [57, 58, 60, 62, 64, 65])
    func helpFits(columns: Int) throws {
        let run = try runWX(["help"], home: TemporaryFolder(), environment: ["COLUMNS": String(columns)])
        #expect(run.status == 0)
        for line in run.stdout.split(separator: "\n") {
            #expect(line.count <= columns, "\(columns): \(line)")
        }
        #expect(run.stdout.contains("  best DURATION [CONDITIONS | ACTIVITY] [WHEN]"))
    }
}
