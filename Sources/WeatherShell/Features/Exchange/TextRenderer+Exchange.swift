import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `export` and `import` as text.
extension TextRenderer {
    /// `export … FILE`: how many records went where, in which format.
    static func exported(_ kind: ExportKind, count: Int, format: ExchangeFormat, path: String) -> [String] {
        ["\(Self.count(count, kind.noun)) exported to \(path) (\(format.rawValue.uppercased()))"]
    }

    /// `import favorites`: how many were added (their names when few) and how many skipped.
    /// With none added because every readable one is saved already, worded as `import
    /// snapshots` words it: "nothing imported from F: all 2 are saved already (same coordinates)".
    ///
    /// - Parameter unreadable: how many rows could not be read (named in lines of their own).
    static func imported(_ added: [Favorite], alreadySaved: Int, unreadable: Int = 0, path: String) -> [String] {
        if added.isEmpty, alreadySaved > 0 {
            let all =
                alreadySaved == 1
                ? (unreadable == 0 ? "its favorite is" : "1 is")
                : (unreadable == 0 ? "all \(alreadySaved) are" : "\(alreadySaved) are")
            return ["nothing imported from \(path): \(all) saved already (same coordinates)"]
        }
        // A few names follow on the line; more than that would make one long wrapped line (or,
        // one a line, scroll the count away): the count, and `favs` lists them.
        let line = "\(Self.count(added.count, "favorite")) imported from \(path)"
        var lines: [String]
        if added.isEmpty {
            // Every record skipped, each named on its own error line.
            lines = [unreadable > 0 ? "no favorites imported from \(path)" : line]
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

    /// The lines of a result that names a file (`export`, `import`, `log`, `log compact`) fitted
    /// to a terminal's width as error lines are (`TextLayout.wrap(line:width:)`): a path moves
    /// whole to a line of its own and is broken after a "/" only when wider than one. Trial 9 saw
    /// "11 commands exported to /tmp/trial9/h.cs" / "v (CSV)" at 40 columns, cut by the terminal.
    /// Output to a pipe or to the file of `\o FILE` (`fitsWidth` false) is never cut: left whole.
    static func fittingFileNames(_ lines: [String], of result: CommandResult, context: RenderContext) -> [String] {
        guard context.fitsWidth else { return lines }
        switch result {
        case .exported, .imported, .importedRecords, .logStatistics, .logCompacted:
            return lines.flatMap { TextLayout.wrap(line: $0, width: context.width) }
        default:
            // Every other view lays itself out for the width (tables, charts, wrapped notes).
            return lines
        }
    }
}
