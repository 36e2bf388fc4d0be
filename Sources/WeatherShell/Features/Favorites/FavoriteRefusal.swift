import WXBasics
import WeatherKit

/// A `find` that failed, as the session remembers it until a command chooses or shows a place:
/// the current location is still the one before it (`WeatherSession.failedFind`).
struct FailedFind: Hashable, Sendable {
    /// The query as typed ("Munich").
    var query: String
    /// Whether the geocoders answered and found nothing, rather than failed (a refusal, a fault).
    var foundNothing: Bool

    init(query: String, error: ShellError) {
        self.query = query
        switch error {
        case .noPlaceFound: foundNothing = true
        default: foundNothing = false
        }
    }
}

/// What `fav` refuses, as a value, worded when shown.
enum FavoriteRefusal: Refusal {
    /// A plain `fav` right after a failed `find` (`FailedFind`), whose current location
    /// `favorite` already is: the toggle would remove it, though the `fav` was meant for the
    /// place the `find` asked for. Not a usage error: `fav rm NAME` removes it when meant.
    case removalAfterFailedFind(FailedFind, favorite: String)

    var isUsage: Bool { false }

    /// “find Munich” found nothing, so “fav” would remove Berlin; “fav rm Berlin” does that
    var description: String {
        switch self {
        case .removalAfterFailedFind(let find, let favorite):
            let query = TerminalText.sanitized(find.query)
            let name = TerminalText.sanitized(favorite)
            let outcome = find.foundNothing ? "found nothing" : "failed"
            return "“find \(query)” \(outcome), so “fav” would remove \(name); “fav rm \(name)” does that"
        }
    }
}
