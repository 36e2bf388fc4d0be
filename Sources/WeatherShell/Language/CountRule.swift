import WXBasics

/// The count `[N]` a command reads before its place (`daily [N] [place | favorite]`): what it
/// counts, the most it takes and what sets that most — declared once per command, read by its
/// parser (`CommandParser.count(_:rule:)`) and by its handler
/// (`PlaceResolver.countAndTarget(_:_:rule:)`).
///
/// A whole number beyond the most, with more words after it, is not refused by the parser,
/// which does not know the favorites: the words together may be a favorite's name (“17 Foo”,
/// a name wx gave from an address), and a favorite's whole name is that favorite. The handler
/// refuses it, with the same error and before any request, when they name none.
package struct CountRule: Hashable, Sendable {
    /// What is counted, as the error starts: "the number of days".
    package var what: String
    /// The largest count taken; the smallest is 1.
    package var maximum: Int
    /// What sets `maximum`, said in brackets after it ("as far as Open-Meteo forecasts"); nil
    /// when the error says nothing of it.
    package var reach: String?

    package init(what: String, maximum: Int, reach: String? = "as far as Open-Meteo forecasts") {
        self.what = what
        self.maximum = maximum
        self.reach = reach
    }

    /// The usage error of `typed`, a whole number outside 1…`maximum`: "the number of days is
    /// 1 to 16 (as far as Open-Meteo forecasts), not “17”".
    package func outOfRange(_ typed: String) -> ShellError {
        .usage(
            "\(what) is 1 to \(maximum)\(reach.map { " (\($0))" } ?? ""), not “\(TerminalText.sanitized(String(typed.prefix(24))))”"
        )
    }
}
