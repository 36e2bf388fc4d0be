import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Your data in and out: `export`, `import favorites`.
extension WeatherSession {
    func export(_ kind: ExportKind, format: ExchangeFormat?, to path: String?) throws(ShellError) -> [CommandResult] {
        let format = format ?? .implied(by: path)
        let objects: [JSONOutput]
        switch kind {
        case .favorites:
            // An empty export of favorites that cannot be read would be a backup of nothing.
            if favorites.isEmpty, let reason = state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
            objects = DataExchange.objects(favorites: favorites)
        case .snapshots: objects = DataExchange.objects(snapshots: log.snapshots())
        case .history: objects = DataExchange.objects(history: log.commands(in: 1...Int.max))
        }
        let text = DataExchange.text(objects, kind: kind, format: format)
        guard let path else { return [.exportData(kind, format: format, records: objects, text: text)] }
        let full = configuration.expandPath(path)
        do {
            try FileIO.writeUserFile(full, with: Array(text.utf8))
        } catch {
            throw .storage("\(kind.rawValue) not exported: \(error.description)")
        }
        return [.exported(kind, count: objects.count, format: format, path: full)]
    }

    /// The largest file `import` reads.
    static let maximumImportBytes = 16 << 20

    func importFavorites(from path: String) throws(ShellError) -> [CommandResult] {
        let full = configuration.expandPath(path)
        let data: Data
        do { data = try FileIO.contents(of: full, limit: Self.maximumImportBytes) } catch {
            throw .storage(error.description)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .unreadableFile("\(full) is not UTF-8 text; nothing imported")
        }
        let read: (favorites: [DataExchange.ImportedFavorite], problems: [String])
        do { read = try DataExchange.favorites(from: text) } catch {
            throw .unreadableFile("\(full): \(error.description); nothing imported")
        }
        // Checked against the favorites as saved now, and applied in one update, so that an
        // import is whole or absent and never duplicates a place another wx added meanwhile.
        // Sets, not searches of the list: linear in the rows and the favorites.
        var added: [Favorite] = []
        var alreadySaved = 0
        var places = Set(favorites.map(\.coordinate))
        var names = FavoriteNames(favorites.map(\.name))
        for item in read.favorites {
            guard places.insert(item.coordinate).inserted else {
                alreadySaved += 1
                continue
            }
            let place = Place(
                name: item.name, region: "", countryCode: item.countryCode, coordinate: item.coordinate,
                displayName: item.displayName)
            added.append(
                Favorite(
                    name: names.claim(for: place), coordinate: item.coordinate, displayName: item.displayName,
                    countryCode: item.countryCode))
        }
        let saved =
            added.isEmpty
            ? []
            : persist { document throws(ShellError) in
                let onDisk = Set(document.favorites.map(\.coordinate))
                document.favorites.append(contentsOf: added.filter { !onDisk.contains($0.coordinate) })
            }
        return [.imported(added: added, alreadySaved: alreadySaved, problems: read.problems, path: full)] + saved
    }
}
