import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Your data in and out: `export`, `import favorites`.
extension WeatherSession {
    /// `export KIND [FILE]`: the records are read as they are written — to FILE, or to standard
    /// output by the runner (`RecordStream`, `StreamedText`) — so that data of any size is
    /// exported in bounded memory. What cannot be read (state.plist, log.jsonl) is an error
    /// before anything is written: an empty export of it would be a backup of nothing.
    func export(_ kind: ExportKind, format: ExchangeFormat?, to path: String?) throws(ShellError) -> [CommandResult] {
        let format = format ?? .implied(by: path)
        guard let path else { return [.exportData(kind, format: format, records: try exportRecords(kind))] }
        let full = try exportTarget(kind, path)
        return try export(exportRecords(kind), kind, format: format, to: full)
    }

    /// The records `export` writes, read one at a time when they are written: favorites from
    /// memory, snapshots and history from the log.
    ///
    /// - Throws: when state.plist (for favorites, when none are in memory) or log.jsonl cannot
    ///   be read.
    func exportRecords(_ kind: ExportKind) throws(ShellError) -> RecordStream<JSONOutput> {
        switch kind {
        case .favorites:
            if favorites.isEmpty, let reason = state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
            return RecordStream.exportRecords(of: favorites)
        case .snapshots, .history:
            if let problem = log.readProblem() { throw ShellError(problem) }
            return RecordStream.exportRecords(kind, of: log)
        }
    }

    /// `export KIND FILE`: each record is read, encoded and written in turn. A read that fails
    /// on the way leaves FILE as it was (when it is a regular file) and is an error naming the
    /// log.
    func export(_ records: RecordStream<JSONOutput>, _ kind: ExportKind, format: ExchangeFormat, to full: String)
        throws(ShellError) -> [CommandResult]
    {
        var count = 0
        var failure: StoreError?
        do {
            try FileIO.writeUserFile(full) { out in
                do throws(StoreError) {
                    count = try StreamedText.exportData(records, kind: kind, format: format) { out.write($0) }
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw .storage("\(kind.rawValue) not exported: \(error.description)")
        }
        if let failure { throw ShellError(failure) }
        return [.exported(kind, count: count, format: format, path: full)]
    }

    /// The full path `export` writes to; refused when it names one of wx's own files.
    func exportTarget(_ kind: ExportKind, _ path: String) throws(ShellError) -> String {
        let full = configuration.expandPath(path)
        if let own = ownFile(at: full) ?? ownFileALinkWouldCreate(at: full) {
            throw .storage(
                "\(kind.rawValue) not exported: \(full) is one of wx’s own files (\(own)); choose another file")
        }
        // A FIFO with no program reading it would block the write for good (one with a reader,
        // as `export … >(gzip)` makes, is written as any file is).
        var info = stat()
        if stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
            let fd = open(full, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd < 0, errno == ENXIO {
                throw .storage("\(kind.rawValue) not exported: \(full) is a FIFO no program is reading; choose a file")
            }
            if fd >= 0 { close(fd) }
        }
        return full
    }

    /// The file of wx's own that `path`, a symbolic link to nothing yet, would create when
    /// written through (`ln -s ~/.local/state/wx/log.jsonl x` before wx made the log): its target
    /// in one of wx's folders, named as one of its files. Nil for anything else.
    func ownFileALinkWouldCreate(at path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count > 0, FileIO.identity(of: path) == nil else { return nil }
        var target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !target.hasPrefix("/") {
            target = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/" + target
        }
        guard let slash = target.lastIndex(of: "/") else { return nil }
        let folder = String(target[..<slash])
        let name = String(target[target.index(after: slash)...])
        let ownName =
            name.hasPrefix("state.plist") || name.hasPrefix("log.jsonl") || name == ".wx.lock" || name == "wxrc"
        guard ownName, let folderIdentity = FileIO.identity(of: folder.isEmpty ? "/" : folder) else { return nil }
        let folders = [configuration.configFolder, configuration.stateFolder, configuration.cacheFolder]
        guard let own = folders.first(where: { FileIO.identity(of: $0) == folderIdentity }) else { return nil }
        return own + "/" + name
    }

    /// The file of wx's own that `path` names — state.plist, log.jsonl, a copy set aside, a lock,
    /// a cache entry, and the files read at the interactive start (wxrc, ~/.editrc), which an
    /// export would turn into commands run at the next start — found by device and inode, so that
    /// a symbolic link, a hard link or another spelling of the path is caught too; nil when it
    /// names none (or nothing).
    func ownFile(at path: String) -> String? {
        guard let target = FileIO.identity(of: path) else { return nil }
        let files = POSIXFileSystem()
        var candidates = [configuration.startupFile] + (configuration.lineEditorFile.map { [$0] } ?? [])
        for folder in Set([configuration.configFolder, configuration.stateFolder]) {
            candidates += files.names(in: folder)
                .filter { $0.hasPrefix("state.plist") || $0.hasPrefix("log.jsonl") || $0 == ".wx.lock" }
                .map { folder + "/" + $0 }
        }
        for folder in Set([configuration.cacheFolder, configuration.runtimeFolder]) {
            candidates += files.names(in: folder).map { folder + "/" + $0 }
        }
        return candidates.first { FileIO.identity(of: $0) == target }
    }

    /// The largest file `import` reads.
    static let maximumImportBytes = 16 << 20

    func importFavorites(from path: String) throws(ShellError) -> [CommandResult] {
        let (full, text) = try importText(path)
        let read: (favorites: [DataExchange.ImportedFavorite], problems: [String])
        do { read = try DataExchange.favorites(from: text) } catch {
            throw .unreadableFile("\(full): \(error.description); nothing imported")
        }
        // Applied in one update — under the lock, against the favorites on disk then — so that
        // an import is whole or absent, never duplicates a place another wx added meanwhile, and
        // never gives a name another wx gave meanwhile. Sets, not searches of the list: linear in
        // the rows and the favorites.
        let items = read.favorites
        let outcome = Box((added: [Favorite](), alreadySaved: 0))
        func add(to favorites: inout [Favorite]) -> (added: [Favorite], alreadySaved: Int) {
            var added: [Favorite] = []
            var alreadySaved = 0
            var places = Set(favorites.map(\.coordinate))
            var names = FavoriteNames(favorites.map(\.name))
            for item in items {
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
            favorites.append(contentsOf: added)
            return (added, alreadySaved)
        }
        var preview = favorites
        outcome.value = add(to: &preview)
        let saved =
            outcome.value.added.isEmpty
            ? []
            : persist { document throws(ShellError) in outcome.value = add(to: &document.favorites) }
        return acknowledged(
            .imported(
                added: outcome.value.added, alreadySaved: outcome.value.alreadySaved, problems: read.problems,
                path: full),
            unless: saved)
    }
}
