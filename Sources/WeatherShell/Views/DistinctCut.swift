import WXBasics

/// Cuts the labels of one list ("Hollywood, South Carolina, United States") so that what tells
/// them apart stays: the parts (between ", ") that every label of the list has give way
/// first, then the parts that differ.
///
/// In order, until the label fits: the shared parts after the first part that differs are
/// left out (the country every row has); the shared parts before it (the name every row
/// has) are cut with "…" ("Holl…, California"), down to "…" alone; last, what is left is cut
/// at its end. A list whose labels share no part is cut at the end, as `TextLayout.truncate`.
///
/// Within the part that differs, the words every label begins it with give way before the words
/// that tell them apart: "Springfield (home)" and "Springfield (office)" at 9 columns are
/// "…(home)" and "…(office)", not "Springfie…" twice.
struct DistinctCut: Sendable {
    /// The parts every label has; empty for fewer than two labels.
    let shared: Set<Substring>
    /// The words (between spaces) every label's first part that differs begins with, when every
    /// label has more words there than these; empty otherwise.
    let sharedLeadingWords: [Substring]

    /// - Parameter labels: every label of the list, as shown.
    init(_ labels: [String]) {
        guard labels.count > 1, let first = labels.first else {
            shared = []
            sharedLeadingWords = []
            return
        }
        var common = Set(Self.parts(first))
        for label in labels.dropFirst() where !common.isEmpty {
            common.formIntersection(Self.parts(label))
        }
        shared = common
        var lead: [Substring]? = nil
        for label in labels {
            guard let part = Self.parts(label).first(where: { !common.contains($0) }) else {
                lead = []
                break
            }
            let words = part.split(separator: " ", omittingEmptySubsequences: false)
            guard var kept = lead else {
                lead = Array(words.dropLast())
                continue
            }
            // The common beginning, always short of the whole part: something must be left.
            var count = 0
            while count < kept.count, count < words.count - 1, kept[count] == words[count] { count += 1 }
            kept.removeLast(kept.count - count)
            lead = kept
            if kept.isEmpty { break }
        }
        sharedLeadingWords = lead ?? []
    }

    /// `distinct` without the words every label begins its differing part with, after "…"
    /// ("…(home)"), in `width` columns (one of them the "…" of a cut before it when `cutBefore`);
    /// nil when the labels share no such words, or when `distinct` cut at its end would still
    /// show something after them.
    func withoutSharedLeadingWords(_ distinct: String, to width: Int, cutBefore: Bool = false) -> String? {
        guard !sharedLeadingWords.isEmpty, width > 1 else { return nil }
        let lead = sharedLeadingWords.joined(separator: " ") + " "
        guard distinct.hasPrefix(lead) else { return nil }
        // Cut at its end, the label keeps `width − 1` columns (less the "…" before it): when
        // they reach past the shared words, that cut tells the label apart already.
        guard TextLayout.columns(lead) >= width - 1 - (cutBefore ? 1 : 0) else { return nil }
        return "…" + Self.truncate(String(distinct.dropFirst(lead.count)), to: width - 1)
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
            return withoutSharedLeadingWords(label, to: width) ?? Self.truncate(label, to: width)
        }
        let leading = parts[..<firstDistinct].joined(separator: ", ")
        // The distinct parts, with the shared parts among and after them left out.
        let distinct = parts[firstDistinct...].filter { !shared.contains($0) }.joined(separator: ", ")
        guard !leading.isEmpty else {
            if TextLayout.columns(distinct) <= width { return distinct }
            return withoutSharedLeadingWords(distinct, to: width) ?? Self.truncate(distinct, to: width)
        }
        let whole = leading + ", " + distinct
        if TextLayout.columns(whole) <= width { return whole }
        let room = width - TextLayout.columns(", " + distinct)
        if room >= 1 { return Self.truncate(leading, to: room) + ", " + distinct }
        if TextLayout.columns(distinct) > width - 1,
            let elided = withoutSharedLeadingWords(distinct, to: width, cutBefore: true)
        {
            return elided
        }
        return "…" + Self.truncate(distinct, to: width - 1)
    }
}
