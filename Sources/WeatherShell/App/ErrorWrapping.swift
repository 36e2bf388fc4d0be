import WXBasics

/// Error and warning lines at a terminal break between words: left to the terminal, a long one
/// ("…cannot reach Open-Meteo: connection refused; nothing can be reached from here…") broke
/// mid-word at the edge.
extension ShellRunner {
    /// `text` (lines ending in "\n") with each line longer than `width` columns broken between
    /// words (`TextLayout.wrap`), its later lines indented two spaces more than its first; a word
    /// longer than a line stays whole.
    static func wrappedAtWords(_ text: String, width: Int) -> String {
        guard width >= 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let line = String(line)
            guard TextLayout.columns(line) > width else { return line }
            let indent = line.prefix { $0 == " " }.count
            return TextLayout.wrap(line, indent: indent, continuation: indent + 2, width: width)
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
