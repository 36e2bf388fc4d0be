import WXBasics

/// A `line --format` text: literal text with wttr.in's one-line placeholders (`%c %t %w`), read
/// once when the command is parsed, so that an unknown placeholder is a usage error before any
/// request is made.
///
/// The placeholders mean what they mean in wttr.in's `format=` (its `lib/view/line.py` and
/// README): people move their tmux, i3blocks, polybar and waybar lines over unchanged.
/// wttr.in's `%D` (dawn) and `%d` (dusk) are refused by name: wx has no twilight times.
package struct StatusLineFormat: Hashable, Sendable {
    /// One placeholder: the letter after `%`.
    package enum Field: Character, CaseIterable, Hashable, Sendable {
        /// The condition as a symbol ("☁"; "=" in ASCII).
        case conditionSymbol = "c"
        /// The condition in words ("overcast").
        case conditionWords = "C"
        /// The condition as a plain-text symbol, whatever the locale ("=").
        case conditionPlainSymbol = "x"
        /// Relative humidity ("81%").
        case humidity = "h"
        /// Temperature, signed, whole degrees ("+7°C").
        case temperature = "t"
        /// Apparent ("feels like") temperature, signed, whole degrees ("+5°C").
        case apparentTemperature = "f"
        /// Wind: an arrow where it blows to, and its speed ("↙19km/h"; "19km/h WSW" in ASCII).
        case wind = "w"
        /// The place's name.
        case location = "l"
        /// The moon's phase as a symbol ("🌖"; words in ASCII).
        case moonPhase = "m"
        /// Days since the new moon (0 to 29).
        case moonDay = "M"
        /// Precipitation of the current hour ("0.3mm").
        case precipitation = "p"
        /// Chance of precipitation in the current hour ("40%").
        case precipitationChance = "o"
        /// Pressure at sea level ("1013hPa").
        case pressure = "P"
        /// UV index, whole ("3").
        case uvIndex = "u"
        /// Today's sunrise, local time ("07:42").
        case sunrise = "S"
        /// Today's sunset, local time.
        case sunset = "s"
        /// Today's solar noon (halfway between sunrise and sunset), local time.
        case zenith = "z"
        /// The local time now at the place.
        case localTime = "T"
        /// The place's time zone ("Europe/Berlin").
        case timeZone = "Z"

        /// What it shows, for `help line` and the man page.
        package var meaning: String {
            switch self {
            case .conditionSymbol: "condition symbol"
            case .conditionWords: "condition in words"
            case .conditionPlainSymbol: "condition as ASCII"
            case .humidity: "humidity"
            case .temperature: "temperature"
            case .apparentTemperature: "feels like"
            case .wind: "wind"
            case .location: "place"
            case .moonPhase: "moon phase"
            case .moonDay: "moon day"
            case .precipitation: "precipitation"
            case .precipitationChance: "chance of rain"
            case .pressure: "pressure"
            case .uvIndex: "UV index"
            case .sunrise: "sunrise"
            case .sunset: "sunset"
            case .zenith: "solar noon"
            case .localTime: "local time"
            case .timeZone: "time zone"
            }
        }
    }

    /// A run of literal text or a placeholder.
    package enum Piece: Hashable, Sendable {
        case text(String)
        case field(Field)
        /// A numbered format's pictogram (🌡️, 🌬️): written only where symbols may be, left out
        /// where wx writes ASCII stand-ins (the C locale, `TERM=dumb`).
        case symbol(String)
    }

    /// The format as given ("%c %t %w").
    package let source: String
    package let pieces: [Piece]

    /// The format without `--format`.
    package static let standard = "%c %t %w"

    /// wttr.in's numbered formats (`format=3`), taken as `--format 3`.
    package static let presets = [
        "1": "%c %t", "2": "%c 🌡️%t 🌬️%w", "3": "%l: %c %t", "4": "%l: %c 🌡️%t 🌬️%w",
    ]

    /// Reads `text` (or a preset's number).
    ///
    /// - Throws: `ShellError.usage` for a placeholder wx does not know (naming it and listing
    ///   those it knows), for `%D`/`%d`, and for a `%` that ends the text; `%%` is a percent sign.
    package init(_ text: String) throws(ShellError) {
        let preset = Self.presets[text.trimmed]
        if preset == nil, text.trimmed.isEmpty {
            throw .usage("the format is empty: give placeholders, as --format \"%c %t\", or 1 to 4")
        }
        if preset == nil, text.trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw .usage("no format “\(text.trimmed)”: wttr.in’s numbered formats are 1 to 4")
        }
        let source = preset ?? text
        var pieces: [Piece] = []
        var literal = ""
        var characters = source.makeIterator()
        while let character = characters.next() {
            if preset != nil, !character.isASCII {
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.symbol(String(character)))
                continue
            }
            guard character == "%" else {
                literal.append(character)
                continue
            }
            guard let letter = characters.next() else {
                throw .usage("the format ends with a lone “%”: “%%” prints a percent sign")
            }
            if letter == "%" {
                literal.append("%")
                continue
            }
            guard let field = Field(rawValue: letter) else { throw .usage(Self.unknown(letter)) }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.field(field))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.source = source
        self.pieces = pieces
    }

    /// Every placeholder, "%c %C …", for messages and help.
    package static var placeholders: String { Field.allCases.map { "%\($0.rawValue)" }.joined(separator: " ") }

    private static func unknown(_ letter: Character) -> String {
        let shown = TerminalText.sanitized(String(letter))
        if letter == "D" || letter == "d" {
            return
                "“%\(shown)” (wttr.in’s \(letter == "D" ? "dawn" : "dusk")) is not wx’s: it has no twilight times; “%S” is sunrise and “%s” sunset"
        }
        return "unknown placeholder “%\(shown)” in the format; wx knows \(placeholders) and %% (see “help line”)"
    }
}
