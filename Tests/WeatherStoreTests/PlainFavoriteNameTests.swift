import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// The one-pass reading of a favorite's name (`StatePlistReader.plainFavoriteName`, for `wx
/// --complete`) against the document reader's reading of the same element
/// (`StatePlistReader.favorite`, itself tested against `PropertyListDecoder`): wherever the
/// one-pass reading answers, the document reader takes the element whole, with that name; and it
/// answers for the plain favorites wx and Python's plistlib write.
@Suite(.tags(.unit)) struct PlainFavoriteNameTests {
    /// Checks every `<dict>` in `data`: where the one-pass reading answers, the element to the
    /// first `</dict>` is a favorite of that name to the document reader. Returns how many answered.
    @discardableResult
    static func check(_ data: [UInt8], _ label: String) -> Int {
        var answered = 0
        data.withUnsafeBytes { raw in
            let open = Array("<dict>".utf8)
            let close = Array("</dict>".utf8)
            var start = 0
            while start + open.count <= raw.count {
                defer { start += 1 }
                guard raw[start..<start + open.count].elementsEqual(open) else { continue }
                guard let plain = StatePlistReader.plainFavoriteName(raw, at: start) else { continue }
                answered += 1
                var end = start
                while end + close.count <= raw.count, !raw[end..<end + close.count].elementsEqual(close) { end += 1 }
                end += close.count
                #expect(plain.end == end, "\(label) at \(start)")
                let element = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[start..<min(end, raw.count)])
                #expect(String(validating: element, as: UTF8.self) != nil, "\(label) at \(start)")
                #expect(StatePlistReader.favorite(element)?.name == plain.name, "\(label) at \(start)")
            }
        }
        return answered
    }

    /// Every state.plist the fuzzer starts from or found a fault with.
    @Test func everyPlistFixture() throws {
        let root = TestPaths.packageRoot
        var files: [URL] = []
        for folder in ["fuzz/seeds/state-plist", "Fixtures/fuzz-regressions/state-plist"] {
            let url = root.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().map {
                url.appendingPathComponent($0)
            }
        }
        #expect(files.count > 50)
        var answered = 0
        for file in files { answered += Self.check(Array(try Data(contentsOf: file)), file.lastPathComponent) }
        #expect(answered > 0)
    }

    /// wx's own documents (names of every kind: entities, escapes, padding, emoji) and
    /// plistlib's layout.
    @Test func generatedDocuments() throws {
        var random = StatePlistReaderTests.Generator(state: 17)
        var answered = 0
        for round in 0..<30 {
            let document = StatePlistReaderTests.randomDocument(
                &random, favorites: Int.random(in: 1...40, using: &random))
            answered += Self.check(Array(try StatePlistReaderTests.encoded(document)), "round \(round)")
        }
        #expect(answered > 10)
    }

    static let plistlib = """
        <dict>
        \t\t\t<key>countryCode</key>
        \t\t\t<string>de</string>
        \t\t\t<key>displayName</key>
        \t\t\t<string>Place 7, Somewhere</string>
        \t\t\t<key>latitude</key>
        \t\t\t<real>-53.25</real>
        \t\t\t<key>longitude</key>
        \t\t\t<real>10</real>
        \t\t\t<key>name</key>
        \t\t\t<string>Place 7</string>
        \t\t</dict>
        """
    static let compact =
        "<dict><key>name</key><string>Kiel</string><key>latitude</key><real>54.3</real><key>longitude</key><real>-180.0</real></dict>"

    /// The plain forms are read in one pass, with their names.
    @Test func plainFavoritesAnswer() {
        for (text, name) in [(Self.plistlib, "Place 7"), (Self.compact, "Kiel")] {
            let bytes = Array(text.utf8)
            let plain = bytes.withUnsafeBytes { StatePlistReader.plainFavoriteName($0, at: 0) }
            #expect(plain?.name == name)
            #expect(plain?.end == bytes.count)
        }
    }

    /// Broken by hand: every byte left out, and every byte replaced by and preceded with bytes
    /// that matter to the reading (white space, markup, entities, signs, digits, a control
    /// character, a byte that is not ASCII), every truncation, and numbers at their edges.
    @Test func brokenFavorites() {
        for text in [Self.plistlib, Self.compact] {
            let good = Array(text.utf8)
            var mutants: [[UInt8]] = []
            for index in good.indices { mutants += Self.mutants(of: good, at: index) }
            for (number, mutant) in mutants.enumerated() { Self.check(mutant, "mutant \(number)") }
        }
        for latitude in Self.numbers {
            for longitude in Self.numbers + ["180.0", "-180.00000000000001", "181"] {
                let text =
                    "<dict><key>name</key><string>X</string><key>latitude</key><real>\(latitude)</real>"
                    + "<key>longitude</key><real>\(longitude)</real></dict>"
                Self.check(Array(text.utf8), "\(latitude), \(longitude)")
            }
        }
        for name in ["", " ", " X", "X ", "A &amp; B", "A\tB", "Zürich", "a>b", "\u{1B}[31mX"] {
            let text =
                "<dict><key>name</key><string>\(name)</string><key>latitude</key><real>1</real>"
                + "<key>longitude</key><real>1</real></dict>"
            Self.check(Array(text.utf8), name)
        }
    }

    /// Bytes that matter to the reading: white space, markup, entities, signs, digits, a control
    /// character, a byte that is not ASCII.
    static let marks: [UInt8] =
        [0x20, 0x09, 0x0A, 0x0D, 0x00, 0x01, 0x7F, 0x80, 0xC3] + Array("<>&/-.+0159eExn;#".utf8)

    /// `good` broken at `index`: that byte left out, the bytes before it alone, and that byte
    /// replaced by and preceded with each of `marks`.
    static func mutants(of good: [UInt8], at index: Int, marks: [UInt8] = marks) -> [[UInt8]] {
        var mutants: [[UInt8]] = []
        var left = good
        left.remove(at: index)
        mutants.append(left)
        mutants.append(Array(good[..<index]))
        for mark in marks {
            var replaced = good
            replaced[index] = mark
            mutants.append(replaced)
            var inserted = good
            inserted.insert(mark, at: index)
            mutants.append(inserted)
        }
        return mutants
    }

    /// Numbers at the edges of what a favorite's `<real>` may be.
    static let numbers = [
        "90", "-90.0", "90.00001", "-90.000000000001", "1e-05", "00012.5", "-0", "0.", ".5", "-", "--1", "1.2.3",
        "123456789012345", "1234567890123456", "0.000000000000001234", "89.99999999999999", "180", "+5", " 5", "5 ",
        "0x10", "inf", "nan", "1,5",
    ]

    /// A state.plist written by hand (plistlib's layout, larger than a piece): plain favorites
    /// among ones read the old way (an entity, a name that is not ASCII, padding, a tab, an
    /// exponent, 18 digits) give the decoded document's names, from the scan; with a favorite the
    /// document leaves out (a latitude beyond 90°), the decoded document's names too.
    @Test(arguments: [false, true])
    func aHandWrittenStatePlistGivesTheDecodedNames(leftOut: Bool) throws {
        func favorite(_ name: String, _ latitude: String = "53.5", _ longitude: String = "10") -> String {
            "\t\t<dict>\n\t\t\t<key>name</key>\n\t\t\t<string>\(name)</string>\n\t\t\t<key>latitude</key>\n"
                + "\t\t\t<real>\(latitude)</real>\n\t\t\t<key>longitude</key>\n\t\t\t<real>\(longitude)</real>\n\t\t</dict>\n"
        }
        var favorites = ""
        for index in 0..<3000 {
            favorites += favorite("Place \(index)", "\(index % 170 - 85).25", "-\(index % 180).5")
            switch index {
            case 10: favorites += favorite("Plaza &amp; Co")
            case 20: favorites += favorite("Platz Zürich")
            case 30: favorites += favorite("  Plage padded  ")
            case 40: favorites += favorite("Plain\tTab")
            case 50: favorites += favorite("Plum", "1e-05", "5")
            case 60: favorites += favorite("Plum long", "53.123456789012345678", "5")
            case 70 where leftOut: favorites += favorite("Pluto", "91.5")
            default: break
            }
        }
        let data = Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>favorites</key>\n"
                + "\t<array>\n\(favorites)\t</array>\n\t<key>version</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n")
                .utf8)
        let home = TemporaryFolder()
        try data.write(to: URL(fileURLWithPath: home.path + "/state.plist"))
        let expected = try #require(StateStore.decodeDocument(data)).favorites.map(\.name)
        #expect(expected.count == 3006)
        #expect(expected.contains("Plaza & Co") && expected.contains("Plage padded") && !expected.contains("Pluto"))
        let scanned = FavoriteNameScan.names(path: home.path + "/state.plist")
        #expect(scanned == (leftOut ? nil : expected))
        #expect(StateStore.favoriteNames(folder: home.path) == expected)
    }
}
