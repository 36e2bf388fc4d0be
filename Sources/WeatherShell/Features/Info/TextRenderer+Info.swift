import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `help` and `about` as text.
extension TextRenderer {
    /// `help`: every command with its summary, history expansion and where the data comes from.
    static func help(_ specs: [CommandSpec], context: RenderContext) -> [String] {
        let width = context.width
        var lines = commandList(specs, width: width)
        lines += commandRow("!! | !N | !-N | !prefix", "run a line from the history again", width: width)
        lines += commandRow("!$ | ^old^new", "the last word of the last line; it, changed", width: width)
        for row in CommandSpec.metaCommandRows { lines += commandRow(row.form, row.brief, width: width) }
        lines.append("")
        // Paragraphs of a help page: flush left, as the man page's.
        // A chord, a command to type and "© OpenStreetMap" each on one line (at 80 columns
        // "Ctrl-X" ended a line and "Ctrl-U undoes" began the next, "\o" and "FILE" too).
        lines += TextLayout.wrap(
            "Keys (as in bash): " + Self.promptKeys, indent: 0, continuation: 0, width: width,
            keeping: Self.promptKeysKept)
        lines += TextLayout.wrap(
            "Data: Open-Meteo.com (CC BY 4.0); © OpenStreetMap contributors (ODbL). See “about”.", indent: 0,
            continuation: 0, width: width, keeping: ["CC BY 4.0", "© OpenStreetMap"])
        return lines
    }

    /// The phrases of `promptKeys` that `help` keeps on one line.
    static let promptKeysKept = [
        "Ctrl-X Ctrl-U", "Ctrl-X Ctrl-E", "- . and ,", "wx -c 'help' | cat", "\\o FILE",
    ]

    /// The prompt's keys in one sentence, for `help` and the man page's KEYS.
    package static let promptKeys =
        "Tab completes commands, favorites, snapshot numbers, option values and file names; Up/Down and Ctrl-R recall lines, PgUp/PgDn those starting as typed; Alt-. inserts the last word; Ctrl-A/Ctrl-E go to the start/end, Ctrl-U/Ctrl-K erase to there, Ctrl-W a word, Alt-B/Alt-F/Alt-Backspace/Alt-D move or erase a word, stopping at - . and , as bash does; Ctrl-_ or Ctrl-X Ctrl-U undoes; Ctrl-X Ctrl-E edits the line in $EDITOR and runs it, changed or not; Ctrl-C cancels; Ctrl-D quits. An accent with no letter before it is refused with a bell. The prompt has no pipes: wx -c 'help' | cat in the shell, or \\o FILE."

    /// `help COMMAND`: its synopsis, summary, aliases and details.
    static func helpCommand(_ spec: CommandSpec, context: RenderContext) -> [String] {
        let width = context.width
        // The synopsis wrapped too (at 40 columns `best`'s is longer than the width).
        var lines =
            wrapSynopsis(spec.synopsis, indent: 0, continuation: 4, width: width)
            + wrap(spec.summary, indent: 2, width: width)
        if !spec.aliases.isEmpty {
            lines += wrap("also: \(spec.aliases.joined(separator: ", "))", indent: 2, width: width)
        }
        for paragraph in spec.details { lines.append(contentsOf: wrap(paragraph, indent: 2, width: width)) }
        return lines
    }

    /// Commands and their summaries in two columns, a summary wrapped under itself when it does
    /// not fit `width` (for `help` and `wx --help`); narrower than 57 columns, each summary goes
    /// under its command, wrapped at column 4 (trial 5: 112 lines too wide at 40).
    package static func commandList(_ specs: [CommandSpec], width: Int) -> [String] {
        specs.flatMap { commandRow($0.synopsis, $0.summary, width: width) }
    }

    /// One row of `commandList`: the synopsis, then the summary in its column at 37 (under the
    /// synopsis when that is too long for the column), or under it at column 4 when `width`
    /// leaves the column under 20 columns.
    static func commandRow(_ synopsis: String, _ summary: String, width: Int) -> [String] {
        let column = 37
        guard width >= column + 20 else {
            return wrapSynopsis(synopsis, indent: 2, continuation: 6, width: width)
                + TextLayout.wrap(summary, indent: 4, continuation: 4, width: width)
        }
        let lines = TextLayout.wrap(summary, indent: column, continuation: column, width: width)
        // A synopsis too long for its column goes above the summary, wrapped at the width
        // (issue 40: `best`'s, 65 columns, ran past a terminal of 58 to 64).
        if TextLayout.columns(synopsis) > column - 3 {
            return wrapSynopsis(synopsis, indent: 2, continuation: 6, width: width) + lines
        }
        let first = lines.first.map { String($0.dropFirst(column)) } ?? ""
        return ["  \(TextLayout.pad(synopsis, to: column - 3)) \(first)"] + lines.dropFirst()
    }

