import WXBasics

/// A table of text columns that fits a width without breaking a value: it keeps its preferred
/// layout when that fits, else closes the columns up to two spaces apart, then one, then shortens the
/// columns of words (a condition, a name; cut with "…"), then leaves out whole columns in the
/// order given. A number is never cut: a column that cannot shrink keeps its widest cell.
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

        /// The fewest columns it may shrink to: its minimum, and never less than its header.
        var narrowest: Int? { shrinkable.map { max($0, TextLayout.columns(header)) } }

        /// The widest of the header and the cells, in terminal columns.
        var natural: Int { cells.reduce(TextLayout.columns(header)) { max($0, TextLayout.columns($1)) } }
    }

    var columns: [Column]
    /// Spaces before every line.
    var indent: Int = 2

    /// The header line and one line per row, none longer than `width` columns when the
    /// columns that are never cut or left out fit it; trailing spaces removed.
    func lines(width: Int) -> [String] {
        var kept = columns
        while true {
            if let layout = Self.fit(kept, width: width - indent) { return Self.render(kept, layout, indent: indent) }
            let droppable = kept.indices.filter { kept[$0].dropOrder != nil }
            guard let drop = droppable.min(by: { kept[$0].dropOrder! < kept[$1].dropOrder! }) else {
                return Self.render(kept, Self.compact(kept, shrunk: true), indent: indent)
            }
            kept.remove(at: drop)
        }
    }

    /// Lead and width of each column within `width`, or nil when they cannot fit.
    static func fit(_ columns: [Column], width: Int) -> [(lead: Int, width: Int)]? {
        let preferred = columns.map { column in
            (lead: column.lead, width: column.shrinkable == nil ? max(column.width, column.natural) : column.width)
        }
        if total(preferred) <= width { return preferred }
        // Two spaces between columns where they fit, else one.
        let roomy = compact(columns, shrunk: false, gap: 2)
        if total(roomy) <= width { return roomy }
        var layout = compact(columns, shrunk: false)
        var excess = total(layout) - width
        // Words give way from the last such column to the first (a condition before a name).
        for index in columns.indices.reversed() where excess > 0 {
            guard let minimum = columns[index].narrowest else { continue }
            let cut = min(excess, max(0, layout[index].width - minimum))
            layout[index].width -= cut
            excess -= cut
        }
        return excess <= 0 ? layout : nil
    }

    /// Every column as wide as its widest cell, `gap` spaces apart; with `shrunk`, the columns
    /// of words at their minimum.
    static func compact(_ columns: [Column], shrunk: Bool, gap: Int = 1) -> [(lead: Int, width: Int)] {
        columns.enumerated().map { index, column in
            let width = shrunk ? min(column.natural, column.narrowest ?? column.natural) : column.natural
            return (lead: index == 0 ? 0 : gap, width: width)
        }
    }

    static func total(_ layout: [(lead: Int, width: Int)]) -> Int { layout.reduce(0) { $0 + $1.lead + $1.width } }

    static func render(_ columns: [Column], _ layout: [(lead: Int, width: Int)], indent: Int) -> [String] {
        let rows = columns.first?.cells.count ?? 0
        func line(_ cell: (Column) -> String) -> String {
            var text = String(repeating: " ", count: indent)
            for (column, place) in zip(columns, layout) {
                text += String(repeating: " ", count: place.lead)
                text += TextLayout.pad(cell(column), to: place.width, right: column.right)
            }
            return text.trimmedTrailing
        }
        return [line(\.header)] + (0..<rows).map { row in line { $0.cells[row] } }
    }
}
