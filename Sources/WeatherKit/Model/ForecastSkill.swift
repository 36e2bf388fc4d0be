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
/// (`RainRule`) came true — each with the number of days it rests on.
///
/// A figure exists only where its count is above zero: never an average of nothing. Each count
/// is that of the days both the forecast and the observation gave that value, so a figure never
/// claims more days than it was computed from.
package struct LeadScore: Hashable, Sendable {
    /// Days ahead the forecasts were made (1…7; 0 for a snapshot's own day).
    package var lead: Int
    /// Days with a forecast and an observed high.
    package var highDays = 0
    /// Mean |forecast − observed| of the high, °C, unrounded (a view converts to its unit and then
    /// rounds once; JSON gives 0.01); nil when `highDays` is 0.
    package var highMeanAbsoluteErrorCelsius: Double?
    /// Mean (forecast − observed) of the high, °C: positive when forecasts ran warm.
    package var highMeanErrorCelsius: Double?
    /// Days with a forecast and an observed low.
    package var lowDays = 0
    package var lowMeanAbsoluteErrorCelsius: Double?
    package var lowMeanErrorCelsius: Double?
    /// Days with a forecast and an observed precipitation sum.
    package var rainDays = 0
    /// Of those, days whose rain / no rain came true.
    package var rainHits = 0
    /// The newer lead whose values these repeat (the service gave the same series; see
    /// `PreviousRuns.repeatsPreviousLead`): such a lead has no figures. Nil for a forecast of
    /// its own.
    package var repeatsLead: Int?

    package init(lead: Int) { self.lead = lead }

    /// The score of `pairs`, all made `lead` days ahead.
    package init(lead: Int, pairs: [ForecastPair]) {
        self.lead = lead
        var high: [Double] = []
        var low: [Double] = []
        for pair in pairs {
            if let forecast = pair.forecastMaxCelsius, let observed = pair.observed.temperatureMaxCelsius {
                high.append(forecast - observed)
            }
            if let forecast = pair.forecastMinCelsius, let observed = pair.observed.temperatureMinCelsius {
                low.append(forecast - observed)
            }
            if let forecast = pair.forecastPrecipitationMillimetres,
                let observed = pair.observed.precipitationSumMillimetres
            {
                rainDays += 1
                if RainRule.isRainDay(forecast) == RainRule.isRainDay(observed) { rainHits += 1 }
            }
        }
        highDays = high.count
        lowDays = low.count
        highMeanAbsoluteErrorCelsius = Self.mean(high.map(abs))
        highMeanErrorCelsius = Self.mean(high)
        lowMeanAbsoluteErrorCelsius = Self.mean(low.map(abs))
        lowMeanErrorCelsius = Self.mean(low)
    }

    /// Share of days whose rain / no rain came true, % rounded to a whole number; nil with none.
    package var rainRightPercent: Double? {
        rainDays == 0 ? nil : (Double(rainHits) * 100 / Double(rainDays)).rounded()
    }

    /// Whether any figure exists.
    package var hasFigures: Bool { highDays > 0 || lowDays > 0 || rainDays > 0 }

    /// The mean, unrounded: rounding it here and again in a view turned 0.3475 into 0.35 and then
    /// "0.4"; nil for no values.
    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
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
