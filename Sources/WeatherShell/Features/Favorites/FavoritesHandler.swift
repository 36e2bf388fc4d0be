import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Favorites: `favs`, `fav`, `fav rm`, `fav rename`. Given what they read and write — the
/// favorites, state.plist (`SessionPersistence`) and the current location — and returning the
/// current location renamed when `fav rename` renames it.
@MainActor
struct FavoritesHandler {
    let persistence: SessionPersistence
    let favorites: [Favorite]
    let currentPlace: Place?

    /// `favs`: every favorite. No favorites because state.plist cannot be read is not "no
    /// favorites yet": that is an error.
    func favoriteList() throws(ShellError) -> [CommandResult] {
        if favorites.isEmpty, let reason = persistence.state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
        return [.favorites(favorites, unreadable: persistence.state.document.unreadableFavorites.entries.count)]
    }

    /// `fav`: adds the current location, or removes it when it is a favorite; unless
    /// `removing`, a favorite already is only said to be one (`fav add`, and a `fav` run from
    /// the history).
    ///
    /// - Parameters:
    ///   - fromHistory: the `fav` is a plain one run from the history (`replay`, `!N`): it only
    ///     adds (a replay of `find Hamburg; fav` removed Hamburg, a favorite since), its "a
    ///     favorite already" line says why it did not remove, and after a failed `find` it is
    ///     refused as a typed `fav` that would add is.
    ///   - failedFind: the `find` that failed since a command last chose or showed a
    ///     place (the session's `failedFind`): the current location is the one before it, not the
    ///     place the `fav` was meant for, so the toggle is refused either way — a removal
    ///     (`FavoriteRefusal.removalAfterFailedFind`: a script's `find X` + `fav` lines cost the
    ///     favorite it had) and an addition (`.additionAfterFailedFind`: the old place saved under
    ///     the name of none asked for). `fav rm NAME` and `fav add` say which is meant.
    func toggleFavorite(removing: Bool = true, fromHistory: Bool = false, after failedFind: FailedFind? = nil)
        throws(ShellError) -> [CommandResult]
    {
        guard let place = currentPlace else { throw .noCurrentLocation }
        if let existing = favorites.first(where: { $0.coordinate == place.coordinate }) {
            guard removing else { return [.notice(Self.alreadyFavorite(existing.name, fromHistory: fromHistory))] }
            if let failedFind {
                throw FavoriteRefusal.removalAfterFailedFind(failedFind, favorite: existing.name).shellError
            }
            try refuseWhileReadOnly("“\(TerminalText.sanitized(existing.name))” not removed from favorites")
            let saved = persist { document throws(ShellError) in Self.remove(existing, from: &document) }
            return acknowledged(.favoriteRemoved(existing), unless: saved)
        }
        if removing || fromHistory, let failedFind {
            throw FavoriteRefusal.additionAfterFailedFind(failedFind, place: place.name).shellError
        }
        try refuseWhileReadOnly("“\(TerminalText.sanitized(place.name))” not added to favorites")
        try refuseBesideKept(place)
        // The name is chosen where the change is applied — under the lock, against the
        // favorites on disk then — so that two processes adding at once never pick the same one.
        // Another wx may have added it since this one read the favorites: only the process
        // that added it says it saved it.
        let added = Box(Favorite(name: place.name, place: place))
        let addedBefore = Box<Favorite?>(nil)
        let saved = persist { document throws(ShellError) in
            if let there = document.favorites.first(where: { $0.coordinate == place.coordinate }) {
                addedBefore.value = there
                return
            }
            let favorite = Favorite(name: Self.uniqueName(for: place, in: document), place: place)
            added.value = favorite
            document.favorites.append(favorite)
        }
        if saved.isEmpty, let there = addedBefore.value {
            return [.notice(Self.alreadyFavorite(there.name, fromHistory: fromHistory))]
        }
        return acknowledged(.favoriteAdded(added.value), unless: saved)
    }

    /// "★ Hamburg is a favorite already", and when a `fav` run from the history found it so,
    /// why it stays one: "…: a “fav” run from the history adds, never removes".
    static func alreadyFavorite(_ name: String, fromHistory: Bool) -> String {
        "★ \(name) is a favorite already" + (fromHistory ? ": a “fav” run from the history adds, never removes" : "")
    }

