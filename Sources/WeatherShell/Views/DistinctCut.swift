import WXBasics

/// Cuts the labels of one list ("Hollywood, South Carolina, United States") so that what tells
/// them apart stays: the parts (between ", ") that every label of the list has give way
/// first, then the parts that differ.
///
/// In order, until the label fits: the shared parts after the first part that differs are
/// left out (the country every row has); the shared parts before it (the name every row
/// has) are cut with "…" ("Holl…, California"), down to "…" alone; last, what is left is cut
/// at its end. A list whose labels share no part is cut at the end, as `TextLayout.truncate`.
struct DistinctCut: Sendable {
    /// The parts every label has; empty for fewer than two labels.
    let shared: Set<Substring>

    /// - Parameter labels: every label of the list, as shown.
    init(_ labels: [String]) {
        guard labels.count > 1, let first = labels.first else {
            shared = []
            return
        }
        var common = Set(Self.parts(first))
        for label in labels.dropFirst() where !common.isEmpty {
            common.formIntersection(Self.parts(label))
        }
        shared = common
    }

    /// `TextLayout.truncate`, without a separator left before the "…": "Stad Brussel…", not
    /// "Stad Brussel,…", which reads as a cut value (a list's labels are words).
    static func truncate(_ text: String, to width: Int) -> String {
        let cut = TextLayout.truncate(text, to: width)
        guard cut.hasSuffix("…"), cut != text else { return cut }
        var kept = cut.dropLast()
        while kept.last == " " { kept.removeLast() }
        guard kept.last == "," else { return cut }
        while kept.last == "," || kept.last == " " { kept.removeLast() }
        return kept + "…"
    }

    /// `label`'s parts between ", ", found by their bytes: `split(separator: ", ")` searched
    /// for the separator as a string, 10,000 instructions a label, most of `favs` with 10,000
    /// favorites (`make bench`).
    static func parts(_ label: String) -> [Substring] {
        var parts: [Substring] = []
        let utf8 = label.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: ","), next != utf8.endIndex, utf8[next] == UInt8(ascii: " ") {
                parts.append(label[start..<index])
                start = utf8.index(after: next)
                index = start
            } else {
                index = next
            }
        }
        parts.append(label[start..<utf8.endIndex])
        return parts
    }

    /// `label` in at most `width` columns.
    func cut(_ label: String, to width: Int) -> String {
        guard TextLayout.columns(label) > width else { return label }
        guard width > 1 else { return Self.truncate(label, to: width) }
        let parts = Self.parts(label)
        guard !shared.isEmpty, let firstDistinct = parts.firstIndex(where: { !shared.contains($0) }) else {
            return Self.truncate(label, to: width)
        }
        let leading = parts[..<firstDistinct].joined(separator: ", ")
        // The distinct parts, with the shared parts among and after them left out.
        let distinct = parts[firstDistinct...].filter { !shared.contains($0) }.joined(separator: ", ")
        guard !leading.isEmpty else { return Self.truncate(distinct, to: width) }
        let whole = leading + ", " + distinct
        if TextLayout.columns(whole) <= width { return whole }
        let room = width - TextLayout.columns(", " + distinct)
        if room >= 1 { return Self.truncate(leading, to: room) + ", " + distinct }
        return "…" + Self.truncate(distinct, to: width - 1)
    }
}