    /// A synopsis wrapped between its words as `TextLayout.wrap` does, a bracketed part
    /// ("[--frost N%]", "rm <name>", "[place | favorite]") kept on one line when it fits one:
    /// at 40 columns "[--frost" ended a line and "N%]" began the next.
    static func wrapSynopsis(_ synopsis: String, indent: Int, continuation: Int, width: Int) -> [String] {
        guard indent + TextLayout.columns(synopsis) > width else {
            return TextLayout.wrap(synopsis, indent: indent, width: width)
        }
        let room = width - continuation
        var words: [String] = []
        var part: [String] = []
        var depth = 0
        for word in synopsis.split(separator: " ").map(String.init) {
            part.append(word)
            depth += word.count { $0 == "[" || $0 == "<" } - word.count { $0 == "]" || $0 == ">" }
            guard depth <= 0 else { continue }
            let joined = part.joined(separator: " ")
            words += TextLayout.columns(joined) <= room ? [joined] : part
            part = []
            depth = 0
        }
        words += part
        return TextLayout.wrap(words: words, indent: indent, continuation: continuation, width: width)
    }

    /// The licences the services' attributions name, each kept on one line by `about`.
    static let licenceNames = ["CC BY-SA 4.0", "CC BY 4.0", "NLOD 2.0", "ODbL 1.0", "Open Government Licence – Canada"]

    /// `about`: the version, each service's attribution (and endpoint when not the default) and wx's files.
    static func about(_ info: AboutInfo, context: RenderContext) -> [String] {
        let width = context.width
        var lines = ["wx \(info.version) — weather at the prompt"]
        // Each attribution once, with the endpoints of its services that are not the default
        // under it (the archive's under Open-Meteo's weather data).
        var attributions: [(text: String, first: Service, endpoints: [String])] = []
        for service in info.services {
            if !attributions.contains(where: { $0.text == service.attribution }) {
                attributions.append((service.attribution, service, []))
            }
            let index = attributions.firstIndex { $0.text == service.attribution }!
            let base = info.endpoints[service]
            guard base != service.defaultBaseURL else { continue }
            attributions[index].endpoints.append(
                service == attributions[index].first
                    ? "endpoint: \(Redaction.displayURL(base))"
                    : "\(service.displayName) endpoint: \(Redaction.displayURL(base))")
        }
        // One indent for every address, the one the longest needs: the previous-runs address
        // alone at 4 and the others at 6 looked like a different kind of line (trial 10).
        let continuation = attributions.flatMap(\.endpoints).map { addressIndent($0, width: width) }.min() ?? 6
        for attribution in attributions {
            // A licence's name and version stay together ("CC BY" then "4.0" on the next line
            // read as two things, trial 11).
            lines += TextLayout.wrap(attribution.text, indent: 2, width: width, keeping: Self.licenceNames)
            for endpoint in attribution.endpoints {
                lines += addressLines(endpoint, indent: 4, continuation: continuation, width: width)
            }
        }
        for line in [
            "favorites and settings: \(info.configFolder)/state.plist",
            "history and snapshots:  \(info.stateFolder)/log.jsonl",
            "cache:                  \(info.cacheFolder)",
            "start-up file:          \(info.startupFile)" + (info.startupFileExists ? "" : " (none there)"),
        ] + (info.lineEditorFile.map { ["line editor settings:   \($0)"] } ?? []) {
            lines += TextLayout.wrap(line, indent: 2, continuation: 4, width: width)
        }
        lines += requestCostLines(context: context)
        return lines
    }

    /// “Open-Meteo previous runs endpoint: http://…” in `width` columns: the address goes whole
    /// onto a line of its own, indented 6 or as much less as lets it fit (at 40 columns the
    /// recorded server's was 42 wide; trial 6); only an address wider than the whole line is broken.
    /// `continuation`: the indent of the lines after the first; nil: `addressIndent(text)`.
    static func addressLines(_ text: String, indent: Int, continuation: Int? = nil, width: Int) -> [String] {
        let continuation = continuation ?? addressIndent(text, width: width)
        return TextLayout.wrap(text, indent: indent, continuation: continuation, width: width).flatMap { line in
            guard TextLayout.columns(line) > width, width > 0 else { return [line] }
            var pieces: [String] = []
            var piece = ""
            for character in line {
                if TextLayout.columns(piece + String(character)) > width {
                    pieces.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            return pieces + [piece]
        }
    }

    /// The indent of `addressLines`' lines after the first: 6, or as much less as lets the
    /// longest word of `text` fit `width`.
    static func addressIndent(_ text: String, width: Int) -> Int {
        let longest = text.split(separator: " ").map { TextLayout.columns(String($0)) }.max() ?? 0
        return max(0, min(6, width - longest))
    }
}
