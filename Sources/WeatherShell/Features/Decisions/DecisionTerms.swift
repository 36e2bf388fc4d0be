import WXBasics
import WeatherKit

/// `<`, `<=`, `>`, `>=` between an hour's value and a limit.
package enum Comparison: String, Hashable, Sendable, CaseIterable {
    case below = "<"
    case atMost = "<="
    case above = ">"
    case atLeast = ">="

    /// Whether `value` compares so with `limit`.
    package func holds(_ value: Double, _ limit: Double) -> Bool {
        switch self {
        case .below: value < limit
        case .atMost: value <= limit
        case .above: value > limit
        case .atLeast: value >= limit
        }
    }

    /// How far `value` lies beyond `limit` on the wrong side, in the value's unit; 0 when it is
    /// on the right side or at the limit (`best`'s closest windows when none holds).
    package func excess(_ value: Double, _ limit: Double) -> Double {
        switch self {
        case .below, .atMost: max(0, value - limit)
        case .above, .atLeast: max(0, limit - value)
        }
    }

    /// "<", "≤", ">", "≥" as shown.
    package var symbol: String {
        switch self {
        case .below: "<"
        case .atMost: "≤"
        case .above: ">"
        case .atLeast: "≥"
        }
    }

    /// Whether the comparison keeps values under the limit.
    var isUpperBound: Bool { self == .below || self == .atMost }
}

/// The unit written after a number in a condition or threshold (`20mph`, `1cm`, `50F`); a bare
/// number is in the user's units.
package enum AmountUnit: String, Hashable, Sendable, CaseIterable {
    /// The unit the user's settings show `variable` in; nil for wind in Beaufort forces (a
    /// scale, not a unit a number is converted to).
    static func users(_ variable: EnsembleVariable, _ units: UnitPreferences) -> AmountUnit? {
        switch variable {
        case .temperature:
            switch units.temperature {
            case .celsius: .celsius
            case .fahrenheit: .fahrenheit
            case .kelvin: .kelvin
            }
        case .windSpeed, .windGusts:
            switch units.windSpeed {
            case .kilometresPerHour: .kilometresPerHour
            case .metresPerSecond: .metresPerSecond
            case .milesPerHour: .milesPerHour
            case .knots: .knots
            case .beaufort: nil
            }
        case .precipitation: units.precipitation == .inches ? .inches : .millimetres
        case .snowfall: units.precipitation == .inches ? .inches : .centimetres
        case .cloudCover: .percent
        }
    }

    case celsius = "c"
    case fahrenheit = "f"
    case kelvin = "k"
    case kilometresPerHour = "km/h"
    case metresPerSecond = "m/s"
    case milesPerHour = "mph"
    case knots = "kn"
    case millimetres = "mm"
    case centimetres = "cm"
    case inches = "in"
    case percent = "%"
    /// A Beaufort force (`wind<4bft`), in any units: a range of speeds (`TypedLimit.applied`).
    case beaufort = "bft"

    /// How each is typed (lowercased), the first as shown.
    static let spellings: [(String, AmountUnit)] = [
        ("°c", .celsius), ("c", .celsius), ("°f", .fahrenheit), ("f", .fahrenheit), ("k", .kelvin),
        ("km/h", .kilometresPerHour), ("kmh", .kilometresPerHour), ("m/s", .metresPerSecond), ("ms", .metresPerSecond),
        ("mph", .milesPerHour), ("kn", .knots), ("kt", .knots), ("mm", .millimetres), ("cm", .centimetres),
        ("in", .inches), ("inch", .inches), ("%", .percent), ("bft", .beaufort),
    ]

    /// Whether the unit measures `variable`.
    func fits(_ variable: EnsembleVariable) -> Bool {
        switch self {
        case .celsius, .fahrenheit, .kelvin: variable == .temperature
        case .kilometresPerHour, .metresPerSecond, .milesPerHour, .knots, .beaufort:
            variable == .windSpeed || variable == .windGusts
        case .millimetres, .inches: variable == .precipitation || variable == .snowfall
        case .centimetres: variable == .snowfall || variable == .precipitation
        case .percent: variable == .cloudCover
        }
    }
}

