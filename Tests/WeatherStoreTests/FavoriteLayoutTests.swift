import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// The reading of a favorite by the layout of one read before (`FavoriteLayout`, for `wx
/// --complete`) against the one-pass reading (`StatePlistReader.plainFavoriteName`, itself tested
/// against the document reader in `PlainFavoriteNameTests`): wherever a layout answers, the
/// one-pass reading at the same place gives the same name and end; and a favorite written as the
/// one the layout was learnt from is read by it.
@Suite(.tags(.unit)) struct FavoriteLayoutTests {
    /// The layout of the favorite `text` (read whole by `plainFavoriteName`).
    static func layout(_ text: String) -> FavoriteLayout? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { raw in
            guard let plain = StatePlistReader.plainFavoriteName(raw, at: 0) else { return nil }
            return FavoriteLayout(raw, start: 0, end: plain.end)
        }
    }

    /// Checks every `<dict>` of `data` against `layout`: where the layout answers, the one-pass
    /// reading answers the same. Returns how many it answered.
    @discardableResult
    static func check(_ layout: FavoriteLayout, _ data: [UInt8], _ label: String) -> Int {
        var answered = 0
        data.withUnsafeBytes { raw in
            let open = Array("<dict>".utf8)
            var start = 0
            while start + open.count <= raw.count {
                defer { start += 1 }
                guard raw[start..<start + open.count].elementsEqual(open) else { continue }
                guard let found = layout.name(raw, at: start) else { continue }
                answered += 1
                let plain = StatePlistReader.plainFavoriteName(raw, at: start)
                #expect(plain?.end == found.end, "\(label) at \(start)")
                #expect(
                    plain?.name == String(decoding: UnsafeRawBufferPointer(rebasing: raw[found.name]), as: UTF8.self),
                    "\(label) at \(start)")
            }
        }
        return answered
    }

    /// Favorites in the layouts of plistlib and of a compact writer, read by their own layout
    /// and by no other.
    @Test func aFavoriteIsReadByItsOwnLayout() throws {
        let plistlib = try #require(Self.layout(PlainFavoriteNameTests.plistlib))
        let compact = try #require(Self.layout(PlainFavoriteNameTests.compact))
        #expect(Self.check(plistlib, Array(PlainFavoriteNameTests.plistlib.utf8), "plistlib") == 1)
        #expect(Self.check(compact, Array(PlainFavoriteNameTests.compact.utf8), "compact") == 1)
        #expect(Self.check(plistlib, Array(PlainFavoriteNameTests.compact.utf8), "compact by plistlib's") == 0)
        let other = PlainFavoriteNameTests.plistlib
            .replacingOccurrences(of: "Place 7", with: "Hamburg-Altona 12")
            .replacingOccurrences(of: "-53.25", with: "89.999999").replacingOccurrences(of: ">10<", with: ">-179.5<")
            .replacingOccurrences(of: ">de<", with: "><")
        #expect(Self.check(plistlib, Array(other.utf8), "another favorite") == 1)
    }

    /// Broken by hand: every byte left out, and every byte replaced by and preceded with bytes
    /// that matter to the reading (white space, markup, entities, signs, digits, a control
    /// character, a byte that is not ASCII), every truncation, and numbers and names at their
    /// edges, each read by the layout of the unbroken favorite.
    @Test func brokenFavorites() throws {
        for text in [PlainFavoriteNameTests.plistlib, PlainFavoriteNameTests.compact] {
            let layout = try #require(Self.layout(text))
            let good = Array(text.utf8)
            var answered = 0
            for index in good.indices {
                let mutants = PlainFavoriteNameTests.mutants(of: good, at: index)
                for (number, mutant) in mutants.enumerated() {
                    answered += Self.check(layout, mutant, "byte \(index), mutant \(number)")
                }
            }
            // Digits and letters within the values change nothing the layout looks at.
            #expect(answered > 100)
        }
        let compact = try #require(Self.layout(PlainFavoriteNameTests.compact))
        let numbers =
            PlainFavoriteNameTests.numbers + [
                "000000000000000001", "0000000000000000001", "999999999999999.9", "99.9999999999999", "180.0",
                "-180.00000000000001", "181", "",
            ]
        for latitude in numbers {
            for longitude in numbers {
                let text =
                    "<dict><key>name</key><string>X</string><key>latitude</key><real>\(latitude)</real>"
                    + "<key>longitude</key><real>\(longitude)</real></dict>"
                Self.check(compact, Array(text.utf8), "\(latitude), \(longitude)")
            }
        }
        for name in [
            "", " ", " X", "X ", "A &amp; B", "A\tB", "Zürich", "a>b", "\u{1B}[31mX", "12345678<", "~~~~~~~~~~",
        ] {
            let text =
                "<dict><key>name</key><string>\(name)</string><key>latitude</key><real>54.3</real>"
                + "<key>longitude</key><real>-180.0</real></dict>"
            Self.check(compact, Array(text.utf8), name)
        }
    }

    /// The layout's own checks, where it must answer as the one-pass reading does (not only
    /// never otherwise, which the tests above check): coordinates at and just past 90 and 180,
    /// and names with the bytes beside `<`, `>` and `&`, for any faster check of a real or of a
    /// value's end.
    @Test func coordinatesAtTheirBoundsAndNamesNearTheirStops() throws {
        let compact = try #require(Self.layout(PlainFavoriteNameTests.compact))
        /// The name and end by the layout and by the one-pass reading ("name@end", nil for none).
        func read(name: String = "X", latitude: String = "54.3", longitude: String = "10") -> (String?, String?) {
            let text =
                "<dict><key>name</key><string>\(name)</string><key>latitude</key><real>\(latitude)</real>"
                + "<key>longitude</key><real>\(longitude)</real></dict>"
            // Read where the favorite ends the bytes, and with more after it (a real is read in
            // words only with 17 bytes after its start).
            let answers = [text, text + "\n\t\t<dict>" + String(repeating: " ", count: 24)].map { text in
                Array(text.utf8).withUnsafeBytes { raw in
                    let found = compact.name(raw, at: 0).map {
                        String(decoding: UnsafeRawBufferPointer(rebasing: raw[$0.name]), as: UTF8.self) + "@\($0.end)"
                    }
                    return (found, StatePlistReader.plainFavoriteName(raw, at: 0).map { $0.name + "@\($0.end)" })
                }
            }
            #expect(answers[0] == answers[1], "\(latitude) \(longitude) \(name.debugDescription)")
            return answers[1]
        }
        let numbers = [
            "90", "-90", "90.0", "-90.000000000000", "90.0000000000001", "-90.0000000000001", "89.9999999999999",
            "90.000000000001", "90.1", "91", "180", "-180.0", "180.00000000000", "180.000000000001",
            "-180.000000000001", "179.999999999999", "180.1", "181", "0", "-0", "0.0000000000001", "000000000000090",
            "0000000000000090.0", "999999999999999",
        ]
        var accepted = 0
        for number in numbers {
            for (layout, plain) in [read(latitude: number), read(longitude: number)] {
                #expect(layout == plain, "\(number)")
                if layout != nil { accepted += 1 }
            }
        }
        // Those within the bound and below 10^15 as digits (python: abs(float(n)) <= 90 or 180).
        #expect(accepted == 29)
        // Reals at the edges of the reading in words (16 bytes after a `-`; a whole part of one,
        // two or three digits, below and at 90 and 180): as the one-pass reading reads them.
        for number in [
            "179.99999999999", "-179.99999999999", "179.999999999999", "12.345678901234", "89.999999999999",
            "-89.9999999999999", "9.9999999999999", "1.00000000000000", "99.5", "100.5", "-180", "179", "09.5",
            "-0.5", "45.", ".5", "1..2", "1.2.3", "-", "--1", "5-", "7.0e1", "123456789012345", "1234567890123456",
        ] {
            for (layout, plain) in [read(latitude: number), read(longitude: number)] {
                #expect(layout == plain, "\(number)")
            }
        }
        // Printable ASCII other than the three: read as the one-pass reading reads it.
        for byte in ["=", "?", ";", "%", ":", "'", "\"", "~", "[", "|", "%", " ", "!", "A", "z"] {
            for name in ["a\(byte)b", "abcdefg\(byte)hi", "abcdefghijklmno\(byte)p"] {
                let (layout, plain) = read(name: name)
                #expect(layout != nil && layout == plain, "\(name.debugDescription)")
            }
        }
        // "<", ">", "&" (an entity among them), a control character, DEL: not read by the layout.
        for byte in ["<", ">", "&", "&amp;", "&lt;", "\u{7F}", "\t", "\u{1F}", "\u{1B}"] {
            for name in ["a\(byte)b", "\(byte)abcdefgh", "abcdefg\(byte)hi", "abcdefghijklmno\(byte)p"] {
                #expect(read(name: name).0 == nil, "\(name.debugDescription)")
            }
        }
    }

    /// Every state.plist the fuzzer starts from or found a fault with: each `<dict>` read by the
    /// layout of every plain favorite among them.
    @Test func everyPlistFixture() throws {
        let root = TestPaths.packageRoot
        var files: [[UInt8]] = []
        for folder in ["fuzz/seeds/state-plist", "Fixtures/fuzz-regressions/state-plist"] {
            let url = root.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().map {
                Array(try Data(contentsOf: url.appendingPathComponent($0)))
            }
        }
        var layouts: [FavoriteLayout] = []
        for file in files {
            file.withUnsafeBytes { raw in
                let open = Array("<dict>".utf8)
                for start in 0..<max(0, raw.count - open.count)
                where raw[start..<start + open.count].elementsEqual(open) {
                    if let plain = StatePlistReader.plainFavoriteName(raw, at: start),
                        let layout = FavoriteLayout(raw, start: start, end: plain.end)
                    {
                        layouts.append(layout)
                    }
                }
            }
        }
        #expect(!layouts.isEmpty)
        var answered = 0
        for layout in layouts.prefix(40) {
            for (number, file) in files.enumerated() { answered += Self.check(layout, file, "file \(number)") }
        }
        #expect(answered > 0)
    }

    /// The layout's reading of a value's end and of a real against the one-pass reading, for any
    /// faster way of finding them (words, lanes): a name of 1 to 40 bytes with each byte that
    /// stops it (or `x`) at each place, so that the stop falls in each byte of a word and in
    /// each word; every real of up to 6 characters over `-`, `.`, `0`, `1`, `8`, `9` as the
    /// latitude and as the longitude (their bounds 90 and 180, a point in each place, signs and
    /// points too many or too few). Both must answer alike, name and end.
    @Test func valuesAtEveryLengthAndStop() throws {
        let compact = try #require(Self.layout(PlainFavoriteNameTests.compact))
        var answered = 0
        func same(_ name: [UInt8], _ latitude: String, _ longitude: String) -> Bool {
            let text =
                Array("<dict><key>name</key><string>".utf8) + name
                + Array("</string><key>latitude</key><real>\(latitude)</real><key>longitude</key><real>".utf8)
                + Array("\(longitude)</real></dict>".utf8)
            // Where the favorite ends the bytes, and with more after it (a real is read in words
            // only with 17 bytes after its start): alike.
            let answers = [text, text + Array("\n\t\t<dict>".utf8) + [UInt8](repeating: 0x20, count: 24)].map {
                $0.withUnsafeBytes { raw in
                    let layout = compact.name(raw, at: 0).map { Array(raw[$0.name]) + [0] + Array("\($0.end)".utf8) }
                    let plain = StatePlistReader.plainFavoriteName(raw, at: 0).map {
                        Array($0.name.utf8) + [0] + Array("\($0.end)".utf8)
                    }
                    return (layout, plain)
                }
            }
            if answers[0].0 != nil { answered += 1 }
            return answers.allSatisfy { $0.0 == $0.1 } && answers[0].0 == answers[1].0
        }
        var differ = 0
        for length in 1...40 {
            for place in 0..<length {
                for stop: UInt8 in [0x3C, 0x3E, 0x26, 0x1F, 0x7F, 0x80, 0xFF, 0x20, 0x78] {
                    var name = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    name[place] = stop
                    if !same(name, "54.3", "10") { differ += 1 }
                }
            }
        }
        #expect(differ == 0)
        let alphabet = ["-", ".", "0", "1", "8", "9"]
        var numbers = [""]
        var all: [String] = []
        for _ in 1...6 {
            numbers = numbers.flatMap { number in alphabet.map { number + $0 } }
            all += numbers
        }
        #expect(answered > 1000)
        answered = 0
        for number in all {
            if !same(Array("X".utf8), number, "10") { differ += 1 }
            if !same(Array("X".utf8), "54.3", number) { differ += 1 }
        }
        #expect(differ == 0)
        // Reals read, by python over the same alphabet: 3,414 within 90 and 4,251 within 180
        // (`re.fullmatch(r"-?\d+(\.\d+)?", s) and abs(float(s)) <= b` over
        // `itertools.product("-.0189", repeat=k)`, k from 1 to 6).
        #expect(answered == 3414 + 4251)
    }

    /// A text other than the name (plistlib's `displayName`, read by the layout without the
    /// name's checks) of 0 to 40 bytes with each byte that stops it (or `x`) at each place: the
    /// stop falls at each offset of a 16-byte block and of a word, in the first, second and third
    /// block. Read by plistlib's layout as the one-pass reading reads it, name and end.
    @Test func otherTextsAtEveryLengthAndStop() throws {
        let plistlib = try #require(Self.layout(PlainFavoriteNameTests.plistlib))
        let (head, tail) = try #require(
            PlainFavoriteNameTests.plistlib.components(separatedBy: "Place 7, Somewhere").map { Array($0.utf8) }
                .twoParts)
        var answered = 0
        var differ = 0
        for length in 0...40 {
            for place in 0..<max(length, 1) {
                for stop: UInt8 in [0x3C, 0x3E, 0x26, 0x1F, 0x7F, 0x80, 0xFF, 0x20, 0x78] {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { text[place] = stop }
                    let favorite = head + text + tail
                    let (layout, plain) = favorite.withUnsafeBytes { raw in
                        (
                            plistlib.name(raw, at: 0).map { [$0.name.lowerBound, $0.name.upperBound, $0.end] },
                            StatePlistReader.plainFavoriteName(raw, at: 0).map { [$0.name.utf8.count, $0.end] }
                        )
                    }
                    if layout != nil { answered += 1 }
                    if layout.map({ [$0[1] - $0[0], $0[2]] }) != plain { differ += 1 }
                }
            }
        }
        #expect(differ == 0)
        // Lengths 0 to 40 with no stop but a space or an `x` (0: the one empty text, 9 times).
        #expect(answered == 9 + 2 * (1...40).reduce(0, +))
    }

    /// A favorite cut short by the end of the bytes at every place (the rest of it, and "<"s,
    /// still in memory after the cut): the layout answers only for the whole favorite, and as the
    /// one-pass reading does, for a name of 1 to 40 bytes (its end in each 16-byte block).
    @Test func aFavoriteCutByTheEndOfTheBytes() throws {
        let compact = try #require(Self.layout(PlainFavoriteNameTests.compact))
        var differ = 0
        for length in 1...40 {
            let text =
                Array("<dict><key>name</key><string>".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: length)
                + Array("</string><key>latitude</key><real>54.3</real><key>longitude</key><real>10</real></dict>".utf8)
                + Array("</string></dict></array>".utf8) + [UInt8](repeating: UInt8(ascii: "<"), count: 32)
            let whole = text.count - 56
            text.withUnsafeBytes { raw in
                for cut in 0...whole {
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[0..<cut])
                    let found = compact.name(bytes, at: 0)
                    let plain = StatePlistReader.plainFavoriteName(bytes, at: 0)
                    if found?.end != plain?.end || (found != nil) != (cut == whole) { differ += 1 }
                }
            }
        }
        #expect(differ == 0)
    }

    /// Every real of 7 characters over `-`, `.`, `0`, `1`, `8`, `9` as the latitude and as the
    /// longitude: its `<` the last byte of the word at its start (`quickReal`'s longest), with a
    /// sign, a point or a digit at each place; answered as the one-pass reading answers, name and
    /// end, with bytes after the favorite and where it ends them (fewer than 17 after the real).
    @Test func realsOfSevenCharacters() throws {
        let compact = try #require(Self.layout(PlainFavoriteNameTests.compact))
        let alphabet = Array("-.0189".utf8)
        var answered = [0, 0]
        var differ = 0
        for code in 0..<279_936 {
            var number: [UInt8] = []
            var rest = code
            for _ in 0..<7 {
                number.append(alphabet[rest % 6])
                rest /= 6
            }
            for (index, (latitude, longitude)) in [(number, Array("10".utf8)), (Array("54.3".utf8), number)]
                .enumerated()
            {
                let text =
                    Array("<dict><key>name</key><string>X</string><key>latitude</key><real>".utf8) + latitude
                    + Array("</real><key>longitude</key><real>".utf8) + longitude + Array("</real></dict>".utf8)
                for bytes in [text, text + Array("\n\t\t<dict>".utf8) + [UInt8](repeating: 0x20, count: 24)] {
                    let (layout, plain) = bytes.withUnsafeBytes { raw in
                        (
                            compact.name(raw, at: 0).map { [$0.name.count, $0.end] },
                            StatePlistReader.plainFavoriteName(raw, at: 0).map { [$0.name.utf8.count, $0.end] }
                        )
                    }
                    if layout != plain { differ += 1 }
                    if layout != nil, bytes.count > text.count { answered[index] += 1 }
                }
            }
        }
        #expect(differ == 0)
        // By python: `re.fullmatch(r"-?\d+(\.\d+)?", s) and abs(float(s)) <= b` over
        // `itertools.product("-.0189", repeat=7)`: 10,241 within 90, 12,791 within 180.
        #expect(answered == [10241, 12791])
    }

    /// A layout learnt with the white space before its favorite reads a favorite from where
    /// that space starts when it is the same, from nowhere else (not from the `<dict>`, not
    /// after other space), and answers as the one-pass reading at the `<dict>`; space holding
    /// anything else is no layout.
    @Test func aLayoutWithTheSpaceBeforeItsFavorite() throws {
        let favorite = PlainFavoriteNameTests.plistlib
        let text = "\n\t\t" + favorite + "\n\t\t" + favorite + "\n\t" + favorite + "\n\t\t" + favorite
        let bytes = Array(text.utf8)
        let starts = [0, 3 + favorite.utf8.count, 6 + 2 * favorite.utf8.count, 8 + 3 * favorite.utf8.count]
        bytes.withUnsafeBytes { raw in
            let plain = StatePlistReader.plainFavoriteName(raw, at: 3)
            guard let plain, let layout = FavoriteLayout(raw, lead: 0, start: 3, end: plain.end) else {
                Issue.record("no layout")
                return
            }
            for (index, start) in starts.enumerated() {
                let found = layout.name(raw, at: start)
                // The third favorite follows "\n\t", not "\n\t\t".
                #expect((found == nil) == (index == 2), "favorite \(index)")
                guard let found else { continue }
                let same = StatePlistReader.plainFavoriteName(raw, at: start + 3)
                #expect(found.end == same?.end)
                #expect(
                    String(decoding: UnsafeRawBufferPointer(rebasing: raw[found.name]), as: UTF8.self) == same?.name)
                #expect(layout.name(raw, at: start + 3) == nil)
            }
            #expect(FavoriteLayout(raw, lead: 0, start: 4, end: plain.end) == nil)
        }
        let other = Array(("x\t" + favorite).utf8)
        other.withUnsafeBytes { raw in
            let plain = StatePlistReader.plainFavoriteName(raw, at: 2)
            #expect(plain != nil)
            #expect(plain.flatMap { FavoriteLayout(raw, lead: 0, start: 2, end: $0.end) } == nil)
            #expect(plain.flatMap { FavoriteLayout(raw, lead: 1, start: 2, end: $0.end) } != nil)
        }
    }

    /// A state.plist of 120 favorites in plistlib's layout, one of them broken as above, by fewer
    /// marks (in the middle, among favorites read by the layout): the scan's names are the decoded
    /// document's, or it is not sure and answers nil; never a name the document does not have.
    @Test func aBrokenFavoriteAmongManyIsNeverOffered() throws {
        func favorite(_ index: Int) -> String {
            PlainFavoriteNameTests.plistlib.replacingOccurrences(of: "Place 7", with: "Place \(index)")
        }
        let head =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>favorites</key>\n\t<array>\n"
        let tail = "\n\t</array>\n\t<key>version</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n"
        let before = Array((head + (0..<60).map { "\t\t" + favorite($0) + "\n" }.joined()).utf8)
        let after = Array(((60..<120).map { "\n\t\t" + favorite($0) }.joined() + tail).utf8)
        let good = Array(PlainFavoriteNameTests.plistlib.replacingOccurrences(of: "Place 7", with: "Broken").utf8)
        let marks: [UInt8] = [0x0A, 0x00, 0xC3] + Array("<&/.9".utf8)
        let home = TemporaryFolder()
        let path = home.path + "/state.plist"
        var scanned = 0
        for index in good.indices {
            for mutant in PlainFavoriteNameTests.mutants(of: good, at: index, marks: marks) {
                let data = Data(before + mutant + after)
                try data.write(to: URL(fileURLWithPath: path))
                guard let names = FavoriteNameScan.names(path: path, smallest: 0) else { continue }
                scanned += 1
                #expect(names == StateStore.decodeDocument(data)?.favorites.map(\.name), "byte \(index)")
            }
        }
        #expect(scanned > 100)
    }
}

extension Array {
    /// The two elements of an array of two; nil for any other count.
    fileprivate var twoParts: (Element, Element)? { count == 2 ? (self[0], self[1]) : nil }
}
