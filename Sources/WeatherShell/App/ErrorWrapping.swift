import WXBasics

/// Error and warning lines at a terminal break between words: left to the terminal, a long one
/// ("…cannot reach Open-Meteo: connection refused; nothing can be reached from here…") broke
/// mid-word at the edge.
extension ShellRunner {
    /// `text` (lines ending in "\n") with each line longer than `width` columns broken at the
    /// last space that fits, its later lines indented by two spaces; a word longer than a line
    /// stays whole.
    static func wrappedAtWords(_ text: String, width: Int) -> String {
        guard width >= 20 else { return text }
        var result = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !result.isEmpty { result += "\n" }
            guard TextLayout.columns(String(line)) > width else {
                result += line
                continue
            }
            var current = ""
            var first = true
            for word in line.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                let indent = first ? 0 : 2
                if !current.isEmpty, indent + TextLayout.columns(candidate) > width {
                    result += (first ? "" : "  ") + current + "\n"
                    first = false
                    current = String(word)
                } else {
                    current = candidate
                }
            }
            result += (first ? "" : "  ") + current
        }
        return result
    }
}
