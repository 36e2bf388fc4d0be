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

    /// Takes the next eight bytes, as the little-endian `word` they make; only while no partial
    /// word is pending (every piece taken before was of whole words): a writer that has the
    /// bytes at hand as words takes each as it finishes it (`FavoriteNameListBuilder`).
    @inline(__always)
    mutating func addWord(_ word: UInt64) {
        mix(word)
        count += 8
    }

    /// Takes the next `bytes`: the word left partly filled completed from their first bytes, then
    /// whole words, and the last bytes kept as the next partial word — each taken as a word (by
    /// a load and a shift) where eight bytes lie at hand, byte by byte only in a piece shorter
    /// than a word.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        let length = bytes.count
        count += length
        guard length >= 8, let base = bytes.baseAddress else {
            for offset in 0..<length { takeByte(bytes[offset]) }
            return
        }
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        var offset = 0
        if pendingCount > 0 {
            // The first `taken` bytes complete the pending word (fewer than 8, and `length` ≥ 8).
            let taken = 8 - pendingCount
            mix(pending | (word(0) & ((1 << (8 * UInt64(taken))) - 1)) << (8 * UInt64(pendingCount)))
            pending = 0
            pendingCount = 0
            offset = taken
        }
        while offset + 8 <= length {
            mix(word(offset))
            offset += 8
        }
        let left = length - offset
        if left > 0 {
            // The last `left` bytes (fewer than 8), from the word that ends with them.
            pending = word(length - 8) >> (8 * UInt64(8 - left))
            pendingCount = left
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
