/// Column arithmetic for terminal text: what Unicode's data makes wide (East Asian Width W or F,
/// emoji shown as pictures) takes two columns, combining marks none.
package enum TextLayout {
    /// The number of terminal columns `text` takes.
    package static func columns(_ text: String) -> Int {
        // Printable ASCII (most cells of a table) takes a column a byte.
        // From the bytes in place: `withUTF8` copies only text that does not hold them together
        // (a small string's bytes are copied to the stack; `utf8`'s contiguous storage is nil for one).
        var text = text
        return text.withUTF8 { latinColumns($0) ?? scalarColumns($0) }
    }

    /// The columns of a string's bytes (valid UTF-8, as a `String` holds), a scalar at a time:
    /// the sum of `width(of:)` over its scalars, without the scalar view's indexing (`favs` measures a
    /// "★ name" cell for each of tens of thousands of favorites).
    private static func scalarColumns(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            var value: UInt32
            let length: Int
            switch lead {
            case ..<0x80: (value, length) = (UInt32(lead), 1)
            case ..<0xE0: (value, length) = (UInt32(lead & 0x1F), 2)
            case ..<0xF0: (value, length) = (UInt32(lead & 0x0F), 3)
            default: (value, length) = (UInt32(lead & 0x07), 4)
            }
            guard index + length <= bytes.count else { break }
            index += length
            if length == 1 {
                count += value < 0x20 || value == 0x7F ? 0 : 1
                continue
            }
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index - length + offset] & 0x3F) }
            count += Unicode.Scalar(value).map(width(of:)) ?? 1
        }
        return count
    }

    /// The columns of text whose every character is printable and below U+0300 (ASCII, "°",
    /// Latin letters with their accents: most cells of a table), counted from the bytes, one
    /// column each; nil for anything else.
    private static func latinColumns(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20, byte != 0x7F else { return nil }
                index += 1
            } else if byte >= 0xC2, byte < 0xCC, index + 1 < bytes.count {
                // U+0080…U+02FF, two bytes; U+0080…U+009F are control characters.
                guard byte != 0xC2 || bytes[index + 1] >= 0xA0 else { return nil }
                index += 2
            } else {
                return nil
            }
            count += 1
        }
        return count
    }

    /// The columns a terminal gives `scalar`: none for a control character, a combining or
    /// enclosing mark, a zero-width space or joiner and a variation selector; two for what
    /// Unicode's data files make wide (`wideCharacters`: East Asian Width W or F, or
    /// Emoji_Presentation — 🚀, ⌚, 漢); one for the rest (a bare 🌡 or 🌫 among them).
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        // Symbols, arrows, shapes, dingbats ("★", "☂", "→"): no mark among them (Unicode's
        // general categories), so no category is looked up.
        if !(0x2100..<0x2C00).contains(value) {
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark || value == 0x200B || value == 0x200D
                || (0xFE00...0xFE0F).contains(value)
            {
                return 0
            }
        }
        return isWide(value) ? 2 : 1
    }

    /// Whether `value` is in `wideCharacters`, by binary search.
    static func isWide(_ value: UInt32) -> Bool {
        let ranges = wideCharacters
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(value)
    }

    /// `text` cut to at most `width` columns, ending in "…" when cut. A cut never falls inside
    /// a number ("52.5200°N", "-3.5", "18:00"): the number goes whole, back to the last space
    /// ("52.5200°N …", not "52.5200°N 13.…"), or all of `text` gives way to "…" when the number
    /// is its first word. Words are cut where they reach the width ("Elbphilharmo…").
    package static func truncate(_ text: String, to width: Int) -> String {
        guard columns(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = columns(String(character))
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        guard let kept = result.last, !kept.isWhitespace,
            let next = text.dropFirst(result.count).first, !next.isWhitespace
        else { return result + "…" }
        let wordStart = result.lastIndex(where: \.isWhitespace).map { result.index(after: $0) } ?? result.startIndex
        guard isNumber(result[wordStart...]) else { return result + "…" }
        var before = result[..<wordStart]
        while before.last?.isWhitespace == true { before.removeLast() }
        // The space stays: "…" stands for a whole value left out, not the end of the one before.
        return before.isEmpty ? "…" : before + " …"
    }

    /// Whether `word` (no spaces) is a number with what belongs to it: after an opening bracket
    /// or a sign, a digit or a degree sign ("52.5200°N", "(−3.5", "+2", "°C", "18:00").
    private static func isNumber(_ word: Substring) -> Bool {
        let start = word.drop { "([{\"'".contains($0) }.drop { "+-−±~".contains($0) }
        guard let first = start.first else { return false }
        return first.isNumber || first == "°"
    }

    /// `text` cut to `width` and padded with spaces to exactly `width` columns.
    package static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let cut = truncate(text, to: width)
        let fill = String(repeating: " ", count: max(0, width - columns(cut)))
        return right ? fill + cut : cut + fill
    }

    /// Joins `parts` with `separator`, starting a new line before a part that would pass
    /// `width` columns: the first line indented by `indent`, the later ones by `continuation`
    /// (`indent` when nil). A part is never broken; one wider than a line is cut with "…".
    package static func flow(
        _ parts: [String], separator: String = " · ", indent: Int, continuation: Int? = nil, width: Int = 80
    ) -> [String] {
        lay(parts, separator: separator, indent: indent, continuation: continuation ?? indent, width: width, cut: true)
    }

    /// The words of `text` (between spaces) wrapped to `width` columns: the first line indented
    /// by `indent`, the later ones by `continuation`. When nil, a sentence that starts at the
    /// margin (an error, "★ Hamburg saved to favorites") goes on two spaces in, so that it reads
    /// as one; an indented one (a note under a view) goes on at its indent. A word wider than the
    /// line (a path, a URL) starts a line of its own and is broken after a "/" (`broken`), else at
    /// the width, its pieces at the continuation's indent; "≈" stays with the value after it and
    /// that value's unit (`approximations`); text that fits is left as it is. Every
    /// wrapped line of wx (notes, errors, confirmations naming a file, the banner, `help`,
    /// `about`) goes through here.
    package static func wrap(_ text: String, indent: Int, continuation: Int? = nil, width: Int) -> [String] {
        // Text that fits is kept as it is (the spaces that align "cache:   /path" included).
        if indent + columns(text) <= width, !text.isEmpty {
            return [String(repeating: " ", count: indent) + text]
        }
        return lay(
            approximations(text.split(separator: " ").map(String.init)), separator: " ", indent: indent,
            continuation: continuation ?? (indent == 0 ? 2 : indent), width: width, cut: false)
    }

    /// `words` with each "≈" made one word with the value after it and, when that value is a
    /// bare number, the unit after that: "≈ 28 mph" is never parted ("≈" at a line's end and
    /// "28 mph" on the next read as two statements).
    static func approximations(_ words: [String]) -> [String] {
        var result: [String] = []
        var index = words.startIndex
        while index < words.endIndex {
            var word = words[index]
            index += 1
            if word == "≈", index < words.endIndex {
                let value = words[index]
                word += " " + value
                index += 1
                if index < words.endIndex, isBareNumber(value) {
                    word += " " + words[index]
                    index += 1
                }
            }
            result.append(word)
        }
        return result
    }

    /// Whether `word` is a number alone ("28", "0.004", "−3.5"), with no unit of its own.
    private static func isBareNumber(_ word: String) -> Bool {
        word.contains(where: \.isNumber) && word.allSatisfy { $0.isNumber || ".,+-−".contains($0) }
    }

    /// `text` wrapped as `wrap(_:indent:continuation:width:)` does, each of `phrases` that it
    /// holds kept on one line ("CC BY 4.0", "7 of 51 members", "the day"): a phrase's
    /// spaces are no-break spaces while the words are laid out, then spaces again. A phrase
    /// wider than a line is broken as a word is.
    package static func wrap(
        _ text: String, indent: Int, continuation: Int? = nil, width: Int, keeping phrases: [String]
    ) -> [String] {
        wrap(glued(text, phrases), indent: indent, continuation: continuation, width: width).map(unglued)
    }

    /// `line` wrapped as `wrap(line:width:)` does, each of `phrases` that it holds kept on one
    /// line as `wrap(_:…keeping:)` keeps them (an error naming a path with spaces: the path
    /// moves whole to a line of its own).
    package static func wrap(line: String, width: Int, keeping phrases: [String]) -> [String] {
        wrap(line: glued(line, phrases), width: width).map(unglued)
    }

    /// `text` with the spaces of each of `phrases` in it made no-break spaces.
    private static func glued(_ text: String, _ phrases: [String]) -> String {
        var glued = text
        for phrase in phrases where phrase.contains(" ") {
            glued = glued.replacing(phrase, with: phrase.replacing(" ", with: String(noBreakSpace)))
        }
        return glued
    }

    /// A line of glued text with its no-break spaces spaces again.
    private static func unglued(_ line: String) -> String { String(line.map { $0 == noBreakSpace ? " " : $0 }) }

    /// The space `wrap(_:…keeping:)` never breaks at, given back as a space in its lines: a
    /// caller that glues words by a rule of its own (a number and its unit) writes it.
    package static let noBreakSpace: Character = "\u{00A0}"

    /// `words` (already split) laid out as `wrap` lays out the words of a text: a word that holds
    /// spaces (a quoted command, “hourly 6 Berlin”) is not broken unless it is wider than a line,
    /// and then as a path is (`broken`).
    package static func wrap(words: [String], indent: Int, continuation: Int, width: Int) -> [String] {
        lay(approximations(words), separator: " ", indent: indent, continuation: continuation, width: width, cut: false)
    }

    /// A line as wx prints it (an error, a confirmation naming a file) fitted to `width` columns:
    /// left as it is when it fits, else broken between words, its leading spaces kept as the
    /// first line's indent and the later lines two spaces further in; text in “curly quotes” (a
    /// command to type: “hourly 6 Berlin”) is kept on one line when it fits in one (trial 8), and
    /// a word wider than a line (a path) is broken as `wrap` breaks it.
    package static func wrap(line: String, width: Int) -> [String] {
        guard columns(line) > width else { return [line] }
        let indent = line.prefix { $0 == " " }.count
        let words = quotedWords(line, room: width - indent - 2)
        return wrap(words: words, indent: indent, continuation: indent + 2, width: width)
    }

    /// The words of `line`, each text in “curly quotes” kept as one word when it fits in `room`
    /// columns.
    private static func quotedWords(_ line: String, room: Int) -> [String] {
        var words: [String] = []
        var quoted: [String]?
        for word in line.split(separator: " ").map(String.init) {
            if var open = quoted {
                open.append(word)
                quoted = open
                guard word.contains("”") else { continue }
                let joined = open.joined(separator: " ")
                words += columns(joined) <= room ? [joined] : open
                quoted = nil
            } else if word.hasPrefix("“"), !word.contains("”") {
                quoted = [word]
            } else {
                words.append(word)
            }
        }
        return words + (quoted ?? [])
    }

    /// `text` wrapped as `wrap` does, its first line after `lead` ("  data time     ") and its
    /// later lines indented to where `lead` ends (or by `continuation`).
    package static func wrap(_ text: String, after lead: String, continuation: Int? = nil, width: Int) -> [String] {
        let column = columns(lead)
        var lines = wrap(text, indent: column, continuation: continuation ?? column, width: width)
        if let first = lines.first { lines[0] = lead + first.dropFirst(column) }
        return lines
    }

    /// `flow` and `wrap`: parts joined by `separator` on lines of `width`, a part wider than a
    /// line cut with "…" when `cut`, else broken into pieces that fit (`broken`).
    private static func lay(
        _ parts: [String], separator: String, indent: Int, continuation: Int, width: Int, cut: Bool
    ) -> [String] {
        var lines: [String] = []
        var margin = indent
        var line = ""
        func fitted(_ text: String) -> String {
            cut && margin + columns(text) > width ? truncate(text, to: max(1, width - margin)) : text
        }
        for part in parts where !part.isEmpty {
            let candidate = line.isEmpty ? part : line + separator + part
            if !line.isEmpty && margin + columns(candidate) > width {
                lines.append(String(repeating: " ", count: margin) + line)
                margin = continuation
                line = fitted(part)
            } else {
                line = fitted(candidate)
            }
            // Only a part just put at the start of a line can be wider than it (one appended
            // fitted): broken, each piece on a line of its own at the continuation's indent.
            while !cut && margin + columns(line) > width, let pieces = broken(line, room: width - margin) {
                lines.append(String(repeating: " ", count: margin) + pieces.head)
                margin = continuation
                line = pieces.rest
            }
        }
        if !line.isEmpty { lines.append(String(repeating: " ", count: margin) + line) }
        return lines
    }

    /// A word wider than `room` columns (a path, a URL) in two: a first piece that fits, ending
    /// after its last "/" that fits (a path breaks between its folders), else `room` columns of
    /// it; nil when nothing can be split off. The terminal broke such a word mid-name at its
    /// edge, losing the indent (trial 9: "/tmp/trial9/h.cs" / "v").
    static func broken(_ word: String, room: Int) -> (head: String, rest: String)? {
        var used = 0
        var end = word.startIndex
        var afterSlash: String.Index?
        while end < word.endIndex {
            let next = word.index(after: end)
            let w = columns(String(word[end]))
            if used + w > room { break }
            used += w
            if word[end] == "/", end > word.startIndex { afterSlash = next }
            end = next
        }
        let cut = afterSlash ?? end
        guard cut > word.startIndex, cut < word.endIndex else { return nil }
        return (String(word[..<cut]), String(word[cut...]))
    }
}