    /// `result` when the change it reports was saved; else what says it was not, naming the
    /// change that holds for the session (stdout never says a change is saved that is not on disk).
    func acknowledged(_ result: CommandResult, unless saved: [CommandResult]) -> [CommandResult] {
        persistence.acknowledged(result, unless: saved)
    }

    func persist(_ change: @escaping (inout StateDocument) throws(ShellError) -> Void) -> [CommandResult] {
        persistence.persist(change)
    }

    /// Refuses a change of the favorites while state.plist stays unusable until “reset state”
    /// (`FavoriteRefusal.stateReadOnly`); `change` says what did not happen.
    func refuseWhileReadOnly(_ change: String) throws(ShellError) {
        try Self.refuseWhileReadOnly(change, persistence.state.readOnlyReason)
    }

    /// Refuses to add `place` when a favorite state.plist holds and wx cannot read may be it
    /// (`FavoriteRefusal.keptUnreadable`).
    func refuseBesideKept(_ place: Place) throws(ShellError) {
        guard let kept = persistence.state.document.unreadableFavorites.entry(mayBe: place.name, at: place.coordinate)
        else { return }
        let read = kept.readableCoordinate
        throw FavoriteRefusal.keptUnreadable(
            place: place.name, kept: kept.name, latitude: read.latitude, longitude: read.longitude
        ).shellError
    }

    /// `refuseWhileReadOnly(_:)` for `problem`, state.plist's as the store gives it.
    static func refuseWhileReadOnly(_ change: String, _ problem: StateProblem?) throws(ShellError) {
        guard let problem, problem.lastsUntilReset else { return }
        throw FavoriteRefusal.stateReadOnly(problem, change: change).shellError
    }

    /// The favorite `name` names as people type it (see `FavoriteMatching`); nil for none.
    ///
    /// - Throws: `ShellError.usage` naming the favorites whose names fold to the same.
    func favorite(matching name: String) throws(ShellError) -> Favorite? {
        try FavoriteMatching.match(name, in: favorites).favorite(for: name)
    }

    /// The favorite `name` names, whole, for `fav rm` and `fav rename`: a name a favorite's only
    /// begins with changes nothing (trial 62: a second `fav rm Paris` removed “Paris office”).
    ///
    /// - Throws: `.noSuchFavorite` when none has that name, offering those it begins — unless
    ///   state.plist cannot be read (corrupt, a folder): then the error `favs` gives, since no
    ///   one can tell whether it holds that favorite.
    func existingFavorite(named name: String) throws(ShellError) -> Favorite {
        if let found = try favorite(matching: name) { return found }
        if let reason = persistence.state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
        throw .noSuchFavorite(name, meant: FavoriteMatching.startingWith(name, in: favorites).map(\.name))
    }

    /// The place's name, or with its region, or numbered, so that no two favorites of `document`
    /// share a name — those it could not read too, by the name they have (`KeptFavorites.names`):
    /// a favorite kept unreadable is still on disk, and readable again once mended.
    nonisolated static func uniqueName(for place: Place, in document: StateDocument) -> String {
        var names = FavoriteNames(document.favorites.map(\.name) + document.unreadableFavorites.names)
        return names.claim(for: place)
    }

    /// Whether a favorite of `document` kept unreadable has the name `name` (compared without
    /// regard to case, as every favorite's name): it keeps it, as `uniqueName(for:in:)` does.
    nonisolated static func isKeptName(_ name: String, in document: StateDocument) -> Bool {
        let name = name.lowercased()
        return document.unreadableFavorites.names.contains { $0.lowercased() == name }
    }

    /// Removes `favorite` alone from `document`: the favorite of its name at its coordinates,
    /// else (renamed by another wx since) the first at its coordinates. Two favorites can share
    /// coordinates — one added while the other was kept unreadable, then mended by hand — and
    /// `fav rm` of one removes that one.
    nonisolated static func remove(_ favorite: Favorite, from document: inout StateDocument) {
        let name = favorite.name.lowercased()
        let index =
            document.favorites.firstIndex { $0.coordinate == favorite.coordinate && $0.name.lowercased() == name }
            ?? document.favorites.firstIndex { $0.coordinate == favorite.coordinate }
        if let index { document.favorites.remove(at: index) }
    }
}

/// The names of a set of favorites, compared without regard to case, handing out new unique
/// ones: the place's name, or with its region, or numbered ("Dup 2", "Dup 3"…). A name given
/// is taken. Each claim costs a few set look-ups, however many names there are — numbered
/// names continue from the last number given for the same base, not from 2.
struct FavoriteNames {
    private var taken: Set<String>
    /// The next number to try after a base name, lowercased.
    private var nextNumber: [String: Int] = [:]

