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

        /// The widest of the header and the cells, in terminal columns. Measured once by
        /// `lines(width:)`, which passes it on (a table may have tens of thousands of rows).
        var measuredNatural: Int { cells.reduce(TextLayout.columns(header)) { max($0, TextLayout.columns($1)) } }
    }

    var columns: [Column]
    /// Spaces before every line.
    var indent: Int = 2

    /// The header line and one line per row, none longer than `width` columns when the
    /// columns that are never cut or left out fit it; trailing spaces removed.
    func lines(width: Int) -> [String] {
        var kept = columns
        var naturals = columns.map(\.measuredNatural)
        while true {
            if let layout = Self.fit(kept, naturals, width: width - indent) {
                return Self.render(kept, layout, indent: indent)
            }
            let droppable = kept.indices.filter { kept[$0].dropOrder != nil }
            guard let drop = droppable.min(by: { kept[$0].dropOrder! < kept[$1].dropOrder! }) else {
                return Self.render(kept, Self.compact(kept, naturals, shrunk: true), indent: indent)
            }
            kept.remove(at: drop)
            naturals.remove(at: drop)
        }
    }

    /// Lead and width of each column within `width`, or nil when they cannot fit.
    ///
    /// - Parameter naturals: each column's `measuredNatural`.
    static func fit(_ columns: [Column], _ naturals: [Int], width: Int) -> [(lead: Int, width: Int)]? {
        let preferred = zip(columns, naturals).map { column, natural in
            (lead: column.lead, width: column.shrinkable == nil ? max(column.width, natural) : column.width)
        }
        if total(preferred) <= width { return preferred }
        // Two spaces between columns where they fit, else one.
        let roomy = compact(columns, naturals, shrunk: false, gap: 2)
        if total(roomy) <= width { return roomy }
        var layout = compact(columns, naturals, shrunk: false)
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
    static func compact(_ columns: [Column], _ naturals: [Int], shrunk: Bool, gap: Int = 1) -> [(lead: Int, width: Int)]
    {
        columns.enumerated().map { index, column in
            let natural = naturals[index]
            let width = shrunk ? min(natural, column.narrowest ?? natural) : natural
            return (lead: index == 0 ? 0 : gap, width: width)
        }
    }

    static func total(_ layout: [(lead: Int, width: Int)]) -> Int { layout.reduce(0) { $0 + $1.lead + $1.width } }

    static func render(_ columns: [Column], _ layout: [(lead: Int, width: Int)], indent: Int) -> [String] {
        let rows = columns.first?.cells.count ?? 0
        let length = indent + total(layout)
        func line(_ cell: (Column) -> String) -> String {
            // One string grown in place: room for the layout's columns (more bytes only when a
            // cell is not ASCII).
            var text = ""
            text.reserveCapacity(length)
            Self.appendSpaces(indent, to: &text)
            for (column, place) in zip(columns, layout) {
                Self.appendSpaces(place.lead, to: &text)
                // As `TextLayout.pad`, measuring the cell once.
                var value = cell(column)
                var used = TextLayout.columns(value)
                if used > place.width {
                    value = TextLayout.truncate(value, to: place.width)
                    used = TextLayout.columns(value)
                }
                if column.right { Self.appendSpaces(place.width - used, to: &text) }
                text += value
                if !column.right { Self.appendSpaces(place.width - used, to: &text) }
            }
            Self.removeTrailingSpaces(&text)
            return text
        }
        return [line(\.header)] + (0..<rows).map { row in line { $0.cells[row] } }
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

    static func appendSpaces(_ count: Int, to text: inout String) {
        if count > 0 { text.append(String(repeating: " ", count: count)) }
    }
}