/// A comparison of one ensemble variable with a limit, as typed: the limit's number and the
/// unit written after it (nil: the user's unit), before units are known.
package struct TypedLimit: Hashable, Sendable {
    /// The variable compared (its hourly values, per member).
    package var variable: EnsembleVariable
    /// How each hour's value must compare with the limit.
    package var comparison: Comparison
    /// The number as typed.
    package var amount: Double
    /// The unit written after it; nil for a bare number (the user's unit for the quantity).
    package var unit: AmountUnit?

    /// `variable comparison amount unit`, as typed (`wind<12mph`: wind speed, below, 12, mph).
    package init(_ variable: EnsembleVariable, _ comparison: Comparison, _ amount: Double, _ unit: AmountUnit? = nil) {
        self.variable = variable
        self.comparison = comparison
        self.amount = amount
        self.unit = unit
    }

    /// The unit the number was read in, as `AmountUnit` spells units ("mph", "c", "mm"; "bft"
    /// for a Beaufort force): the one written after it, else the user's for the quantity.
    package func readIn(_ units: UnitPreferences) -> String {
        (unit ?? AmountUnit.users(variable, units))?.rawValue ?? "bft"
    }

    /// The limit with the unit it is read in written out (`readIn`: the user's for a bare
    /// number), so that a view shown again after `units …` still says the limit asked —
    /// `gusts>=60` in km/h is "60 km/h (about 37.3 mph)" under mph, not "60 mph" (trial60).
    /// Applied in `units` it is the same limit as before.
    package func resolved(_ units: UnitPreferences) -> TypedLimit {
        var limit = self
        limit.unit = unit ?? AmountUnit(rawValue: readIn(units))
        return limit
    }

    /// Whether the limit is a Beaufort force: written with `bft` (in any units), or a bare wind
    /// number while wind is shown in Beaufort.
    package func isBeaufort(_ units: UnitPreferences) -> Bool {
        (unit == .beaufort || (unit == nil && units.windSpeed == .beaufort))
            && (variable == .windSpeed || variable == .windGusts)
    }

    /// The comparison and limit applied to the variable's own values (°C, km/h, mm, %). A
    /// Beaufort force (`wind<3bft`, or a bare number under `units wind bft`) is a range of speeds: `wind<3`
    /// holds below force 3's lowest speed, `wind<=3` below force 4's, `wind>3` from force 4's,
    /// `wind>=3` from force 3's — each the WMO table's bound (`Beaufort`: force 3 from 3.4 m/s,
    /// 12.24 km/h), as `Beaufort.force` reads a speed.
    package func applied(_ units: UnitPreferences) -> (comparison: Comparison, limit: Double) {
        guard isBeaufort(units) else { return (comparison, canonical(units)) }
        let force = Int(amount.rounded(.down))
        let whole = Double(force) == amount
        // The lowest speed (km/h) of `force`.
        func lowest(_ force: Int) -> Double {
            if force <= 0 { return 0 }
            // Past force 12: faster than any wind measured (408 km/h).
            if force > 12 { return 1_000 }
            return Beaufort.lowerBoundKilometresPerHour(force: force)
        }
        switch comparison {
        case .below: return (.below, lowest(whole ? force : force + 1))
        case .atMost: return (.below, lowest(force + 1))
        case .above: return (.atLeast, lowest(force + 1))
        case .atLeast: return (.atLeast, lowest(whole ? force : force + 1))
        }
    }

    /// The limit in the variable's own unit (°C, km/h, mm, mm of snow, %), from the unit
    /// written or else `units` (a Beaufort force: see `applied`).
    package func canonical(_ units: UnitPreferences) -> Double {
        switch variable {
        case .temperature:
            let unit: TemperatureUnit =
                switch self.unit {
                case .fahrenheit: .fahrenheit
                case .kelvin: .kelvin
                case .celsius: .celsius
                default: units.temperature
                }
            return unit.celsius(from: amount)
        case .windSpeed, .windGusts:
            // A force is a range of speeds: the limit `applied` compares with.
            if self.unit == .beaufort { return applied(units).limit }
            let unit: WindSpeedUnit =
                switch self.unit {
                case .metresPerSecond: .metresPerSecond
                case .milesPerHour: .milesPerHour
                case .knots: .knots
                case .kilometresPerHour: .kilometresPerHour
                default: units.windSpeed
                }
            return unit.kilometresPerHour(from: amount) ?? amount
        case .precipitation, .snowfall:
            switch unit {
            case .millimetres: return amount
            case .centimetres: return amount * 10
            case .inches: return amount * 25.4
            default:
                if variable == .snowfall { return units.precipitation == .inches ? amount * 25.4 : amount * 10 }
                return units.precipitation.millimetres(from: amount)
            }
        case .cloudCover:
            return amount
        }
    }
}

