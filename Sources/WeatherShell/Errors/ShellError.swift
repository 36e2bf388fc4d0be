import WXBasics
import WeatherKit
import WeatherStore

/// Everything a command can fail with, as one line for the user.
package enum ShellError: Error, Hashable, Sendable {
    /// A command line, option or argument that does not parse; the text says what was expected.
    case usage(String)
    /// No current location yet.
    case noCurrentLocation
    /// No weather fetched yet (for `save`).
    case noWeather
    /// A geocoder found nothing for the query.
    case noPlaceFound(String)
    /// `use N` outside the candidate list (its size).
    case noSuchCandidate(Int, available: Int)
    /// No favorite has that name.
    case noSuchFavorite(String)
    /// A favorite already has that name.
    case duplicateFavoriteName(String)
    /// No snapshot has that number.
    case noSuchSnapshot(Int)
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
}

extension ShellError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .usage(let text): text
        case .noCurrentLocation: "no current location: use “find <place>” or “show <place>” first"
        case .noWeather: "no weather to save yet: use “show” first"
        case .noPlaceFound(let query): "no place found for “\(TerminalText.sanitized(query))”"
        case .noSuchCandidate(let index, let available):
            available == 0
                ? "no candidates to choose from: use “find <place>” first"
                : available == 1
                    ? "no candidate \(index): the last find listed only 1"
                    : "no candidate \(index): choose 1 to \(available)"
        case .noSuchFavorite(let name): "no favorite named “\(TerminalText.sanitized(name))” (see “favs”)"
        case .duplicateFavoriteName(let name): "a favorite named “\(TerminalText.sanitized(name))” exists already"
        case .noSuchSnapshot(let id): "no snapshot \(id) (see “saved”)"
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
        }
    }
}
