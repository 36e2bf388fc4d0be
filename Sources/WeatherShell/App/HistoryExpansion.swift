import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// History references (`!!`, `!N`, `!-N`, `!prefix`) expanded as bash does, before a line runs.
extension ShellRunner {
    /// A history reference expanded: the line with it replaced, and where the inserted text is.
    struct HistoryExpansion {
        var line: String
        var inserted: [Range<Int>]
    }

    /// `line` with each history reference — the first word of a command, typed without quotes:
    /// `!!` (the last command), `!N` (command N), `!-N` (N commands back) or `!prefix` (the
    /// last command starting with prefix) — replaced by the line it names, as bash does.
    ///
    /// - Returns: nil when the line has no reference.
    /// - Throws: `ShellError.noSuchHistoryEntry` or `.noHistoryMatch` for a reference that names
    ///   no command; `.usage` for a `!` word that is no reference (`!-x`).
    func expandHistory(_ line: String, commands: [ShellWords.Command]) throws(ShellError) -> HistoryExpansion? {
        let characters = Array(line)
        var out: [Character] = []
        var inserted: [Range<Int>] = []
        var copied = 0
        for command in commands {
            guard let word = command.words.first, word.text.count > 1, word.text.first == "!",
                String(characters[word.start..<word.end]) == word.text
            else { continue }
            let entry = try historyEntry(reference: word.text)
            out += characters[copied..<word.start]
            inserted.append(out.count..<out.count + entry.line.count)
            out += Array(entry.line)
            copied = word.end
        }
        guard !inserted.isEmpty else { return nil }
        out += characters[copied...]
        return HistoryExpansion(line: String(out), inserted: inserted)
    }

    /// The command a history reference (`!!`, `!N`, `!-N`, `!prefix`) names.
    private func historyEntry(reference: String) throws(ShellError) -> HistoryEntry {
        let body = reference.dropFirst()
        let isNumber = { (text: Substring) in !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        if body == "!" {
            guard let entry = session.historyList(last: 1).first else { throw .noHistoryMatch(reference) }
            return entry
        }
        if body.first == "-" {
            guard isNumber(body.dropFirst()), let back = Int(body.dropFirst()), back > 0 else {
                throw Self.notAReference(reference)
            }
            let entries = session.historyList(last: back)
            guard entries.count == back, let entry = entries.first else { throw .noHistoryMatch(reference) }
            return entry
        }
        if let first = body.first, first.isASCII, first.isNumber {
            guard isNumber(body), let number = Int(body), number > 0 else { throw Self.notAReference(reference) }
            guard let entry = session.historyEntry(number: number) else { throw .noSuchHistoryEntry(number) }
            return entry
        }
        guard let entry = session.lastHistoryEntry(startingWith: String(body)) else {
            throw .noHistoryMatch(reference)
        }
        return entry
    }

    /// The error for a word starting with "!" that is no history reference (`!-x`, `!3x`).
    static func notAReference(_ word: String) -> ShellError {
        .usage(
            "“\(TerminalText.sanitized(word))” is not a history reference: !! (the last command), !N (command N), !-N (N back) or !prefix (see “help !!”)"
        )
    }
}
