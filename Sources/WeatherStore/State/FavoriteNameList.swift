import CFavoriteLayout

/// The favorites' names as one run of UTF-8 bytes, each followed by "\n", and where each ends,
/// in the favorites' order: what `wx --complete` reads from state.plist or its names file, without
/// a `String` for each of 100,000 names when a few of them fit what was typed (a `String` a name
/// was 33 M instructions of 173 M at 100,000 favorites with no names file). The names that fit
/// are written as they lie, a line each: all 100,000 offered were a `String` each, gathered into
/// bytes again (56 M instructions).
package struct FavoriteNameList: Sendable, Equatable {
    /// Every name's bytes and a "\n", one after the other (a name holding a "\n" of its own still
    /// ends where `ends` says).
    package private(set) var bytes: [UInt8] = []
    /// Where each name ends in `bytes` (its "\n" is there; the next name starts after it): four
    /// bytes each, not eight (100,000 names).
    package private(set) var ends: [UInt32] = []
    /// Whether every name is only printable ASCII (space to tilde): one byte per character.
    package private(set) var isPrintableASCII = true
    /// `StreamingChecksum` of `bytes`, the names file's check, when it was taken as they were
    /// written (`FavoriteNameListBuilder`) or read (the names file); nil when not known. Not
    /// part of what the list is (`==`).
    private(set) var check: UInt64?

    package init() {}

    /// The names `bytes` holds, each ending where `ends` says (`FavoriteNameListBuilder`), and
    /// their `check` when known.
    init(bytes: [UInt8], ends: [UInt32], isPrintableASCII: Bool, check: UInt64? = nil) {
        self.bytes = bytes
        self.ends = ends
        self.isPrintableASCII = isPrintableASCII
        self.check = check
    }

    /// The same names, in the same order (`check` aside: a cache of `bytes`).
    package static func == (left: Self, right: Self) -> Bool {
        left.bytes == right.bytes && left.ends == right.ends && left.isPrintableASCII == right.isPrintableASCII
    }

    /// `check`, taken now when not known.
    var bytesCheck: UInt64 {
        if let check { return check }
        var hash = StreamingChecksum()
        bytes.withUnsafeBytes { hash.add($0) }
        return hash.value
    }

    /// - Parameter names: the names, in order.
    package init(_ names: [String]) {
        for var name in names { name.withUTF8 { append(UnsafeRawBufferPointer($0)) } }
    }

    /// How many names.
    package var count: Int { ends.count }

    /// The names as strings, in order.
    package var strings: [String] { (0..<count).map { self[$0] } }

    /// Where the name at `index` starts in `bytes`.
    @inline(__always)
    package func start(_ index: Int) -> Int { index == 0 ? 0 : Int(ends[index - 1]) + 1 }

    /// Where the name at `index` lies in `bytes` (its "\n" after it).
    package func range(_ index: Int) -> Range<Int> { start(index)..<Int(ends[index]) }

    /// The name at `index`.
    package subscript(index: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: $0[range(index)], as: UTF8.self) }
    }

    /// Appends the name whose UTF-8 bytes are `name`; `printable`: known to be printable ASCII
    /// already (`FavoriteLayout` checked every byte of it), not looked at again.
    package mutating func append(_ name: UnsafeRawBufferPointer, printable: Bool = false) {
        check = nil
        if isPrintableASCII, !printable, !Self.isPrintableASCII(name) { isPrintableASCII = false }
        // More than 4 GB of names (never a state.plist's): the rest are left out.
        guard let end = UInt32(exactly: bytes.count + name.count), end < UInt32.max else { return }
        // As typed bytes: `append(contentsOf:)` of raw bytes took 81 instructions a name, of
        // these 71 (with a memcpy).
        if let start = name.baseAddress, !name.isEmpty {
            bytes.append(
                contentsOf: UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: name.count))
        }
        bytes.append(UInt8(ascii: "\n"))
        ends.append(end)
    }

    /// Appends `name`.
    package mutating func append(_ name: String) {
        var name = name
        name.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Whether every byte of `bytes` is printable ASCII (0x20–0x7E), looked at eight at a time.
    static func isPrintableASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        var outside: UInt64 = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // Below 0x20: adding 0x60 leaves the high bit clear; 0x7F and up: adding 1 sets it (or
            // the byte had it). A carry into the next byte only marks one after a marked byte.
            outside |= ~(word &+ 0x6060_6060_6060_6060) | word | (word &+ 0x0101_0101_0101_0101)
            index += 8
        }
        guard outside & highs == 0 else { return false }
        while index < bytes.count {
            guard (0x20...0x7E).contains(bytes[index]) else { return false }
            index += 1
        }
        return true
    }
}

