import WeatherKit
import WeatherStore

// Settings: `units`, `provider`, `geocoder`, `language`, `format`.
extension CommandSpec {
    static let units = CommandSpec(
        name: "units", synopsis: "units [metric | imperial | <quantity> <unit>]",
        summary: "show or set units (re-shows, no request)",
        details: [
            "Metric: °C, km/h, mm, hPa, km, 24-hour clock. Imperial: °F, mph, inches, inHg, miles, 12-hour clock.",
            "One quantity apart from the preset: units temperature C|F|K · wind kmh|ms|mph|kn|bft (Beaufort) · precipitation mm|inch · pressure hPa|inHg · distance km|mi · clock 24h|12h. A preset clears them. The choice is saved.",
        ],
        completion: .subcommands(
            UnitQuantity.allCases.map {
                // Joined by hand: the generic `joined(separator:)` looked up a conformance at run
                // time when the table was first built, ~5 % of start-up.
                Subcommand($0.rawValue, arguments: alternatives($0.choices), then: .words($0.choices))
            },
            otherwise: .words(["metric", "imperial"]))
    ) { arguments throws(ShellError) in
        let words = arguments.words
        switch words.map({ $0.lowercased() }) {
        case []: return .units(nil)
        case ["metric"], ["si"]: return .units(.preset(.metric))
        case ["imperial"], ["us"]: return .units(.preset(.imperial))
        default:
            guard words.count == 2, let quantity = UnitQuantity(rawValue: words[0].lowercased()) else {
                throw arguments.usage("; quantities: \(UnitQuantity.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard quantity.setting(words[1], in: .metric) != nil else {
                throw .usage("\(quantity.rawValue) is one of \(quantity.choices.joined(separator: ", "))")
            }
            return .units(.quantity(quantity, words[1]))
        }
    }

    static let provider = CommandSpec(
        name: "provider", synopsis: "provider [open-meteo | openweathermap]",
        summary: "show or set where the weather comes from",
        details: [
            "OpenWeatherMap needs OPENWEATHERMAP_API_KEY; its free forecast comes in 3-hour steps for 5 days (daily values are built from them), while Open-Meteo gives hours, 15-minute rain and 16 days. The choice is saved."
        ],
        completion: .words(["open-meteo", "openweathermap"])
    ) { arguments throws(ShellError) in
        .provider(arguments.rest()?.lowercased())
    }

    static let geocoder = CommandSpec(
        name: "geocoder", synopsis: "geocoder [nominatim | open-meteo | openweathermap]",
        summary: "show or set which service finds places",
        details: [
            "When the chosen one cannot be reached or refuses, wx asks the next and says so. The choice is saved.",
            "openweathermap (with OPENWEATHERMAP_API_KEY) finds a place by name the way its current-weather request does (“London,GB”), one city a query.",
        ],
        completion: .words(["nominatim", "open-meteo", "openweathermap"])
    ) { arguments throws(ShellError) in
        .geocoder(arguments.rest()?.lowercased())
    }

    static let language = CommandSpec(
        name: "language", synopsis: "language [code | auto]",
        summary: "language of place names (de, pt-BR, auto)",
        details: ["Sent to the geocoders as Accept-Language. “auto” follows LANG. The choice is saved."],
        completion: .words(["auto"])
    ) { arguments throws(ShellError) in
        guard let code = arguments.rest() else { return .language(nil) }
        guard CommandParser.isLanguageCode(code) else { throw arguments.usage(", a code such as de, en or pt-BR") }
        return .language(code)
    }

    static let format = CommandSpec(
        name: "format", synopsis: "format [text | json]",
        summary: "results as text, or one JSON document each",
        completion: .words(["text", "json"])
    ) { arguments throws(ShellError) in
        switch arguments.rest()?.lowercased() {
        case nil: return .format(nil)
        case "text": return .format(.text)
        case "json": return .format(.json)
        default: throw arguments.usage()
        }
    }
}

/// "C|F|K": a quantity's choices as a usage shows them.
private func alternatives(_ words: [String]) -> String {
    var text = ""
    for word in words {
        if !text.isEmpty { text += "|" }
        text += word
    }
    return text
}
