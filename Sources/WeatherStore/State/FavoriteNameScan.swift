import CMappedFile
import FoundationEssentials
import WXBasics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The favorites' names read from a state.plist in pieces, without decoding the document: the
/// shell completion scripts (`wx --complete`) run at every Tab, and decoding 100,000 favorites
/// took 91 MB and most of a second for the names alone.
///
/// It reads the file where it lies in the page cache, `window` bytes mapped at a time
/// (`CMappedFile`; `chunk` bytes at a time through a buffer when it cannot be mapped), finds the `favorites` key's array, and reads each
/// `<dict>…</dict>` in it as `StatePlistReader` does (the favorite's name sanitized and trimmed as
/// `document` gives it). Wherever that reader would answer nil — a favorite left out, another
/// layout, an entity other than the five XML ones — and for comments, CDATA, a 0 byte, a
/// favorite's bytes that are not UTF-8 or an element longer than a piece, the scan answers nil and
/// the caller decodes the document whole. What lies after the array is not read (a document
/// whose other parts `document` refuses still has these favorites for the reference).
enum FavoriteNameScan {
    /// Bytes read at a time: small enough that the buffer stays in the processor's cache while
    /// the kernel copies into it (reading 28 MB took 16 ms of CPU in 1 MB pieces, 5 ms in 128 KB
    /// pieces), large enough for any favorite.
    static let chunk = 128 << 10

    /// Bytes mapped at a time: the scan reads the page cache where it lies, no copy into a buffer
    /// (read(2)'s copy was a fifth of a Tab that reads a 28 MB state.plist; mapped, the Tab took
    /// 4 % less CPU, 30 runs interleaved). A window at a time keeps the pages counted in the
    /// process's memory to one window's (the whole file mapped and read is its size).
    static let window = 1 << 20

    /// The names of the favorites in the file at `path`, in order; nil when it is not a regular
    /// file, is shorter than `smallest` bytes (decoded whole faster than it is scanned), or holds
    /// anything the scan does not read for certain (see above), or shrank while read.
    ///
    /// - Parameters:
    ///   - chunk: bytes read at a time when the file is read through a buffer.
    ///   - window: bytes mapped at a time, rounded up to whole pages; nil: read through a buffer.
    static func names(path: String, smallest: Int = 256 << 10, chunk: Int = chunk, window: Int? = window) -> [String]? {
        list(path: path, smallest: smallest, chunk: chunk, window: window)?.strings
    }

