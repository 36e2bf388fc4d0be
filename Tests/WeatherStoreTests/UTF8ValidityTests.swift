import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherStore

/// `UTF8Validity.isValid` answers as `String(validating:as:)` does (the reference it stands in
/// for, without making the string), for bytes of every kind: ASCII, well-formed sequences of two
/// to four bytes, and each way a sequence is broken (a lone continuation byte, one cut short,
/// overlong forms, surrogates, beyond U+10FFFF, 0xC0, 0xC1, 0xF5 to 0xFF), at every place in a
/// word of eight bytes.
@Suite(.tags(.unit)) struct UTF8ValidityTests {
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("plist".utf8), [0x00], [0x7F], Array("ü".utf8), Array("€".utf8), Array("😀".utf8),
        Array("日本".utf8), [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC0, 0x80], [0xC1, 0xBF],
        [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
        [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
        [0xEF, 0xBB, 0xBF],
    ]

    @Test func answersAsTheStringInitializer() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = Array(repeating: UInt8(ascii: "x"), count: Int.random(in: 0...9, using: &generator))
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                bytes += Self.pieces.randomElement(using: &generator)!
                bytes += Array(repeating: UInt8(ascii: "y"), count: Int.random(in: 0...10, using: &generator))
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBytes { UTF8Validity.isValid($0) } == expected, "\(bytes)")
            #expect(UTF8Validity.isValid(Data(bytes)) == expected)
            checked += 1
        }
        #expect(checked == 20_000)
        #expect(UTF8Validity.isValid(Data()))
    }
}
