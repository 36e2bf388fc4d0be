import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `export` and `import` as text.
extension TextRenderer {
    /// `export … FILE`: how many records went where, in which format.
    static func exported(_ kind: ExportKind, count: Int, format: ExchangeFormat, path: String) -> [String] {
        ["\(Self.count(count, kind.noun)) exported to \(path) (\(format.rawValue.uppercased()))"]
    }

    /// `import favorites`: how many were added (their names when few) and how many skipped.
    static func imported(_ added: [Favorite], alreadySaved: Int, path: String) -> [String] {
        // A few names follow on the line; more than that would make one long wrapped line (or,
        // one a line, scroll the count away): the count, and `favs` lists them.
        let line = "\(Self.count(added.count, "favorite")) imported from \(path)"
        var lines: [String]
        if added.isEmpty {
            lines = [line]
        } else if added.count <= Self.importedNamesShown {
            lines = [line + ": " + added.map(\.name).joined(separator: ", ")]
        } else {
            lines = [line + " (“favs” lists them)"]
        }
        if alreadySaved > 0 { lines.append("\(alreadySaved) already saved (same coordinates), skipped") }
        return lines
    }

    /// How many imported names `import` lists after its count.
    static let importedNamesShown = 10
}
