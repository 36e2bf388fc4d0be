import FoundationEssentials
import WXBasics

/// One day of a forecast as a snapshot keeps it, to be checked against what happened once the
/// day has passed. Canonical units; any reading may be nil (the service sent `null`).
package struct KeptForecastDay: Hashable, Sendable, Codable {
    /// The calendar day in the place's time zone (Open-Meteo `daily.time`).
    package var date: LocalDate
    /// Forecast high, °C (`temperature_2m_max`).
    package var temperatureMaxCelsius: Double?
    /// Forecast low, °C (`temperature_2m_min`).
    package var temperatureMinCelsius: Double?
    /// Forecast precipitation sum of the day, mm (`precipitation_sum`).
    package var precipitationSumMillimetres: Double?
    /// Highest hourly precipitation probability of the day, % (`precipitation_probability_max`).
    package var precipitationProbabilityMaxPercent: Double?
    /// WMO 4677 code of the day (`weather_code`).
    package var weatherCode: Int?

    package init(
        date: LocalDate, temperatureMaxCelsius: Double?, temperatureMinCelsius: Double?,
        precipitationSumMillimetres: Double?, precipitationProbabilityMaxPercent: Double?, weatherCode: Int?
    ) {
        self.date = date
        self.temperatureMaxCelsius = temperatureMaxCelsius
        self.temperatureMinCelsius = temperatureMinCelsius
        self.precipitationSumMillimetres = precipitationSumMillimetres
        self.precipitationProbabilityMaxPercent = precipitationProbabilityMaxPercent
        self.weatherCode = weatherCode
    }

    /// The day as a forecast gives it.
    package init(_ day: DailyForecast) {
        self.init(
            date: day.date, temperatureMaxCelsius: day.temperatureMaxCelsius,
            temperatureMinCelsius: day.temperatureMinCelsius,
            precipitationSumMillimetres: day.precipitationSumMillimetres,
            precipitationProbabilityMaxPercent: day.precipitationProbabilityMaxPercent, weatherCode: day.weatherCode)
    }
}

/// What happened on a past day at a place: Open-Meteo's reanalysis (`/v1/archive`) or, for the
/// last days, the forecast API's own past days. A reading the service gave as `null` is nil.
package struct ObservedDay: Hashable, Sendable {
    /// The calendar day in the place's time zone.
    package var date: LocalDate
    /// The day's high, °C (`temperature_2m_max`).
    package var temperatureMaxCelsius: Double?
    /// The day's low, °C (`temperature_2m_min`).
    package var temperatureMinCelsius: Double?
    /// The day's precipitation sum, mm (`precipitation_sum`).
    package var precipitationSumMillimetres: Double?

    package init(
        date: LocalDate, temperatureMaxCelsius: Double?, temperatureMinCelsius: Double?,
        precipitationSumMillimetres: Double?
    ) {
        self.date = date
        self.temperatureMaxCelsius = temperatureMaxCelsius
        self.temperatureMinCelsius = temperatureMinCelsius
        self.precipitationSumMillimetres = precipitationSumMillimetres
    }

    /// Whether the day has any reading (the archive lists days it has not computed yet as nulls).
    package var hasReadings: Bool {
        temperatureMaxCelsius != nil || temperatureMinCelsius != nil || precipitationSumMillimetres != nil
    }
}

