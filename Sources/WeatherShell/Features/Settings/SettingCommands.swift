import WeatherKit
import WeatherStore

// Settings: `units`, `provider`, `geocoder`, `language`, `format`.
extension CommandSpec {
    static let units = CommandSpec(
        name: "units", synopsis: "units [metric | imperial | <quantity> <unit>]",
        summary: "show or set units (re-shows, no request)",
        details: [
            "After a change the last view is shown again in the new units, as it was asked (“daily 3” its 3 days, “confidence 2” its 2), from the data already fetched: no request.",
            "Metric: °C, km/h, mm, hPa, km, 24-hour clock. Imperial: °F, mph, inches, inHg, miles, 12-hour clock.",
            "One quantity apart from the preset: units temperature C|F|K · wind kmh|ms|mph|kn|bft (Beaufort) · precipitation mm|inch · pressure hPa|inHg · distance km|mi · clock 24h|12h. A preset clears them. The choice is saved; while state.plist cannot be written until “reset state” (damaged, or a newer wx’s), it holds for this session only, and the change says so at once, with why and what to do.",
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
        guard let first = words.first else { return .units(nil) }
        switch try UnitsWord.choice.value(for: first, what: "unit setting") {
        case .preset(let preset)? where words.count == 1: return .units(.preset(preset))
        case .quantity(let quantity)? where words.count == 2:
            let unit = words[1]
            if quantity.setting(unit, in: .metric) != nil { return .units(.quantity(quantity, unit)) }
            // "m" is metres to a metric user, miles to some: not taken as the prefix of "mi".
            if quantity == .distance, unit.lowercased() == "m" {
                throw .usage(
                    "“m” could be metres or miles: distance is one of \(quantity.choices.joined(separator: ", ")) (or kilometres, miles)"
                )
            }
            let units = WordChoice(quantity.choices.map { (words: [$0], value: $0) })
            guard let chosen = try units.value(for: unit, what: "\(quantity.rawValue) unit") else {
                throw .usage("\(quantity.rawValue) is one of \(quantity.choices.joined(separator: ", "))")
            }
            return .units(.quantity(quantity, chosen))
        default:
            throw arguments.usage("; quantities: \(UnitQuantity.allCases.map(\.rawValue).joined(separator: ", "))")
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
        .provider(try arguments.rest().map { word throws(ShellError) in try serviceWord(word, geocoding: false) })
    }

    static let geocoder = CommandSpec(
        name: "geocoder", synopsis: "geocoder [nominatim | open-meteo | openweathermap]",
        summary: "show or set which service finds places",
        details: [
            "When the chosen one cannot be reached, refuses, does not answer in time or sends an answer wx cannot read, wx asks the next and says so. The choice is saved.",
            "openweathermap (with OPENWEATHERMAP_API_KEY) finds a place by name the way its current-weather request does (“London,GB”), one city a query.",
        ],
        completion: .words(["nominatim", "open-meteo", "openweathermap"])
    ) { arguments throws(ShellError) in
        .geocoder(try arguments.rest().map { word throws(ShellError) in try serviceWord(word, geocoding: true) })
    }

    static let language = CommandSpec(
        name: "language", synopsis: "language [code | auto]",
        summary: "language of place names (de, pt-BR, auto)",
        details: [
            "Sent to the geocoders in the form each takes: Nominatim the whole tag (pt-BR), Open-Meteo’s geocoding the language alone (pt). “auto” follows LANG, region and all (pt_BR.UTF-8 is pt-BR). The choice is saved.",
            "The code is an ISO 639-1 language (what Open-Meteo’s geocoding takes), with a region or script if wanted, which Nominatim reads: pt-BR, de-CH, es-419 (a UN M.49 area), zh-Hans. pt_BR, as LANG writes it, is taken as pt-BR, and EN as en; wx refuses any other (a region that ISO 3166-1 does not have, as de-XX, too), naming the codes close to it.",
        ],
        completion: .words(["auto"])
    ) { arguments throws(ShellError) in
        guard let code = arguments.rest() else { return .language(nil) }
        return .language(try LanguageCodes.checked(code))
    }

    static let format = CommandSpec(
        name: "format", synopsis: "format [text | json]",
        summary: "results as text, or one JSON document each",
        completion: .words(["text", "json"])
    ) { arguments throws(ShellError) in
        guard let word = arguments.rest() else { return .format(nil) }
        let formats = WordChoice([(words: ["text"], value: OutputFormat.text), (words: ["json"], value: .json)])
        guard let format = try formats.value(for: word, what: "format") else { throw arguments.usage() }
        return .format(format)
    }
}

/// What follows `units`: a preset (or its other name), or a quantity to set on its own.
private enum UnitsWord: Sendable {
    case preset(UnitPreset)
    case quantity(UnitQuantity)

    static let choice = WordChoice(
        [
            (words: ["metric", "si"], value: UnitsWord.preset(.metric)),
            (words: ["imperial", "us"], value: .preset(.imperial)),
        ]
            + UnitQuantity.allCases.map { (words: [$0.rawValue], value: UnitsWord.quantity($0)) })
}

/// The service a `provider` or `geocoder` word names, as its setting word ("owm" and "open" are
/// "openweathermap" and a usage error naming both); an unknown word is passed on as typed, for
/// the session's own usage error.
///
/// - Throws: `ShellError.usage` for a prefix of several services or a near miss.
private func serviceWord(_ typed: String, geocoding: Bool) throws(ShellError) -> String {
    var options = [
        (words: ["open-meteo", "openmeteo"], value: "open-meteo"),
        (words: ["openweathermap", "owm"], value: "openweathermap"),
    ]
    if geocoding { options.insert((words: ["nominatim"], value: "nominatim"), at: 0) }
    return try WordChoice(options).value(for: typed, what: geocoding ? "geocoder" : "provider") ?? typed.lowercased()
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
