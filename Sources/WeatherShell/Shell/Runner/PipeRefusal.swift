import WXBasics

extension ShellRunner {
    /// The error for a command typed with a shell's pipe in it (`help | cat`, `hourly 48|less`):
    /// wx's prompt runs no other programs, and said “unknown command “| cat”” instead. It names
    /// what does it: the shell's pipe around `wx -c`, or `\o FILE`. Nil when no word has an
    /// unquoted `|` (`find "a|b"` is a place's name).
    static func pipeRefusal(_ command: ShellWords.Command) -> ShellError? {
        let words = command.words.indices.compactMap { command.typed($0) }
        guard
            let at = words.firstIndex(where: {
                $0.contains("|") && !$0.contains(where: { "\"'\\".contains($0) })
            })
        else { return nil }
        let bar = words[at].firstIndex(of: "|") ?? words[at].startIndex
        let before = (words[..<at] + [String(words[at][..<bar])]).filter { !$0.isEmpty }.joined(separator: " ")
        let after = ([String(words[at][words[at].index(after: bar)...])] + words[(at + 1)...]).filter { !$0.isEmpty }
        let piped =
            (before.isEmpty ? "" : "wx -c '\(before)' ") + "| " + (after.isEmpty ? "…" : after.joined(separator: " "))
        return .usage(
            "wx’s prompt has no pipes: in your shell, \(TerminalText.sanitized(piped)) runs it through another program; “\\o FILE” sends results to a file"
        )
    }
}
