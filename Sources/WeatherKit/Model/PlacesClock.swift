import FoundationEssentials
import WXBasics

/// An answer read at its place's clock. Open-Meteo is asked with `timezone=auto` and answers
/// in the place's zone; an answer in UTC (`ZoneInfo.isUTC`: asked with `timezone=GMT`, as the
/// recorded Berlin answers are, or a server that ignores the parameter) takes the zone of the
/// place from the tz database, nearest to it among the zones of its country (`ZoneInfo.nearest`)
/// — so among the country reverse geocoding names for coordinates, which is known only once
/// they are named (the session asks the answer at the named place's clock:
/// `PlaceResolver.resolvingAtPlacesClock`). An answer with a zone of its own keeps it.
package protocol PlacesClock {
    /// The answer at `place`'s clock.
    func atPlacesClock(_ place: Place) -> Self
}

extension Forecast: PlacesClock {
    /// The forecast with the place's zone when it came in UTC (`takePlacesZone(countryCode:)`).
    package func atPlacesClock(_ place: Place) -> Forecast {
        guard answeredInUTC else { return self }
        var forecast = self
        forecast.takePlacesZone(countryCode: place.countryCode)
        return forecast
    }
}

extension EnsembleForecast: PlacesClock {}

extension PreviousRuns: PlacesClock {
    /// The runs at `place`'s clock: when the answer came in UTC (the recorded Berlin answers,
    /// asked with `timezone=GMT`), with the tz database's nearest zone to the place among its
    /// country's, as an ensemble (`confidence`) and a forecast take it — so `drift`'s days are
    /// the place's calendar days, as README says and `confidence` has them (trial 57: `drift`
    /// gave the UTC day's low, 17.1 °C, beside `confidence`'s 17.3 °C for the same "Mon 28
    /// Jul"). Unchanged when the answer has a zone of its own, or without the database.
    package func atPlacesClock(_ place: Place) -> PreviousRuns {
        guard zone.isUTC,
            let own = ZoneInfo.nearest(
                to: place.coordinate, at: times.first ?? Date(timeIntervalSince1970: 0), countryCode: place.countryCode)
        else { return self }
        return inZone(own)
    }
}

extension AirQuality: PlacesClock {
    /// The reading with the place's zone, at its hour, when the answer gave none or UTC's.
    package func atPlacesClock(_ place: Place) -> AirQuality {
        guard zone?.isUTC ?? true,
            let own = ZoneInfo.nearest(to: place.coordinate, at: time, countryCode: place.countryCode)
        else { return self }
        var air = self
        air.zone = own
        return air
    }
}

extension Fetched: PlacesClock where Value: PlacesClock {
    /// The value at `place`'s clock, from the same origin.
    package func atPlacesClock(_ place: Place) -> Fetched<Value> {
        Fetched(value: value.atPlacesClock(place), origin: origin)
    }
}

extension Optional: PlacesClock where Wrapped: PlacesClock {
    /// The value, when there is one, at `place`'s clock.
    package func atPlacesClock(_ place: Place) -> Wrapped? { map { $0.atPlacesClock(place) } }
}

extension Result: PlacesClock where Success: PlacesClock {
    /// The success, when it is one, at `place`'s clock.
    package func atPlacesClock(_ place: Place) -> Result<Success, Failure> { map { $0.atPlacesClock(place) } }
}
