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
        wrap("\(context.unicode ? "★" : "*") \(favorite.name) saved to favorites", indent: 0, width: context.width)
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

    /// `favs`: a row per favorite, or what to do when there is none.
    static func favorites(_ favorites: [Favorite], context: RenderContext) -> [String] {
        let width = context.width
        if favorites.isEmpty { return ["no favorites yet: “fav” saves the current location"] }
        // Name and region are words and give way (the region first); coordinates never do.
        // What tells favorites apart stays: the parts every row has give way first
        // ("Holl…, California"; "United States" left out of the regions).
        let star = context.unicode ? "★" : "*"
        let names = favorites.map { "\(star) \($0.name)" }
        let regions = favorites.map(\.region)
        // A region column narrower than a short word would show "…" alone: none then.
        let regionColumn: [TextTable.Column] =
            width - 50 < 6
            ? []
            : [
                .init(
                    header: "", cells: regions, lead: 1, width: width - 50, shrinkable: 12, dropOrder: 1,
                    cut: DistinctCut(regions))
            ]
        let table = TextTable(
            columns: [.init(header: "", cells: names, width: 24, shrinkable: 10, cut: DistinctCut(names))]
                + regionColumn + [.init(header: "", cells: favorites.map(\.coordinate.latitudeLongitudeText), lead: 2)])
        return [table.text(width: width, header: false)]
    }

    /// `history`: the numbered lines, or a note when there is none.
    static func history(_ entries: [HistoryEntry], context: RenderContext) -> [String] {
        let width = context.width
        if entries.isEmpty { return ["no commands in the history yet"] }
        // The number column fits the widest number (six columns at least): a number is never
        // cut, so that every one shown can be given to `!N`.
        let column = max(6, entries.map { String($0.number).count }.max() ?? 0)
        return entries.map {
            "\(TextLayout.pad(String($0.number), to: column, right: true))  \(TextLayout.truncate(TerminalText.sanitized($0.line), to: width - column - 2))"
        }
    }
}
