import WXBasics
import WeatherKit
import WeatherStore

/// Everything a command can fail with, as one line for the user.
///
/// Which exit status a failure gives is decided here, once, by `exitStatus` (an exhaustive
/// switch): 2 for `.usage` (the line, an option or an argument is wrong), 1 for everything else
/// (the command was right but could not do it: nothing there yet, a service failed, a file).
package enum ShellError: Error, Hashable, Sendable {
    /// A command line, option or argument that does not parse or is out of range; the text says
    /// what was expected.
    case usage(String)
    /// The command is right, but there is nothing yet for it to work on.
    case nothingYet(EmptyState)
    /// The command needs a service this configuration has none for (its kind, as "air-quality").
    case noService(String)
    /// The command asks for something that is not the case now ("state.plist is readable").
    case notApplicable(String)
    /// No current location yet.
    case noCurrentLocation
    /// No weather fetched yet (for `save`).
    case noWeather
    /// A geocoder found nothing for the query.
    case noPlaceFound(String)
    /// `use N` outside the candidate list (its size).
    case noSuchCandidate(Int, available: Int)
    /// No favorite has that name; `meant` are the favorites whose names it begins (a name is
    /// never taken by a part of it), offered as “did you mean”.
    case noSuchFavorite(String, meant: [String] = [])
    /// A favorite already has that name.
    case duplicateFavoriteName(String)
    /// No snapshot has that number.
    case noSuchSnapshot(Int)
    /// The snapshot with that number was deleted (`saved rm`).
    case snapshotDeleted(Int)
    /// No command has that history number.
    case noSuchHistoryEntry(Int)
    /// A history reference (`!!`, `!-N`, `!prefix`, as typed) that names no command.
    case noHistoryMatch(String)
    /// A service failed.
    case service(ServiceError)
    /// A file a command exports to or imports from could not be written or read; the text names
    /// the file and the cause.
    case storage(String)
    /// state.plist or log.jsonl could not be read or written (worded in StoreMessages.swift).
    case store(StoreError)
    /// A file given to a command (`import`) is not what it should be; the text names the file.
    case unreadableFile(String)
    /// The service's answer does not hold what the command shows ("no daily forecast in
    /// Open-Meteo's answer"): a failure of the command, not a misuse.
    case notInAnswer(String)
    /// The chosen service failed and the one asked instead did not help either: both are said
    /// ("Nominatim refused …; Open-Meteo geocoding, asked instead, found no place for “X”").
    case fallbackFailed(ServiceError, then: String)
    /// The command was interrupted (Ctrl-C).
    case cancelled
    /// A refusal a feature declares as a value (what was asked, and the values that rule it
    /// out), worded by that feature's view when it is shown: the code that refuses formats no
    /// value (`DecisionRefusal`).
    case refused(AnyRefusal)
}

/// A refusal declared as a value: its cases carry what was asked and the values that rule it
/// out, and its `description` — written beside the feature's views, not where it is thrown —
/// words it for the user, in the user's units.
package protocol Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether it is a usage error (exit status 2: arguments that cannot be) rather than a
    /// command that could not be done (1).
    var isUsage: Bool { get }
}

/// A `Refusal` of any feature, as `ShellError.refused` carries it: equal when the two are of
/// one type and equal.
package struct AnyRefusal: Hashable, Sendable, CustomStringConvertible {
    package let refusal: any Refusal

    package init(_ refusal: some Refusal) { self.refusal = refusal }

    package var description: String { refusal.description }

    package static func == (a: AnyRefusal, b: AnyRefusal) -> Bool { a.refusal.isEqual(to: b.refusal) }

    package func hash(into hasher: inout Hasher) { refusal.hash(into: &hasher) }
}

extension Refusal {
    /// This refusal as the error a command throws.
    package var shellError: ShellError { .refused(AnyRefusal(self)) }

    /// Whether `other` is this refusal: of the same type and equal.
    fileprivate func isEqual(to other: any Refusal) -> Bool { (other as? Self) == self }
}

/// What there is nothing of yet, for `ShellError.nothingYet`.
package enum EmptyState: Hashable, Sendable {
    /// `compare` with no favorites.
    case favoritesToCompare
    /// `saved verify` with no snapshots.
    case snapshots
    /// `saved verify PLACE` with no snapshots of that place (as typed), and the name close to
    /// it that has some (`saved verify Berln`: the favorite Berlin), if one is.
    case snapshotsOf(String, nearest: NearPlaceName?)
    /// `save` after weather that has no current conditions.
    case currentConditionsToSave
}

