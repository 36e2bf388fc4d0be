import Foundation
import Testing
import WXBasics
import WeatherShell
import WeatherTestSupport

/// README's `make demo` session, command by command, against the demo: every line README shows
/// for a command is one wx prints for it, and wx prints no line README leaves out (but where
/// README elides with "…"). Trials 9 to 11 each found the session and wx apart by a line.
extension DemoEndToEndTests {
    /// The session README shows: its commands, each with the lines README gives for it.
    static func readmeSession() throws -> [(command: String, lines: [String])] {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "This is `make demo`."))
        let block = try #require(readme[start.upperBound...].components(separatedBy: "```").dropFirst().first)
        var session: [(command: String, lines: [String])] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("wx> ") {
                session.append((String(line.dropFirst(4)), []))
            } else if !session.isEmpty, !line.isEmpty {
                session[session.count - 1].lines.append(line)
            }
        }
        return session
    }

    @Test func readmesDemoSessionIsWhatWxPrints() throws {
        let session = try Self.readmeSession()
        #expect(session.count >= 15, "\(session.map(\.command))")
        let server = try FixtureServer(demo: Self.manifestPath)
        // Each command's lines: what a run of the session up to it prints after a run up to the one before.
        var before: [String] = []
        for index in session.indices {
            // README's session is at a terminal 80 columns wide (it was at 100, and at 80 five
            // parts differed: issue 40): its error lines are wrapped as wx wraps them for a
            // terminal (standard error is a pipe here; trial 14 saw README's long error lines
            // whole where wx wrapped them).
            let run = try runWX(
                ["-c", session[...index].map(\.command).joined(separator: "; ")], home: TemporaryFolder(),
                server: server, environment: ["WX_DEMO": Self.manifestPath, "COLUMNS": "80"])
            let errors = ShellRunner.wrappedAtWords(run.stderr, width: 80)
            let printed = (run.stdout + errors).split(separator: "\n").map(String.init)
            var added = printed
            for line in before { if let at = added.firstIndex(of: line) { added.remove(at: at) } }
            before = printed
            let (command, shown) = session[index]
            let elided = shown.contains { $0.trimmingCharacters(in: .whitespaces) == "…" }
            for line in shown where line.trimmingCharacters(in: .whitespaces) != "…" {
                #expect(added.contains(line), "README's “\(command)” shows a line wx does not print: \(line)")
            }
            if !elided {
                for line in added {
                    #expect(shown.contains(line), "wx prints for “\(command)” a line README leaves out: \(line)")
                }
            }
        }
    }

    /// README says the weather's views keep to 80 columns at most: every line of a README code
    /// block that shows a wx session (a line starting `wx> `) fits 80 columns — the demo's, the
    /// sessions of `saved N`, `compare` and the rest (issue 40: six parts were wider).
    @Test func readmesSessionsFitEightyColumns() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let sessions = blocks.filter { $0.contains("\nwx> ") }
        #expect(sessions.count >= 5)
        for block in sessions {
            for line in block.split(separator: "\n") where TextLayout.columns(String(line)) > 80 {
                #expect(Bool(false), "README's session line is wider than 80 columns: \(line)")
            }
        }
    }
}
