import Foundation
import Testing
import WeatherTestSupport

/// What `history` says of commands given with -c, through the built wx.
@Suite(.tags(.endToEnd)) struct HistoryWordingEndToEndTests {
    /// `wx -c "show Berlin; history"` said "no commands in the history yet" as if show had not
    /// run: lines given with -c are not kept (as bash -c keeps none), and the note says so.
    @Test func anEmptyHistorySaysThatCommandLineCommandsAreNotKept() throws {
        let run = try runWX(
            ["-c", "show Berlin; history"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2025-07-27T09:20:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix(
                "\nno commands in the history yet (commands given with -c or as wx’s arguments are not kept)\n"),
            "\(run.stdout)")
        let help = try runWX(["help", "history"], home: TemporaryFolder(), environment: ["COLUMNS": "200"])
        #expect(help.stdout.contains("Commands given with -c"), "\(help.stdout)")
    }
}
