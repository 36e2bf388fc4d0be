import WXBasics

/// A table of text columns that fits a width without breaking a value: it keeps its preferred
/// layout when that fits, else shows every condition as its symbol alone (all of a column's
/// conditions at once, under no header: a condition's words are the first to give way, before any
/// value), then closes the columns up to two spaces apart, then one, then shortens the columns of
/// names (cut with "…"), then leaves out whole columns in the order given. A number is never cut: a column that cannot shrink
/// keeps its widest cell.
struct TextTable {
    /// One column: its header, its cells (one per row) and how it may give way.
    struct Column {
        var header: String
        var cells: [String]
        /// Spaces before the column in the preferred layout.
        var lead: Int = 0
        /// Columns the column takes in the preferred layout (its widest cell when that is wider
        /// and the column is not `shrinkable`).
        var width: Int = 0
        /// Aligned right (numbers), else left.
        var right: Bool = false
        /// Words that may be cut with "…" down to this many columns; nil for values never cut.
        var shrinkable: Int? = nil
        /// Columns with a number here may be left out, the lowest first; nil: always shown.
        var dropOrder: Int? = nil
        /// How a cell too wide for the column is cut; nil: at its end (`TextLayout.truncate`).
        var cut: CellCut? = nil
        /// What a "left out for the width" note calls the column when it is left out: "precipitation"
        /// for a column headed "mm", "rain chance" for one without a header; nil: its header.
        var name: String? = nil

        /// The fewest columns it may shrink to: its minimum, and never less than its header.
        var narrowest: Int? { shrinkable.map { max($0, TextLayout.columns(header)) } }

        /// Each cell's width in terminal columns. Measured once by `text(width:)`, which passes
        /// them on (a table may have tens of thousands of rows).
        var measuredCells: [Int] { cells.map(TextLayout.columns) }
    }

    /// How a cell too wide for its column is shown.
    enum CellCut {
        /// A list's labels: what tells the rows apart stays (`DistinctCut`).
        case distinct(DistinctCut)
        /// A weather condition, "☂ slight rain showers": whole, or its symbol alone ("☂") when
        /// the words do not fit; words are never cut mid-word. The column is as wide as its
        /// widest condition whenever the table has room for it; when it has not, every condition
        /// of the column is its symbol alone (`TextTable.wordsGivenWay`): at 40 columns `daily`
        /// showed "☂" beside "☁ overcast" and left out the amounts to keep that word.
        case symbolAlone

        /// `value` in at most `width` columns.
        func cut(_ value: String, to width: Int) -> String {
            switch self {
            case .distinct(let labels): return labels.cut(value, to: width)
            case .symbolAlone:
                guard TextLayout.columns(value) > width else { return value }
                let symbol = value.prefix { $0 != " " }
                // No symbol (no weather code): the words, cut at their end.
                return symbol.isEmpty ? TextLayout.truncate(value, to: width) : String(symbol)
            }
        }

        /// A condition cell's symbol alone: "☂" for "☂ slight rain showers", "?" for a null
        /// code's " unknown" (its symbol is blank), "—" (no condition) as it is.
        static func symbol(_ cell: String) -> String {
            let symbol = cell.prefix { $0 != " " }
            return symbol.isEmpty ? "?" : String(symbol)
        }

        /// Whether the column prefers its widest cell to its preferred width (cells are not cut
        /// to a shorter form while the table has room).
        var prefersWhole: Bool {
            if case .symbolAlone = self { return true }
            return false
        }
    }

    var columns: [Column]
    /// Spaces before every line.
    var indent: Int = 2

    /// The header line and one line per row, none longer than `width` columns when the
    /// columns that are never cut or left out fit it; trailing spaces removed.
    func lines(width: Int) -> [String] {
        Self.lines(of: text(width: width))
    }

