/// PgUp/PgDn with text before the cursor: readline's history-search-backward/-forward as
/// Debian's /etc/inputrc binds them (bash, sqlite3, psql). One search runs from its first press
/// until another key: it looks for history lines that start with what was before the cursor
/// then (a plain prefix of Unicode scalars, not a pattern), newest first, and skips a line that
/// is the one already shown.
///
/// libedit's ed-search-prev-history is not used: it matches a regular expression anywhere in
/// the line ("fi" found "confidence") and starts from wherever Up last left the history.
struct HistorySearch {
    /// The line as it was at the first press, and the prefix searched for: what was before the
    /// cursor then.
    let typed: String
    let prefix: [Unicode.Scalar]
    /// The index in the history (oldest first) of the line shown; the history's count while the
    /// typed line is shown.
    private(set) var position: Int

    /// A search from the newest line, for the text before `cursor` (Unicode scalars) in `typed`;
    /// `count` is the number of history lines.
    init(typed: String, cursor: Int, count: Int) {
        self.typed = typed
        prefix = Array(typed.unicodeScalars.prefix(cursor))
        position = count
    }

    /// What the line shows now: the history line at `position`, or the typed line.
    func shown(in lines: [String]) -> String { position < lines.count ? lines[position] : typed }

    /// One press: the next older (`backward`) or newer line of `lines` (oldest first) that starts
    /// with the prefix, and `position` moved to it. Forward past the newest match it gives back
    /// the typed line. Nil, with nothing moved, when there is no such line.
    mutating func step(backward: Bool, in lines: [String]) -> String? {
        let shown = shown(in: lines)
        let candidates =
            backward
            ? Array(stride(from: min(position, lines.count) - 1, through: 0, by: -1))
            : Array(stride(from: position + 1, to: lines.count, by: 1))
        for index in candidates where lines[index] != shown && lines[index].unicodeScalars.starts(with: prefix) {
            position = index
            return lines[index]
        }
        guard !backward, position < lines.count else { return nil }
        position = lines.count
        return typed
    }
}
