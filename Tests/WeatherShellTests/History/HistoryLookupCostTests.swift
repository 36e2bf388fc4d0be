import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Issue 39 item 4: `!prefix` and `!-N` in a long log without reading it from the end. `!prefix`
/// that matched nothing, or only early lines, read the whole log backwards (86 MB at a million
/// lines); `!-N` read N commands back. The commands they name are those
/// Fixtures/log/prefix_expected.py finds with rules of its own.
@MainActor
@Suite(.tags(.unit)) struct HistoryLookupCostTests {
    let home = TemporaryFolder()
    var logPath: String { home.path + "/log.jsonl" }
    static let script = TestPaths.packageRoot.path + "/Fixtures/log/prefix_expected.py"
    static let isLog: @Sendable (String) -> Bool = { $0.hasSuffix("/log.jsonl") }

    func python(_ arguments: [String]) throws -> String {
        let run = try runProgram("/usr/bin/python3", [Self.script] + arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// What the script names for each argument: [number, line], or nil.
    func expected(_ mode: String, _ arguments: [String]) throws -> [String: HistoryEntryShape?] {
        let text = try python([mode, logPath] + arguments)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return object.mapValues { value in
            guard let pair = value as? [Any], let number = pair[0] as? Int, let line = pair[1] as? String else {
                return nil
            }
            return HistoryEntryShape(number: number, line: line)
        }
    }

    struct HistoryEntryShape: Equatable {
        var number: Int
        var line: String
    }

    static let prefixes = ["zeb", "Zü", "ze", "zet", "find", "fav", "sh", "show O", "nomatch", "\\"]

    /// The index is made by the first `!prefix` (the log is over 1 MiB); a second session, in
    /// which every read of the log's middle fails, finds each prefix's last line — one only near
    /// the start, one appended since by wx, none — from the index and what was appended: the
    /// old backwards read could not pass the middle.
    @Test func bangPrefixReadsTheIndexAndWhatWasAppendedNotTheLog() throws {
        _ = try python(["generate", logPath])
        let made = makeTestSession(home: home)
        let before = try #require(try expected("last", ["zeb"])["zeb"] ?? nil)
        #expect(
            made.lastHistoryEntry(startingWith: "zeb").map { HistoryEntryShape(number: $0.number, line: $0.line) }
                == before)
        let size = try #require(FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int)
        try made.recordCommand("zeta one")
        try made.recordCommand("show Oslo")
        let answers = try expected("last", Self.prefixes)
        #expect(answers["zet"] == HistoryEntryShape(number: 19_601, line: "zeta one"))
        #expect(answers["nomatch"] == .some(nil))

        let files = FailingFileSystem()
        files.failReads(in: (64 << 10)..<(size - (64 << 10)), matching: Self.isLog)
        let session = makeTestSession(home: home, fileSystem: files)
        for prefix in Self.prefixes {
            let found = session.lastHistoryEntry(startingWith: prefix).map {
                HistoryEntryShape(number: $0.number, line: $0.line)
            }
            #expect(found == answers[prefix] ?? nil, "\(prefix)")
        }
        #expect(session.log.readProblem() == nil)
    }

    /// A log changed by something other than wx since the index was made (here: rewritten with
    /// one line fewer at the end, then one of its own) is not read through the old index.
    @Test func anIndexOfAnotherLogIsNotUsed() throws {
        _ = try python(["generate", logPath])
        _ = makeTestSession(home: home).lastHistoryEntry(startingWith: "zeb")
        var lines = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.removeFirst(20)
        try (lines.joined(separator: "\n") + "\n").write(toFile: logPath, atomically: true, encoding: .utf8)
        let answers = try expected("last", Self.prefixes)
        let session = makeTestSession(home: home)
        for prefix in Self.prefixes {
            let found = session.lastHistoryEntry(startingWith: prefix).map {
                HistoryEntryShape(number: $0.number, line: $0.line)
            }
            #expect(found == answers[prefix] ?? nil, "\(prefix)")
        }
    }

    /// `!-N` is command (last − N + 1), as bash counts, found by its number: the history double
    /// fails on a listing of more than one line (the old `!-N` listed N lines from the end).
    @Test func bangMinusNIsFoundByNumberNotByListingNBack() throws {
        let history = NumberedHistory(lines: (1...50_000).map { "show \($0)" })
        let expansion = HistoryExpansion(history: history)
        for (reference, line) in [("!-1", "show 50000"), ("!-49000", "show 1001"), ("!-50000", "show 1")] {
            let expanded = try expansion.expand(reference, commands: ShellWords(lexing: reference).commands)
            #expect(expanded?.line == line)
        }
        #expect(throws: ShellError.noHistoryMatch("!-50001")) {
            try expansion.expand("!-50001", commands: ShellWords(lexing: "!-50001").commands)
        }
        #expect(history.unplannedListings.isEmpty, "\(history.unplannedListings)")
    }

    /// `!-N` through the session over the script's log names what the script names.
    @Test func bangMinusNNamesTheScriptsCommand() throws {
        _ = try python(["generate", logPath])
        let backs = ["1", "7", "19000", "19596", "19600", "19601"]
        let answers = try expected("back", backs)
        let expansion = HistoryExpansion(history: makeTestSession(home: home))
        for back in backs {
            let reference = "!-\(back):p"
            let line = try? expansion.expand(reference, commands: ShellWords(lexing: reference).commands)?.line
            #expect(line == (answers[back] ?? nil)?.line, "\(back)")
        }
    }
}

/// Command lines numbered 1… in memory; a listing of more than the last line is an unplanned call.
@MainActor
final class NumberedHistory: CommandHistory {
    let lines: [String]
    private(set) var unplannedListings: [Int] = []

    init(lines: [String]) { self.lines = lines }

    func historyList(last count: Int) -> [HistoryEntry] {
        if count > 1 { unplannedListings.append(count) }
        return lines.indices.suffix(count).map { entry($0 + 1) }
    }

    func historyEntry(number: Int) -> HistoryEntry? { lines.indices.contains(number - 1) ? entry(number) : nil }

    func lastHistoryNumber() -> Int { lines.count }

    func lastHistoryEntry(startingWith prefix: String) -> HistoryEntry? {
        lines.lastIndex { $0.hasPrefix(prefix) }.map { entry($0 + 1) }
    }

    private func entry(_ number: Int) -> HistoryEntry {
        HistoryEntry(number: number, line: lines[number - 1], time: Date(timeIntervalSince1970: 0))
    }
}
