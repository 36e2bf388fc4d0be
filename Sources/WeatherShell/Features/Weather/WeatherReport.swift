import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Weather for a place as fetched: the view model's "last fetched weather".
package struct WeatherReport: Hashable, Sendable {
    package var place: Place
    package var forecast: Forecast
    package var origin: DataOrigin
    /// The place's 1991–2020 normals when they are cached (`normal` fetched them once): `show`
    /// and `daily` compare with them. Never fetched for this report.
    package var climatology: Climatology?
    /// The place's ensemble when an answer from the model's latest run is cached (`confidence`
    /// fetched it) and the command reads it whole: `hourly` gives the band, `brief` the odds.
    /// Never fetched for this report.
    package var ensemble: EnsembleForecast?
    /// The cached ensemble's chance of a wet day by day, when the command reads only that
    /// (`show`'s `ensemble_tomorrow`, a look's chance): kept beside the cached answer, so that
    /// the whole answer is not read for it. Never fetched for this report.
    package var ensembleRainChances: EnsembleRainChances?
    /// The commands that can say more about the place than `show` does, which `show`'s last
    /// line names: both, unless their service is off or (with recorded answers) there is no
    /// recording of it for the place (trial 10: the line sent New York to two refusals).
    package var furtherViews: [FurtherView]

    package init(
        place: Place, forecast: Forecast, origin: DataOrigin, climatology: Climatology? = nil,
        ensemble: EnsembleForecast? = nil, ensembleRainChances: EnsembleRainChances? = nil,
        furtherViews: [FurtherView] = FurtherView.allCases
    ) {
        self.place = place
        self.forecast = forecast
        self.origin = origin
        self.climatology = climatology
        self.ensemble = ensemble
        self.ensembleRainChances = ensembleRainChances
        self.furtherViews = furtherViews
    }

    /// The ensemble's chance of a wet day by day: the whole ensemble's when the report has it,
    /// else the chances kept beside the cached answer; nil with neither.
    package var rainChances: EnsembleRainChances? { ensemble?.rainChances ?? ensembleRainChances }
}

/// A command that says more about a place's weather than `show` does, named on `show`'s last
/// line ("see also: …").
package enum FurtherView: String, Hashable, Sendable, CaseIterable {
    /// `normal`: the place's 1991–2020 normals (usual for the date).
    case normal
    /// `confidence`: the ensemble (how sure the forecast is).
    case confidence
}

/// A place `compare` has no weather for, and why ("offline and no saved data for this request").
package struct ComparisonGap: Hashable, Sendable {
    /// The favorite's name.
    package var name: String
    /// One line from the service error.
    package var reason: String
}
