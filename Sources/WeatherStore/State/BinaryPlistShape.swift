import FoundationEssentials

/// The checks a binary property list (`bplist00…`, what macOS's `plutil -convert binary1` and
/// many Apple tools write) passes before `PropertyListDecoder` reads it as a state.plist.
///
/// wx writes XML; a state.plist in the binary form is the same document (trial 62: one was taken
/// for damaged and copied aside, read-only until `reset state`), so it is read, and the next
/// change writes it back as XML. FoundationEssentials' binary reader follows the file's object
/// references as the decoded types ask, and the types that keep unknown entries (`PlistValue`)
/// follow any: a reference cycle, or a nesting thousands deep, would recurse until the stack
/// overflows, and references shared many times over would expand into billions of values. The
/// XML form has `StateStore.xmlDepth` for the first; this walk refuses all three, and anything
/// malformed (offsets or references outside the file, object kinds a property list in XML cannot
/// hold, strings that are not text), in one pass over the objects reachable from the top.
enum BinaryPlistShape {
    /// The first bytes of a binary property list of the only version readers know.
    static let magic = Array("bplist00".utf8)

    /// Whether `data` begins as a binary property list of any version ("bplist").
    static func isBinary(_ data: Data) -> Bool { data.starts(with: Array("bplist".utf8)) }

