import Dispatch
import FoundationEssentials
import Synchronization
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// Favorites and settings in `state.plist`: read at start, re-read when another process
/// changed the file, and written whole and atomically under the folder's lock.
///
/// A change is a function on the document, so it can be applied again on top of what another
/// process wrote in between (no lost updates), and kept in memory when the disk refuses it
/// (full, read-only): the next successful write saves every pending change.
package final class StateStore {
    /// An edit of the document as kept to be applied again; one that does not apply to what is
    /// on disk then (a name taken meanwhile) is left out.
    typealias Change = (inout StateDocument) -> Void

    package let path: String
    let folder: String
    /// The document as this session sees it: the file plus changes not yet saved. Read from
    /// disk at the first access.
    package var document: StateDocument {
        if !loadedOnce { refresh() }
        return current
    }
    private var current = StateDocument() { didSet { generation &+= 1 } }

    /// The settings as `document.settings` gives them, read without decoding the favorites
    /// while the document has not been read (`StatePlistReader.settings`): `saved` with 10,000
    /// favorites spent 12 ms of its 16 ms CPU decoding them only to learn the units. Anything
    /// that fast reading does not take (an older or newer version, a file it would not read,
    /// changes not yet saved) goes the whole way, through `document`.
    package var settings: Settings {
        // Not waiting for the background decode (`startPreload`) either: a scan of the bytes
        // takes a millisecond or two where the decode takes 12.
        guard !loadedOnce, pending.isEmpty, let version = fileSystem.version(of: path) else {
            return document.settings
        }
        if let alone = settingsAlone, alone.version == version { return alone.settings }
        guard let data = try? fileSystem.contents(of: path, limit: Self.maximumBytes),
            UTF8Validity.isValid(data), let settings = StatePlistReader.settings(data)
        else { return document.settings }
        settingsAlone = (version, settings)
        return settings
    }
    /// What `settings` read, and of which version of the file.
    private var settingsAlone: (version: FileVersion, settings: Settings)?
    /// Changes each time `document` may have changed (re-read or changed here), so that what
    /// is derived from it (tab completion's names) is worked out again only then.
    package private(set) var generation = 0
    /// Why the file cannot be written (it did not parse, or is of a newer version); nil when fine.
    package private(set) var readOnlyReason: StateProblem?
    private var pending: [Change] = []
    /// The document as this session last read it from a readable file or wrote it: what it
    /// keeps when another program damages the file under it (`damagedOnDisk`).
    private var lastGood: StateDocument?
    /// Where the file another program damaged while this session ran was copied aside (empty
    /// when the copy failed); nil while the file on disk is fine. The session then keeps
    /// `lastGood`, and its next write puts it back.
    package private(set) var damagedOnDisk: String?
    private var loadedVersion: FileVersion?
    private var loadedOnce = false
    private let now: () -> Date
    private let fileSystem: any FileSystem
    /// The file system's time, nanoseconds since 1970, that state.plist's times must be older
    /// than for its names file to be written (`FavoriteNamesFile.reading`), as completion's
    /// `clock` (tests); nil: the time the file system gives the names file's temporary.
    package var namesClock: Int?

    /// - Parameters:
    ///   - folder: the folder holding `state.plist`.
    ///   - now: the clock, for naming a file set aside.
    ///   - fileSystem: where the file is read and written (`POSIXFileSystem` in the product).
    package init(folder: String, now: @escaping () -> Date, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.folder = folder
        self.path = folder + "/state.plist"
        self.now = now
        self.fileSystem = fileSystem
    }

    /// The deepest nesting of elements a state.plist may have. wx writes 5 levels (plist, the
    /// document, favorites, a favorite, a value); FoundationEssentials' PropertyListDecoder
    /// recurses once a level and overflows the stack at some thousands.
    static let maximumDepth = 64

    /// Decodes a state.plist's bytes; nil when they are not a readable document.
    ///
    /// wx writes XML property lists, which are UTF-8 text; bytes that are not are refused before
    /// the parser sees them: FoundationEssentials' XML property-list parser stops the process
    /// (a fatal error in CodableUtilities.swift) on eight or more invalid UTF-8 bytes inside an
    /// element — found by `make fuzz` (Fixtures/fuzz-regressions/state-plist).
    ///
    /// The nesting is bounded before `PropertyListDecoder` recurses (`maximumDepth`): 10,000
    /// levels overflowed its stack.
    ///
    /// A binary property list (`bplist00`, what `plutil -convert binary1` writes) is the same
    /// document in another form: read by `PropertyListDecoder` once its object graph is checked
    /// (`BinaryPlistShape`), and written back as XML at the next change.
    ///
    /// A document in the shape wx writes is read by `StatePlistReader`; anything else (unknown
    /// keys, entries that are left out, another writer's layout) by `PropertyListDecoder`.
    static func decodeDocument(_ data: Data) -> StateDocument? {
        if BinaryPlistShape.isBinary(data) {
            guard BinaryPlistShape.isReadable(data, depthLimit: maximumDepth) else { return nil }
            return referenceDecode(data)
        }
        guard UTF8Validity.isValid(data) else { return nil }
        // The fast reader never recurses (its nesting is fixed, five deep at most): only the
        // reference needs the depth bounded first.
        if let document = StatePlistReader.document(data) { return document }
        guard xmlDepth(data, within: maximumDepth) else { return nil }
        return referenceDecode(data)
    }

    /// `PropertyListDecoder`'s reading of `data`, which the caller has checked as `decodeDocument`
    /// does; what `StatePlistReader` must agree with.
    static func referenceDecode(_ data: Data) -> StateDocument? {
        try? PropertyListDecoder().decode(StateDocument.self, from: data)
    }

    /// Whether the XML elements in `data` nest at most `limit` deep: one pass over the bytes,
    /// counting `<name …>` in and `</name>` out (`<name/>`, `<?…>` and `<!…>` do not nest).
    /// Text that only looks like a tag (inside a comment) can only make it stricter.
    static func xmlDepth(_ data: Data, within limit: Int) -> Bool {
        data.withUnsafeBytes { bytes in
            var depth = 0
            var index = 0
            let count = bytes.count
            while index < count {
                // The next "<", found with memchr: most of a state.plist is text between tags.
                guard let found = memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "<")), count - index) else {
                    break
                }
                index = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
                guard index + 1 < count else { break }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    continue
                }
                var end = index + 1
                while end < count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                let opens = next != UInt8(ascii: "?") && next != UInt8(ascii: "!")
                if opens, end < count, bytes[end - 1] != UInt8(ascii: "/") {
                    depth += 1
                    if depth > limit { return false }
                }
                index = end + 1
            }
            return true
        }
    }

    /// The favorites' names in `folder`'s state.plist, for the shell completion scripts, which
    /// run at every Tab; nothing set aside, nothing locked. From the names file beside it
    /// (`FavoriteNamesFile`) when that was made from state.plist as it is, else from state.plist
    /// (`plistFavoriteNames`) — and then the names file is written, so that the next Tab reads
    /// it (a state.plist not written by wx — an older wx, an editor, a copy — cost every Tab
    /// 100 ms at 100,000 favorites), unless state.plist changed within the file system's current
    /// clock step (`FavoriteNamesFile.reading`). Not written under the lock: a names file of
    /// another version is never read, so a race costs a later Tab a read of state.plist, never
    /// a wrong name.
    ///
    /// - Parameter clock: the file system's time, nanoseconds since 1970, that state.plist's
    ///   times must be older than for the names file to be written (tests); nil: the time the
    ///   file system gives the names file's temporary file, made before state.plist is read.
    package static func favoriteNames(folder: String, clock: Int? = nil) -> [String] {
        favoriteNameList(folder: folder, clock: clock).strings
    }

    /// `favoriteNames(folder:clock:)` as bytes: a `String` is made only for a name the caller
    /// takes (`wx --complete -- show Place 1234`: 11 of 100,000).
    package static func favoriteNameList(folder: String, clock: Int? = nil) -> FavoriteNameList {
        if let names = FavoriteNamesFile.list(folder: folder) { return names }
        return FavoriteNamesFile.reading(folder: folder, POSIXFileSystem(), clock: clock) {
            readPlistFavoriteNames(folder: folder)
        } ?? FavoriteNameList()
    }

    /// The favorites' names read from `folder`'s state.plist itself: a large file is scanned for
    /// them in pieces (`FavoriteNameScan`), else decoded whole.
    static func plistFavoriteNames(folder: String) -> [String] {
        readPlistFavoriteNames(folder: folder)?.strings ?? []
    }

    /// `plistFavoriteNames(folder:)`; nil when state.plist cannot be read or decoded.
    private static func readPlistFavoriteNames(folder: String) -> FavoriteNameList? {
        if let names = FavoriteNameScan.list(path: folder + "/state.plist") { return names }
        guard let data = FileIO.read(folder + "/state.plist"),
            let document = Self.decodeDocument(data)
        else { return nil }
        return FavoriteNameList(document.favorites.map(\.name))
    }

    /// Whether some changes exist only in memory.
    package var hasUnsavedChanges: Bool { !pending.isEmpty }

    /// Reads the file if it changed since the last read (or was never read).
    ///
    /// - A file that does not parse is copied aside (`state.plist.corrupt-<time>`, once per
    ///   distinct content) and the store turns read-only until `reset()`.
    /// - A file of a newer format version is shown as far as it can be read, read-only.
    /// - Entries that cannot be read (one favorite, a setting) are left out of the document and
    ///   kept as they were, to be written back in their place (`KeptFavorites`,
    ///   `Settings.unreadableKept`); when one cannot be kept (a `favorites` that is not an array)
    ///   the file as it was is copied aside first, so the next write loses nothing that is not in
    ///   the copy.
    ///
    /// - Returns: a warning to show once, when the file could not be used as it is.
    @discardableResult
    package func refresh() -> StateWarning? {
        let version = fileSystem.version(of: path)
        // A file that could not be read is tried again each time: fixing its permissions
        // changes neither its size nor its modification time.
        guard !loadedOnce || version != loadedVersion || couldNotRead else { return nil }
        let previousReason = readOnlyReason
        loadedOnce = true
        loadedVersion = version
        readOnlyReason = nil
        var base = StateDocument()
        var warning: StateWarning?
        let preloaded = version.flatMap { preload.take(version: $0) }
        // Only a file that is not there is empty: one that is there and cannot be read
        // (permissions, a folder or FIFO in its place, an I/O error) is never replaced.
        var data = preloaded?.data
        do throws(FileError) {
            if data == nil { data = try fileSystem.contents(of: path, limit: Self.maximumBytes) }
        } catch {
            readOnlyReason = .notReadable(error)
            current = Self.applying(pending, to: base)
            // Said once, not at every look.
            return readOnlyReason == previousReason ? nil : readOnlyReason.map(StateWarning.readOnly)
        }
        if let data {
            let decoded = preloaded.map(\.document) ?? (Self.decodeDocument(data))
            if let decoded, decoded.version > StateDocument.currentVersion || decoded.version < 1 {
                base = decoded
                readOnlyReason = .unknownVersion(decoded.version)
                warning = readOnlyReason.map(StateWarning.readOnly)
            } else if let decoded {
                base = decoded
                lastGood = decoded
                damagedOnDisk = nil
                if decoded.unkeptEntries > 0 {
                    warning = .entriesLeftOut(count: decoded.unreadableEntries, copy: setAside(data))
                } else if decoded.unreadableEntries > 0 {
                    // Each is written back as it was: no copy needed (one a change would make).
                    warning = .entriesKept(count: decoded.unreadableEntries)
                }
                // A state.plist wx did not write (an older wx, an editor, a copy): its names file
                // is made now, so that the next Tab reads it — as completion makes it, the names
                // read again once its temporary stands (not the ones decoded above, read before
                // it: a change within the same clock step could keep the version they were of).
                if let version, !FavoriteNamesFile.isCurrent(folder: folder, plist: version) {
                    writeNamesFile()
                }
            } else if let lastGood {
                // Damaged under this session (truncated, overwritten by another program): what
                // the session read is kept, not dropped for the damage, and written back at the
                // next change; the damaged file is copied aside first, as at start.
                base = lastGood
                let copy = setAside(data) ?? ""
                if damagedOnDisk != copy {
                    warning = .damagedUnderSession(copy: copy.isEmpty ? nil : copy, favorites: lastGood.favorites.count)
                }
                damagedOnDisk = copy
            } else {
                readOnlyReason = .unreadable(copy: setAside(data))
                warning = readOnlyReason.map(StateWarning.readOnly)
            }
        }
        current = Self.applying(pending, to: base)
        return warning
    }

    /// The largest state.plist read: bytes.
    static let maximumBytes = 256 << 20

    /// Copies `data` to `state.plist.corrupt-<UTC time>` unless an earlier copy holds the same
    /// bytes; returns the copy's path (nil when the copy failed).
    private func setAside(_ data: Data) -> String? {
        if let copy = existingCopy(of: data) { return copy }
        let aside = FileIO.unusedName(path + ".corrupt-" + timeSuffix())
        return (try? fileSystem.replace(aside, with: [UInt8](data))) != nil ? aside : nil
    }

    /// An earlier copy set aside (`state.plist.corrupt-…`, `state.plist.reset-…`) that holds
    /// exactly `data`, newest first; nil when there is none.
    private func existingCopy(of data: Data) -> String? {
        let prefixes = ["state.plist.corrupt-", "state.plist.reset-"]
        for name in fileSystem.names(in: folder).sorted().reversed()
        where prefixes.contains(where: { name.hasPrefix($0) }) {
            if (try? fileSystem.contents(of: folder + "/" + name, limit: Self.maximumBytes)) == data {
                return folder + "/" + name
            }
        }
        return nil
    }

    /// The time now as it names a file set aside: "20261130T120000Z".
    private func timeSuffix() -> String { ISOTime.string(now()).filter { $0 != ":" && $0 != "-" } }

    /// Decodes state.plist on another thread, for the next `refresh()` to adopt if the file has
    /// not changed meanwhile; that `refresh()` waits for it rather than decode the file twice.
    /// wx calls it at start: a state of thousands of favorites then decodes while the command
    /// reads the log or waits for a service, and the first Tab of the interactive shell does not
    /// wait for it. A file under `preloadFrom` bytes is left to the first `refresh()`.
    package func startPreload() {
        let path = self.path
        let fileSystem = self.fileSystem
        // A small file decodes in well under a millisecond: not worth a thread at every start.
        guard let size = fileSystem.version(of: path)?.size, size >= Self.preloadFrom else { return }
        preload.start {
            guard let version = fileSystem.version(of: path),
                let data = try? fileSystem.contents(of: path, limit: StateStore.maximumBytes),
                let document = StateStore.decodeDocument(data)
            else { return nil }
            return Preloaded(version: version, data: data, document: document)
        }
    }

    private let preload = PreloadBox()

    /// Whether `startPreload`'s decode is still under way, so that `refresh()` would wait for
    /// it; never waits itself.
    package var isPreloading: Bool { preload.isRunning }

    /// The smallest state.plist decoded in the background, bytes (about 200 favorites).
    static let preloadFrom = 64 << 10

    /// Whether the file was there and could not be read at the last look.
    private var couldNotRead: Bool {
        if case .notReadable = readOnlyReason { return true }
        return false
    }

    /// Whether favorites and settings cannot be saved now (see `readOnlyReason`).
    package var isReadOnly: Bool { readOnlyReason != nil }

    /// Why `update(checking:)` did not save a change.
    package enum UpdateFailure<Refusal: Error>: Error {
        /// The change itself refused (a name taken): nothing changed.
        case refused(Refusal)
        /// The change holds in memory but could not be saved (the file is read-only, the write
        /// failed); the next write that succeeds saves it.
        case notSaved(StoreError)
    }

    /// Applies `change` in memory, then to the latest document on disk, and writes the result,
    /// under the folder's lock.
    ///
    /// - Parameter change: an edit that may refuse; applied again on top of what another process
    ///   wrote meanwhile, where a refusal leaves it out.
    /// - Throws: `.refused` with what `change` threw (nothing changes then); `.notSaved` when the
    ///   file is read-only or the write fails — the change then holds in memory and is saved by
    ///   the next write that succeeds — or when Ctrl-C ended the wait for the lock another process
    ///   held (`LockWaitEnd.cancelled`): the change is then undone in memory too.
    package func update<Refusal: Error>(
        checking change: @escaping (inout StateDocument) throws(Refusal) -> Void
    ) throws(UpdateFailure<Refusal>) {
        var updated = document
        do { try change(&updated) } catch { throw .refused(error) }
        let before = current
        current = updated
        pending.append { document in try? change(&document) }
        do { try save() } catch {
            // Ctrl-C while another process held the lock: the change is undone, not kept to be
            // saved by a later one the user never connects with it.
            if error.lockWaitEnd == .cancelled {
                pending.removeLast()
                current = before
            }
            throw .notSaved(error)
        }
    }

    /// Applies `change`, which always applies, as `update(checking:)` does.
    ///
    /// - Throws: `StoreError` when the file is read-only or the write fails; the change then holds
    ///   in memory and is saved by the next write that succeeds.
    package func update(_ change: @escaping (inout StateDocument) -> Void) throws(StoreError) {
        do { try update(checking: change) } catch {
            switch error {
            case .notSaved(let failure): throw failure
            case .refused(let never): switch never {}
            }
        }
    }

    /// Writes the pending changes on top of the file as it is now, under the lock.
    private func save() throws(StoreError) {
        if let readOnlyReason, !couldNotRead { throw .stateReadOnly(readOnlyReason) }
        try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) in
            loadedOnce = false
            refresh()
            if let readOnlyReason { throw .stateReadOnly(readOnlyReason) }
            try write(current)
            pending = []
        }
    }

    /// Starts over with an empty document (`reset state`), after moving whatever is at the
    /// file's path — unreadable, of a newer version, a folder — aside to
    /// `state.plist.reset-<UTC time>` (a rename: it works on a file wx cannot read, and never
    /// copies a large file), so that nothing is ever thrown away. A file whose bytes a copy set
    /// aside earlier already holds (`state.plist.corrupt-…`) is not kept twice.
    ///
    /// A file another program damaged while this session ran (`damagedOnDisk`) is already
    /// copied aside as it is; what the session kept of it is what is set aside then.
    ///
    /// The changes held in memory (`hasUnsavedChanges`) are applied to the empty document and
    /// saved with it; `document` then tells what they were.
    ///
    /// - Returns: where the old file's contents now are; nil when there was none.
    /// - Throws: `StoreError` when it cannot be moved aside or the new file cannot be written;
    ///   nothing changes then.
    @discardableResult
    package func reset() throws(StoreError) -> String? {
        try StoreFiles.locked(folder, fileSystem) { () throws(StoreError) -> String? in
            var aside: String?
            var info = stat()
            if damagedOnDisk != nil, let kept = try? Self.encoded(current) {
                let name = FileIO.unusedName(path + ".reset-" + timeSuffix())
                do throws(FileError) { try fileSystem.replace(name, with: kept) } catch { throw .file(error) }
                aside = name
            } else if lstat(path, &info) == 0 {
                let regular = (info.st_mode & S_IFMT) == S_IFREG
                let bytes = regular ? (try? fileSystem.contents(of: path, limit: Self.maximumBytes)) ?? nil : nil
                if let bytes, let copy = existingCopy(of: bytes) {
                    aside = copy
                } else {
                    let name = FileIO.unusedName(path + ".reset-" + timeSuffix())
                    do throws(FileError) { try fileSystem.rename(path, to: name) } catch { throw .file(error) }
                    aside = name
                }
            }
            // The changes held in memory (a `fav` or a setting the unusable file refused, which wx
            // said the next change that can be saved saves) go into the fresh file, not away
            // (nu61: `fav; reset state` lost Berlin without a word).
            let fresh = Self.applying(pending, to: StateDocument())
            try write(fresh)
            readOnlyReason = nil
            damagedOnDisk = nil
            pending = []
            loadedOnce = true
            current = fresh
            return aside
        }
    }

    private static func applying(_ changes: [Change], to base: StateDocument) -> StateDocument {
        var document = base
        for change in changes { change(&document) }
        return document
    }

    /// `document` as state.plist holds it: an XML property list of the current version.
    private static func encoded(_ document: StateDocument) throws(StoreError) -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        var document = document
        document.version = StateDocument.currentVersion
        do { return [UInt8](try encoder.encode(document)) } catch { throw .notEncodable(.state, detail: "\(error)") }
    }

    private func write(_ document: StateDocument) throws(StoreError) {
        try StoreFiles.replace(path, with: try Self.encoded(document), fileSystem)
        lastGood = document
        damagedOnDisk = nil
        loadedVersion = fileSystem.version(of: path)
        // Under the lock: the names file of the file just written, its names read back from it
        // as completion would read them there.
        if loadedVersion != nil { writeNamesFile() }
    }

    /// Writes the names file of state.plist as it is, read from it as completion reads it, when
    /// its version is certain to be the one read: not when state.plist changed within the file
    /// system's current clock step (`FavoriteNamesFile.reading`, the same check completion
    /// makes) — another program's second change there could keep its size, inode and times, and
    /// the names file would stand for it. That step is waited out (20 ms at most: `settle`);
    /// past it, none is written, and the next Tab writes it.
    private func writeNamesFile() {
        _ = FavoriteNamesFile.reading(folder: folder, fileSystem, clock: namesClock, settle: true) {
            Self.readPlistFavoriteNames(folder: folder)
        }
    }
}
