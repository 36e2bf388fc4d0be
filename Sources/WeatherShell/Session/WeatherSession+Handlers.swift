import FoundationEssentials
import WXBasics
import WeatherKit

/// The feature handlers, each made for one command from only what it reads: a service slot,
/// the place resolver, the clocks, the last weather. The routing (`perform`) calls them and
/// applies what they return (`apply`): a handler never changes the session.
extension WeatherSession {
    var placesHandler: PlacesHandler { PlacesHandler(places: places, candidates: candidates) }
}
