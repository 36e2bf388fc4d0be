// `replay`'s bound, and what its refusal suggests.
extension ShellRunner {
    /// The last line `replay range` over the bound could be told to run: the first 100 lines'
    /// end, or the history's `last` line — but not lines at the end that run others (this
    /// `replay` itself, just recorded, or an earlier refused one: a replay in a replay is
    /// refused). The history is read for that only.
    func replayableEnd(of range: ClosedRange<Int>, last: Int) -> Int {
        var end = min(range.lowerBound + Self.replayLimit - 1, last)
        while end >= range.lowerBound, let entry = session.historyEntry(number: end), Self.runsOthers(entry.line) {
            end -= 1
        }
        return end
    }

    /// Whether `line` holds a command that runs lines of the history (`replay`, `rerun`).
    static func runsOthers(_ line: String) -> Bool {
        guard let commands = try? ShellWords.commands(line) else { return false }
        return commands.contains { command in
            switch try? CommandParser.parse(words: command.words.map(\.text)) {
            case .replay?, .rerun?: true
            default: false
            }
        }
    }

    /// The most lines one `replay` runs: a larger range is refused.
    static let replayLimit = 100

    /// Why `replay range` is refused when it holds more than `replayLimit` lines, and what to
    /// type instead (`replaySuggestion`), the last line it could run being `last` (0: none).
    /// Trial 57: `replay 1..1000` with 3 lines suggested "replay 1..100", which then failed for
    /// want of line 100.
    static func replayOverLimit(_ range: ClosedRange<Int>, last: Int) -> String {
        "replay runs at most \(replayLimit) lines at a time, and \(range.lowerBound)..\(range.upperBound) is \(range.count)"
            + replaySuggestion(range, last: last)
    }

    /// Why `replay M..N` typed backwards (`range` is N...M) is refused, and what to type
    /// instead, the last line it could run being `last` (0: none): the range turned round when
    /// the history has all of it and it is within the bound ("a range runs forward: replay
    /// 2..5, not 5..2"), else `replaySuggestion` ("a range runs forward, not 5..2; “replay
    /// 2..3” runs the lines of it the history has").
    static func replayBackward(_ range: ClosedRange<Int>, last: Int) -> String {
        let typed = "\(range.upperBound)..\(range.lowerBound)"
        if range.count <= replayLimit, last >= range.upperBound {
            return "a range runs forward: replay \(range.lowerBound)..\(range.upperBound), not \(typed)"
        }
        return "a range runs forward, not \(typed)" + replaySuggestion(range, last: last)
    }

    /// What to type instead of a refused `replay range`, as a clause to follow the refusal —
    /// only lines the history holds, the last it could run being `last` (0: none): "; “replay
    /// 1..100” runs the first 100"; "; “replay 1..3” runs the lines of it the history has";
    /// "; “replay 3” runs the one line of it the history has"; or that it has none of them.
    static func replaySuggestion(_ range: ClosedRange<Int>, last: Int) -> String {
        let first = range.lowerBound
        let end = min(first + replayLimit - 1, last)
        if range.count > replayLimit, end == first + replayLimit - 1 {
            return "; “replay \(first)..\(end)” runs the first \(replayLimit)"
        }
        if end < first { return "; the history has no line of it to replay (see “history”)" }
        if end == first { return "; “replay \(first)” runs the one line of it the history has" }
        return "; “replay \(first)..\(end)” runs the lines of it the history has"
    }
}
