import WXBasics
import WeatherStore

/// How a typed name finds a favorite, the way people type it: case does not matter, nor
/// typographic quotes and dashes (`Prime Minister's Office` finds `Prime Minister’s Office`),
/// nor accents (`Zurich` finds `Zürich`, also when the accent came decomposed), nor runs of
/// spaces — but the whole name, never a part of it: `Paris` is not the favorite “Paris office”
/// (trial 62: a second `fav rm Paris` removed “Paris office”; `show Hamburg` showed the favorite
/// “Hamburg office” instead of looking Hamburg up). Tab completes a prefix to the whole name.
/// `show`, `compare`, `fav rm`, `fav rename` and `saved verify` all read names through this.
package enum FavoriteMatching {
    /// What a typed name names among favorites.
    package enum Match: Equatable {
        /// One favorite: its name exactly (any case), or folded.
        case one(Favorite)
        /// Several favorites' names fold to the same (kept unreadable, then mended by hand), in
        /// their order.
        case several([Favorite])
        /// None.
        case none
    }

    /// What `typed` names among `favorites`: an exact name (ignoring case) first, then a name
    /// that folds to the same. A prefix of a name names nothing (`startingWith` offers them).
    package static func match(_ typed: String, in favorites: [Favorite]) -> Match {
        let lower = typed.trimmed.lowercased()
        guard !lower.isEmpty else { return .none }
        if let exact = favorites.first(where: { $0.name.lowercased() == lower }) { return .one(exact) }
        let key = folded(typed)
        let found = favorites.filter { folded($0.name) == key }
        if found.isEmpty { return .none }
        return found.count == 1 ? .one(found[0]) : .several(found)
    }

    /// The favorites whose names, folded, begin with `typed` folded and are longer: what a name
    /// that names none may have meant (“did you mean “Paris office”?”), in their order.
    package static func startingWith(_ typed: String, in favorites: [Favorite]) -> [Favorite] {
        let key = folded(typed)
        guard !key.isEmpty else { return [] }
        return favorites.filter {
            let name = folded($0.name)
            return name.count > key.count && name.hasPrefix(key)
        }
    }

    /// `words` (each typed as a name of its own, as `compare` takes them) with each run of words
    /// that together are a favorite's name, folded, made one: `compare New York Berlin` names
    /// "New York" and "Berlin" (trial 15: "New" was taken as a prefix of “New York”, then “York”
    /// named no favorite). The longest run wins; a word no run takes stays as it was typed.
    package static func names(_ words: [String], in favorites: [Favorite]) -> [String] {
        let keys = Set(favorites.map { folded($0.name) })
        var names: [String] = []
        var start = 0
        while start < words.count {
            let end = (start + 2...max(start + 2, words.count)).reversed().first { end in
                end <= words.count && keys.contains(folded(words[start..<end].joined(separator: " ")))
            }
            if let end {
                names.append(words[start..<end].joined(separator: " "))
                start = end
            } else {
                names.append(words[start])
                start += 1
            }
        }
        return names
    }

    /// The favorite whose name is `typed` once both are folded (no prefixes): a name clash.
    package static func same(_ typed: String, in favorites: [Favorite]) -> Favorite? {
        let key = folded(typed)
        return favorites.first { folded($0.name) == key }
    }

    /// `text` as names are compared: lowercased; accents dropped (a Latin letter with marks is
    /// its base letter, combining marks are dropped, ß is ss); typographic apostrophes, quotes
    /// and dashes as the keyboard's `'`, `"` and `-`; any run of spaces as one space; trimmed.
    package static func folded(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark, .format: continue
            default: break
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result += replacement(for: scalar)
        }
        return result
    }

    /// The keyboard's form of one scalar, lowercased.
    private static func replacement(for scalar: Unicode.Scalar) -> String {
        if scalar.isASCII { return String(scalar).lowercased() }
        if Apostrophes.all.contains(scalar) { return "'" }
        switch scalar {
        case "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}", "\u{00AB}", "\u{00BB}": return "\""
        case "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}": return "-"
        case "ß", "ẞ": return "ss"
        case "æ", "Æ": return "ae"
        case "œ", "Œ": return "oe"
        default: break
        }
        // "LATIN SMALL LETTER U WITH DIAERESIS" is a "u": the base letter is named before "WITH".
        if let name = scalar.properties.name,
            let letter = name.split(separator: " WITH ").first.flatMap({ $0.split(separator: " ").last }),
            name.hasPrefix("LATIN "), name.contains(" WITH "), letter.count == 1
        {
            return letter.lowercased()
        }
        return String(scalar).lowercased()
    }
}

extension FavoriteMatching.Match {
    /// The one favorite named; nil for none and for a name several fold to.
    var only: Favorite? {
        if case .one(let favorite) = self { return favorite }
        return nil
    }

    /// The one favorite named, nil for none.
    ///
    /// - Throws: `ShellError.usage` naming the favorites when several match.
    func favorite(for typed: String) throws(ShellError) -> Favorite? {
        switch self {
        case .one(let favorite): return favorite
        case .none: return nil
        case .several(let favorites):
            let names = favorites.prefix(8).map { "“\(TerminalText.sanitized($0.name))”" }
            let more = favorites.count > 8 ? " and \(favorites.count - 8) more" : ""
            throw .usage(
                "“\(TerminalText.sanitized(typed))” could be the favorites \(CommandParser.list(names))\(more); type the name as it is written"
            )
        }
    }
}
