import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// The favorites' names streamed from state.plist (`FavoriteNameScan`, for `wx --complete`)
/// against the names of the whole document as `StateStore.decodeDocument` reads it: the same
/// wherever the scan answers, and the scan answers nil (the document is then decoded) wherever it
/// is not sure.
@Suite(.tags(.unit)) struct FavoriteNameScanTests {
    let home = TemporaryFolder()

    /// Writes `data` as the home's state.plist.
    func write(_ data: Data) throws -> String {
        let path = home.path + "/state.plist"
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// wx's own documents, with names of every kind (entities, escapes, padding, emoji), read in
    /// pieces of several sizes through a buffer, or mapped in windows of one page and up (an
    /// element across a window's end read from a longer one) — elements straddling every
    /// boundary — give the decoded names; none too (an empty array).
    @Test(
        arguments: zip(
            [
                64, 300, 4096, FavoriteNameScan.chunk, FavoriteNameScan.chunk, FavoriteNameScan.chunk,
                FavoriteNameScan.chunk, FavoriteNameScan.chunk,
            ],
            [nil, nil, nil, nil, 4096, 8192, 65536, FavoriteNameScan.window] as [Int?]))
    func namesAreTheDecodedDocumentsNames(chunk: Int, window: Int?) throws {
        var random = StatePlistReaderTests.Generator(state: 5)
        for round in 0..<20 {
            let document = StatePlistReaderTests.randomDocument(
                &random, favorites: round == 0 ? 0 : Int.random(in: 1...60, using: &random))
            let data = try StatePlistReaderTests.encoded(document)
            let path = try write(data)
            let expected = try #require(StateStore.decodeDocument(data)).favorites.map(\.name)
            let scanned = FavoriteNameScan.names(path: path, smallest: 0, chunk: chunk, window: window)
            // A favorite longer than a piece of a buffer is left to the decoder.
            #expect(scanned == expected || (scanned == nil && window == nil && chunk < 4096), "round \(round)")
            #expect(StateStore.favoriteNames(folder: home.path) == expected)
            // As bytes (what `wx --complete` reads): the same names, and printable ASCII exactly
            // when each is.
            let list = StateStore.favoriteNameList(folder: home.path)
            #expect(list.strings == expected && list.count == expected.count)
            #expect(list.isPrintableASCII == expected.allSatisfy { $0.utf8.allSatisfy { (0x20...0x7E).contains($0) } })
        }
    }

    /// A favorite the document leaves out (a latitude beyond 90°), a comment, CDATA or a name
    /// that is not UTF-8: the scan is not sure, and the names are the decoded document's.
    @Test(arguments: [
        "<dict><key>latitude</key><real>91.5</real><key>longitude</key><real>1</real><key>name</key><string>Far</string></dict>",
        "<!-- <dict><key>latitude</key><real>1</real><key>longitude</key><real>1</real><key>name</key><string>Hidden</string></dict> -->",
        "<dict><key>latitude</key><real>1</real><key>longitude</key><real>1</real><key>name</key><string><![CDATA[A<B]]></string></dict>",
        "<dict><key>latitude</key><real>1</real><key>longitude</key><real>1</real><key>name</key><string>A&#38;B</string></dict>",
    ])
    func whatTheScanIsNotSureOfIsDecoded(favorite: String) throws {
        let good =
            "<dict><key>latitude</key><real>53.5</real><key>longitude</key><real>10</real><key>name</key><string>Hamburg &amp; Co</string></dict>"
        let data = Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>favorites</key>\n\t<array>\n"
                + "\t\t\(good)\n\t\t\(favorite)\n\t\t\(good.replacingOccurrences(of: "Hamburg", with: "Kiel"))\n\t</array>\n"
                + "\t<key>version</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n").utf8)
        let path = try write(data)
        #expect(FavoriteNameScan.names(path: path, smallest: 0, chunk: 128, window: nil) == nil)
        let expected = StateStore.decodeDocument(data)?.favorites.map(\.name) ?? []
        #expect(expected.contains("Hamburg & Co"))
        #expect(StateStore.favoriteNames(folder: home.path) == expected)
    }

    /// A comment, CDATA or a 0 byte where no favorite is read (before the favorites' key, after
    /// their array) among 2,000 favorites in one layout, whose bytes the scan does not look at
    /// twice (`FavoriteLayout` takes them): the scan is still not sure, in a piece of the file
    /// read long after the last favorite looked at otherwise, or in the only one.
    @Test(arguments: [4096, FavoriteNameScan.chunk])
    func whatIsRefusedAroundFavoritesInALayoutIsStillRefused(chunk: Int) throws {
        let favorites = (0..<2000).map { index in
            "\t\t<dict>\n\t\t\t<key>latitude</key>\n\t\t\t<real>\(index % 90).5</real>\n\t\t\t<key>longitude</key>\n"
                + "\t\t\t<real>-\(index % 180)</real>\n\t\t\t<key>name</key>\n\t\t\t<string>Place \(index)</string>\n\t\t</dict>\n"
        }.joined()
        func document(before: String = "", after: String = "") -> Data {
            Data(
                ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(before)\t<key>favorites</key>\n"
                    + "\t<array>\n\(favorites)\t</array>\n\(after)\t<key>version</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n")
                    .utf8)
        }
        let plain = try write(document())
        #expect(
            FavoriteNameScan.names(path: plain, smallest: 0, chunk: chunk, window: nil)
                == (0..<2000).map { "Place \($0)" })
        for data in [
            document(before: "\t<!-- a comment -->\n"), document(after: "\t<!-- a comment -->\n"),
            document(after: "\t<key>note</key>\n\t<string><![CDATA[x]]></string>\n"), document(after: "\t\0\n"),
        ] {
            let path = try write(data)
            #expect(FavoriteNameScan.names(path: path, smallest: 0, chunk: chunk, window: nil) == nil)
            #expect(
                StateStore.favoriteNames(folder: home.path) == StateStore.decodeDocument(data)?.favorites.map(\.name)
                    ?? [])
        }
    }

    /// Favorites in one layout with other white space between some of them (the layout is
    /// learnt with the space before its `<dict>`, and the next favorites compared from the end of
    /// the one before): each is still read, in pieces that end anywhere among them, whether its
    /// space is the layout's or not; the same names as the decoded document's. (Pieces of at
    /// least one favorite, ~170 bytes: a favorite longer than a piece is left to the decoder.)
    @Test(arguments: [300, 301, 4096, FavoriteNameScan.chunk])
    func favoritesWithOtherSpaceBetweenThemAreAllRead(chunk: Int) throws {
        let spaces = ["\n\t\t", "\n\t\t", "\n\t\t", "\n", "", " \t", "\n\t\t\t", "\n\t\t", "\n\n\t\t", "\t\t"]
        let favorites = (0..<300).map { index in
            spaces[index * 7 % spaces.count]
                + "<dict>\n\t\t\t<key>latitude</key>\n\t\t\t<real>\(index % 90).25</real>\n\t\t\t<key>longitude</key>\n"
                + "\t\t\t<real>-\(index % 180)</real>\n\t\t\t<key>name</key>\n\t\t\t<string>Place \(index)</string>\n\t\t</dict>"
        }.joined()
        let data = Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>favorites</key>\n"
                + "\t<array>\(favorites)\n\t</array>\n\t<key>version</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n")
                .utf8)
        let path = try write(data)
        let expected = try #require(StateStore.decodeDocument(data)).favorites.map(\.name)
        #expect(expected == (0..<300).map { "Place \($0)" })
        #expect(FavoriteNameScan.names(path: path, smallest: 0, chunk: chunk, window: nil) == expected)
    }

    /// A small file is decoded whole (faster than scanned); no file, no names.
    @Test func aSmallFileOrNoneIsNotScanned() throws {
        var document = StateDocument()
        document.favorites = [
            Favorite(
                name: "Kiel", coordinate: Coordinate(latitude: 54.3, longitude: 10.1), displayName: "Kiel",
                countryCode: "de")
        ]
        let path = try write(try StatePlistReaderTests.encoded(document))
        #expect(FavoriteNameScan.names(path: path) == nil)
        #expect(FavoriteNameScan.names(path: path, smallest: 0) == ["Kiel"])
        #expect(StateStore.favoriteNames(folder: home.path) == ["Kiel"])
        #expect(FavoriteNameScan.names(path: home.path + "/none.plist", smallest: 0) == nil)
    }
}

