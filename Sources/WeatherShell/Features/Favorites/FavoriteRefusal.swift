import WXBasics
import WeatherKit
import WeatherStore

/// A `find` that failed, as the session remembers it until a command chooses or shows a place:
/// the current location is still the one before it (`WeatherSession.failedFind`).
struct FailedFind: Hashable, Sendable {
    /// The query as typed ("Munich").
    var query: String
    /// The command that named it: `find`, one that shows weather for a place it names (`show
    /// 53.55,10.0`), or `use N` choosing a candidate, which each leave the current location as
    /// it was when they fail.
    var command = "find"
    /// Whether the geocoders answered and found nothing, rather than failed (a refusal, a fault).
    var foundNothing: Bool

    init(query: String, error: ShellError, command: String = "find") {
        self.query = query
        self.command = command
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
    /// The same `fav` when the current location is no favorite: the toggle would add the place
    /// before the `find`, not the one it asked for (the old wx added it). `fav add` adds it when
    /// meant.
    case additionAfterFailedFind(FailedFind, place: String)
    /// A change of the favorites (`change` says which: "“Berlin” not added to favorites",
    /// "nothing imported from F") while state.plist cannot be used until “reset state” — it does
    /// not parse, or a newer wx wrote it (`StateProblem.lastsUntilReset`). Nothing changes, not
    /// even in memory: kept there it could never be saved, and was lost at exit (nu59: `fav`
    /// said it added a favorite "not saved to disk yet" right after "read-only").
    case stateReadOnly(StateProblem, change: String)
    /// `fav` of `place` when state.plist holds a favorite wx cannot read that may be the same
    /// place (`KeptFavorites.Entry.mayBe(named:at:)`): named `kept` (nil when its name cannot be
    /// read either), at the `latitude` and `longitude` read from it. Added, it would stand beside
    /// that one once mended: two favorites at one place (trial 62).
    case keptUnreadable(place: String, kept: String?, latitude: Double?, longitude: Double?)

    var isUsage: Bool { false }

    /// “find Munich” found nothing, so “fav” would remove Berlin; “fav rm Berlin” does that —
    /// or “… would add Berlin; “fav add” does that”.
    var description: String {
        switch self {
        case .removalAfterFailedFind(let find, let favorite):
            let name = TerminalText.sanitized(favorite)
            return "\(Self.lead(find)) remove \(name); “fav rm \(name)” does that"
        case .additionAfterFailedFind(let find, let place):
            return "\(Self.lead(find)) add \(TerminalText.sanitized(place)); “fav add” does that"
        case .stateReadOnly(let problem, let change):
            return "\(change): \(problem.readOnlyText(of: "favorites"))"
        case .keptUnreadable(let place, let kept, let latitude, let longitude):
            let named = kept.map { "“\(TerminalText.sanitized($0))”" } ?? "without a readable name"
            let at = [latitude, longitude].map { $0.map { DecimalText.fixed($0, digits: 4) } ?? "?" }
            return
                "“\(TerminalText.sanitized(place))” not added to favorites: state.plist holds a favorite \(named) at \(at.joined(separator: ", ")) that wx cannot read, which may be this place; mend that entry in state.plist (“favs” lists it then), or remove it there to add this one"
        }
    }

    /// "“find Munich” found nothing, so “fav” would" (or "failed, so").
    private static func lead(_ find: FailedFind) -> String {
        "“\(find.command) \(TerminalText.sanitized(find.query))” \(find.foundNothing ? "found nothing" : "failed"), so “fav” would"
    }
}
