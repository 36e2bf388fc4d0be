import WXBasics
import WeatherKit

// How sure a forecast is: `confidence` (the ensemble) and `models` (several models side by side).
extension CommandSpec {
    static let confidence = CommandSpec(
        name: "confidence", aliases: ["spread"], synopsis: "confidence [N] [place | favorite]",
        summary: "how sure the forecast is: the ensemble's range and chance of rain, N days (7)",
        details: [
            "From every member of ECMWF’s 51-member ensemble (Open-Meteo’s Ensemble API, WX_OPEN_METEO_ENSEMBLE_URL): for each day the members’ median high and low with the 10th–90th percentile range, and the chance of rain as members with at least 1 mm (“rain ≥ 1 mm in 19 of 51 members (37 %)”), with the number of members each figure comes from and a plain word for the spread (confident, fairly sure, uncertain).",
            "Percentiles are linear interpolation between the closest ranks (numpy’s default): with n members sorted, the p-th percentile is at rank h = (n − 1)·p/100, between the values at ⌊h⌋ and ⌊h⌋ + 1. A member counts for a day only when it has every hour of it.",
            "One request, which Open-Meteo counts about once per member per variable (about 100 plain requests); the answer is kept until the model’s next run (every 6 hours), so “confidence” again, “show”, “hourly” and “watch --rain” use it without a request. Up to 10 days.",
            "Without a place, for the current location; with one, as “show” does.",
        ],
        completion: .countThenFavorites
    ) { arguments throws(ShellError) in
        let count = try CommandParser.count(
            &arguments, what: "the number of days", maximum: OpenMeteoEnsembleProvider.forecastDays)
        return .confidence(count, try CommandParser.optionalPlace(&arguments))
    }
}

extension CommandSpec {
    static let models = CommandSpec(
        name: "models", synopsis: "models [N] [place | favorite]",
        summary: "ECMWF, GFS, ICON and GEM side by side, N days (7); where they disagree",
        details: [
            "Each model’s low, high and precipitation per day, from one request to Open-Meteo’s forecast API (models=ecmwf_ifs025,gfs_seamless,icon_seamless,gem_seamless). A day is marked where one model has it dry (under 0.2 mm) and another wet (1 mm or more), or where the highs are more than 3 °C apart.",
            "One request (Open-Meteo counts it about once per model), kept for an hour. Up to 10 days; a model with no values there (outside its area or range) is said.",
            "Without a place, for the current location; with one, as “show” does.",
        ],
        completion: .countThenFavorites
    ) { arguments throws(ShellError) in
        let count = try CommandParser.count(
            &arguments, what: "the number of days", maximum: OpenMeteoModelsProvider.forecastDays)
        return .models(count, try CommandParser.optionalPlace(&arguments))
    }
}
