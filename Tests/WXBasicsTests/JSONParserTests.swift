import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

/// A second opinion: Foundation's JSONDecoder building the same tree, for comparison only.
private struct ReferenceTree: Decodable, Equatable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else if let items = try? container.decode([ReferenceTree].self) {
            value = .array(items.map(\.value))
        } else {
            value = .object(try container.decode([String: ReferenceTree].self).mapValues(\.value))
        }
    }
}

@Suite(.tags(.unit)) struct JSONParserTests {
    static let fixtures: [String] = {
        let root = TestPaths.fixtures
        let folders = ["nominatim", "open-meteo-forecast", "open-meteo-geocoding", "openweathermap", "cases"]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
        // Not JSON on purpose: a multi-place answer with a bare `nan` (ArrayElementTests).
        .filter { $0 != "cases/om-multi-second-element-nan.json" }
    }()

    @Test(arguments: fixtures)
    func agreesWithJSONDecoderOnEveryFixture(file: String) throws {
        let data = TestPaths.fixture(file)
        let reference = try JSONDecoder().decode(ReferenceTree.self, from: data).value
        #expect(try JSONValue.parse(data) == reference)
    }

    @Test func everyFixtureIsCovered() {
        #expect(Self.fixtures.count >= 45)
    }

    @Test(arguments: [
        (#"{"a":[1,-2.5,3e2,1E-2,0,-0],"b":"x","c":true,"d":false,"e":null,"f":{}}"#, true),
        (#""\u00fc\ud83d\ude00\n\t\"\\\/""#, true),
        ("  [ ]  ", true),
        ("[1,]", false), ("{\"a\":1,}", false), ("01", false), ("1.", false), (".5", false), ("+1", false),
        ("1e", false), ("[1 2]", false), ("{\"a\" 1}", false), ("{1:2}", false), ("\"\\x\"", false),
        ("\"\\ud800\"", false), ("\"\\udc00x\"", false), ("\"tab\there\"", false), ("nul", false),
        ("true false", false),
        ("", false), ("[", false), ("\"abc", false), ("<html>", false),
    ])
    func grammar(text: String, valid: Bool) {
        let parsed = try? JSONValue.parse(Data(text.utf8))
        #expect((parsed != nil) == valid, "\(text)")
    }

    @Test func valuesAreRight() throws {
        let value = try JSONValue.parse(
            Data(#"{"n":[1,-2.5,3e2,1E-2],"s":"\u00fc\ud83d\ude00\n","k":{"x":null}}"#.utf8))
        #expect(value["n"]?.array?.compactMap(\.double) == [1, -2.5, 300, 0.01])
        #expect(value["s"]?.string == "ü😀\n")
        #expect(value["k"]?["x"] == .null)
    }

    /// Numbers on both sides of the one-pass reading's exact path (at most 15 digits, no
    /// exponent) and the strtod path beyond it, each the Double that Swift's own parser gives the
    /// same text, sign of zero included (issue 39).
    @Test(arguments: [
        "0", "-0", "-0.0", "7", "-12.3", "1013", "0.1", "0.000000000000001", "123456789012345",
        "-123456789012345", "12345678901234.5", "1234567890123456", "0.1234567890123456",
        "12345678901234567890", "18446744073709551616123", "1753574400", "9007199254740993", "3e2", "1E-2",
        "-1.5e+300", "2.2250738585072014e-308", "4.9e-324", "1e400", "0.30000000000000004",
    ])
    func numbersAreTheNearestDouble(text: String) throws {
        let parsed = try JSONValue.parse(Data("[\(text), \(text)]".utf8))
        let expected = try #require(Double(text))
        for value in try #require(parsed.array) {
            guard case .number(let number) = value else {
                Issue.record("\(text): \(value)")
                continue
            }
            #expect(number.bitPattern == expected.bitPattern, "\(text): \(number) against \(expected)")
        }
    }

    @Test func invalidUTF8AndDeepNestingAreErrors() {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data([0x22, 0xC3, 0x28, 0x22])) }
        #expect(throws: JSONValue.ParseError.self) {
            try JSONValue.parse(Data(String(repeating: "[", count: 600).utf8))
        }
        let deepButAllowed = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONValue.parse(Data(deepButAllowed.utf8))) != nil)
    }
}

@Suite(.tags(.unit)) struct ArrayElementTests {
    @Test("a top-level array parses element by element; a bare nan spoils only its element")
    func elementByElement() throws {
        let text = #"[{"a":1,"s":"x, ] }"},{"latitude":nan,"b":[1,2]} , [3] ,"t\"]"]"#
        let elements = try #require(JSONValue.parseElements(Data(text.utf8)))
        #expect(elements.count == 4)
        #expect(try elements[0].get() == .object(["a": .number(1), "s": .string("x, ] }")]))
        guard case .failure(let failure) = elements[1] else {
            Issue.record("nan parsed")
            return
        }
        #expect(failure.hasNonNumber)
        #expect(try elements[2].get() == .array([.number(3)]))
        #expect(try elements[3].get() == .string("t\"]"))
        #expect(JSONValue.parseElements(Data("[]".utf8))?.isEmpty == true)
        // The reader itself stays strict.
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data(text.utf8)) }
    }

    @Test("not an array, or not one whose elements can be told apart: nil")
    func unsplittable() {
        for text in [#"{"a":1}"#, "[1,2", #"["abc]"#, "[1]x", "<html>", "[1,,2]x"] {
            #expect(JSONValue.parseElements(Data(text.utf8)) == nil, "\(text)")
        }
    }
}
