import FoundationEssentials

/// A part of a forecast that a service sends in its own request and that did not come, with
/// why: the parts that did come are shown all the same.
package struct MissingForecastPart: Hashable, Sendable {
    /// Which part.
    package enum Part: Hashable, Sendable {
        /// The weather now (OpenWeatherMap `/data/2.5/weather`).
        case currentConditions
        /// The steps ahead (OpenWeatherMap `/data/2.5/forecast`).
        case forecastSteps
    }

    package var part: Part
    /// The request's failure, or what was wrong with its answer.
    package var reason: ServiceError

    package init(_ part: Part, reason: ServiceError) {
        self.part = part
        self.reason = reason
    }
}

/// A series of a forecast's hours or days that an answer may not carry at all: a variable that
/// was not asked for (older recordings ask for few), whose values are then none rather than
/// null. Views leave such a row or column out; a series carried as null shows "—" (case OM-1).
package enum ForecastSeries: Hashable, Sendable {
    case hourlyApparentTemperature, hourlyPrecipitationProbability, hourlyPrecipitation, hourlyWind
    case dailyPrecipitationProbability, dailyPrecipitationSum, dailyWind
    /// Of past days only (`past` asks for them; a forecast does not).
    case dailyTemperatureMean, dailySunshine
}
