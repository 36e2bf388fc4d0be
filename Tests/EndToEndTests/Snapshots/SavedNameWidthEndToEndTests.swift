import Foundation
import Testing
import WeatherTestSupport

/// trial61's fault 6: at 80 columns `saved` cut "Elbphilharmonie" (15 columns) to
/// "Elbphilharmon…" while its longest line was 73 wide — the condition's column kept 15 columns
/// for "overcast". The name takes what the conditions leave spare; where there is none it is cut
/// as before, and no line is wider than the terminal.
@Suite(.tags(.endToEnd)) struct SavedNameWidthEndToEndTests {
    static let now = "2025-09-01T12:00:00Z"

    /// `saved` over Fixtures/saved-verify/log.jsonl at `columns`, in the 24- or 12-hour clock.
    func saved(columns: Int, twelveHour: Bool = false) throws -> [Substring] {
        let home = try SavedVerifyFiguresTests.home()
        let line = (twelveHour ? "units clock 12h\n" : "") + "saved\n"
        let run = try runWX(stdin: line, home: home, now: Self.now, environment: ["COLUMNS": "\(columns)"])
        #expect(run.status == 0, "\(run.stderr)")
        // The rows: each starts with its number (the `units` line before them does not).
        let lines = run.stdout.split(separator: "\n").filter { $0.drop { $0 == " " }.first?.isNumber == true }
        #expect(lines.count > 60, "\(run.stdout)")
        for line in lines { #expect(UnicodeData.columns(line) <= columns, "\(line)") }
        return lines
    }

    @Test(arguments: [false, true]) func aNameThatFitsIsWhole(twelveHour: Bool) throws {
        let lines = try saved(columns: 80, twelveHour: twelveHour)
        #expect(lines.first?.contains("Elbphilharmonie ") == true, "\(lines.first ?? "")")
        #expect(!lines.contains { $0.contains("…") }, "\(lines.prefix(3))")
    }

    /// Narrower, no room is spare: the name is cut, every line within the width.
    @Test func aNameWithoutRoomIsCutWithinTheWidth() throws {
        let lines = try saved(columns: 72)
        #expect(lines.first?.contains("Elbphilharmon…") == true, "\(lines.first ?? "")")
    }
}
