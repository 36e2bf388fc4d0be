import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// A state.plist in the binary form (`bplist00`) is the same document: read (trial 62: taken for
/// damaged, copied aside, read-only until `reset state`). Its object graph is checked first, so
/// that a cycle, a deep nesting or references shared into billions of values — which
/// `PropertyListDecoder` would follow until the stack or memory ran out — are refused as a file
/// that does not parse, never a crash.
@Suite(.tags(.unit))
struct BinaryStatePlistTests {
    static var document: [String: Any] {
        [
            "version": 2,
            "favorites": [
                ["name": "Berlin", "latitude": 52.517, "longitude": 13.3889, "displayName": "Berlin, Deutschland"],
                ["name": "Paris", "latitude": 48.85, "longitude": 2.35, "displayName": "Paris, France"],
            ],
            "settings": ["units": ["preset": "imperial"]],
            "fromANewerWx": ["kept": [1, 2, 3]],
        ]
    }

    func encoded(_ format: PropertyListSerialization.PropertyListFormat) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: Self.document, format: format, options: 0)
    }

    @Test func aBinaryPlistReadsAsItsXMLForm() throws {
        let binary = try encoded(.binary)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        #expect(BinaryPlistShape.isReadable(binary, depthLimit: StateStore.maximumDepth))
        let read = try #require(StateStore.decodeDocument(binary))
        let xml = try #require(StateStore.decodeDocument(try encoded(.xml)))
        #expect(read == xml)
        #expect(read.favorites.map(\.name) == ["Berlin", "Paris"])
        #expect(read.otherEntries.keys.sorted() == ["fromANewerWx"])
    }

    /// A binary property list of objects given as their encoded bytes, references one byte,
    /// offsets two; the top object is the first.
    static func bplist(_ objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1]
        for value in [objects.count, 0, table] {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: value >> shift))
            }
        }
        return Data(bytes)
    }

    /// `levels` arrays, each holding the next `references` times; the last empty.
    static func chain(_ levels: Int, references: Int) -> Data {
        var objects: [[UInt8]] = []
        for index in 0..<levels {
            let next = UInt8(index + 1)
            let marker = UInt8(0xA0 + references)
            objects.append(index + 1 < levels ? [marker] + Array(repeating: next, count: references) : [0xA0])
        }
        return bplist(objects)
    }

    @Test func aCycleIsRefused() {
        // An array holding itself.
        let data = Self.bplist([[0xA1, 0x00]])
        #expect(!BinaryPlistShape.isReadable(data, depthLimit: StateStore.maximumDepth))
        #expect(StateStore.decodeDocument(data) == nil)
    }

    @Test func aDeepNestingIsRefused() {
        // 200 arrays, each holding the next.
        let data = Self.chain(200, references: 1)
        #expect(!BinaryPlistShape.isReadable(data, depthLimit: StateStore.maximumDepth))
        #expect(StateStore.decodeDocument(data) == nil)
        // The same 40 deep passes the check.
        #expect(BinaryPlistShape.isReadable(Self.chain(40, references: 1), depthLimit: StateStore.maximumDepth))
    }

    @Test func sharedReferencesThatExpandBeyondTheFileAreRefused() {
        // 40 levels of arrays each holding the next twice: 2^40 values.
        let data = Self.chain(40, references: 2)
        #expect(!BinaryPlistShape.isReadable(data, depthLimit: StateStore.maximumDepth))
        #expect(StateStore.decodeDocument(data) == nil)
    }

    @Test func aTruncatedOrMalformedFileIsRefused() throws {
        let binary = try encoded(.binary)
        for length in [0, 8, 40, binary.count / 2, binary.count - 1] {
            #expect(StateStore.decodeDocument(binary.prefix(length)) == nil, "\(length)")
        }
        // A reference past the objects, an ASCII string with a byte over 127, a set.
        let malformed: [[[UInt8]]] = [
            [[0xA1, 0x05]], [[0xA1, 0x01], [0x51, 0xE9]], [[0xC1, 0x01], [0x51, 0x41]],
        ]
        for objects in malformed {
            #expect(
                !BinaryPlistShape.isReadable(Self.bplist(objects), depthLimit: StateStore.maximumDepth), "\(objects)")
        }
    }
}
