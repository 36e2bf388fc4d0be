import WXBasics

/// Error and warning lines at a terminal break between words: left to the terminal, a long one
/// ("…cannot reach Open-Meteo: connection refused; nothing can be reached from here…") broke
/// mid-word at the edge, and a path longer than the line lost its indent (trial 9).
extension ShellRunner {
    /// `text` (lines ending in "\n") with each line longer than `width` columns fitted to it by
    /// `TextLayout.wrap(line:width:)`: between words, its later lines indented two spaces more
    /// than its first, a path wider than a line broken after a "/".
    nonisolated static func wrappedAtWords(_ text: String, width: Int) -> String {
        guard width >= 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            TextLayout.wrap(line: String(line), width: width).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
