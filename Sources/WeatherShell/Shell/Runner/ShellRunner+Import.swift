extension ShellRunner {
    /// Whether the line is only `import history FILE`, which is recorded only when it fails:
    /// the history it brings is then exactly the one exported (in a new WX_HOME the line itself
    /// would be command 1, and every imported number would move up by one), and a failed one,
    /// which imported nothing, is kept after its failure as any failed command is, for Up or
    /// `!` to recall and mend (nu59: a wrong path could not be recalled).
    static func importsHistory(_ commands: [ShellWords.Command]) -> Bool {
        guard commands.count == 1, let words = commands.first?.words.map(\.text) else { return false }
        if case .importLog(.history, _)? = try? CommandParser.parse(words: words) { return true }
        return false
    }
}