/// The scan reading a state.plist mapped a window at a time (`FavoriteNameScan.window`), as
/// `wx --complete` does (random documents: `namesAreTheDecodedDocumentsNames`): a file another
/// program shortens under the scan is refused, never a SIGBUS ending the process (`CMappedFile`).
extension FavoriteNameScanTests {
    /// 2,000 plain favorites (~190 KB), as plistlib writes them.
    static let document: Data = {
        let favorites = (0..<2000).map { index in
            "\t\t<dict>\n\t\t\t<key>latitude</key>\n\t\t\t<real>\(index % 90).5</real>\n\t\t\t<key>longitude</key>\n"
                + "\t\t\t<real>-\(index % 180)</real>\n\t\t\t<key>name</key>\n\t\t\t<string>Place \(index)</string>\n\t\t</dict>\n"
        }.joined()
        return Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>favorites</key>\n"
                + "\t<array>\n\(favorites)\t</array>\n\t<key>version</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n")
                .utf8)
    }()

    /// The 2,000 plain favorites mapped in windows of one page and up: the names read through a
    /// buffer.
    @Test(arguments: [4096, 8192, 65536, FavoriteNameScan.window])
    func mappedGivesTheNamesReadThroughABuffer(window: Int) throws {
        let path = try write(Self.document)
        let expected = (0..<2000).map { "Place \($0)" }
        #expect(FavoriteNameScan.names(path: path, smallest: 0, window: nil) == expected)
        #expect(FavoriteNameScan.names(path: path, smallest: 0, window: window) == expected)
    }

    /// state.plist cut to 8 KB by another program once the scan has mapped its first window:
    /// the pages past the new end read as zeros, the scan refuses them (not sure), the process
    /// goes on; the names are then the decoded file's as it now is (none: it no longer parses).
    @Test func aFileShortenedWhileMappedIsRefusedNotACrash() throws {
        let path = try write(Self.document)
        var cut = false
        let names = FavoriteNameScan.list(path: path, smallest: 0, window: 4096) {
            guard !cut else { return }
            cut = true
            #expect(truncate(path, 8192) == 0)
        }
        #expect(cut)
        #expect(names == nil)
        #expect(StateStore.favoriteNames(folder: home.path) == [])
        // Mapped again, the same file as it is now is read (refused: it ends inside the array)
        // and the next scan of a whole file is not marked by the last one.
        #expect(FavoriteNameScan.names(path: path, smallest: 0, window: 4096) == nil)
        _ = try write(Self.document)
        #expect(FavoriteNameScan.names(path: path, smallest: 0, window: 4096) == (0..<2000).map { "Place \($0)" })
    }
}