/// Names appended to room allocated once, each copied where it goes: `wx --complete`'s scan of
/// 100,000 favorites (`Array.append(contentsOf:)` of each name and its "\n" took 100 instructions
/// a name). The room is the finished list's own arrays (`build`): the names were copied from the
/// builder's room into it at the end, 1.2 MB and ~290 page faults more at 100,000 favorites.
/// It is held as C's `wx_name_room`, which `FavoriteLayout.appendNames` hands to the C run over
/// favorites in one layout (`wx_layout_names`), appending there without a call a name.
///
/// The list's `check` (the names file's) is taken as the names are appended, each word of eight
/// bytes as it is finished: taken after the scan, over 1.2 MB at 100,000 favorites, it was a
/// chain of 150,000 multiplies each waiting on the one before (~0.3 ms of the Tab that writes
/// the names file); among the scan's loads it costs a few instructions a name.
package final class FavoriteNameListBuilder {
    // Not checked for overlapping access at run time (one scan appends, on one thread): the
    // checks of a class's vars were 8 M instructions of 100,000 appends.
    /// The names' bytes (`bytes`, `count`, `capacity`), their ends (`ends`, `end_count`,
    /// `end_capacity`) and the check of the bytes before `hashed` (whole words: a multiple of 8),
    /// as StreamingChecksum's state (`hash`).
    @exclusivity(unchecked) private(set) var room: wx_name_room
    /// Whether `room.bytes` and `room.ends` are the rooms `build` lends (the list's arrays'), not
    /// allocated here.
    @exclusivity(unchecked) private var bytesLent = true
    @exclusivity(unchecked) private var endsLent = true
    @exclusivity(unchecked) private var isPrintableASCII = true

    /// StreamingChecksum's state before any byte (its `init`).
    private static let checkSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A builder writing into `bytes`, `capacity` bytes, and `ends`, room for `endCapacity`
    /// ends, neither of which it owns.
    private init(
        bytes: UnsafeMutablePointer<UInt8>, capacity: Int, ends: UnsafeMutablePointer<UInt32>, endCapacity: Int
    ) {
        room = wx_name_room(
            bytes: bytes, count: 0, capacity: capacity, ends: ends, end_count: 0, end_capacity: endCapacity,
            hash: Self.checkSeed, hashed: 0)
    }

    deinit {
        if !bytesLent { room.bytes.deallocate() }
        if !endsLent { room.ends.deallocate() }
    }

    /// The list of the names `fill` appends to the builder it is given; nil when `fill` answers
    /// false. The names are written straight into the list's arrays, made with room for `bytes`
    /// bytes of names and their "\n"s (what is never written is never in memory: a large
    /// allocation is mapped as touched) and for `count` names; past that room, into room of the
    /// builder's own, made larger as needed and copied into the list once at the end.
    package static func build(bytes: Int, count: Int, _ fill: (FavoriteNameListBuilder) -> Bool) -> FavoriteNameList? {
        var built: FavoriteNameListBuilder?
        var check: UInt64 = 0
        var ends: [UInt32] = []
        let written = [UInt8](unsafeUninitializedCapacity: max(bytes, 64)) { byteRoom, initialized in
            ends = [UInt32](unsafeUninitializedCapacity: max(count, 16)) { endRoom, endsInitialized in
                let builder = FavoriteNameListBuilder(
                    bytes: byteRoom.baseAddress!, capacity: byteRoom.count, ends: endRoom.baseAddress!,
                    endCapacity: endRoom.count)
                let filled = fill(builder)
                if filled { check = builder.finishedCheck() }
                initialized = filled && builder.bytesLent ? builder.room.count : 0
                endsInitialized = filled && builder.endsLent ? builder.room.end_count : 0
                // The rooms are the arrays' from here on: never written again.
                if builder.bytesLent { builder.room.capacity = 0 }
                if builder.endsLent { builder.room.end_capacity = 0 }
                if filled { built = builder }
            }
        }
        guard let built else { return nil }
        let room = built.room
        let bytes =
            built.bytesLent
            ? written
            : [UInt8](unsafeUninitializedCapacity: room.count) { buffer, initialized in
                if room.count > 0 { buffer.baseAddress!.update(from: room.bytes, count: room.count) }
                initialized = room.count
            }
        if !built.endsLent {
            ends = [UInt32](unsafeUninitializedCapacity: room.end_count) { buffer, initialized in
                if room.end_count > 0 { buffer.baseAddress!.update(from: room.ends, count: room.end_count) }
                initialized = room.end_count
            }
        }
        return FavoriteNameList(bytes: bytes, ends: ends, isPrintableASCII: built.isPrintableASCII, check: check)
    }

    /// Takes the words finished since the last call into the check.
    @inline(__always)
    private func hashWords() {
        while room.hashed + 8 <= room.count {
            room.hash = wx_checksum_mix(room.hash, UInt64(littleEndian: loadWord(at: room.hashed)))
            room.hashed += 8
        }
    }

    @inline(__always)
    private func loadWord(at offset: Int) -> UInt64 {
        UnsafeRawPointer(room.bytes + offset).loadUnaligned(as: UInt64.self)
    }

    /// The check of all the bytes appended: `StreamingChecksum.value` of them, the last word
    /// (partly filled, or empty) and then their count mixed in as it mixes them.
    private func finishedCheck() -> UInt64 {
        var last: UInt64 = 0
        for offset in 0..<(room.count - room.hashed) {
            last |= UInt64(room.bytes[room.hashed + offset]) << (8 * UInt64(offset))
        }
        return wx_checksum_mix(wx_checksum_mix(room.hash, last), UInt64(room.count))
    }

    /// Lets `body` append to the room as C does (`wx_layout_names`), the names' checks then
    /// taken as they were: what it appends must be printable ASCII.
    func withRoom<T>(_ body: (inout wx_name_room) -> T) -> T { body(&room) }

    /// Appends one end, the ends' room made larger when full.
    @inline(__always)
    private func appendEnd(_ end: UInt32) {
        if room.end_count == room.end_capacity { growEnds() }
        room.ends[room.end_count] = end
        room.end_count += 1
    }

    /// `FavoriteNameList.append(_:printable:)`.
    package func append(_ name: UnsafeRawBufferPointer, printable: Bool = false) {
        if isPrintableASCII, !printable, !FavoriteNameList.isPrintableASCII(name) { isPrintableASCII = false }
        // More than 4 GB of names (never a state.plist's): the rest are left out.
        guard let end = UInt32(exactly: room.count + name.count), end < UInt32.max else { return }
        if room.count + name.count + 1 > room.capacity { grow(to: room.count + name.count + 1) }
        if let start = name.baseAddress {
            UnsafeMutableRawPointer(room.bytes + room.count).copyMemory(from: start, byteCount: name.count)
        }
        room.bytes[room.count + name.count] = UInt8(ascii: "\n")
        room.count += name.count + 1
        appendEnd(end)
        hashWords()
    }

    /// `append(name, printable: true)` of a printable ASCII `name` from whose start 16 bytes
    /// can be read: one of at most 16 bytes is copied as one 16-byte word where the room has
    /// them (the bytes after it are the next name's or never read), not by a call to `memmove`
    /// (a third of the appends' time at 100,000 favorites).
    @inline(__always)
    package func appendReadable16(_ name: UnsafeRawBufferPointer) {
        guard name.count <= 16, room.count + 17 <= min(room.capacity, Int(UInt32.max)), let start = name.baseAddress
        else {
            return append(name, printable: true)
        }
        let end = UInt32(truncatingIfNeeded: room.count + name.count)
        UnsafeMutableRawPointer(room.bytes + room.count).storeBytes(
            of: start.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        room.bytes[room.count + name.count] = UInt8(ascii: "\n")
        room.count += name.count + 1
        appendEnd(end)
        hashWords()
    }

    /// Moves the names to room of the builder's own, of at least `needed` bytes.
    private func grow(to needed: Int) {
        let larger = max(room.capacity * 2, needed)
        room.bytes = Self.moved(room.bytes, count: room.count, to: larger, lent: bytesLent)
        room.capacity = larger
        bytesLent = false
    }

    /// Moves the ends to room of the builder's own, twice as large (at least 16).
    private func growEnds() {
        let larger = max(room.end_capacity * 2, 16)
        room.ends = Self.moved(room.ends, count: room.end_count, to: larger, lent: endsLent)
        room.end_capacity = larger
        endsLent = false
    }

    /// The `count` elements at `old` moved to new room of `capacity`; the old room freed unless
    /// it was lent (the list's arrays, which `build` lends: not the builder's to free).
    private static func moved<Element>(
        _ old: UnsafeMutablePointer<Element>, count: Int, to capacity: Int, lent: Bool
    ) -> UnsafeMutablePointer<Element> {
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        moved.update(from: old, count: count)
        if !lent { old.deallocate() }
        return moved
    }

    /// `append(_:printable:)` of `name`'s UTF-8 bytes.
    package func append(_ name: String) {
        var name = name
        name.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}
