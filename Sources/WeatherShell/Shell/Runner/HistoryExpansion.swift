import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Where history references are looked up: the command lines in the history, as `history`
/// lists them (the session).
@MainActor
protocol CommandHistory: AnyObject {
    /// The last `count` commands, oldest first, a line repeating the one before it once.
    func historyList(last count: Int) -> [HistoryEntry]
    /// The command with history number `number`.
    func historyEntry(number: Int) -> HistoryEntry?
    /// The number of the last command in the history; 0 when there is none.
    func lastHistoryNumber() -> Int
    /// The most recent command whose line starts with `prefix` (case matters).
    func lastHistoryEntry(startingWith prefix: String) -> HistoryEntry?
}

extension WeatherSession: CommandHistory {}

/// History references (`!!`, `!N`, `!-N`, `!prefix`, `!$` anywhere, `^old^new`) expanded as
/// bash does, before a line runs: the runner's part that reads the history, and only that.
@MainActor
struct HistoryExpansion {
    /// Where references are looked up.
    let history: any CommandHistory

    /// A history reference expanded: the line with it replaced, and where the inserted text is.
    struct Expanded {
        var line: String
        var inserted: [Range<Int>]
        /// Whether a reference ended in `:p` (`!!:p`): the line is printed and recorded, not
        /// run, as in bash.
        var printOnly = false
        /// The line a reference where a command starts (`!!`, `!N`, `!-N`, `!prefix`) named,
        /// when it runs others (`replay`, `rerun`): such a line is not run again (nu59: `!!`
        /// of `replay 2` ran `replay 2`, which ran `replay 1..2`, before the refusal came).
        var runsOthers: String?
    }

    /// `line` with each history reference — the first word of a command, typed without quotes:
    /// `!!` (the last command), `!N` (command N), `!-N` (command last − N + 1) or `!prefix` (the
    /// last command starting with prefix) — replaced by the line it names, and each `!$` (any
    /// word) by the last word of the last line as it was typed (quotes kept), as bash does.
    /// A reference may end in bash's modifier `:p` (print the line, do not run it); other
    /// modifiers (`:s/old/new/`, `:0`, `:h`) are refused by name.
    ///
    /// - Returns: nil when the line has no reference.
    /// - Throws: `ShellError.noSuchHistoryEntry` or `.noHistoryMatch` for a reference that names
    ///   no command; `.usage` for a `!` word that is no reference (`!-x`).
    func expand(_ line: String, commands: [ShellWords.Command]) throws(ShellError) -> Expanded? {
        let characters = Array(line)
        var out: [Character] = []
        var inserted: [Range<Int>] = []
        var printOnly = false
        var runsOthers: String?
        var copied = 0
        for command in commands {
            // `help !$` with nothing to expand asks about `!$` (issue 40: a fresh session said
            // “no command in the history” instead of the help); with a last line, it is that.
            let asksHelp = command.words.first.map { (try? CommandParser.command(named: $0.text)) == .help } ?? false
            for (index, word) in command.words.enumerated() {
                guard word.text.count > 1, word.text.first == "!",
                    String(characters[word.start..<word.end]) == word.text
                else { continue }
                let text: String
                var reference = word.text
                var prints = false
                if reference.count > 3, reference.hasSuffix(":p") {
                    reference.removeLast(2)
                    prints = true
                }
                guard index == 0 || reference == "!$" || reference.hasPrefix("!$:") else { continue }
                do throws(ShellError) {
                    if reference.dropFirst(2).contains(":") { throw Self.unknownModifier(word.text) }
                    if reference == "!$" {
                        text = try lastWordOfLastLine()
                    } else if index == 0 {
                        text = try historyEntry(reference: reference).line
                        if runsOthers == nil, ShellRunner.runsOthers(text) { runsOthers = text }
                    } else {
                        continue
                    }
                } catch {
                    if asksHelp { continue }
                    throw error
                }
                printOnly = printOnly || prints
                out += characters[copied..<word.start]
                inserted.append(out.count..<out.count + text.count)
                out += Array(text)
                copied = word.end
            }
        }
        guard !inserted.isEmpty else { return nil }
        out += characters[copied...]
        return Expanded(line: String(out), inserted: inserted, printOnly: printOnly, runsOthers: runsOthers)
    }

