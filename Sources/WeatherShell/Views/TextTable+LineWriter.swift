import WXBasics

extension TextTable {
    /// The lines of a fitted table, written a cell at a time into one buffer of bytes: each cell
    /// padded to its column (or cut to it — the column's `cut`, else `TextLayout.truncate`), each
    /// line's trailing spaces removed. `render` lays out every table so; `saved`, whose cells are
    /// bytes already, hands them over without a string for each (tens of thousands of rows) and
    /// takes the text in pieces.
    final class LineWriter {
        private let layout: [(lead: Int, width: Int)]
        private let right: [Bool]
        private let cutters: [CellCut?]
        private let indent: Int
        /// The lines written: `used` of `capacity` bytes, the one being written from `lineStart`.
        private var line: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private var used = 0
        private var lineStart = 0
        /// The column the next cell goes in.
        private var column = 0
        /// Each column's last cell that was cut and what it became: a name cut in each of
        /// thousands of rows (`saved` of one place at 40 columns) is cut once.
        private var lastCuts: [(cell: [UInt8], cut: [UInt8], columns: Int)?]

        /// - Parameters:
        ///   - columns: the columns kept, in order (their alignment and cut are read).
        ///   - layout: each kept column's lead and width.
        ///   - capacity: the bytes the lines are expected to take.
        init(_ columns: [Column], layout: [(lead: Int, width: Int)], indent: Int, capacity: Int = 0) {
            self.layout = layout
            right = columns.map(\.right)
            cutters = columns.map(\.cut)
            self.indent = indent
            self.capacity = max(capacity, indent + TextTable.total(layout) + 256)
            line = .allocate(capacity: self.capacity)
            lastCuts = Array(repeating: nil, count: columns.count)
        }

        deinit { line.deallocate() }

        /// Room for `count` more bytes in the line.
        private func reserve(_ count: Int) {
            guard used + count > capacity else { return }
            let grown = max(capacity * 2, used + count)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.moveInitialize(from: line, count: used)
            line.deallocate()
            line = larger
            capacity = grown
        }

        private func spaces(_ count: Int) {
            guard count > 0 else { return }
            // Eight at a time, past the count when it is not a multiple (the room is reserved,
            // and the next bytes written over them): a call to memset for each of a row's
            // paddings cost more than the rest of laying it out.
            reserve(count + 8)
            let spaces = UInt64(0x2020_2020_2020_2020)
            var offset = 0
            while offset < count {
                UnsafeMutableRawPointer(line + used + offset).storeBytes(of: spaces, as: UInt64.self)
                offset += 8
            }
            used += count
        }

        private func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            reserve(bytes.count)
            if bytes.count <= 16 {
                // A cell of a few bytes: copied in a loop rather than by a call to memcpy.
                for index in 0..<bytes.count { line[used + index] = base[index] }
            } else {
                (line + used).initialize(from: base, count: bytes.count)
            }
            used += bytes.count
        }

        /// Starts a line (its indent); its cells follow, one for each column.
        func startLine() {
            lineStart = used
            column = 0
            spaces(indent)
        }

        /// A "\n" after the last line.
        func newline() {
            reserve(1)
            line[used] = UInt8(ascii: "\n")
            used += 1
        }

        /// The bytes of the lines written (and not taken).
        var count: Int { used }

        /// Hands the lines written to `body`, and forgets them.
        func take(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            body(UnsafeBufferPointer(start: line, count: used))
            used = 0
        }

        /// The lines written, as text.
        var text: String { String(decoding: UnsafeBufferPointer(start: line, count: used), as: UTF8.self) }

        /// The next column's cell: `bytes` (UTF-8), `columns` terminal columns wide.
        ///
        /// - Parameter header: a header's cell, cut at its end whatever the column's `cut`.
        func add(_ bytes: UnsafeBufferPointer<UInt8>, columns: Int, header: Bool = false) {
            let index = column
            let place = layout[index]
            column += 1
            spaces(place.lead)
            guard columns > place.width else {
                if right[index] { spaces(place.width - columns) }
                put(bytes)
                if !right[index] { spaces(place.width - columns) }
                return
            }
            if !header, let last = lastCuts[index], last.cell.count == bytes.count,
                last.cell.elementsEqual(bytes)
            {
                pad(last.cut, columns: last.columns, in: index)
                return
            }
            let value = String(decoding: bytes, as: UTF8.self)
            let cut =
                header
                ? TextLayout.truncate(value, to: place.width)
                : cutters[index]?.cut(value, to: place.width) ?? TextLayout.truncate(value, to: place.width)
            let made = (cell: Array(bytes), cut: Array(cut.utf8), columns: TextLayout.columns(cut))
            if !header { lastCuts[index] = made }
            pad(made.cut, columns: made.columns, in: index)
        }

        /// A cut cell, `columns` wide, padded to its column `index`.
        private func pad(_ cut: [UInt8], columns: Int, in index: Int) {
            let width = layout[index].width
            if right[index] { spaces(width - columns) }
            cut.withUnsafeBufferPointer { put($0) }
            if !right[index] { spaces(width - columns) }
        }

        /// Ends the line: its trailing spaces removed (no "\n").
        func endLine() {
            var end = used
            while end > lineStart, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
            // After ASCII every space is a character of its own.
            guard end != used, end != lineStart, line[end - 1] >= 0x80 else {
                used = end
                return
            }
            var text = String(
                decoding: UnsafeBufferPointer(start: line + lineStart, count: used - lineStart), as: UTF8.self)
            TextTable.removeTrailingSpaces(&text)
            used = lineStart
            text.withUTF8 { put($0) }
        }
    }
}
