import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Favorites (`fav`, `unfav`, `rename`, `favs`) and `history` as text.
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
    static func favorites(_ favorites: [Favorite], context: RenderContext, style: Style) -> [String] {
        let width = context.width
        if favorites.isEmpty {
            return TextLayout.wrap(
                "no favorites yet: “fav” saves the current location", indent: 0, continuation: 2, width: width)
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
        let regionWidth = max(min(width - 50, 30), min(regions.lazy.map(TextLayout.columns).max() ?? 0, room))
        // A region column narrower than a short word would show "…" alone: none then.
        let regionColumn: [TextTable.Column] =
            regionWidth < 6 && !whole
            ? []
            : [
                .init(
                    header: "", cells: regions, lead: 1, width: whole ? 30 : regionWidth,
                    shrinkable: whole ? nil : 12, dropOrder: whole ? nil : 1,
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

    /// `history`: the numbered lines, or a note when there is none; cut to the width only when
    /// output is fitted to it (a terminal, or `COLUMNS` given).
    static func history(_ entries: [HistoryEntry], context: RenderContext) -> [String] {
        let width = context.width
        if entries.isEmpty { return ["no commands in the history yet"] }
        // The number column fits the widest number (six columns at least): a number is never
        // cut, so that every one shown can be given to `!N`.
        let column = max(6, entries.map { String($0.number).count }.max() ?? 0)
        // In scripts and pipes (`fitsWidth` false) a line is whole: it is what was typed.
        return entries.map {
            let line = TerminalText.sanitized($0.line)
            let shown = context.fitsWidth ? TextLayout.truncate(line, to: width - column - 2) : line
            return "\(TextLayout.pad(String($0.number), to: column, right: true))  \(shown)"
        }
    }
}