    /// The last word of the last line in the history, as it was typed there (`"New York"` with
    /// its quotes), for `!$`.
    private func lastWordOfLastLine() throws(ShellError) -> String {
        guard let line = history.historyList(last: 1).first?.line,
            let word = ShellWords(lexing: line).commands.last?.words.last
        else { throw .noHistoryMatch("!$") }
        return String(Array(line)[word.start..<word.end])
    }

    /// `^old^new` (or `^old^new^`) typed as the whole line: the last line with the first `old`
    /// replaced by `new`, as bash's quick substitution.
    ///
    /// - Returns: nil when the line does not start with `^`.
    /// - Throws: `.noHistoryMatch` when there is no last line; `.usage` when `old` is empty or
    ///   not in it.
    func quickSubstitution(_ line: String) throws(ShellError) -> Expanded? {
        let typed = line.trimmed
        guard typed.first == "^", typed.count > 1 else { return nil }
        var parts = typed.dropFirst().split(separator: "^", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, parts[2].isEmpty { parts.removeLast() }
        guard let old = parts.first, !old.isEmpty, parts.count <= 2 else {
            throw .usage("quick substitution is ^old^new: the last line with old replaced by new (see “help !!”)")
        }
        let new = parts.count == 2 ? String(parts[1]) : ""
        guard let last = history.historyList(last: 1).first?.line else { throw .noHistoryMatch(typed) }
        guard let range = last.firstRange(of: old) else {
            throw .usage(
                "“\(TerminalText.sanitized(String(old)))” is not in the last line (“\(TerminalText.sanitized(last))”)")
        }
        var result = last
        result.replaceSubrange(range, with: new)
        return Expanded(line: result, inserted: [0..<result.count])
    }

    /// The command a history reference (`!!`, `!N`, `!-N`, `!prefix`) names.
    private func historyEntry(reference: String) throws(ShellError) -> HistoryEntry {
        let body = reference.dropFirst()
        let isNumber = { (text: Substring) in !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        if body == "!" {
            guard let entry = history.historyList(last: 1).first else { throw .noHistoryMatch(reference) }
            return entry
        }
        if body.first == "-" {
            guard isNumber(body.dropFirst()), let back = Int(body.dropFirst()), back > 0 else {
                throw Self.notAReference(reference)
            }
            // By number, as bash counts it (the current command minus N): command `last - N + 1`,
            // found by halving the log. Counting entries back read N of them from the end, the
            // whole log for `!-1000000`; a repeat `history` lists once (a log from before wx
            // dropped them) is a number of its own here, its line the same as the one kept.
            let last = history.lastHistoryNumber()
            guard back <= last, let entry = history.historyEntry(number: last - back + 1) else {
                throw .noHistoryMatch(reference)
            }
            return entry
        }
        if let first = body.first, first.isASCII, first.isNumber {
            guard isNumber(body), let number = Int(body), number > 0 else { throw Self.notAReference(reference) }
            guard let entry = history.historyEntry(number: number) else { throw .noSuchHistoryEntry(number) }
            return entry
        }
        guard let entry = history.lastHistoryEntry(startingWith: String(body)) else {
            throw .noHistoryMatch(reference)
        }
        return entry
    }

    /// The error for a reference with a modifier other than `:p` (`!!:s/a/b/`, `!$:h`).
    nonisolated static func unknownModifier(_ word: String) -> ShellError {
        .usage(
            "“\(TerminalText.sanitized(word))”: wx’s history references take one modifier, :p (print the line, do not run it: !!:p); “^old^new” replaces (see “help !!”)"
        )
    }

    /// The error for a word starting with "!" that is no history reference (`!-x`, `!3x`).
    nonisolated static func notAReference(_ word: String) -> ShellError {
        .usage(
            "“\(TerminalText.sanitized(word))” is not a history reference: !! (the last command), !N (command N), !-N (N back) or !prefix (see “help !!”)"
        )
    }
}
