import Foundation
import Testing
import WeatherTestSupport

/// `saved`, `saved verify` and `save` over a log.jsonl with a line wx cannot read: the line is
/// skipped and said on stderr as what wx could not do — "warning: …", as every such line is
/// (a new user's trial: this one alone had no "warning: ").
@Suite(.tags(.endToEnd))
struct SavedUnreadableLinesEndToEndTests {
    static let skipped = "warning: some lines of log.jsonl could not be read and were skipped (“log” counts them"

    /// A home whose log holds one command and one line that is not JSON.
    func homeWithAnUnreadableLine() throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let log =
            #"{"kind":"command","line":"favs","n":1,"ts":"2025-07-29T05:00:00Z","v":1}"# + "\n"
            + "{not json at all\n"
        try Data(log.utf8).write(to: home.url.appendingPathComponent("log.jsonl"))
        return home
    }

    @Test(arguments: ["saved", "saved verify", "show Berlin; save"])
    func theSkippedLinesAreAWarning(commands: String) throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", commands], home: try homeWithAnUnreadableLine(), server: server, now: "2025-07-29T06:00:00Z")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix(Self.skipped) }, "\(commands): \(run.stderr)")
        #expect(!lines.contains { $0.hasPrefix("some lines of log.jsonl") }, "\(commands): \(run.stderr)")
    }
}