/// One condition of `best`: a variable compared with a limit in every hour of a window, or
/// the sun above the horizon through it.
package enum DecisionTerm: Hashable, Sendable {
    case limit(TypedLimit)
    /// The sun's centre above −0.833° (sunrise to sunset) at every hour of the window.
    case daylight

    /// The variable it reads; nil for daylight.
    package var variable: EnsembleVariable? {
        if case .limit(let limit) = self { return limit.variable }
        return nil
    }
}

/// A condition word and what it means.
struct NamedTerm: Sendable {
    let word: String
    let terms: [DecisionTerm]

    init(word: String, terms: [DecisionTerm]) {
        self.word = word
        self.terms = terms
    }

    /// Its conditions in metric units, from `terms` ("dry, wind < 25 km/h, daylight"), for
    /// `help best`.
    var summary: String {
        let format = ValueFormatter(units: .metric)
        return terms.map { term in
            switch term {
            case .daylight: return "daylight"
            case .limit(let limit)
            where limit.variable == .precipitation && limit.comparison == .below
                && limit.amount == 0.1:
                return "dry"
            case .limit(let limit):
                return DecisionText.condition(
                    AppliedCondition(
                        variable: limit.variable, comparison: limit.comparison, limit: limit.canonical(.metric),
                        typed: limit), format)
            }
        }.joined(separator: ", ")
    }
}

/// The condition words and activities `best` knows: one table, which `help best`, Tab and the
/// did-you-mean read. Limits are metric here; they are shown in the user's units.
enum DecisionVocabulary {
    /// The conditions of a word's set that `best` adds after `terms`: those not there already
    /// (a condition two words share — daylight of sunny and walk — is one). The parser adds
    /// them; the handler replays it to give each word its own set back.
    static func added(_ set: [DecisionTerm], after terms: some Collection<DecisionTerm>) -> [DecisionTerm] {
        set.filter { !terms.contains($0) }
    }

    /// Words that are conditions of their own.
    static let words: [NamedTerm] = [
        NamedTerm(
            word: "dry", terms: [.limit(TypedLimit(.precipitation, .below, 0.1, .millimetres))]),
        NamedTerm(
            // Sunny is of the day: cloud cover under 30 % at night is a clear night.
            word: "sunny", terms: [.limit(TypedLimit(.cloudCover, .below, 30, .percent)), .daylight]),
        NamedTerm(word: "daylight", terms: [.daylight]),
    ]

    /// Activities: named presets of conditions.
    static let activities: [NamedTerm] = [
        NamedTerm(
            word: "ride",
            terms: [
                .limit(TypedLimit(.precipitation, .below, 0.1, .millimetres)),
                .limit(TypedLimit(.windSpeed, .below, 25, .kilometresPerHour)),
                .limit(TypedLimit(.windGusts, .below, 45, .kilometresPerHour)),
                .limit(TypedLimit(.temperature, .above, 5, .celsius)), .daylight,
            ]),
        NamedTerm(
            word: "run",
            terms: [
                .limit(TypedLimit(.precipitation, .below, 0.5, .millimetres)),
                .limit(TypedLimit(.temperature, .above, 0, .celsius)),
                .limit(TypedLimit(.temperature, .below, 25, .celsius)),
                .limit(TypedLimit(.windGusts, .below, 50, .kilometresPerHour)), .daylight,
            ]),
        NamedTerm(
            word: "walk",
            terms: [
                .limit(TypedLimit(.precipitation, .below, 0.5, .millimetres)),
                .limit(TypedLimit(.windSpeed, .below, 30, .kilometresPerHour)), .daylight,
            ]),
        NamedTerm(
            word: "laundry",
            terms: [
                .limit(TypedLimit(.precipitation, .below, 0.1, .millimetres)),
                .limit(TypedLimit(.temperature, .above, 8, .celsius)),
                .limit(TypedLimit(.windSpeed, .below, 40, .kilometresPerHour)), .daylight,
            ]),
        NamedTerm(
            word: "bbq",
            terms: [
                .limit(TypedLimit(.precipitation, .below, 0.1, .millimetres)),
                .limit(TypedLimit(.temperature, .above, 15, .celsius)),
                .limit(TypedLimit(.windSpeed, .below, 25, .kilometresPerHour)), .daylight,
            ]),
        NamedTerm(
            word: "picnic",
            terms: [
                .limit(TypedLimit(.precipitation, .below, 0.1, .millimetres)),
                .limit(TypedLimit(.temperature, .above, 16, .celsius)),
                .limit(TypedLimit(.windSpeed, .below, 20, .kilometresPerHour)), .daylight,
            ]),
    ]

