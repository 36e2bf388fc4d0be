import WXBasics
import WeatherKit

/// `line [place] [--format FMT] [--json]`, as parsed.
package struct StatusLineRequest: Hashable, Sendable {
    /// The place or favorite; nil: the current location, else the first favorite.
    package var place: String?
    package var format: StatusLineFormat
    /// `--json`: waybar's document (`text`, `tooltip`, `class`, `alt`).
    package var json: Bool

    package init(place: String?, format: StatusLineFormat, json: Bool) {
        self.place = place
        self.format = format
        self.json = json
    }
}

// One line for a status bar: `line`.
extension CommandSpec {
    static let line = CommandSpec(
        name: "line", synopsis: "line [place | favorite] [--format FMT] [--json]",
        summary: "one line for a status bar (tmux, waybar…)",
        details: [
            "Prints the weather now as one line, by wttr.in’s placeholders: “wx line Home --format \"%l: %c %t\"”. Without a place, for the current location, else the first favorite (“favs” lists them). Without --format, “\(StatusLineFormat.standard)”; --format 1 to 4 are wttr.in’s numbered formats.",
            "Placeholders: "
                + StatusLineFormat.Field.allCases.map { "%\($0.rawValue) \($0.meaning)" }.joined(separator: ", ")
                + "; %% is a percent sign. Values are in your units; a reading the answer lacks is “—”.",
            "An answer still current in the cache makes no request, so a bar may run it every minute; an older one is asked for once (Open-Meteo updates every 15 minutes). With “wx --offline line” it never asks: it shows the cache however old, and fails when there is none.",
            "--json prints waybar’s document on one line: text, tooltip, alt (the kind of weather: clear, cloudy, fog, drizzle, rain, snow, storm) and class (the same, or “stale” for data the service could not renew).",
            "When there is no weather to show it prints nothing on standard output (“line --json” neither; “wx --json line” the error document), says why in one line on standard error, and exits with 1 (waybar then hides the module).",
        ],
        completion: .favoritesThenOptions(["--format", "--json"]),
        costs: [RequestCost(services: RequestCost.forecastServices, RequestCost.forecast)]
    ) { arguments throws(ShellError) in
        var format: StatusLineFormat?
        var json = false
        var place: [String] = []
        while let word = arguments.next() {
            switch word {
            case "--json": json = true
            case "--format", "-f":
                guard let value = arguments.next() else { throw .usage("--format needs a text, as --format \"%c %t\"") }
                format = try StatusLineFormat(value)
            case _ where word.hasPrefix("--format="):
                format = try StatusLineFormat(String(word.dropFirst("--format=".count)))
            case _ where word.hasPrefix("--"):
                throw arguments.unknownOption(word, options: ["--format", "-f", "--json"], placeFirst: false)
            default: place.append(word)
            }
        }
        let text = place.joined(separator: " ").trimmed
        let target: String? = text.isEmpty ? nil : try CommandParser.place(text)
        if format == nil { format = try StatusLineFormat(StatusLineFormat.standard) }
        return .statusLine(StatusLineRequest(place: target, format: format!, json: json))
    }
}