    /// `names(path:smallest:chunk:window:)` as bytes: no `String` made for each name.
    /// `mapped`: called after each window is mapped (tests: the file changed under the scan).
    static func list(
        path: String, smallest: Int = 256 << 10, chunk: Int = chunk, window: Int? = window,
        mapped: (() -> Void)? = nil
    ) -> FavoriteNameList? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= smallest else {
            return nil
        }
        let size = Int(info.st_size)
        if let window, let scanned = Self.mapped(descriptor, size: size, window: window, then: mapped) {
            return scanned
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: chunk + 1)
        return buffer.withUnsafeMutableBytes { raw -> FavoriteNameList? in
            build(size: size) { names in
                var scan = Scan(room: raw, names: names)
                return scan.run(descriptor)
            }
        }
    }

    /// The names of the file open as `descriptor`, `size` bytes, read `window` bytes mapped at a
    /// time: `.some(nil)` when the scan is not sure or the file shrank while mapped (its pages
    /// past the new end read as zeros, which the scan refuses); nil when its first window could
    /// not be mapped: read it through a buffer then.
    private static func mapped(_ descriptor: Int32, size: Int, window: Int, then: (() -> Void)?) -> FavoriteNameList?? {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let window = max(page, (window + page - 1) / page * page)
        var everMapped = false
        let names = build(size: size) { names in
            var scan = Scan(mapping: Scan.Mapping(size: size, window: window, page: page), names: names)
            scan.mapped = then
            defer { wx_unmap_window() }
            let read = scan.run(descriptor)
            everMapped = scan.mappedEnd > 0
            return read && wx_mapped_window_shrank() == 0
        }
        return everMapped ? .some(names) : nil
    }

    /// The list `fill` appends a file of `size` bytes' names to.
    private static func build(size: Int, _ fill: (FavoriteNameListBuilder) -> Bool) -> FavoriteNameList? {
        // A favorite takes 200 bytes or more of the file, its name fewer than 100: room for
        // more, never moved as it fills (the old and the new room at once, and the copy).
        FavoriteNameListBuilder.build(bytes: size / 2 + size / 64, count: size / 64, fill)
    }

    /// The scan over the file's bytes, a window or a buffer of them at a time.
    private struct Scan {
        /// A file read mapped: its size, the bytes mapped at a time (whole pages), the page size.
        struct Mapping {
            let size: Int
            let window: Int
            let page: Int
        }

        /// The bytes of the file the scan holds: `filled` of them from here.
        var base: UnsafeMutableRawPointer
        /// The buffer read into, when the file is read through one.
        let room: UnsafeMutableRawBufferPointer?
        let mapping: Mapping?
        /// Where in the file `base` is, and where the window mapped ends (mapped files).
        var offset = 0
        var mappedEnd = 0
        /// `list`'s `mapped`.
        var mapped: (() -> Void)?
        /// Bytes from `base` holding the file, and where the scan is in them.
        var filled = 0
        var position = 0
        var atEnd = false
        /// Bytes from `base` before this looked at for a 0 byte, a comment and CDATA (`isClean`).
        var checked = 0
        let names: FavoriteNameListBuilder
        /// The layout of the last favorite read in one pass, which the next ones are compared
        /// with first.
        var layout: FavoriteLayout?

        init(room: UnsafeMutableRawBufferPointer, names: FavoriteNameListBuilder) {
            base = room.baseAddress!
            self.room = room
            mapping = nil
            self.names = names
        }

        init(mapping: Mapping, names: FavoriteNameListBuilder) {
            // Nothing held until the first window is mapped (`refill`).
            base = UnsafeMutableRawPointer(bitPattern: 1)!
            room = nil
            self.mapping = mapping
            self.names = names
        }

        static let favorites = Array("<key>favorites</key>".utf8)
        static let array = Array("<array>".utf8)
        static let dictEnd = Array("</dict>".utf8)
        /// Markup the scan refuses anywhere: comments and CDATA (`<!DOCTYPE` is fine).
        static let comment = Array("<!--".utf8)
        static let data = Array("<![CDATA[".utf8)

        /// Whether `refill` brings bytes after those held: not when a buffer is full from the
        /// scan's position (an element longer than a buffer is not read for certain).
        var mayRefill: Bool {
            guard !atEnd else { return false }
            guard let room else { return true }
            return position > 0 || filled < room.count - 1
        }

        /// Keeps the bytes from the scan's position and gets more after them: the window mapped
        /// from that position's page, or what is left moved to the start of the buffer and more
        /// read after it. False on a failed read or mapping, or a window that would end where the
        /// last one did (an element longer than a window); `atEnd` set then and at the end of
        /// the file.
        mutating func refill(_ descriptor: Int32) -> Bool {
            guard let room else { return remap(descriptor) }
            let left = filled - position
            if position > 0, left > 0 { memmove(base, base + position, left) }
            filled = left
            checked = max(0, checked - position)
            position = 0
            base.storeBytes(of: 0, toByteOffset: filled, as: UInt8.self)
            // The last byte of the buffer is kept for the 0 after what was read.
            while filled < room.count - 1 {
                let count = read(descriptor, base + filled, room.count - 1 - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    atEnd = true
                    return count == 0
                }
                filled += count
                base.storeBytes(of: 0, toByteOffset: filled, as: UInt8.self)
                return true
            }
            return true
        }

        /// `refill` of a mapped file: the window from the page of the scan's position, a window
        /// longer than the last when that would end no further (an element longer than what was
        /// left of it), up to eight windows.
        mutating func remap(_ descriptor: Int32) -> Bool {
            guard let mapping else { return false }
            let keep = offset + position
            let start = keep / mapping.page * mapping.page
            let length = mappedEnd - start < mapping.window ? mapping.window : mappedEnd - start + mapping.window
            let end = min(start + length, mapping.size)
            guard end > mappedEnd, end - start <= 8 * mapping.window,
                let window = wx_map_window(descriptor, end - start, off_t(start))
            else {
                atEnd = true
                return false
            }
            mapped?()
            base = window + (keep - start)
            offset = keep
            mappedEnd = end
            filled = end - keep
            checked = max(0, checked - position)
            position = 0
            atEnd = end == mapping.size
            return true
        }

        /// Whether the bytes read from the scan's position on hold no 0 byte (never in a property
        /// list), comment or CDATA, which the scan refuses (not read for certain): looked for once
        /// in each byte, from a few bytes before those looked at already, for one that straddles
        /// two reads. Asked before anything but a favorite's layout reads them: a favorite in the
        /// layout (`FavoriteLayout.name`) holds none of them — its markup is a favorite's read
        /// after this check, its values printable ASCII without `<`, or a real — so the bytes it
        /// takes, nearly all of a large file, are not looked at twice (two `memchr` passes over
        /// 28 MB at 100,000 favorites).
        mutating func isClean() -> Bool {
            guard checked < filled else { return true }
            let from = max(0, max(checked, position) - Self.data.count)
            let base = UnsafeRawPointer(base)
            checked = filled
            return memchr(base + from, 0, filled - from) == nil && !hasCommentOrData(from: from)
        }

        /// Whether a comment or CDATA starts in the buffer from `from` (before `filled`): both
        /// looked for at once, at each "!" (one pass over what was read, not one each).
        func hasCommentOrData(from: Int) -> Bool {
            let base = UnsafeRawPointer(base)
            var at = from + 1
            while at < filled, let found = memchr(base + at, Int32(UInt8(ascii: "!")), filled - at) {
                let start = base.distance(to: UnsafeRawPointer(found)) - 1
                for needle in [Self.comment, Self.data] where start + needle.count <= filled {
                    if needle.withUnsafeBytes({ memcmp(base + start, $0.baseAddress!, needle.count) }) == 0 {
                        return true
                    }
                }
                at = start + 2
            }
            return false
        }

        /// Where `needle` starts in the buffer from `from` (before `filled`); nil when not there.
        /// Looked for by its byte at `anchor`, chosen rare in a property list ("!" of a comment or
        /// CDATA, "d" of "</dict>", "f" of the favorites' key), with `memchr`, each place it is
        /// found compared whole: C's `strstr` (glibc's generic two-way search for these needles)
        /// was the largest part of a scan of 100,000 favorites.
        func find(_ needle: [UInt8], anchor: Int, from: Int) -> Int? {
            let base = UnsafeRawPointer(base)
            var at = from + anchor
            while at < filled, let found = memchr(base + at, Int32(needle[anchor]), filled - at) {
                let start = base.distance(to: UnsafeRawPointer(found)) - anchor
                guard start + needle.count <= filled else { return nil }
                if needle.withUnsafeBytes({ memcmp(base + start, $0.baseAddress!, needle.count) }) == 0 { return start }
                at = start + anchor + 1
            }
            return nil
        }

        /// Appends the favorites' names to `names`; false when something is not read for certain.
        mutating func run(_ descriptor: Int32) -> Bool {
            guard refill(descriptor) else { return false }
            // To the favorites' array: the one key of that name, at the top (keys are never in
            // text, where "<" is "&lt;").
            while true {
                guard isClean() else { return false }
                if let key = find(Self.favorites, anchor: 5, from: position) {
                    position = key + Self.favorites.count
                    break
                }
                guard !atEnd else { return false }
                position = max(position, filled - (Self.favorites.count - 1))
                guard refill(descriptor) else { return false }
            }
            var opened = false
            while true {
                switch favorite(opened: &opened) {
                case .name: continue
                case .end: return true
                case .refused: return false
                case .more:
                    // The element runs past the bytes held: more from where it starts.
                    guard mayRefill else { return false }
                    guard refill(descriptor) else { return false }
                }
            }
        }

        /// Whether every byte of `bytes` is below 0x80, looked at eight at a time.
        static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
            var index = 0
            var high: UInt64 = 0
            while index + 8 <= bytes.count {
                high |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
            }
            while index < bytes.count {
                high |= UInt64(bytes[index])
                index += 1
            }
            return high & 0x8080_8080_8080_8080 == 0
        }

        /// What the scan found next.
        enum Step {
            /// A favorite's name, appended to `names`: the scan moved past its element.
            case name
            /// The end of the favorites' array.
            case end
            /// Something not read for certain.
            case refused
            /// The element runs past the bytes read (the scan not moved past it).
            case more
        }

        /// The next step through the favorites' array (`opened`: its `<array>` already passed).
        mutating func favorite(opened: inout Bool) -> Step {
            let bytes = UnsafeRawBufferPointer(start: base, count: filled)
            var index = position
            func space() {
                while index < filled {
                    switch bytes[index] {
                    case 0x20, 0x09, 0x0A: index += 1
                    default: return
                    }
                }
            }
            // Compared as two overlapping words (`<array>`, `<dict>`…: 6 to 8 bytes), not by a
            // call to memcmp of a global array (a `swift_once` each).
            func starts(_ literal: StaticString) -> Bool? {
                let length = literal.utf8CodeUnitCount
                guard index + length <= filled else { return nil }
                let here = UnsafeRawPointer(bytes.baseAddress! + index)
                let there = UnsafeRawPointer(literal.utf8Start)
                return here.loadUnaligned(as: UInt32.self) == there.loadUnaligned(as: UInt32.self)
                    && here.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                        == there.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            }
            space()
            if !opened {
                guard isClean() else { return .refused }
                // No favorites: PropertyListEncoder writes an empty array so.
                guard let empty = starts("<array/>") else { return .more }
                if empty { return .end }
                guard let array = starts("<array>") else { return .more }
                guard array else { return .refused }
                index += Self.array.count
                position = index
                opened = true
                space()
            }
            // Most favorites are in the layout of the one before, with the same white space
            // before them: their markup compared from the end of the one before (the space, then
            // `<dict>`, so not the array's end), their values checked, one after another here
            // until one is not (a call of this step and its look at the space for each of
            // 100,000 favorites was ~7 % of a Tab that reads state.plist). Else read in one pass
            // without being built (its layout kept for the next); any other is read as the
            // document reader reads it.
            let read = UnsafeRawBufferPointer(start: bytes.baseAddress, count: filled)
            if let layout {
                // In one run in C, the favorites it leaves (a real read by its value, the last
                // ones before the end of the bytes held) read here one at a time.
                var took = false
                while true {
                    let after = layout.appendNames(read, from: position, to: names)
                    if after != position {
                        position = after
                        took = true
                    }
                    guard let found = layout.name(read, at: position) else { break }
                    position = found.end
                    // At least "</string></dict>" follows the name in its element: 16 bytes can
                    // be read from its start.
                    names.appendReadable16(UnsafeRawBufferPointer(rebasing: read[found.name]))
                    took = true
                }
                if took { return .name }
            }
            guard isClean() else { return .refused }
            guard let end = starts("</array>") else { return .more }
            if end { return .end }
            guard let dict = starts("<dict>") else { return .more }
            guard dict else { return .refused }
            if let plain = StatePlistReader.plainFavoriteName(read, at: index) {
                layout = FavoriteLayout(read, lead: position, start: index, end: plain.end)
                position = plain.end
                names.append(plain.name)
                return .name
            }
            // A favorite holds no dictionary: its element ends at the next "</dict>".
            guard let close = find(Self.dictEnd, anchor: 2, from: index) else { return .more }
            let element = UnsafeBufferPointer(
                start: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + index,
                count: close + Self.dictEnd.count - index)
            // The reference refuses bytes that are not UTF-8 (checked only where one is not ASCII).
            guard Self.isASCII(UnsafeRawBufferPointer(element)) || String(validating: element, as: UTF8.self) != nil,
                let favorite = StatePlistReader.favorite(element)
            else { return .refused }
            position = close + Self.dictEnd.count
            names.append(favorite.name)
            return .name
        }
    }
}
