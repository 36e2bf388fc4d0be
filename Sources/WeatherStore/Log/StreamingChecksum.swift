/// The 64-bit hash `log.jsonl.index`'s check is made of, taken in pieces: the bytes are mixed
/// eight at a time (little-endian words, the last one padded with zeros), then their count —
/// so a file of any size is checked, or written, without holding it. (Not a signature: the user may forge it. It tells a damaged
/// index, or one edited by hand, from one wx wrote.)
struct StreamingChecksum {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    /// Bytes taken but not yet mixed (fewer than 8), from the lowest byte up.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    /// Bytes taken.
    private(set) var count = 0

    init() {}

    private mutating func mix(_ word: UInt64) {
        hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 29
    }

    private mutating func takeByte(_ byte: UInt8) {
        pending |= UInt64(byte) << (8 * UInt64(pendingCount))
        pendingCount += 1
        if pendingCount == 8 {
            mix(pending)
            pending = 0
            pendingCount = 0
        }
    }

    /// Takes the next `bytes`.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
        var offset = 0
        while pendingCount > 0, offset < bytes.count {
            takeByte(bytes[offset])
            offset += 1
        }
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        while offset < bytes.count {
            takeByte(bytes[offset])
            offset += 1
        }
    }

    /// The hash of the bytes taken (the last word, partly filled or empty, and the count mixed in).
    var value: UInt64 {
        var finished = self
        finished.mix(pending)
        finished.mix(UInt64(count))
        return finished.hash
    }

    /// The header's check: the hash of `header` (its line up to the tab before the check) with
    /// `body`, the hash of all after the header line.
    static func combine(header: UnsafeRawBufferPointer, body: UInt64) -> UInt64 {
        var hash = StreamingChecksum()
        hash.add(header)
        return (hash.value &* 0x9e37_79b9_7f4a_7c15) ^ body
    }
}
