/// FNV-1a, 64 bits: a fast, stable hash of bytes — for file names and checks of wx's own files,
/// never for security (anyone can make another input with the same hash).
package struct FNV1a {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable package init() {}

    @inlinable package mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    @inlinable package mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// The hash of `bytes`.
    @inlinable package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hasher = FNV1a()
        hasher.add(bytes)
        return hasher.value
    }

    /// The hash of `text`'s UTF-8 bytes, the same as `hash(text.utf8)`, read from the string's
    /// contiguous storage: called from another module, `hash(text.utf8)` ran unspecialised,
    /// each byte through the generic iterator (~300 instructions a byte; 0.9 M of a `find` +
    /// `show`, for the cache's file names).
    package static func hash(utf8 text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var hasher = FNV1a()
            for byte in bytes { hasher.add(byte) }
            return hasher.value
        }
    }
}

extension UInt64 {
    /// The value as 16 lowercase hexadecimal digits, zeros in front ("00fd87d23d53f8be").
    package var paddedHex: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
