import FoundationEssentials

/// Whether bytes are UTF-8, as `String(validating:as:)` answers, without making the string:
/// that made a copy of state.plist (2.9 MB at 10,000 favorites) only to be dropped, ~700 page
/// faults of a `saved` reading the settings (issue 39).
///
/// UTF-8 splits at every ASCII byte (no sequence of two or more bytes holds one), so bytes are
/// UTF-8 exactly when each run of bytes of 0x80 or more between ASCII bytes is: the ASCII is
/// passed over eight bytes at a time, and each such run (a name's "ü") is checked by
/// `String(validating:as:)` alone.
enum UTF8Validity {
    /// Whether `data` is UTF-8 (`String(validating: data, as: UTF8.self) != nil`).
    static func isValid(_ data: Data) -> Bool {
        data.withUnsafeBytes { isValid($0) }
    }

    /// Whether `bytes` are UTF-8 (`String(validating: bytes, as: UTF8.self) != nil`).
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index < count {
            // 32 bytes at a time through the ASCII that is most of a file, then 8, then 1.
            if index + 32 <= count,
                (base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    | base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                    | base.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                    | base.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0
            {
                index += 32
                continue
            }
            if index + 8 <= count,
                base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            guard base.load(fromByteOffset: index, as: UInt8.self) >= 0x80 else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, base.load(fromByteOffset: end, as: UInt8.self) >= 0x80 { end += 1 }
            let run = UnsafeBufferPointer(
                start: (base + index).assumingMemoryBound(to: UInt8.self), count: end - index)
            guard String(validating: run, as: UTF8.self) != nil else { return false }
            index = end
        }
        return true
    }
}
