import WXBasics

/// The one check of where an answer says it is about, for every service that echoes the
/// coordinates of its answer: Open-Meteo (`latitude`/`longitude`, the grid cell's centre) and
/// OpenWeatherMap (current weather's `coord.lat`/`coord.lon`, the 3-hour forecast's
/// `city.coord`, and the same `coord` when it names coordinates as a reverse geocoder). An answer about a place farther than `farthestKilometres` from the place
/// asked is another place's weather (a server answering London for Paris, Moscow for Tokyo):
/// refused with the same one line, naming the distance, whichever service sent it.
package enum AnswerPlace {
    /// How far, in kilometres, the place an answer is for may lie from the place asked.
    ///
    /// Open-Meteo answers for the centre of a model's grid cell, which "might be a few
    /// kilometres away from the requested coordinate" (open-meteo.com/en/docs, `latitude`,
    /// `longitude`); with the default `cell_selection=land` it may take, in the 3×3 cells
    /// around the nearest, the one on land whose elevation is nearest the place's. The coarsest
    /// grid wx reads is CAMS global's 0.4° (air quality; the ensembles, ERA5 and the global
    /// forecast models are 0.25° or finer): a neighbour of the nearest cell is at most 1.5
    /// cells away along each axis, 0.6° and 0.6° — 94 km on the equator. OpenWeatherMap echoes
    /// the coordinates asked in its current weather and names the nearest city of its list in
    /// its forecast (`city.coord`, London's centre 4 km from 51.51,-0.13). 100 km takes every
    /// such answer and refuses one for another city (New York for Berlin: 6,377 km;
    /// Fixtures/open-meteo-forecast/other_place_expected.py).
    package static let farthestKilometres = 100.0

    /// Refuses an answer whose echoed `latitude`/`longitude` (degrees) lie farther than
    /// `farthestKilometres` from `requested`. An answer without them (either nil), or with
    /// values that are no coordinates, is not judged by them.
    ///
    /// - Throws: `ServiceError.otherPlace` of `service`, both coordinates rounded to 4 decimals.
    package static func check(
        latitude: Double?, longitude: Double?, requested: Coordinate, service: Service
    ) throws(ServiceError) {
        guard let latitude, let longitude else { return }
        let answered = Coordinate(latitude: latitude, longitude: longitude)
        guard answered.isValid, requested.kilometres(to: answered) > farthestKilometres else { return }
        throw .otherPlace(service, asked: requested.rounded, answered: answered.rounded)
    }
}
