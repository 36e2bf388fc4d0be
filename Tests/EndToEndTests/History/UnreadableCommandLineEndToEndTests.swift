import Foundation
import Testing
import WeatherTestSupport

/// trial 62 fault 5: a command line of log.jsonl that does not read whole — a number of −5, or
/// one past what a JSON number holds exactly (2^63 − 1, 2^53 + 1) — was skipped by `history`, Up
/// and `!N` with no word, where a skipped snapshot line gives "warning: some lines of log.jsonl
/// could not be read". The same warning now, once a session, and `log` counts the line.
@Suite(.tags(.endToEnd))
struct UnreadableCommandLineEndToEndTests {
    static let warning =
        "warning: some lines of log.jsonl could not be read and were skipped (“log” counts them; “log compact” moves them to a file of their own)\n"

    @Test(arguments: ["-5", "9223372036854775807", "9007199254740993"])
    func aSkippedCommandLineIsToldOnceAndCounted(number: String) throws {
        let home = TemporaryFolder()
        let filled = try runWX(stdin: "units\nformat\n", home: home)
        #expect(filled.status == 0, "\(filled.stderr)")
        let log = URL(fileURLWithPath: home.path + "/log.jsonl")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        handle.write(
            Data(#"{"kind":"command","line":"favs","n":\#(number),"ts":"2025-07-27T03:10:00Z","v":1}"#.utf8 + [0x0A]))
        try handle.close()
        // `!N`, its line then recorded after the last (the read back for a repeat meets it).
        let rerun = try runWX(stdin: "!1\n", home: home)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stderr == Self.warning, "\(rerun.stderr)")
        // Two reads of the history in one session: one warning.
        let result = try runWX(stdin: "history\nhistory 2\n", home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == Self.warning, "\(result.stderr)")
        #expect(!result.stdout.contains("favs"), "\(result.stdout)")
        let counted = try runWX(["-c", "log"], home: home)
        #expect(counted.stdout.contains("1 unreadable line"), "\(counted.stdout)")
    }
}