    init(_ names: some Sequence<String>) {
        taken = Set(names.map { $0.lowercased() })
    }

    /// A name for `place` no favorite has yet, which is then taken.
    mutating func claim(for place: Place) -> String {
        let name = candidate(for: place)
        taken.insert(name.lowercased())
        return name
    }

    /// Every candidate is at most `Favorite.longestName` characters: a longer place name is cut
    /// (as `import favorites` refuses a longer one), a region too long to add is not added.
    private mutating func candidate(for place: Place) -> String {
        let name = Favorite.boundedName(place.name)
        if !taken.contains(name.lowercased()) { return name }
        if let first = place.region.split(separator: ",").first.map({ "\(name), \($0.trimmed)" }),
            first.count <= Favorite.longestName, !taken.contains(first.lowercased())
        {
            return first
        }
        let base = name.lowercased()
        var number = nextNumber[base] ?? 2
        while taken.contains(Self.numbered(name, number).lowercased()) { number += 1 }
        nextNumber[base] = number + 1
        return Self.numbered(name, number)
    }

    /// "Name 2", with the name cut (ending in "…") when both would be over `Favorite.longestName`.
    private static func numbered(_ name: String, _ number: Int) -> String {
        let suffix = " \(number)"
        guard name.count + suffix.count > Favorite.longestName else { return name + suffix }
        return String(name.prefix(Favorite.longestName - suffix.count - 1)) + "…" + suffix
    }
}

extension FavoritesHandler {
    func removeFavorite(named name: String) throws(ShellError) -> [CommandResult] {
        let existing = try existingFavorite(named: name)
        try refuseWhileReadOnly("“\(TerminalText.sanitized(existing.name))” not removed from favorites")
        let saved = persist { document throws(ShellError) in Self.remove(existing, from: &document) }
        return acknowledged(.favoriteRemoved(existing), unless: saved)
    }

    /// `fav rename OLD NEW`; the current location takes the new name when it is that favorite.
    func renameFavorite(_ old: String, to new: String) throws(ShellError) -> HandlerOutcome {
        let existing = try existingFavorite(named: old)
        try refuseWhileReadOnly("“\(TerminalText.sanitized(existing.name))” not renamed")
        let newName = TerminalText.sanitized(new).trimmed
        guard !newName.isEmpty else { throw .usage("a favorite’s name cannot be empty") }
        // The same bound `import favorites` applies, so that a renamed favorite can be moved.
        guard newName.count <= Favorite.longestName else {
            throw .usage(
                "a favorite’s name is at most \(Favorite.longestName) characters; this one has \(newName.count)")
        }
        if let clash = FavoriteMatching.same(newName, in: favorites), clash.coordinate != existing.coordinate {
            throw .duplicateFavoriteName(clash.name)
        }
        if Self.isKeptName(newName, in: persistence.state.document) { throw .duplicateFavoriteName(newName) }
        // A name that reads as other coordinates would stand for this place where those are typed
        // (a new user: `show 52.5,13.4` showed Hamburg, 250 km away).
        if Favorite.nameReadsAsOtherPlace(newName, at: existing.coordinate) != nil {
            throw .usage(
                "“\(newName)” reads as coordinates of another place, which it would stand for where they are typed; give a name with a word in it"
            )
        }
        var renamed = existing
        renamed.name = newName
        let saved = persist { document throws(ShellError) in
            guard let index = document.favorites.firstIndex(where: { $0.coordinate == existing.coordinate }) else {
                throw .noSuchFavorite(old)
            }
            if let clash = FavoriteMatching.same(newName, in: document.favorites),
                clash.coordinate != existing.coordinate
            {
                throw .duplicateFavoriteName(newName)
            }
            if Self.isKeptName(newName, in: document) { throw .duplicateFavoriteName(newName) }
            document.favorites[index].name = newName
        }
        var current: ResolvedPlace?
        if var place = currentPlace, place.coordinate == existing.coordinate {
            place.name = newName
            current = ResolvedPlace(place: place)
        }
        return HandlerOutcome(
            acknowledged(.favoriteRenamed(from: existing.name, to: renamed), unless: saved), place: current)
    }
}

/// A value a change sets each time it is applied, read after the last application: the name a
/// favorite got against the favorites on disk.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
