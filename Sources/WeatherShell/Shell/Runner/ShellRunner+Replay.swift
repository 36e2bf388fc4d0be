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
    /// type instead — only lines the history holds, the last it could run being `last` (0:
    /// none): "“replay 1..100” runs the first 100"; "“replay 1..3” runs the lines of it the
    /// history has"; no suggestion when it has none of the range (trial 57: `replay 1..1000`
    /// with 3 lines suggested "replay 1..100", which then failed for want of line 100).
    static func replayOverLimit(_ range: ClosedRange<Int>, last: Int) -> String {
        let first = range.lowerBound
        let refusal =
            "replay runs at most \(replayLimit) lines at a time, and \(first)..\(range.upperBound) is \(range.count)"
        let end = min(first + replayLimit - 1, last)
        if end == first + replayLimit - 1 {
            return refusal + "; “replay \(first)..\(end)” runs the first \(replayLimit)"
        }
        if end < first { return refusal + "; the history has no line of it to replay (see “history”)" }
        if end == first { return refusal + "; “replay \(first)” runs the one line of it the history has" }
        return refusal + "; “replay \(first)..\(end)” runs the lines of it the history has"
    }
}
