import WXBasics
import WeatherKit
import WeatherStore

// `import snapshots|history` as text.
extension TextRenderer {
    /// How many records were appended, which numbers they got (kept, or numbered on from the
    /// log's highest) and how many the log held already:
    /// "3 snapshots imported from F, ids 1–3 kept" or "… as 13–15 (numbered on from 12, the
    /// highest id in the log)".
    static func imported(_ summary: LogImportSummary) -> [String] {
        let outcome = summary.outcome
        let snapshots = summary.kind == .snapshots
        let same = snapshots ? "same place, saved at the same time" : "same line at the same time"
        let log = snapshots ? "the log" : "the history"
        let numbers = outcome.numbers
        guard let first = numbers.first, let last = numbers.last else {
            guard outcome.alreadyInLog > 0 else { return ["no \(summary.noun)s in \(summary.path); nothing imported"] }
            let all = outcome.alreadyInLog == 1 ? "its \(summary.noun) is" : "all \(outcome.alreadyInLog) are"
            return ["nothing imported from \(summary.path): \(all) in \(log) already (\(same))"]
        }
        let numberWord = snapshots ? "id" : "number"
        var line = "\(count(numbers.count, summary.noun)) imported from \(summary.path)"
        // "7", "1–3", "1, 3, 8" when few, else "1 to 90".
        let span: String
        if first == last {
            span = "\(first)"
        } else if last - first == numbers.count - 1 {
            span = "\(first)–\(last)"
        } else if numbers.count <= importedNamesShown {
            span = numbers.map(String.init).joined(separator: ", ")
        } else {
            span = "\(first) to \(last)"
        }
        if outcome.kept {
            line += ", \(numberWord)\(numbers.count == 1 ? "" : "s") \(span) kept"
        } else {
            let highest = snapshots ? "the highest id in the log" : "the highest number in the history"
            line += " as \(span) (numbered on from \(outcome.highestBefore), \(highest))"
        }
        var lines = [line]
        if outcome.alreadyInLog > 0 {
            lines.append("\(outcome.alreadyInLog) already in \(log) (\(same)), skipped")
        }
        return lines
    }
}
