/// The favorites' names as one run of UTF-8 bytes and where each ends, in the favorites' order:
/// what `wx --complete` reads from state.plist or its names file, without a `String` for each of
/// 100,000 names when a few of them fit what was typed (a `String` a name was 33 M instructions of
/// 173 M at 100,000 favorites with no names file).
package struct FavoriteNameList: Sendable, Equatable {
    /// Every name's bytes, one after the other.
    package private(set) var bytes: [UInt8] = []
    /// Where each name ends in `bytes` (the next one starts there): four bytes each, not eight
    /// (100,000 names).
    package private(set) var ends: [UInt32] = []
    /// Whether every name is only printable ASCII (space to tilde): one byte per character.
    package private(set) var isPrintableASCII = true

    package init() {}

    /// - Parameter names: the names, in order.
    package init(_ names: [String]) {
        for var name in names { name.withUTF8 { append(UnsafeRawBufferPointer($0)) } }
    }

    /// Makes room for names of `bytes` bytes in all, `count` of them, so that appending moves
    /// nothing (room never written is never in memory: a large allocation is mapped as touched).
    package mutating func reserve(bytes: Int, count: Int) {
        self.bytes.reserveCapacity(bytes)
        ends.reserveCapacity(count)
    }

    /// How many names.
    package var count: Int { ends.count }

    /// The names as strings, in order.
    package var strings: [String] { (0..<count).map { self[$0] } }

    /// Where the name at `index` lies in `bytes`.
    package func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index]) }

    /// The name at `index`.
    package subscript(index: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: $0[range(index)], as: UTF8.self) }
    }

    /// Appends the name whose UTF-8 bytes are `name`.
    package mutating func append(_ name: UnsafeRawBufferPointer) {
        if isPrintableASCII {
            for byte in name where byte < 0x20 || byte > 0x7E {
                isPrintableASCII = false
                break
            }
        }
        bytes.append(contentsOf: name)
        // More than 4 GB of names (never a state.plist's): the rest are left out.
        guard let end = UInt32(exactly: bytes.count) else {
            bytes.removeLast(name.count)
            return
        }
        ends.append(end)
    }

    /// Appends `name`.
    package mutating func append(_ name: String) {
        var name = name
        name.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}