/// A kept forecast day next to what happened, and the errors (forecast − observed).
package struct DayCheck: Hashable, Sendable {
    package var forecast: KeptForecastDay
    /// Nil while the day has not passed, or when the service has no data for it yet.
    package var observed: ObservedDay?
    /// Whether the day is over in the place's time zone (it may still lack data).
    package var hasPassed: Bool

    package init(forecast: KeptForecastDay, observed: ObservedDay?, hasPassed: Bool) {
        self.forecast = forecast
        self.observed = observed
        self.hasPassed = hasPassed
    }

    /// Forecast high − observed high, °C; nil unless both are known.
    package var highErrorCelsius: Double? {
        difference(forecast.temperatureMaxCelsius, observed?.temperatureMaxCelsius)
    }
    /// Forecast low − observed low, °C.
    package var lowErrorCelsius: Double? {
        difference(forecast.temperatureMinCelsius, observed?.temperatureMinCelsius)
    }
    /// Forecast precipitation − observed precipitation, mm.
    package var precipitationErrorMillimetres: Double? {
        difference(forecast.precipitationSumMillimetres, observed?.precipitationSumMillimetres)
    }

    /// Whether "rain / no rain" came true (`RainRule`); nil unless both amounts are known.
    package var rainCalledRight: Bool? {
        guard let predicted = forecast.precipitationSumMillimetres, let happened = observed?.precipitationSumMillimetres
        else { return nil }
        return RainRule.isRainDay(predicted) == RainRule.isRainDay(happened)
    }

    private func difference(_ forecast: Double?, _ observed: Double?) -> Double? {
        guard let forecast, let observed else { return nil }
        return ((forecast - observed) * 100).rounded() / 100
    }
}

/// When a day counts as a rain day, for the forecast and for what happened alike.
package enum RainRule {
    /// A day with at least this much precipitation is a rain day, mm (1 mm: the usual
    /// climatological "wet day").
    package static let thresholdMillimetres = 1.0

    package static func isRainDay(_ millimetres: Double) -> Bool { millimetres >= thresholdMillimetres }
}

/// How the forecasts of several snapshots turned out, summed over their checked days: taken in a
/// snapshot at a time (`add`), so that a score of any number of snapshots holds none of them.
package struct ForecastScore: Hashable, Sendable {
    /// Snapshots counted (with a kept forecast or not).
    package var snapshots = 0
    /// Snapshots written without a kept forecast (by an older wx): nothing to check.
    package var snapshotsWithoutForecast = 0
    /// Forecast days checked against an observed day.
    package var checkedDays = 0
    /// Forecast days not yet passed: those to come.
    package var pendingDays = 0
    /// Forecast days passed with no observed values (the archive had none for them, or could
    /// not be had): never counted as to come.
    package var unobservedDays = 0
    /// Days whose "rain / no rain" (`RainRule`) came true, and days where both amounts were known.
    package var rainHits = 0
    package var rainDays = 0
    /// The errors of the high and of the low (`DayCheck.highErrorCelsius`, `lowErrorCelsius`), °C.
    private var high = ErrorSums()
    private var low = ErrorSums()

    package init() {}

    /// The score of `snapshots` (each snapshot's days; nil for one that kept no forecast), taken
    /// in one after another.
    package init(snapshots: [[DayCheck]?]) {
        for days in snapshots { add(days) }
    }

    /// Takes in one snapshot: its checked days, or nil when it kept no forecast.
    package mutating func add(_ days: [DayCheck]?) {
        snapshots += 1
        guard let days else {
            snapshotsWithoutForecast += 1
            return
        }
        for day in days {
            guard day.observed != nil else {
                // A day that has passed is not "to come", whether or not its data came (one
                // before the archive's first never will).
                if !day.hasPassed {
                    pendingDays += 1
                } else if day.forecast.date >= PastSource.firstDay {
                    unobservedDays += 1
                }
                continue
            }
            checkedDays += 1
            if let error = day.highErrorCelsius { high.add(error) }
            if let error = day.lowErrorCelsius { low.add(error) }
            if let right = day.rainCalledRight {
                rainDays += 1
                if right { rainHits += 1 }
            }
        }
    }

    /// Mean absolute error of the high, °C, unrounded (JSON gives it to 0.01); nil when no day
    /// had both values.
    package var highMeanAbsoluteErrorCelsius: Double? { high.meanAbsolute }
    /// Mean absolute error of the low, °C.
    package var lowMeanAbsoluteErrorCelsius: Double? { low.meanAbsolute }
    /// Mean signed error of the high (forecast − observed), °C: positive when forecasts ran warm.
    package var highMeanErrorCelsius: Double? { high.mean }

    /// Share of rain calls that came true, %, rounded to a whole number; nil with none.
    package var rainHitRatePercent: Double? {
        rainDays == 0 ? nil : (Double(rainHits) * 100 / Double(rainDays)).rounded()
    }
}
