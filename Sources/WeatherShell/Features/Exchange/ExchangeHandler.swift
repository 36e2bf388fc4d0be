import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

#if canImport(Glibc)
import Glibc
#endif

/// Your data in and out — `export`, `import` (`log` and `reset state`: `LogHandler`) — given what they read
/// and write: state.plist and log.jsonl (`SessionPersistence`), the favorites in memory, the
/// configuration (paths, wx's own files, the key to scrub), and the clock records are stamped
/// with. They change favorites and the log through the stores, never the session.
@MainActor
struct ExchangeHandler {
    let persistence: SessionPersistence
    /// The favorites as the session has them (`export favorites`, the names `import` avoids).
    let favorites: [Favorite]
    let configuration: Configuration
    /// The time of what wx records (compaction).
    let recordingNow: @Sendable () -> Date

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
            if favorites.isEmpty, let reason = persistence.state.readOnlyReason { throw .store(.stateReadOnly(reason)) }
            return RecordStream.exportRecords(of: favorites)
        case .snapshots, .history:
            if let problem = persistence.log.readProblem() { throw ShellError(problem) }
            return RecordStream.exportRecords(kind, of: persistence.log)
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
        // Ctrl-C at the prompt (the line's task cancelled) stops the export as it stops a fetch:
        // nothing more is encoded or written, the temporary file is removed and FILE left as it
        // was. A million-line history took 30 s and then replaced the file all the same.
        var cancelled = false
        // Checked before writing: a FILE that did not exist is wx's output only by its name.
        let isStandardOutput = FileIO.isStandardOutput(full)
        do {
            try FileIO.writeUserFile(full) { out in
                do throws(StoreError) {
                    count = try StreamedText.exportData(records, kind: kind, format: format) { text in
                        if cancelled || Task.isCancelled {
                            cancelled = true
                            return
                        }
                        out.write(text)
                    }
                    // The log's read stops at the cancellation (within 256 KiB) and may pass
                    // no record after it: FILE is not replaced by the part read.
                    if Task.isCancelled { cancelled = true }
                    return !cancelled
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw .storage("\(kind.rawValue) not exported: \(error.description)")
        }
        if cancelled { throw .cancelled }
        if let failure { throw ShellError(failure) }
        // Into wx's own output (`export favorites /dev/stdout > f`) the records alone, as `export`
        // without FILE writes them: "1 favorite exported…" after them broke the file's import.
        if isStandardOutput { return [] }
        return [.exported(kind, count: count, format: format, path: full)]
    }

    /// The full path `export` writes to; refused when it names one of wx's own files.
    func exportTarget(_ kind: ExportKind, _ path: String) throws(ShellError) -> String {
        let full = configuration.expandPath(path)
        if let own = ownFile(at: full) {
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

    /// The file of wx's own that `path` names — state.plist, log.jsonl, a copy set aside, a lock,
    /// a cache entry, and the files read at the interactive start (wxrc, ~/.editrc), which an
    /// export would turn into commands run at the next start — found by device and inode, so that
    /// a symbolic link, a hard link or another spelling of the path is caught too. Where nothing
    /// is there yet, the file a write would create (through a symbolic link to nothing, or not)
    /// is compared by its folder's device and inode and its name: a first `export favorites
    /// ~/.config/wx/wxrc` would make the start-up file as surely as a second. Nil when it names
    /// none of them.
    func ownFile(at path: String) -> String? {
        let files = POSIXFileSystem()
        var candidates = [configuration.startupFile] + (configuration.lineEditorFile.map { [$0] } ?? [])
        guard let target = FileIO.identity(of: path) else {
            return ownFileAWriteWouldCreate(at: Self.linkTarget(of: path) ?? path, startupFiles: candidates)
        }
        for folder in Set([configuration.configFolder, configuration.stateFolder]) {
            candidates += files.names(in: folder).filter(Self.isOwnName).map { folder + "/" + $0 }
        }
        for folder in Set([configuration.cacheFolder, configuration.runtimeFolder]) {
            candidates += files.names(in: folder).map { folder + "/" + $0 }
        }
        return candidates.first { FileIO.identity(of: $0) == target }
    }

    /// Whether a file named `name` in one of wx's folders is one wx reads or writes there.
    private static func isOwnName(_ name: String) -> Bool {
        name.hasPrefix("state.plist") || name.hasPrefix("log.jsonl") || name == ".wx.lock" || name == "wxrc"
    }

    /// The path a symbolic link at `path` points to, made absolute against the link's folder;
    /// nil when `path` is not a link.
    private static func linkTarget(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/" + target
    }

    /// The file of wx's own that writing `path`, where nothing is yet, would create: one of the
    /// files read at start (`startupFiles`), or a file of wx's own name in one of its folders —
    /// the same folder (by device and inode) and the same name. Nil for anything else.
    private func ownFileAWriteWouldCreate(at path: String, startupFiles: [String]) -> String? {
        func split(_ path: String) -> (folder: String, name: String)? {
            guard let slash = path.lastIndex(of: "/") else { return nil }
            let folder = String(path[..<slash])
            return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
        }
        guard let (folder, name) = split(path), let folderIdentity = FileIO.identity(of: folder) else { return nil }
        if let startup = startupFiles.first(where: { file in
            split(file).map { $0.name == name && FileIO.identity(of: $0.folder) == folderIdentity } ?? false
        }) {
            return startup
        }
        guard Self.isOwnName(name) else { return nil }
        let folders = [configuration.configFolder, configuration.stateFolder, configuration.cacheFolder]
        guard let own = folders.first(where: { FileIO.identity(of: $0) == folderIdentity }) else { return nil }
        return own + "/" + name
    }

    /// The largest file `import favorites` reads: bytes.
    static let maximumImportBytes = 16 << 20

    /// The largest file `import snapshots|history` reads: bytes. Their import is whole or not
    /// at all, every record read and checked before any is written, so the file is read whole
    /// and held with its rows: 64 MB holds the export of a history of about 1.4 million
    /// commands (an export takes ~46 bytes a command; nu61: 400,000 commands exported as
    /// 18.6 MB were refused under the 16 MB of favorites, so wx could not read back what it
    /// wrote). Measured (debug build): a 9.6 MB export of 200,000 short commands peaks at
    /// 172 MB, a 17.7 MB one of 4,400 long ones at 104 MB — about 18 times the file at most, so
    /// a full 64 MB file of short commands needs about 1.2 GB.
    static let maximumLogImportBytes = 64 << 20

    func importFavorites(from path: String) throws(ShellError) -> [CommandResult] {
        let (full, text) = try importText(path)
        let read: (favorites: [DataExchange.ImportedFavorite], problems: [String])
        do { read = try DataExchange.favorites(from: text) } catch {
            throw .unreadableFile("\(full): \(error.description); nothing imported")
        }
        if !read.favorites.isEmpty {
            try FavoritesHandler.refuseWhileReadOnly("nothing imported from \(full)", persistence.state.readOnlyReason)
        }
        // Applied in one update — under the lock, against the favorites on disk then — so that
        // an import is whole or absent, never duplicates a place another wx added meanwhile, and
        // never gives a name another wx gave meanwhile. Sets, not searches of the list: linear in
        // the rows and the favorites.
        let items = read.favorites
        let outcome = Box((added: [Favorite](), alreadySaved: 0))
        // A favorite kept unreadable keeps its name (`FavoritesHandler.uniqueName(for:in:)`),
        // and its place when it may be the item's (`KeptFavorites.entry(mayBe:at:)`): that one is
        // saved already, as `fav` says.
        func add(to favorites: inout [Favorite], keeping kept: KeptFavorites) -> (
            added: [Favorite], alreadySaved: Int
        ) {
            var added: [Favorite] = []
            var alreadySaved = 0
            var places = Set(favorites.map(\.coordinate))
            var names = FavoriteNames(favorites.map(\.name) + kept.names)
            for item in items {
                guard places.insert(item.coordinate).inserted, kept.entry(mayBe: item.name, at: item.coordinate) == nil
                else {
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
        outcome.value = add(to: &preview, keeping: persistence.state.document.unreadableFavorites)
        let saved =
            outcome.value.added.isEmpty
            ? []
            : persistence.persist { document throws(ShellError) in
                outcome.value = add(to: &document.favorites, keeping: document.unreadableFavorites)
            }
        return HandlerOutcome.acknowledged(
            .imported(
                added: outcome.value.added, alreadySaved: outcome.value.alreadySaved, problems: read.problems,
                path: full),
            unless: saved)
    }
}