    /// The quantities a comparison may name (`wind<20`), the first as shown.
    static let quantities: [(String, EnsembleVariable)] = [
        ("rain", .precipitation), ("precipitation", .precipitation), ("precip", .precipitation),
        ("wind", .windSpeed), ("gusts", .windGusts), ("gust", .windGusts), ("temp", .temperature),
        ("temperature", .temperature), ("cloud", .cloudCover), ("clouds", .cloudCover), ("snow", .snowfall),
        ("snowfall", .snowfall),
    ]

    /// Each comparison form with its variable and an example, for an error about a bare name.
    static let examples: [(form: String, variable: EnsembleVariable, example: String)] = [
        ("rain<N", .precipitation, "rain<0.5"), ("wind<N", .windSpeed, "wind<20"), ("gusts<N", .windGusts, "gusts<40"),
        ("temp>N", .temperature, "temp>15"), ("temp<N", .temperature, "temp<25"), ("cloud<N", .cloudCover, "cloud<50"),
    ]

    /// The comparison forms as listed ("rain<N", "wind<N" …).
    static var forms: [String] { examples.map(\.form) }

    /// What Tab offers after `best`: the words and activities, and each comparison up to its
    /// number (`rain<`), never a bare name `best` does not take.
    static var completions: [String] {
        words.map(\.word) + activities.map(\.word) + forms.map { String($0.dropLast()) }
    }

    /// Every word Tab and the did-you-mean offer.
    static var allWords: [String] {
        words.map(\.word) + activities.map(\.word) + quantities.map(\.0)
    }

    /// `name`, the comparison and the number with its unit: `wind<20`, `rain>=10mm`,
    /// `snow>=1cm`, `temp>50F`; nil when `word` is not of that form. `variable` is nil for a
    /// name that is not a quantity ("dyr<3").
    static func comparison(_ word: String) -> (name: String, comparison: Comparison, rest: String)? {
        let lower = typographic(word.lowercased())
        guard let index = lower.firstIndex(where: { "<>=".contains($0) }) else { return nil }
        let name = String(lower[..<index])
        var rest = lower[index...]
        let comparison: Comparison
        if rest.hasPrefix("<=") {
            comparison = .atMost
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix(">=") || rest.hasPrefix("=>") {
            comparison = .atLeast
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("<") {
            comparison = .below
            rest = rest.dropFirst()
        } else if rest.hasPrefix(">") {
            comparison = .above
            rest = rest.dropFirst()
        } else {
            return nil
        }
        return (name, comparison, String(rest))
    }

    /// "20", "20mph", "1cm", "-5", "0.5in": the number and its unit; nil when the number or the
    /// unit is not one.
    static func amount(_ text: String) -> (Double, AmountUnit?)? {
        let text = typographic(text)
        let digits = text.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
        guard let value = DecimalText.parse(String(digits)), value.isFinite else { return nil }
        let suffix = String(text.dropFirst(digits.count)).trimmed
        if suffix.isEmpty { return (value, nil) }
        guard let unit = AmountUnit.spellings.first(where: { $0.0 == suffix })?.1 else { return nil }
        return (value, unit)
    }

    /// `≤`, `≥` and the minus sign `−` (as wx prints them) as `<=`, `>=` and `-`.
    static func typographic(_ text: String) -> String {
        text.replacing("≤", with: "<=").replacing("≥", with: ">=").replacing("−", with: "-")
    }

    /// A unit that may follow a number for `variable`, for an example ("mm", "mph").
    static func sampleUnit(_ variable: EnsembleVariable) -> String {
        switch variable {
        case .precipitation: "mm"
        case .snowfall: "cm"
        case .windSpeed, .windGusts: "mph"
        case .temperature: "F"
        case .cloudCover: "%"
        }
    }

    /// The word closest to `typed` among `choices`, for a did-you-mean.
    static func closest(_ typed: String, among choices: [String]) -> String? {
        WordChoice<Int>.closest(to: typed.lowercased(), among: choices)
    }
}
