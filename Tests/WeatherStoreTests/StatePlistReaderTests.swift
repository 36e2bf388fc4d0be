import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// The fast state.plist reader (`StatePlistReader`) against the reference, FoundationEssentials'
/// `PropertyListDecoder`: wherever the fast one answers, both give the same document — every
/// field, kept unknown entries and the count of entries left out included — and wherever it
/// does not (unknown keys of every type, entries that are left out, another layout),
/// `decodeDocument` gives the reference's answer.
@Suite(.tags(.unit)) struct StatePlistReaderTests {
    /// Everything a decoded document holds, also what `==` leaves out (kept unknown entries,
    /// entries left out).
    struct Everything: Equatable {
        var version: Int
        var favorites: [Favorite]
        var favoriteOthers: [[String: PlistValue]]
        var settings: Settings
        var settingsOthers: [String: PlistValue]
        var units: UnitSetting
        var others: [String: PlistValue]
        var unreadable: Int
        var unreadableSettings: Int

        init(_ document: StateDocument) {
            version = document.version
            favorites = document.favorites
            favoriteOthers = document.favorites.map(\.otherEntries)
            settings = document.settings
            settingsOthers = document.settings.otherEntries
            units = document.settings.unitSetting
            others = document.otherEntries
            unreadable = document.unreadableEntries
            unreadableSettings = document.settings.unreadableEntries
        }
    }

    /// A deterministic generator (SplitMix64), so that a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let nameParts = [
        "Hamburg", "São Paulo", "Zürich", "東京", "A & B", "<tag>", "\"quoted\"", "it's", "x > y", "  padded  ",
        "tab\there", "new\nline", "👩‍👩‍👧", "Ærø", "a;b", "]]>", "&amp;", "", " ", "é",
    ]

    static func randomDocument(_ random: inout Generator, favorites count: Int) -> StateDocument {
        var document = StateDocument()
        var names = Set<String>()
        for index in 0..<count {
            var name = (0..<Int.random(in: 1...3, using: &random)).map { _ in nameParts.randomElement(using: &random)! }
                .joined()
            name = name.trimmed.isEmpty ? "Place \(index)" : name + " \(index)"
            guard names.insert(name).inserted else { continue }
            let coordinate = Coordinate(
                latitude: Double.random(in: -90...90, using: &random),
                longitude: Double.random(in: -180...180, using: &random))
            let display = Bool.random(using: &random) ? name + ", " + nameParts.randomElement(using: &random)! : ""
            let code = Bool.random(using: &random) ? ["de", "fr", "", "u&s"].randomElement(using: &random)! : nil
            var favorite = Favorite(name: name, coordinate: coordinate, displayName: display, countryCode: code)
            if Bool.random(using: &random) {
                // Not rounded: a coordinate from an older wx, or edited by hand.
                favorite.latitude = coordinate.latitude
                favorite.longitude = coordinate.longitude
            }
            document.favorites.append(favorite)
        }
        var setting = UnitSetting(preset: Bool.random(using: &random) ? .metric : .imperial)
        for quantity in UnitQuantity.allCases where Bool.random(using: &random) {
            setting = setting.setting(quantity, to: quantity.choices.randomElement(using: &random)!) ?? setting
        }
        document.settings.unitSetting = setting
        if Bool.random(using: &random) {
            document.settings.language = ["de", "fr-CH", "x&y"].randomElement(using: &random)
        }
        if Bool.random(using: &random) { document.settings.geocoder = "open-meteo" }
        if Bool.random(using: &random) { document.settings.provider = "openweathermap" }
        return document
    }

    /// The bytes wx writes for `document` (as `StateStore.write` encodes it).
    static func encoded(_ document: StateDocument) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(document)
    }

    /// The reference's reading, after the checks `decodeDocument` makes first.
    static func reference(_ data: Data) -> StateDocument? {
        guard String(validating: data, as: UTF8.self) != nil, !data.starts(with: Array("bplist".utf8)),
            StateStore.xmlDepth(data, within: StateStore.maximumDepth)
        else { return nil }
        return StateStore.referenceDecode(data)
    }

    /// wx's own documents, of every size and content, take the fast path and read the same.
    @Test func wxDocumentsReadTheSameAsWithPropertyListDecoder() throws {
        var random = Generator(state: 11)
        for round in 0..<60 {
            let document = Self.randomDocument(
                &random, favorites: round % 10 == 0 ? 0 : Int.random(in: 1...40, using: &random))
            let data = try Self.encoded(document)
            let fast = try #require(StatePlistReader.document(data), "round \(round)")
            let reference = try #require(StateStore.referenceDecode(data))
            #expect(Everything(fast) == Everything(reference), "round \(round)")
            #expect(Everything(try #require(StateStore.decodeDocument(data))) == Everything(reference))
        }
    }

    /// The layout Python's plistlib writes (bench/make_large_state.py), with whole numbers as
    /// reals, an empty settings dictionary and a version 1 document.
    @Test func plistlibLayoutReadsTheSame() throws {
        let data = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>favorites</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>countryCode</key>
            \t\t\t<string>de</string>
            \t\t\t<key>displayName</key>
            \t\t\t<string>Hamburg 0, Region 0, Country</string>
            \t\t\t<key>latitude</key>
            \t\t\t<real>53.0</real>
            \t\t\t<key>longitude</key>
            \t\t\t<real>-1e-05</real>
            \t\t\t<key>name</key>
            \t\t\t<string>Hamburg &amp; Co &lt;1&gt;</string>
            \t\t</dict>
            \t</array>
            \t<key>settings</key>
            \t<dict/>
            \t<key>version</key>
            \t<integer>1</integer>
            </dict>
            </plist>

            """.utf8)
        let fast = try #require(StatePlistReader.document(data))
        #expect(Everything(fast) == Everything(try #require(StateStore.referenceDecode(data))))
        #expect(fast.favorites.map(\.name) == ["Hamburg & Co <1>"])
        #expect(fast.favorites.first?.latitude == 53 && fast.favorites.first?.longitude == -0.00001)
        #expect(fast.version == 1)
    }

    static let valuesOfEveryType = [
        "<true/>", "<false/>", "<string>x</string>", "<integer>3</integer>", "<real>1.5</real>",
        "<date>2026-01-02T03:04:05Z</date>", "<data>AAEC</data>", "<array><integer>1</integer></array>", "<array/>",
        "<dict><key>a</key><string>b</string></dict>", "<dict/>",
    ]

    /// An unknown key of any plist type, at any level, leaves the fast path: the reference
    /// reads it and keeps it.
    @Test(arguments: ["top", "favorite", "settings", "units"])
    func unknownKeysOfEveryTypeGoToTheReference(level: String) throws {
        for value in Self.valuesOfEveryType {
            let extra = "<key>zzz</key>" + value
            let data = Data(
                ("""
                <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
                <key>favorites</key><array><dict><key>latitude</key><real>53.55</real><key>longitude</key>
                <real>9.99</real><key>name</key><string>Hamburg</string>\(level == "favorite" ? extra : "")</dict></array>
                <key>settings</key><dict><key>units</key><dict><key>preset</key><string>imperial</string>
                \(level == "units" ? extra : "")</dict>\(level == "settings" ? extra : "")</dict>
                <key>version</key><integer>2</integer>\(level == "top" ? extra : "")
                </dict></plist>
                """).utf8)
            #expect(StatePlistReader.document(data) == nil, "\(value)")
            let decoded = try #require(StateStore.decodeDocument(data), "\(value)")
            let reference = try #require(StateStore.referenceDecode(data))
            #expect(Everything(decoded) == Everything(reference))
            #expect(decoded.favorites.map(\.name) == ["Hamburg"])
            switch level {
            case "top": #expect(decoded.otherEntries["zzz"] != nil)
            case "favorite": #expect(decoded.favorites.first?.otherEntries["zzz"] != nil)
            case "settings": #expect(decoded.settings.otherEntries["zzz"] != nil)
            default: #expect(decoded.settings.unitSetting.preset == .imperial)
            }
        }
    }

    /// What the fast reader does not take — entries the reference leaves out or refuses,
    /// other spellings — is read by the reference, with the same outcome.
    @Test(arguments: [
        // A favorite that is left out: no name, an empty one, a coordinate off the globe, a
        // number as a string.
        "<dict><key>latitude</key><real>1</real><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string> </string><key>latitude</key><real>1</real><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string>A</string><key>latitude</key><real>91</real><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string>A</string><key>latitude</key><string>1</string><key>longitude</key><real>1</real></dict>",
        // Spellings the fast reader leaves to the reference.
        "<dict><key>name</key><string>A&#38;B</string><key>latitude</key><real>1</real><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string><![CDATA[A<B]]></string><key>latitude</key><real>1</real><key>longitude</key><real>1</real></dict>",
        "<dict><!-- note --><key>name</key><string>A</string><key>latitude</key><real>1</real><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string>A</string><key>latitude</key><integer>1</integer><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string>A</string><key>latitude</key><real> 1.5</real><key>longitude</key><real>+1</real></dict>",
        "<dict><key>name</key><string>A</string><key>name</key><string>B</string><key>latitude</key><real>1</real><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string>A\u{1B}[31mB</string><key>latitude</key><real>1</real><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string>A\r\nB</string><key>latitude</key><real>1</real><key>longitude</key><real>1</real></dict>",
        "<dict><key>name</key><string>A</string><key>latitude</key><real>1</real><key>longitude</key><real>1</real><key>countryCode</key><true/></dict>",
        "<string>not a favorite</string>",
    ])
    func otherFavoritesGoToTheReference(favorite: String) throws {
        let data = Data(
            ("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>version</key><integer>2</integer>"
                + "<key>favorites</key><array>\(favorite)</array></dict></plist>").utf8)
        #expect(StatePlistReader.document(data) == nil)
        let decoded = StateStore.decodeDocument(data)
        let reference = StateStore.referenceDecode(data)
        #expect(decoded.map(Everything.init) == reference.map(Everything.init))
    }

    /// Settings the fast reader leaves to the reference: version 1 units, an unknown preset or
    /// unit, a setting of another type, no version at all.
    @Test(arguments: [
        "<key>settings</key><dict><key>units</key><dict><key>temperature</key><string>F</string></dict></dict>",
        "<key>settings</key><dict><key>units</key><dict><key>preset</key><string>nautical</string></dict></dict>",
        "<key>settings</key><dict><key>units</key><dict><key>preset</key><string>metric</string><key>wind</key><string>furlongs</string></dict></dict>",
        "<key>settings</key><dict><key>language</key><integer>7</integer></dict>",
        "<key>settings</key><string>none</string>",
        "<key>favorites</key><dict/>",
    ])
    func otherSettingsGoToTheReference(entry: String) throws {
        for version in ["<key>version</key><integer>2</integer>", ""] {
            let data = Data(
                ("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(version)\(entry)</dict></plist>").utf8)
            #expect(StatePlistReader.document(data) == nil)
            #expect(
                StateStore.decodeDocument(data).map(Everything.init)
                    == StateStore.referenceDecode(data).map(Everything.init))
        }
    }

    /// Damaged copies of a wx document (bytes replaced, removed, repeated): whenever the fast
    /// reader answers, the reference answers the same. Copies that are not UTF-8 are skipped, as
    /// `decodeDocument` refuses them first (the reference stops the process on some).
    @Test func damagedDocumentsNeverReadDifferently() throws {
        var random = Generator(state: 7)
        let original = [UInt8](try Self.encoded(Self.randomDocument(&random, favorites: 3)))
        let alphabet = Array("<>/&;!?[]-\"' \n\tkeydictarraystringrealinteger0123456789.eE+-".utf8)
        var fastAnswers = 0
        for round in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 8)], at: at)
                }
            }
            let data = Data(bytes)
            // Bytes cut out of a character are invalid UTF-8, refused before either reader runs.
            guard String(validating: data, as: UTF8.self) != nil, let fast = StatePlistReader.document(data) else {
                continue
            }
            fastAnswers += 1
            let reference = try #require(
                Self.reference(data), "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            #expect(Everything(fast) == Everything(reference), "round \(round)")
        }
        #expect(fastAnswers > 100)
    }

    /// Invalid UTF-8 and deep nesting never reach either reader (`decodeDocument` refuses them).
    @Test func invalidUTF8AndDeepNestingAreRefusedFirst() throws {
        var bytes = [UInt8](try Self.encoded(StateDocument()))
        #expect(StateStore.decodeDocument(Data(bytes)) != nil)
        bytes.insert(contentsOf: [0xFF, 0xFE, 0xFF, 0xFE, 0xFF, 0xFE, 0xFF, 0xFE], at: bytes.count - 20)
        #expect(StateStore.decodeDocument(Data(bytes)) == nil)
        let deep = Data(
            ("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>version</key><integer>2</integer><key>x</key>"
                + String(repeating: "<array>", count: 100) + String(repeating: "</array>", count: 100)
                + "</dict></plist>").utf8)
        #expect(StatePlistReader.document(deep) == nil)
        #expect(StateStore.decodeDocument(deep) == nil)
    }

    /// `Favorite.region`'s reading of ASCII display names from bytes agrees with the split it
    /// stands in for, commas anywhere included.
    @Test func asciiRegionAgreesWithTheSplit() {
        let names = [
            "", ",", ",,", "a", "a,", "a,,", ",a", ",a,b", ",,a, b", "a,b", "a, b , c ", "a,,b", "  a , b  ",
            "Place 00001, Region 1, Country", "a,\r\nb\r\n", "x ,\t", "Hamburg, Deutschland", "a,\u{0B}b\u{0C}",
            "a,\u{1C}b\u{1F}", "a, \u{7F}",
        ]
        for name in names {
            let parts = name.split(separator: ",", maxSplits: 1)
            #expect(Favorite.asciiRegion(name) == (parts.count == 2 ? parts[1].trimmed : ""), "\(name)")
        }
        #expect(Favorite.asciiRegion("Zürich, Schweiz") == nil)
    }

    /// The `<real>` fast path gives the same `Double` as the full parse (`strtod`) for every
    /// decimal it takes — coordinates as wx and plistlib write them, and numbers at the edges of
    /// what it takes (15 significant digits, 22 decimals) — and leaves the rest to the full parse.
    @Test func exactDecimalAgreesWithTheFullParse() {
        func exact(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { StatePlistReader.exactDecimal($0) }
        }
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "0.0", "-0.0", "52.52", "-12.5", "3", "53.5511", "9.9937", "-170.9961", "0.1", "0.3",
            "123456789012345", "12345678901234.5", "0.000000000000000000001", "1.7976931348623157",
            "0.0000000000000000000001", "999999999999999", "-89.99999999999999", "45.00000000000000",
        ]
        for _ in 0..<20_000 {
            let digits = (0..<Int.random(in: 1...17, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }.joined()
            let point = Int.random(in: 0...digits.count, using: &generator)
            var text =
                point == digits.count ? digits : "\(digits.prefix(max(point, 1))).\(digits.dropFirst(max(point, 1)))"
            if text.hasSuffix(".") { text += "0" }
            if Bool.random(using: &generator) { text = "-" + text }
            texts.append(text)
        }
        var taken = 0
        for text in texts {
            guard let fast = exact(text) else { continue }
            taken += 1
            let full = Double(text)!
            #expect(fast.bitPattern == full.bitPattern, "\(text): \(fast) against \(full)")
        }
        #expect(taken > 10_000)
        // More than 15 significant digits, more than 22 decimals, or an exponent: the full parse.
        #expect(exact("1234567890123456") == nil)
        #expect(exact("0.00000000000000000000001") == nil)
        #expect(exact("1e-05") == nil)
        #expect(exact("1.5E3") == nil)
    }
}
