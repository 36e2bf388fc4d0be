import WXBasics
import WeatherKit

/// What wx says when an ensemble answer has no member with a variable a command counts (every
/// value null, as Open-Meteo sends a variable it does not have — case OM-1 — or every member
/// left out for its unit): the one sentence `best`, `chance`, `plume`, `check` and `brief --sure`
/// give, never "covers neither today nor tomorrow" (trial 60: that sent the user off to wait
/// for a next run that would not bring it).
enum EnsembleLackingText {
    /// "the ECMWF IFS ENS answer has no precipitation (precipitation) for any member", the
    /// variables listed ("precipitation (precipitation) and gusts (wind_gusts_10m)").
    static func reason(_ variables: [EnsembleVariable], in ensemble: EnsembleForecast) -> String {
        "the \(ensemble.model.displayName) answer has no \(Counting.list(variables.map { lacking($0, ensemble) })) for any member"
    }

    /// `reason` for `variable` when no member of `ensemble` has a value of it; nil when some do.
    static func reason(ifLacking variable: EnsembleVariable, in ensemble: EnsembleForecast) -> String? {
        ensemble.members(variable).isEmpty ? reason([variable], in: ensemble) : nil
    }

    /// "precipitation (precipitation)", the variable a command cannot work without; with
    /// " wx can read — given in “ligne”, a unit wx does not know —" when its members were left
    /// out for their declared unit (`EnsembleForecast.unknownUnits`), so that "has no …" says why.
    static func lacking(_ variable: EnsembleVariable, _ ensemble: EnsembleForecast) -> String {
        let named = "\(longName(variable)) (\(variable.rawValue))"
        return UnknownUnitsText.reason(variable.rawValue, in: ensemble.unknownUnits).map {
            "\(named) wx can read — \($0) —"
        }
            ?? named
    }

    /// "precipitation", "wind speed", "gusts", "temperature", "cloud cover", "snowfall": a
    /// variable named in a sentence.
    static func longName(_ variable: EnsembleVariable) -> String {
        switch variable {
        case .precipitation: "precipitation"
        case .windSpeed: "wind speed"
        case .windGusts: "gusts"
        case .temperature: "temperature"
        case .cloudCover: "cloud cover"
        case .snowfall: "snowfall"
        }
    }
}
