import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

/// `JSONValue.parse(_:selecting:)` builds the members a selection names and refuses exactly the
/// documents the whole parse refuses, for the same reason.
@Suite(.tags(.unit)) struct JSONSelectionTests {
    /// Every file under Fixtures/, JSON or not (HTML pages, plain text, fuzz regressions).
    static let fixtureFiles: [String] = {
        let root = TestPaths.fixtures.path
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &folder) && !folder.boolValue
        }.sorted()
    }()

    static let selection = JSONSelection([
        "hourly": ["time", "temperature_2m"], "hourly_units": ["time", "temperature_2m"], "current": ["time"],
    ])

    /// The whole tree with what `selection` leaves out taken away: the members of the named
    /// members of the top-level object, or of each object of a top-level array.
    static func expected(_ whole: JSONValue, _ selection: JSONSelection) -> JSONValue {
        func top(_ value: JSONValue) -> JSONValue {
            guard case .object(var members) = value else { return value }
            for (name, kept) in selection.members {
                if case .object(let inner)? = members[name] {
                    members[name] = .object(inner.filter { kept.contains($0.key) })
                }
            }
            return .object(members)
        }
        if case .array(let items) = whole { return .array(items.map(top)) }
        return top(whole)
    }

    @Test func everyFixtureParsesSelectedAsTheWholeLessWhatIsLeftOut() throws {
        #expect(Self.fixtureFiles.count > 100)
        for path in Self.fixtureFiles {
            let data = try #require(FileManager.default.contents(atPath: TestPaths.fixtures.path + "/" + path))
            let whole = Result { () throws(JSONValue.ParseError) in try JSONValue.parse(data) }
            let selected = Result { () throws(JSONValue.ParseError) in
                try JSONValue.parse(data, selecting: Self.selection)
            }
            switch (whole, selected) {
            case (.success(let whole), .success(let selected)):
                #expect(selected == Self.expected(whole, Self.selection), "\(path)")
            case (.failure(let whole), .failure(let selected)):
                #expect(whole == selected, "\(path)")
            default:
                Issue.record("\(path): parsed whole \(whole), selected \(selected)")
            }
        }
    }

    @Test func theForecastBlocksOtherVariablesAreLeftOut() throws {
        let data = TestPaths.fixture("open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json")
        let json = try JSONValue.parse(data, selecting: Self.selection)
        #expect(json["hourly"]?.object?.keys.sorted() == ["temperature_2m", "time"])
        #expect(json["hourly"]?["temperature_2m"]?.array?.count == 168)
        #expect(json["hourly_units"]?.object?.keys.sorted() == ["temperature_2m", "time"])
        #expect(json["current"]?.object?.keys.sorted() == ["time"])
        // Members not named are kept whole, at the top and below.
        #expect(json["daily"]?.object?.count == 23)
        #expect(json["timezone"] == .string("GMT"))
    }

    /// Each fault sits in a member the selection leaves out: refused all the same.
    @Test(arguments: [
        #"{"hourly":{"time":[1],"wind":[01]}}"#,  // a leading zero
        #"{"hourly":{"time":[1],"wind":[1.]}}"#,  // no digit after the point
        #"{"hourly":{"time":[1],"wind":[1e]}}"#,  // no exponent digits
        #"{"hourly":{"time":[1],"wind":[1,]}}"#,  // a trailing comma
        #"{"hourly":{"time":[1],"wind":[tru]}}"#,  // a broken literal
        #"{"hourly":{"time":[1],"wind":"a\qb"}}"#,  // an unknown escape
        #"{"hourly":{"time":[1],"wind":"\ud800"}}"#,  // a lone surrogate
        "{\"hourly\":{\"time\":[1],\"wind\":\"a\u{01}b\"}}",  // a control character
        #"{"hourly":{"time":[1],"wind":{"a" 1}}}"#,  // no colon
        #"{"hourly":{"time":[1],"wind":{1:1}}}"#,  // a key that is not a string
        #"{"hourly":{"time":[1],"wind":[1 2]}}"#,  // no comma
        #"{"hourly":{"time":[1],"wind":"open}}"#,  // an unterminated string
        #"{"hourly":{"time":[1],"wind":[1]}"#,  // unclosed
        #"{"hourly":{"time":[1],"wind":[1]}}}"#,  // something after the document
        // Within an array of numbers and nulls (passed over by `skipArray`):
        #"{"hourly":{"time":[1],"wind":[-]}}"#,  // a minus alone
        #"{"hourly":{"time":[1],"wind":[-01]}}"#,  // a leading zero after a minus
        #"{"hourly":{"time":[1],"wind":[nul]}}"#,  // a broken null
        #"{"hourly":{"time":[1],"wind":[null,]}}"#,  // a trailing comma after a null
        #"{"hourly":{"time":[1],"wind":[1,null 2]}}"#,  // no comma after a null
        #"{"hourly":{"time":[1],"wind":[1,,2]}}"#,  // an empty element
        #"{"hourly":{"time":[1],"wind":[1,[2,x]]}}"#,  // a fault in a nested array
        #"{"hourly":{"time":[1],"wind":[1,{"a":01}]}}"#,  // a fault in an object among numbers
        #"{"hourly":{"time":[1],"wind":[1"#,  // the end inside the array
    ])
    func aFaultInALeftOutMemberRefusesTheDocument(_ text: String) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data(text.utf8)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data(text.utf8), selecting: Self.selection) }
    }

    @Test func invalidUTF8InALeftOutMemberRefusesTheDocument() {
        var bytes = Array(#"{"hourly":{"time":[1],"wind":"ab"}}"#.utf8)
        bytes.insert(0xC3, at: bytes.count - 4)  // a lead byte followed by `b`
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data(bytes)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data(bytes), selecting: Self.selection) }
        let accented = Data(#"{"hourly":{"time":[1],"wind":"Zürich \u00fc \""}}"#.utf8)
        #expect(throws: Never.self) { try JSONValue.parse(accented, selecting: Self.selection) }
    }

    /// Arrays after an array in one object take room for as many items as it held (issue 39):
    /// longer, shorter, empty and nested arrays after it come out as they are, and the room
    /// is bounded by the bytes left.
    @Test func arraysAfterAnArrayOfOtherLengthsComeOutWhole() throws {
        let text =
            #"{"a":[1,2,3,4,5,6,7,8],"b":[1,2],"c":"x","d":[[1,2,3],[],[4]],"e":[],"#
            + #""f":[1,2,3,4,5,6,7,8,9,10],"g":{"h":[1,2,3],"i":[null,true]},"#
            + #""j":[{"k":[1]},{"k":[1,2,3,4]}],"l":[7]}"#
        let value = try JSONValue.parse(Data(text.utf8))
        func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }
        let expected: JSONValue = .object([
            "a": numbers([1, 2, 3, 4, 5, 6, 7, 8]), "b": numbers([1, 2]), "c": .string("x"),
            "d": .array([numbers([1, 2, 3]), .array([]), numbers([4])]), "e": .array([]),
            "f": numbers([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
            "g": .object(["h": numbers([1, 2, 3]), "i": .array([.null, .bool(true)])]),
            "j": .array([.object(["k": numbers([1])]), .object(["k": numbers([1, 2, 3, 4])])]), "l": numbers([7]),
        ])
        #expect(value == expected)
        #expect(try JSONValue.parse(Data(text.utf8), selecting: Self.selection) == expected)
    }

    @Test func nestingAndValueCountsBindLeftOutMembersToo() {
        let deep =
            #"{"hourly":{"wind":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}}"
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data(deep.utf8), selecting: Self.selection) }
        let nested =
            #"{"hourly":{"wind":"# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}}"
        #expect(throws: Never.self) { try JSONValue.parse(Data(nested.utf8), selecting: Self.selection) }
        // One more value than a document may hold, all of them left out.
        let many =
            #"{"hourly":{"wind":["# + Array(repeating: "0", count: JSONValue.maximumValues - 2).joined(separator: ",")
            + "]}}"
        let refused = JSONValue.ParseError(tooManyValues: true)
        #expect(throws: refused) { try JSONValue.parse(Data(many.utf8)) }
        #expect(throws: refused) { try JSONValue.parse(Data(many.utf8), selecting: Self.selection) }
    }
}
