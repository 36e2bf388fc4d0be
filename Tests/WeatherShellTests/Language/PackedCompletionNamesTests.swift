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
            #expect(packed.matching(prefix: prefix) == strings.matching(prefix: prefix), "\(prefix)")
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
}