/// A name close to one typed that names something (`EmptyState.snapshotsOf`'s did-you-mean):
/// a favorite's, or a snapshot's place name.
package struct NearPlaceName: Hashable, Sendable {
    package var name: String
    package var isFavorite: Bool
}

extension ShellError {
    /// Text that reads as “latitude,longitude” but whose values are not finite or out of range
    /// (“91,0”, “1e308,1”, “nan,nan”): a mistake in the command, said before any request by every
    /// command that takes a place, never sent to a geocoder (“no place found”, exit 1).
    package static let coordinatesOutOfRange = ShellError.usage(
        "coordinates are “latitude,longitude” in degrees: latitude from -90 to 90, longitude from -180 to 180")

    /// The process's exit status after this error: 2 for a usage error, else 1.
    package var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .refused(let reason): reason.refusal.isUsage ? 2 : 1
        case .nothingYet, .noService, .notApplicable, .noCurrentLocation, .noWeather, .noPlaceFound,
            .noSuchCandidate, .noSuchFavorite, .duplicateFavoriteName, .noSuchSnapshot, .snapshotDeleted,
            .noSuchHistoryEntry,
            .noHistoryMatch, .service, .storage, .store, .unreadableFile, .notInAnswer, .fallbackFailed, .cancelled:
            1
        }
    }

    /// Whether this is a usage error (exit status 2).
    package var isUsage: Bool { exitStatus == 2 }
}

extension EmptyState: CustomStringConvertible {
    package var description: String {
        switch self {
        case .favoritesToCompare: "no favorites to compare: “fav” saves the current location"
        case .snapshots: "no snapshots: “save” keeps the last weather shown"
        case .snapshotsOf(let place, let near?):
            "no snapshots of “\(TerminalText.sanitized(place))”; did you mean \(near.isFavorite ? "the favorite " : "")“\(TerminalText.sanitized(near.name))”?"
        case .snapshotsOf(let place, nil): "no snapshots of “\(TerminalText.sanitized(place))”: “saved” lists them"
        case .currentConditionsToSave: "the last weather has no current conditions to save"
        }
    }
}

extension ShellError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .usage(let text): text
        case .nothingYet(let state): state.description
        case .noService(let kind): "no \(kind) service is configured"
        case .notApplicable(let text): text
        case .noCurrentLocation: "no current location: use “find <place>” or “show <place>” first"
        case .noWeather: "no weather to save yet: use “show” first"
        case .noPlaceFound(let query): "no place found for “\(TerminalText.sanitized(query))”"
        case .noSuchCandidate(let index, let available):
            available == 0
                ? "no candidates to choose from: use “find <place>” first"
                : available == 1
                    ? "no candidate \(index): the last find listed only 1"
                    : "no candidate \(index): choose 1 to \(available)"
        case .noSuchFavorite(let name, let meant):
            "no favorite named “\(TerminalText.sanitized(name))” (\(Self.didYouMean(meant) ?? "see “favs”"))"
        case .duplicateFavoriteName(let name): "a favorite named “\(TerminalText.sanitized(name))” exists already"
        case .noSuchSnapshot(let id): "no snapshot \(id) (see “saved”)"
        case .snapshotDeleted(let id): "snapshot \(id) was deleted (“saved” lists those kept)"
        case .noSuchHistoryEntry(let number): "no command \(number) in the history (see “history”)"
        case .noHistoryMatch(let reference):
            "no command in the history for “\(TerminalText.sanitized(reference))” (see “history”)"
        case .service(let error): error.description
        case .storage(let text): text
        case .store(let error): error.userText
        case .unreadableFile(let text): text
        case .notInAnswer(let text): text
        case .fallbackFailed(let first, let then): "\(first.description); \(then)"
        case .cancelled: "cancelled"
        case .refused(let reason): reason.description
        }
    }
}

extension ShellError {
    /// “did you mean “Paris office”?” for the names a favorite's name that named none begins
    /// (up to three, then how many more); nil when there are none.
    static func didYouMean(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        let shown = names.prefix(3).map { "“\(TerminalText.sanitized($0))”" }
        let more = names.count > 3 ? ["\(names.count - 3) more"] : []
        return "did you mean \(CommandParser.list(shown + more))?"
    }
}
