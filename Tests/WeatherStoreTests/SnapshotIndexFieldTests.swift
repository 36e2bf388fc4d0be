import Foundation
import Testing
import WXBasics

@testable import WeatherStore

/// The fields of log.jsonl.index's lines as `SnapshotIndex.Reader` reads them from their bytes —
/// numbers' bits eight hexadecimal digits at a time, integers from the buffer — against a
/// reading a character at a time: the same value, or the same refusal, for every byte.
@Suite(.tags(.unit)) struct SnapshotIndexFieldTests {
    /// 16 lowercase hexadecimal digits read one at a time; nil for anything else.
    static func referenceBits(_ field: [UInt8]) -> UInt64? {
        guard field.count == 16 else { return nil }
        let digits = Array("0123456789abcdef".utf8)
        var value: UInt64 = 0
        for byte in field {
            guard let digit = digits.firstIndex(of: byte) else { return nil }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// A decimal integer of 1 to 18 digits, `-` first only when `signed`.
    static func referenceInteger(_ field: [UInt8], signed: Bool) -> Int? {
        var digits = field[...]
        let negative = signed && digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard (1...18).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let value = Int(String(decoding: digits, as: UTF8.self))!
        return negative ? -value : value
    }

    func readBits(_ field: [UInt8]) -> UInt64? {
        field.withUnsafeBytes { bytes in
            var reader = SnapshotIndex.Reader(bytes: bytes)
            return reader.bits()
        }
    }

    /// A field's bits, read as its line's second field (the path that does not look for its end).
    func readBitsAfterATab(_ field: [UInt8]) -> UInt64?? {
        ([UInt8(ascii: "x"), UInt8(ascii: "\t")] + field + [UInt8(ascii: "\n")]).withUnsafeBytes { bytes in
            var reader = SnapshotIndex.Reader(bytes: bytes)
            guard reader.expect("x") else { return nil }
            let bits = reader.bits()
            return .some(bits)
        }
    }

    /// Every byte value at every place of a field, and random fields: the same bits or nil.
    @Test func bitsAreReadAsDigitByDigit() {
        let valid = Array("0123456789abcdef".utf8)
        for place in 0..<16 {
            for byte in UInt8.min...UInt8.max {
                var field = valid
                field[place] = byte
                let expected = Self.referenceBits(field)
                #expect(readBits(field) == expected, "byte \(byte) at \(place)")
                if byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\n") {
                    #expect(readBitsAfterATab(field) == .some(expected), "byte \(byte) at \(place), after a tab")
                }
            }
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let value = UInt64.random(in: .min ... .max, using: &random)
            let field = Array(value.paddedHex.utf8)
            #expect(readBits(field) == value)
            #expect(readBitsAfterATab(field) == .some(value))
        }
        for field in ["", "0", "000000000000000", "00000000000000000", "ffffffffffffffff", "FFFFFFFFFFFFFFFF"] {
            #expect(readBits(Array(field.utf8)) == Self.referenceBits(Array(field.utf8)), "\(field)")
        }
    }

    /// `hexDigits` on every word of one odd byte among digits, and on random words.
    @Test func eightDigitsAtATime() {
        func reference(_ word: UInt64) -> UInt32? {
            let bytes = withUnsafeBytes(of: word.littleEndian) { Array($0) }
            return Self.referenceBits(Array("00000000".utf8) + bytes).map { UInt32($0) }
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            // Bytes near the digits' and letters' ranges, and any byte.
            let pool = Array("0123456789abcdef/:`gAF\u{7F}".utf8) + [0x80, 0xB0, 0xE1, 0xFF, 0x00]
            var word: UInt64 = 0
            for index in 0..<8 {
                let byte =
                    Int.random(in: 0..<10, using: &random) == 0
                    ? UInt8.random(in: .min ... .max, using: &random) : pool.randomElement(using: &random)!
                word |= UInt64(byte) << (8 * UInt64(index))
            }
            #expect(SnapshotIndex.Reader.hexDigits(UInt64(littleEndian: word)) == reference(word), "\(word)")
        }
    }

    /// Integers of every length and sign, with a byte changed at each place.
    @Test func integersAreReadAsDigitByDigit() {
        let fields = [
            "0", "7", "-7", "42", "-", "", "--1", "1-", "123456789012345678", "1234567890123456789",
            "-123456789012345678", "000000000000000000", "99999999999999999", "3600", "-34200",
        ]
        for text in fields {
            for signed in [false, true] {
                var variants = [Array(text.utf8)]
                for place in text.utf8.indices.map({ text.utf8.distance(from: text.utf8.startIndex, to: $0) }) {
                    for byte: UInt8 in [0x2F, 0x3A, UInt8(ascii: "-"), UInt8(ascii: "5"), 0x00, 0xD0] {
                        var field = Array(text.utf8)
                        field[place] = byte
                        variants.append(field)
                    }
                }
                for field in variants where !field.contains(UInt8(ascii: "\t")) && !field.contains(10) {
                    let read = field.withUnsafeBytes { bytes in
                        var reader = SnapshotIndex.Reader(bytes: bytes)
                        return reader.integer(signed: signed)
                    }
                    #expect(
                        read == Self.referenceInteger(field, signed: signed),
                        "\(String(decoding: field, as: UTF8.self)) signed: \(signed)")
                }
            }
        }
    }
}
