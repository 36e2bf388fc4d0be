import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Favorites (`fav`, `fav rm`, `fav rename`, `favs`) as text.
extension TextRenderer {
    /// `fav`: the favorite saved.
    static func favoriteAdded(_ favorite: Favorite, context: RenderContext) -> [String] {
        wrap(
            "\(context.unicode ? "★" : "*") \(favorite.name) saved to favorites", indent: 0,
            width: context.width)
    }

    /// `unfav`: the favorite removed.
    static func favoriteRemoved(_ favorite: Favorite, context: RenderContext) -> [String] {
        wrap(
            "\(context.unicode ? "☆" : "-") \(favorite.name) removed from favorites", indent: 0,
            width: context.width)
    }

    /// `rename`: the old name and the new.
    static func favoriteRenamed(from old: String, to favorite: Favorite, context: RenderContext) -> [String] {
        wrap("favorite “\(old)” is now “\(favorite.name)”", indent: 0, width: context.width)
    }

    /// `favs`: a row per favorite, or what to do when there is none. In scripts and pipes
    /// (`fitsWidth` false) nothing is cut: the columns are as at 80, wider for a longer cell.
    ///
    /// - Parameter unreadable: the favorites of state.plist that could not be read (the warning
    ///   above the list names them): with none readable the list is "no readable favorites",
    ///   not "no favorites yet" under "1 entry … could not be read" (nu61).
    static func favorites(_ favorites: [Favorite], unreadable: Int = 0, context: RenderContext, style: Style)
        -> [String]
    {
        let width = context.width
        if favorites.isEmpty {
            let none = unreadable > 0 ? "no readable favorites" : "no favorites yet"
            return TextLayout.wrap(
                "\(none): “fav” saves the current location", indent: 0, continuation: 2, width: width)
        }
        // Name and region are words and give way (the region first); coordinates never do.
        // What tells favorites apart stays: the parts every row has give way first
        // ("Holl…, California"; "United States" left out of the regions).
        let star = context.unicode ? "★" : "*"
        let names = favorites.map { "\(star) \($0.name)" }
        let regions = favorites.map(\.region)
        let whole = !context.fitsWidth
        let coordinates = favorites.map(\.coordinate.latitudeLongitudeText)
        // The region takes what the row leaves it — the indent (2), the name column (24), the
        // leads (1 + 2) and the widest coordinates — as far as its widest cell needs, and at
        // least `width - 50` up to 30 (its width at 80): "United States" was cut at 80 columns in
        // a line of 77 (trial 4). No wider than its widest cell: at 120 columns the coordinates
        // stood 70 columns from the names (trial 16).
        let room = width - 2 - 24 - 1 - 2 - (coordinates.lazy.map(TextLayout.columns).max() ?? 0)
        var regionWidth = max(min(width - 50, 30), min(regions.lazy.map(TextLayout.columns).max() ?? 0, room))
        // Regions that tell rows apart stay, the names narrowing first (issue 37 item 11: at 50
        // columns four "Washington Street, Springfield" in four states lost the region that told
        // them apart): the room left with the name column at its narrowest (10 and the star).
        let regionsTellApart = !whole && Self.regionsTellApart(names: names, regions: regions, nameWidth: 10)
        if regionsTellApart, regionWidth < 12 {
            let narrowRoom =
                width - 2 - (names.lazy.map(TextLayout.columns).max().map { min($0, 12) } ?? 12) - 1 - 2
                - (coordinates.lazy.map(TextLayout.columns).max() ?? 0)
            regionWidth = max(regionWidth, min(regions.lazy.map(TextLayout.columns).max() ?? 0, narrowRoom))
        }
        // A region column narrower than a short word would show "…" alone: none then.
        let regionColumn: [TextTable.Column] =
            regionWidth < 6 && !whole
            ? []
            : [
                .init(
                    header: "", cells: regions, lead: 1, width: whole ? 30 : regionWidth,
                    shrinkable: whole ? nil : min(12, regionWidth), dropOrder: whole || regionsTellApart ? nil : 1,
                    cut: whole ? nil : .distinct(DistinctCut(regions)), name: "region")
            ]
        let table = TextTable(
            columns: [
                .init(
                    header: "", cells: names, width: 24, shrinkable: whole ? nil : 10,
                    cut: whole ? nil : .distinct(DistinctCut(names)))
            ]
                + regionColumn + [.init(header: "", cells: coordinates, lead: 2)])
        // Not a terminal: a width every row fits, so that no cell is cut.
        let laid = table.layout(width: whole ? Int(Int32.max) : width, header: false)
        // The regions left out, by the table or before it, are named as every table view names
        // what it leaves out (trial 9).
        let regionsLeftOut = regionColumn.isEmpty && regions.contains { !$0.isEmpty }
        return [laid.text]
            + leftOutNote(laid.leftOutHeaders + (regionsLeftOut ? ["region"] : []), width: width, style: style)
    }

    /// Whether the regions tell apart rows that the names, cut to `nameWidth` columns as the
    /// name column cuts them (`DistinctCut`), do not: two rows whose names then read the same —
    /// or the same but for a number at the end ("Springfield" and "Springfield 2": a number
    /// tells no place) — and whose regions differ.
    static func regionsTellApart(names: [String], regions: [String], nameWidth: Int) -> Bool {
        guard Set(regions).count > 1 else { return false }
        let bases = names.map { name -> String in
            let words = name.split(separator: " ")
            guard words.count > 1, let last = words.last, last.allSatisfy(\.isNumber) else { return name }
            return words.dropLast().joined(separator: " ")
        }
        let cut = DistinctCut(bases)
        var regionOf: [String: String] = [:]
        for (base, region) in zip(bases, regions) {
            let shown = cut.cut(base, to: nameWidth).lowercased()
            if let other = regionOf.updateValue(region, forKey: shown), other != region { return true }
        }
        return false
    }
}