    /// Whether `data` is a well-formed binary property list whose objects nest at most
    /// `depthLimit` deep, with no reference cycle, and expand, references followed, to at most
    /// twice as many values as it has bytes.
    static func isReadable(_ data: Data, depthLimit: Int) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.starts(with: magic), var walk = Walk(bytes, depthLimit: depthLimit) else { return false }
        return walk.expansion(of: walk.top, depth: 1) != nil
    }

    /// The object graph of one file, walked from its top object with what is known of each
    /// object remembered, so that each is read once however often it is referred to.
    private struct Walk {
        let bytes: [UInt8]
        let depthLimit: Int
        let referenceSize: Int
        let offsets: [Int]
        let top: Int
        /// The values each object expands to and the levels it nests (1 for a value), once
        /// known; `inProgress` while its children are walked (met again then: a cycle).
        var expansions: [(values: Int, height: Int)?]
        var inProgress: [Bool]
        /// The most values the top may expand to.
        let expansionLimit: Int

        init?(_ bytes: [UInt8], depthLimit: Int) {
            let count = bytes.count
            // The header, one object, and the 32-byte trailer at least.
            guard count >= 8 + 1 + 32 else { return nil }
            let trailer = count - 32
            let offsetSize = Int(bytes[trailer + 6])
            let referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                let objects = Self.integer(bytes, at: trailer + 8, size: 8),
                let top = Self.integer(bytes, at: trailer + 16, size: 8),
                let table = Self.integer(bytes, at: trailer + 24, size: 8),
                objects >= 1, objects <= count, top < objects, table >= 9, table <= trailer,
                objects <= (trailer - table) / offsetSize
            else { return nil }
            var offsets: [Int] = []
            offsets.reserveCapacity(objects)
            for index in 0..<objects {
                guard let offset = Self.integer(bytes, at: table + index * offsetSize, size: offsetSize),
                    offset >= 8, offset < table
                else { return nil }
                offsets.append(offset)
            }
            self.bytes = bytes
            self.depthLimit = depthLimit
            self.referenceSize = referenceSize
            self.offsets = offsets
            self.top = top
            expansions = Array(repeating: nil, count: objects)
            inProgress = Array(repeating: false, count: objects)
            expansionLimit = 2 * count
        }

        /// The big-endian unsigned integer of `size` bytes at `offset`; nil past the end or
        /// beyond what an `Int` holds.
        static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= bytes.count - offset else { return nil }
            var value: UInt64 = 0
            for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        /// How many values object `index` expands to, its references followed; nil when it is
        /// malformed, nests deeper than the limit, is part of a cycle, or expands past the limit.
        ///
        /// - Parameter depth: the nesting at which it is met (the top object at 1): one met
        ///   again deeper than before must still fit under the limit with its own height.
        mutating func expansion(of index: Int, depth: Int) -> Int? {
            if let known = expansions[index] {
                return depth + known.height - 1 <= depthLimit ? known.values : nil
            }
            guard !inProgress[index], depth <= depthLimit else { return nil }
            inProgress[index] = true
            defer { inProgress[index] = false }
            guard let children = children(of: index) else { return nil }
            var total = 1
            var height = 1
            for child in children {
                guard let expanded = expansion(of: child, depth: depth + 1), let childHeight = expansions[child]?.height
                else { return nil }
                total += expanded
                height = max(height, childHeight + 1)
                guard total <= expansionLimit else { return nil }
            }
            expansions[index] = (total, height)
            return total
        }

        /// The objects object `index` refers to (none for a value that is not an array or a
        /// dictionary); nil when it is malformed or of a kind XML cannot hold (null, a set, a UID).
        func children(of index: Int) -> [Int]? {
            let start = offsets[index]
            let marker = bytes[start]
            let info = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0: return marker == 0x08 || marker == 0x09 ? [] : nil
            case 0x1: return info <= 4 && fits(start + 1, 1 << info) ? [] : nil
            case 0x2: return (info == 2 || info == 3) && fits(start + 1, 1 << info) ? [] : nil
            case 0x3: return marker == 0x33 && fits(start + 1, 8) ? [] : nil
            case 0x4:
                guard let (length, body) = length(at: start), fits(body, length) else { return nil }
                return []
            case 0x5:
                guard let (length, body) = length(at: start), fits(body, length),
                    bytes[body..<(body + length)].allSatisfy({ $0 < 0x80 })
                else { return nil }
                return []
            case 0x6:
                guard let (length, body) = length(at: start), length <= Int.max / 2, fits(body, 2 * length),
                    isUTF16(from: body, units: length)
                else { return nil }
                return []
            case 0xA: return references(at: start, perEntry: 1)
            case 0xD:
                guard let references = references(at: start, perEntry: 2) else { return nil }
                // Keys are strings, ASCII or UTF-16.
                let keys = references.prefix(references.count / 2)
                guard keys.allSatisfy({ [0x5, 0x6].contains(bytes[offsets[$0]] >> 4) }) else { return nil }
                return references
            default: return nil
            }
        }

        /// Whether `size` bytes from `offset` lie before the offset table's end (the trailer).
        func fits(_ offset: Int, _ size: Int) -> Bool { size >= 0 && size <= bytes.count - 32 - offset }

        /// A container's or string's length and where its body starts: the marker's low four bits,
        /// or (0xF) the integer object that follows it.
        func length(at start: Int) -> (length: Int, body: Int)? {
            let info = Int(bytes[start] & 0x0F)
            if info != 0x0F { return (info, start + 1) }
            guard fits(start + 1, 1) else { return nil }
            let marker = bytes[start + 1]
            let size = 1 << Int(marker & 0x0F)
            guard marker >> 4 == 0x1, size <= 8, fits(start + 2, size),
                let length = Self.integer(bytes, at: start + 2, size: size)
            else { return nil }
            return (length, start + 2 + size)
        }

        /// The references of an array (`perEntry` 1) or dictionary (2: its keys, then its values).
        func references(at start: Int, perEntry: Int) -> [Int]? {
            guard let (length, body) = length(at: start), length <= bytes.count / perEntry else { return nil }
            let count = length * perEntry
            guard count <= (bytes.count - body) / referenceSize, fits(body, count * referenceSize) else { return nil }
            var found: [Int] = []
            found.reserveCapacity(count)
            for entry in 0..<count {
                guard let reference = Self.integer(bytes, at: body + entry * referenceSize, size: referenceSize),
                    reference < offsets.count
                else { return nil }
                found.append(reference)
            }
            return found
        }

        /// Whether the `units` big-endian UTF-16 code units from `offset` pair their surrogates.
        func isUTF16(from offset: Int, units: Int) -> Bool {
            var index = 0
            while index < units {
                let unit = UInt16(bytes[offset + 2 * index]) << 8 | UInt16(bytes[offset + 2 * index + 1])
                if (0xD800..<0xDC00).contains(unit) {
                    guard index + 1 < units else { return false }
                    let next =
                        UInt16(bytes[offset + 2 * index + 2]) << 8 | UInt16(bytes[offset + 2 * index + 3])
                    guard (0xDC00..<0xE000).contains(next) else { return false }
                    index += 2
                } else {
                    guard !(0xDC00..<0xE000).contains(unit) else { return false }
                    index += 1
                }
            }
            return true
        }
    }
}
