import Testing

@testable import WeatherShell

/// `TextTable.lines(of:)` splits as `split(separator: "\n", omittingEmptySubsequences: false)`
/// does, read by bytes: empty lines kept at either end and between, wide and combining
/// characters kept whole, and text with "\r\n" (one character, which that split does not cut)
/// split as before.
@Suite(.tags(.unit)) struct TextTableLinesTests {
    @Test(arguments: [
        "", "\n", "\n\n", "a", "a\n", "\na", "a\nb", "a\n\nb\n", "  Mon 27 Jul  ☀ clear   21.4\n  Tue  ☂ 东京",
        "e\u{301}\nx", "\n\u{301}", "a\r\nb\nc", "\r\n", "a\rb\nc", "🇩🇪\n🇫🇷\n",
    ])
    func linesAreTheSplitsLines(text: String) {
        #expect(
            TextTable.lines(of: text) == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
}