    /// `text` split at "\n", empty lines kept, as `split(separator:omittingEmptySubsequences:
    /// false)` splits it — by its bytes: that split breaks the text into `Character`s first,
    /// 0.24 M instructions for `show`'s day table (issue 39). A "\n" is always a character of
    /// its own except in "\r\n"; text holding one is split as before.
    static func lines(of text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes -> [String] in
            var lines: [String] = []
            var start = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                if index > 0 && bytes[index - 1] == UInt8(ascii: "\r") {
                    return String(decoding: bytes, as: UTF8.self)
                        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                }
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return lines
        }
    }

    /// The lines of `lines(width:)` joined by "\n" (none after the last), without the header line
    /// when `header` is false: made as one piece of text, for tables of tens of thousands of rows
    /// (`saved`, `favs`).
    func text(width: Int, header: Bool = true) -> String {
        layout(width: width, header: header).text
    }

    /// The table laid out for one width: its text, and the headers of the columns kept and left
    /// out — fitted once (a view that says what it left out measures its cells once: `saved` has
    /// tens of thousands of rows, and `skill` fitted its table three times).
    struct Layout {
        /// The lines of `lines(width:)` joined by "\n" (none after the last); without the header
        /// line when laid out with `header: false`.
        var text: String
        /// The headers of the columns kept, in order: a footnote explains only those (at 40
        /// columns `skill` and `normal` explained columns left out; trial 6).
        var keptHeaders: [String]
        /// The names (`Column.name`, else the header) of the columns left out to fit the width,
        /// in order, each once (`skill`'s two "bias" columns are one word): what a view's "left
        /// out for the width" note names.
        var leftOutHeaders: [String]
        /// `text` as lines.
        var lines: [String] { TextTable.lines(of: text) }
    }

    /// The table at `width` (without its header line when `header` is false), fitted once.
    func layout(width: Int, header: Bool = true) -> Layout {
        wordsGivenWay(width: width).laidOut(width: width, header: header)
    }

    /// This table when it fits `width` with every condition whole (`CellCut.symbolAlone`),
    /// else the table with each condition column as its symbols alone under no header — before
    /// any value column is left out, and all of a column's conditions together.
    func wordsGivenWay(width: Int) -> TextTable {
        let conditions = columns.indices.filter { columns[$0].cut?.prefersWhole == true }
        guard !conditions.isEmpty else { return self }
        let naturals = columns.map { column in column.measuredCells.reduce(TextLayout.columns(column.header), max) }
        if Self.fit(columns, naturals, width: width - indent) != nil { return self }
        var table = self
        for index in conditions {
            table.columns[index] = Column(
                header: "", cells: columns[index].cells.map(CellCut.symbol), lead: columns[index].lead,
                dropOrder: columns[index].dropOrder,
                name: columns[index].name ?? columns[index].header)
        }
        return table
    }

    /// The table at `width`, its columns as they are.
    private func laidOut(width: Int, header: Bool) -> Layout {
        let fitted = fitted(width: width)
        let text = Self.render(
            fitted.kept.map { columns[$0] }, fitted.kept.map { fitted.widths[$0] }, fitted.layout, indent: indent,
            header: header)
        return Layout(
            text: text, keptHeaders: fitted.kept.map { columns[$0].header },
            leftOutHeaders: leftOutNames(kept: fitted.kept))
    }

    /// The names (`Column.name`, else the header) of the columns not in `kept`, in order, each once.
    func leftOutNames(kept: [Int]) -> [String] {
        let kept = Set(kept)
        var leftOut: [String] = []
        for index in columns.indices where !kept.contains(index) {
            let name = columns[index].name ?? columns[index].header
            if !leftOut.contains(name) { leftOut.append(name) }
        }
        return leftOut
    }

    /// Which columns fit `width` (indices into `columns`), every column's cell widths, and the
    /// kept columns' layout: columns are left out by `dropOrder` until the rest fit.
    private func fitted(width: Int) -> (kept: [Int], widths: [[Int]], layout: [(lead: Int, width: Int)]) {
        let widths = columns.map(\.measuredCells)
        // The widest of each column's header and cells.
        let naturals = zip(columns, widths).map { column, cells in
            cells.reduce(TextLayout.columns(column.header), max)
        }
        let fitted = fitted(naturals: naturals, width: width)
        return (fitted.kept, widths, fitted.layout)
    }

    /// Which columns fit `width` (indices into `columns`) and the kept columns' layout, from
    /// each column's widest cell or header (`naturals`): for a table whose rows are measured as
    /// they are read, not held (`saved` of any length). Columns are left out by `dropOrder`
    /// until the rest fit.
    func fitted(naturals: [Int], width: Int) -> (kept: [Int], layout: [(lead: Int, width: Int)]) {
        var kept = Array(columns.indices)
        while true {
            let keptColumns = kept.map { columns[$0] }
            let keptNaturals = kept.map { naturals[$0] }
            if let layout = Self.fit(keptColumns, keptNaturals, width: width - indent) {
                return (kept, layout)
            }
            let droppable = kept.indices.filter { keptColumns[$0].dropOrder != nil }
            guard let drop = droppable.min(by: { keptColumns[$0].dropOrder! < keptColumns[$1].dropOrder! }) else {
                return (kept, Self.compact(keptColumns, keptNaturals, shrunk: true))
            }
            kept.remove(at: drop)
        }
    }

    /// Lead and width of each column within `width`, or nil when they cannot fit.
    ///
    /// - Parameter naturals: each column's widest cell or header.
    static func fit(_ columns: [Column], _ naturals: [Int], width: Int) -> [(lead: Int, width: Int)]? {
        var preferred = zip(columns, naturals).map { column, natural in
            (
                lead: column.lead,
                width: column.shrinkable == nil || column.cut?.prefersWhole == true
                    ? max(column.width, natural) : column.width
            )
        }
        // A value as wide as its column's width still stands a space apart from the one before:
        // a right-aligned column with no lead relies on its spare width for that space, and
        // `hourly` ran "12.3" and "1999.9" together (trial 58).
        for index in preferred.indices.dropFirst() {
            let before = columns[index - 1]
            let gap =
                preferred[index].lead + (columns[index].right ? preferred[index].width - naturals[index] : 0)
                + (before.right ? 0 : max(0, preferred[index - 1].width - naturals[index - 1]))
            if gap < 1 { preferred[index].lead += 1 - gap }
        }
        if total(preferred) <= width { return preferred }
        // Two spaces between columns where they fit, else one.
        let roomy = compact(columns, naturals, shrunk: false, gap: 2)
        if total(roomy) <= width { return roomy }
        var layout = compact(columns, naturals, shrunk: false)
        var excess = total(layout) - width
        // Names give way from the last such column to the first; a condition is whole or its
        // symbol alone in every row (`wordsGivenWay`), never some rows' words.
        for index in columns.indices.reversed() where excess > 0 {
            guard let minimum = columns[index].narrowest, columns[index].cut?.prefersWhole != true else { continue }
            let cut = min(excess, max(0, layout[index].width - minimum))
            layout[index].width -= cut
            excess -= cut
        }
        return excess <= 0 ? layout : nil
    }

    /// Every column as wide as its widest cell, `gap` spaces apart; with `shrunk`, the columns
    /// of words at their minimum.
    static func compact(_ columns: [Column], _ naturals: [Int], shrunk: Bool, gap: Int = 1) -> [(lead: Int, width: Int)]
    {
        columns.enumerated().map { index, column in
            let natural = naturals[index]
            let width = shrunk ? min(natural, column.narrowest ?? natural) : natural
            return (lead: index == 0 ? 0 : gap, width: width)
        }
    }

    static func total(_ layout: [(lead: Int, width: Int)]) -> Int { layout.reduce(0) { $0 + $1.lead + $1.width } }

    /// The header line (when `header`) and the rows, laid out, joined by "\n".
    ///
    /// - Parameter widths: each column's `measuredCells`.
    static func render(
        _ columns: [Column], _ widths: [[Int]], _ layout: [(lead: Int, width: Int)], indent: Int, header: Bool
    ) -> String {
        let rows = columns.first?.cells.count ?? 0
        let cells = columns.map(\.cells)
        // Every line is written into one buffer of bytes, and the text made from it once: for
        // tens of thousands of rows, a string for each line (and each grown cell by cell) took
        // most of the time.
        let writer = LineWriter(
            columns, layout: layout, indent: indent, capacity: (rows + 1) * (indent + total(layout) + 1))
        func write(_ row: Int?) {
            writer.startLine()
            for index in cells.indices {
                // As `TextLayout.pad`, measuring the cell once.
                var value = row.map { cells[index][$0] } ?? columns[index].header
                let columnsUsed = row.map { widths[index][$0] } ?? TextLayout.columns(value)
                value.withUTF8 { writer.add($0, columns: columnsUsed, header: row == nil) }
            }
            writer.endLine()
        }
        if header { write(nil) }
        for row in 0..<rows {
            if header || row > 0 { writer.newline() }
            write(row)
        }
        return writer.text
    }

    /// Removes the spaces that end `text` (as Characters: a space after a prepending mark is
    /// part of that character and stays).
    static func removeTrailingSpaces(_ text: inout String) {
        let utf8 = text.utf8
        var spaces = 0
        var index = utf8.endIndex
        while index > utf8.startIndex, utf8[utf8.index(before: index)] == UInt8(ascii: " ") {
            index = utf8.index(before: index)
            spaces += 1
        }
        guard spaces > 0 else { return }
        if index == utf8.startIndex || utf8[utf8.index(before: index)] < 0x80 {
            // After ASCII every space is a character of its own.
            text.removeLast(spaces)
        } else {
            while text.last == " " { text.removeLast() }
        }
    }
}
