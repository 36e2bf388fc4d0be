import FoundationEssentials
import WXBasics

/// One forecast day next to what happened, for scoring: the forecast's high, low and
/// precipitation (°C, mm; nil where the forecast had none) and the observed day.
package struct ForecastPair: Hashable, Sendable {
    package var forecastMaxCelsius: Double?
    package var forecastMinCelsius: Double?
    package var forecastPrecipitationMillimetres: Double?
    package var observed: ObservedDay

    package init(
        forecastMaxCelsius: Double?, forecastMinCelsius: Double?, forecastPrecipitationMillimetres: Double?,
        observed: ObservedDay
    ) {
        self.forecastMaxCelsius = forecastMaxCelsius
        self.forecastMinCelsius = forecastMinCelsius
        self.forecastPrecipitationMillimetres = forecastPrecipitationMillimetres
        self.observed = observed
    }
}

/// How good the forecasts made `lead` days ahead were: the mean absolute error and the bias
/// (mean of forecast − observed) of the daily high and low, and how often "rain / no rain"
/// (`RainRule`) came true — each with the number of days it rests on. Taken in a day at a time
/// (`add`), so that a score of any number of days holds none of them.
///
/// A figure exists only where its count is above zero: never an average of nothing. Each count
/// is that of the days both the forecast and the observation gave that value, so a figure never
/// claims more days than it was computed from.
package struct LeadScore: Hashable, Sendable {
    /// Days ahead the forecasts were made (1…7; 0 for a snapshot's own day).
    package var lead: Int
    /// Days with a forecast and an observed precipitation sum.
    package var rainDays = 0
    /// Of those, days whose rain / no rain came true.
    package var rainHits = 0
    /// The newer lead whose values these repeat (the service gave the same series; see
    /// `PreviousRuns.repeatsPreviousLead`): such a lead has no figures. Nil for a forecast of
    /// its own.
    package var repeatsLead: Int?
    /// forecast − observed of the high and of the low, °C.
    private var high = ErrorSums()
    private var low = ErrorSums()

    package init(lead: Int) { self.lead = lead }

    /// The score of `pairs`, all made `lead` days ahead, taken in one after another.
    package init(lead: Int, pairs: [ForecastPair]) {
        self.lead = lead
        for pair in pairs { add(pair) }
    }

    /// Takes in one forecast day made `lead` days ahead, next to what happened.
    package mutating func add(_ pair: ForecastPair) {
        if let forecast = pair.forecastMaxCelsius, let observed = pair.observed.temperatureMaxCelsius {
            high.add(forecast - observed)
        }
        if let forecast = pair.forecastMinCelsius, let observed = pair.observed.temperatureMinCelsius {
            low.add(forecast - observed)
        }
        if let forecast = pair.forecastPrecipitationMillimetres,
            let observed = pair.observed.precipitationSumMillimetres
        {
            rainDays += 1
            if RainRule.isRainDay(forecast) == RainRule.isRainDay(observed) { rainHits += 1 }
        }
    }

    /// Days with a forecast and an observed high.
    package var highDays: Int { high.count }
    /// Mean |forecast − observed| of the high, °C, unrounded (a view converts to its unit and then
    /// rounds once; JSON gives 0.01); nil when `highDays` is 0.
    package var highMeanAbsoluteErrorCelsius: Double? { high.meanAbsolute }
    /// Mean (forecast − observed) of the high, °C: positive when forecasts ran warm.
    package var highMeanErrorCelsius: Double? { high.mean }
    /// Days with a forecast and an observed low.
    package var lowDays: Int { low.count }
    package var lowMeanAbsoluteErrorCelsius: Double? { low.meanAbsolute }
    package var lowMeanErrorCelsius: Double? { low.mean }

    /// Share of days whose rain / no rain came true, % rounded to a whole number; nil with none.
    package var rainRightPercent: Double? {
        rainDays == 0 ? nil : (Double(rainHits) * 100 / Double(rainDays)).rounded()
    }

    /// Whether any figure exists.
    package var hasFigures: Bool { highDays > 0 || lowDays > 0 || rainDays > 0 }
}

/// Forecast skill at a place from the Previous Runs API and what happened.
package enum ForecastSkill {
    /// The score of each lead in `PreviousRunsAlignment.scoredLeads` over `window`: the runs'
    /// whole days (`PreviousRuns.day`) next to the observed days with the same date. Days
    /// without an observation, and leads whose runs lack a day, are left out of that figure's
    /// count. A lead whose series repeats the next newer one has no figures and says so
    /// (`repeatsLead`).
    package static func score(
        runs: PreviousRuns, observed: [ObservedDay], window: ClosedRange<LocalDate>
    ) -> [LeadScore] {
        let byDate = Dictionary(observed.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let dates = runs.dates.filter { window.contains($0) }
        let windowDates = Set(dates)
        return PreviousRunsAlignment.scoredLeads.map { lead in
            let pairs = dates.compactMap { date -> ForecastPair? in
                guard let observed = byDate[date] else { return nil }
                let day = runs.day(date, lead: lead)
                return ForecastPair(
                    forecastMaxCelsius: day.temperatureMaxCelsius, forecastMinCelsius: day.temperatureMinCelsius,
                    forecastPrecipitationMillimetres: day.precipitationSumMillimetres, observed: observed)
            }
            // A repeated series is not a forecast of its own: it gets no figures.
            guard !runs.repeatsPreviousLead(lead, over: windowDates) else {
                var score = LeadScore(lead: lead)
                score.repeatsLead = lead - 1
                return score
            }
            return LeadScore(lead: lead, pairs: pairs)
        }
    }
}
