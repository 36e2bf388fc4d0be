import WXBasics

/// Error and warning lines at a terminal break between words: left to the terminal, a long one
/// ("…cannot reach Open-Meteo: connection refused; nothing can be reached from here…") broke
/// mid-word at the edge, and a path longer than the line lost its indent (trial 9).
extension ShellRunner {
    /// `text` (lines ending in "\n") with each line longer than `width` columns fitted to it by
    /// `TextLayout.wrap(line:width:keeping:)`: between words, its later lines indented two spaces
    /// more than its first, each of `paths` kept whole (a path with spaces is one word), a path
    /// wider than a line broken after a "/".
    package nonisolated static func wrappedAtWords(_ text: String, width: Int, keeping paths: [String] = []) -> String {
        guard width >= 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            TextLayout.wrap(line: String(line), width: width, keeping: paths).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The paths an error line may name that hold a space, each to be kept whole: wx's folders,
    /// and the words of the command being run (a file to export to or import from, typed
    /// quoted) as typed and as made absolute. Without them the wrapper broke "/tmp/my dir/f.csv"
    /// at its space, as a sentence (the last clean-clone run of stop 30).
    var pathsWithSpaces: [String] {
        let configuration = session.configuration
        let folders = [configuration.configFolder, configuration.stateFolder, configuration.cacheFolder]
        let typed = errors.commandWords.flatMap { [$0, configuration.expandPath($0)] }
        return (folders + typed).filter { $0.contains(" ") }.sorted { $0.count > $1.count }
    }
}
