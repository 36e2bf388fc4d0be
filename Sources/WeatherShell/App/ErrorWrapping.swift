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
            let words = Self.words(line, room: width - indent - 2)
            return TextLayout.wrap(words: words, indent: indent, continuation: indent + 2, width: width)
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The words of `line`, each text in “curly quotes” (a command to type: “hourly 6 Berlin”)
    /// kept as one word when it fits in `room` columns, so that it is never parted across lines
    /// (trial 8).
    static func words(_ line: String, room: Int) -> [String] {
        var words: [String] = []
        var quoted: [String]?
        for word in line.split(separator: " ").map(String.init) {
            if var open = quoted {
                open.append(word)
                quoted = open
                guard word.contains("”") else { continue }
                let joined = open.joined(separator: " ")
                words += TextLayout.columns(joined) <= room ? [joined] : open
                quoted = nil
            } else if word.hasPrefix("“"), !word.contains("”") {
                quoted = [word]
            } else {
                words.append(word)
            }
        }
        return words + (quoted ?? [])
    }
}
