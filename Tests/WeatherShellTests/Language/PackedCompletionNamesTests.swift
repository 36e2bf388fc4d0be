import FoundationEssentials
import Testing
import WeatherStore

@testable import WeatherShell

/// The favorites' names as bytes (`CompletionNames(FavoriteNameList)`, what `wx --complete`
/// reads, a `String` made only for a name that fits) against the same names as strings (the
/// prompt's Tab): the same options for every prefix, in the same order.
@Suite(.tags(.unit)) struct PackedCompletionNamesTests {
    /// Printable ASCII names of the shapes completion meets: case differences, "`" and "'", spaces,
    /// digits, one letter, punctuation, names that are prefixes of others.
    static let asciiNames = [
        "Place 1234", "place 12345", "PLACE 1", "Place 1234, Somewhere", "O'Brien's Pub", "O`Brien`s Pub",
        "Hamburg", "hamburg", "Ham", "H", "New York", "new york city", "Zürich".filter(\.isASCII), "A&B <c>",
        "x~y", "1906 Building", "; semicolon", "Kelvin",
    ]

    /// Prefixes typed: empty, every prefix of every name in upper and lower case, "'" for "`"
    /// and back, characters that are not ASCII (the Greek question mark is ";" by canonical
    /// equivalence, the Kelvin sign lower-cases to "k", a typographic apostrophe), a prefix longer
    /// than every name.
    static func prefixes(_ names: [String]) -> [String] {
        var typed: Set<String> = ["", "\u{37E}", "\u{37E} s", "\u{212A}el", "O\u{2019}Br", "O'Br", "O`Br", "é", "東"]
        for name in names {
            var prefix = ""
            for character in name {
                prefix.append(character)
                typed.formUnion([prefix, prefix.uppercased(), prefix.lowercased()])
            }
            typed.insert(name + "x")
        }
        return typed.sorted()
    }

    static func same(_ names: [String]) {
        let packed = CompletionNames(FavoriteNameList(names))
        let strings = CompletionNames(names)
        #expect(packed.names == names)
        for prefix in prefixes(names) {
            let expected = strings.matching(prefix: prefix)
            #expect(packed.matching(prefix: prefix) == expected, "\(prefix)")
            // As lines (what `wx --complete` writes): the same names, and the bytes written are
            // each name and "\n".
            if let lines = packed.lines(prefix: prefix) {
                #expect(lines.strings == expected, "\(prefix)")
                #expect(lines.count == expected.count, "\(prefix)")
                var written: [UInt8] = []
                lines.forEachRun { written += $0 }
                #expect(written == Array(expected.map { $0 + "\n" }.joined().utf8), "\(prefix)")
            }
        }
        for listed in [["hamburg"], ["place 1234", "ham"], names.prefix(3).map(CompletionNames.key)] {
            let left = packed.excluding(Set(listed))
            #expect(left.names == strings.excluding(Set(listed)).names, "\(listed)")
            #expect(left.matching(prefix: "h") == strings.excluding(Set(listed)).matching(prefix: "h"))
        }
    }

    @Test func printableASCIINamesAreOfferedAsTheirStrings() {
        #expect(FavoriteNameList(Self.asciiNames).isPrintableASCII)
        Self.same(Self.asciiNames)
        Self.same([])
    }

    /// One name that is not printable ASCII (a tab, é, 東, an emoji, a combining accent): all
    /// are compared as strings, as before.
    @Test(arguments: ["Zürich", "東京", "Café\u{301}", "🌧 Rain", "a\tb", "\u{7F}"])
    func namesThatAreNotPrintableASCII(other: String) {
        #expect(!FavoriteNameList(Self.asciiNames + [other]).isPrintableASCII)
        Self.same(Self.asciiNames + [other])
        Self.same([other] + Self.asciiNames)
    }

    /// Names of every length up to 20 and at the end of the bytes (a prefix of up to 8 bytes is
    /// compared as one word where 8 bytes follow the name's start, else byte by byte).
    @Test func namesOfEveryLengthAtTheEnd() {
        let names = (0...20).map { String(repeating: "Ab`", count: 7).prefix($0) }.map(String.init)
        Self.same(names)
        Self.same(names.reversed())
        Self.same(["a", "B", "aB`x"])
    }

    /// Whether a name is printable ASCII is decided eight bytes at a time: each byte value at
    /// each place of a 13-byte name (in a word and in the bytes after the last word).
    @Test func printableASCIIIsEveryByteFromSpaceToTilde() {
        for byte in UInt8.min...UInt8.max {
            for place in [0, 3, 7, 8, 12] {
                var name = [UInt8](repeating: UInt8(ascii: "a"), count: 13)
                name[place] = byte
                var list = FavoriteNameList()
                name.withUnsafeBytes { list.append($0) }
                #expect(list.isPrintableASCII == (0x20...0x7E).contains(byte), "\(byte) at \(place)")
                #expect(list.bytes == name + [UInt8(ascii: "\n")])
            }
        }
    }

    /// The builder the scan of state.plist appends to gives the list appending to a list gives,
    /// within the room of the list's array and past it (64 bytes), and with names that are not
    /// printable ASCII; nothing when the scan refuses.
    @Test func builderGivesTheListAppendsGive() {
        for names in [
            Self.asciiNames, Self.asciiNames + ["Zürich", "a\tb"], [], [""], (0..<200).map { "Place \($0)" },
        ] {
            for room in [1, 1 << 16] {
                let list = FavoriteNameListBuilder.build(bytes: room, count: 0) { builder in
                    for name in names { builder.append(name) }
                    return true
                }
                #expect(list == FavoriteNameList(names), "room \(room)")
                #expect(list?.strings == names)
            }
            let refused = FavoriteNameListBuilder.build(bytes: 1, count: 0) { builder in
                for name in names { builder.append(name) }
                return false
            }
            #expect(refused == nil)
        }
    }

    /// `wx --complete`'s answer over the names as bytes is the candidates over the same names as
    /// strings, for each way a favorite is completed (a whole name, one begun in earlier words,
    /// after a count, a flag, names already listed, a decision word), and the names that fit are
    /// kept as lines where they are the answer as they are.
    @Test func shellAnswersAreTheCandidatesOfTheSameNamesAsStrings() {
        let names = Self.asciiNames + (0..<40).map { "Place \($0)" }
        let words: [[String]] = [
            ["show", ""], ["show", "Pla"], ["show", "place 1"], ["show", "Place", "1"], ["show", "x"],
            ["--units", "imperial", "show", "H"], ["hourly", "12", "Ham"], ["warnings", "-v", "O'"], ["warnings", ""],
            ["fav", "rm", "P"], ["best", "h"], ["show", "\u{212A}el"], ["show", "\u{37E}"], ["show", "'Pla"],
        ]
        for typed in words {
            let expected = ShellCompletion.candidates(words: typed, favorites: names)
            let answer = ShellCompletion.answer(
                words: typed, loadingFavorites: { CompletionNames(FavoriteNameList(names)) })
            #expect(answer.candidates == expected, "\(typed)")
        }
        let answer = ShellCompletion.answer(
            words: ["show", "Pla"], loadingFavorites: { CompletionNames(FavoriteNameList(names)) })
        guard case .names(let lines) = answer else {
            Issue.record("show Pla: \(answer)")
            return
        }
        #expect(lines.count == names.filter { $0.lowercased().hasPrefix("pla") }.count)
    }
}
