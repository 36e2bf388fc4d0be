import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// What trial 11 found in the parser and the views: wx's `--json` typed at the prompt beside any
/// command, `rain` for a forecast whose days alone carry precipitation, and phrases a line
/// break parted.
@Suite(.tags(.unit)) struct OptionFindingsTests {
    /// `favs --json` said "“favs” takes no arguments" and `--json favs` "unknown command", where
    /// `show --json` said how JSON is had; now every command that does not take the flag itself.
    static let howJSON = "for JSON, “format json”, or wx --json … from the shell"

    @Test(arguments: [
        ("favs --json", "“--json” is not an option of “favs”: \(Self.howJSON)"),
        ("saved --json", "“--json” is not an option of “saved”: \(Self.howJSON)"),
        ("history --json", "“--json” is not an option of “history”: \(Self.howJSON)"),
        ("--json favs", "“--json” is wx’s option, given as it starts (wx --json favs); here, “format json” gives JSON"),
        ("--json", "“--json” is wx’s option, given as it starts (wx --json …); here, “format json” gives JSON"),
        ("--offline", "“--offline” is no command: wx’s options are given as it starts (see wx --help)"),
    ])
    func jsonTypedAtThePromptSaysHowJSONIsHad(_ line: String, _ message: String) {
        #expect(throws: ShellError.usage(message)) { try CommandParser.parse(line) }
    }
}

extension OutlookFindingsTests {
    /// Trial 13: `wx show --bogus` asked the geocoder for “--bogus” and exited 1; two dashes
    /// and a letter alone are an unknown option (exit 2), one dash still a favorite's name.
    @Test func aLoneDoubleDashWordIsAnOption() throws {
        #expect(
            throws: ShellError.usage("unknown option “--bogus”: “show” takes none (usage: show [place | favorite])")
        ) {
            try CommandParser.parse("show --bogus")
        }
        #expect(
            throws: ShellError.usage(
                "unknown option “--rain”: “hourly” takes none (usage: hourly [N] [place | favorite])")
        ) { try CommandParser.parse("hourly --rain") }
        #expect(try CommandParser.parse("show -x") == .show("-x"))
        #expect(try CommandParser.parse("show --") == .show("--"))
    }
}

extension RunnerFindingsTests {
    /// Finding 13: a line with a byte that was not UTF-8 (read as U+FFFD) is refused whole:
    /// nothing is sent to the geocoder, nothing goes into the history.
    @Test func aLineThatWasNotUTF8IsRefused() async {
        let (runner, console) = runner(fitsWidth: false)
        // Latin-1 "find M\xFCnchen" as Swift.readLine and libedit read it.
        let status = await runner.run(line: "find M\u{FFFD}nchen")
        #expect(status == .usageError)
        #expect(
            console.errors
                == "error: the line is not UTF-8 text (column 7 has a byte that is not); nothing was run\n")
        #expect(runner.session.historyList(last: 10).isEmpty)
    }

    /// Finding 11: an ambiguous prefix names a command by the name help lists; an alias is
    /// shown with it.
    @Test func anAmbiguousPrefixNamesAnAliasWithItsCommand() {
        #expect(
            throws: ShellError.usage(
                "“s” could be show, skill, spread (= confidence), save, saved or source; type more of it")
        ) {
            try CommandParser.parse("s")
        }
    }
}

extension SessionFindingsTests {
    /// `units ` offered only metric and imperial; `warnings ` not its `-v`.
    @Test func tabOffersUnitsQuantitiesAndWarningsFlag() {
        let units = Completer.complete("units ", favorites: ["Paris"]).options
        #expect(
            units == ["temperature", "wind", "precipitation", "pressure", "distance", "clock", "metric", "imperial"])
        let warnings = Completer.complete("warnings ", favorites: ["Paris"]).options
        #expect(warnings == ["-v", "Paris"])
        #expect(Completer.complete("warnings -", favorites: ["Paris"]).options == ["-v"])
        #expect(Completer.complete("warnings -v Pa", favorites: ["Paris"]).options == ["Paris"])
        #expect(Completer.complete("warnings 2 Pa", favorites: ["Paris"]).options == ["Paris"])
        #expect(Completer.complete("warnings -v ", favorites: ["Paris"]).options == ["Paris"])
    }
}

/// Issue 12 items 5 and 11: what completion inserts parses back to the same name, file names
/// after import and export, `--format`'s values, escaped spaces, and names in any Unicode form.
@Suite(.tags(.unit)) struct CompletionQuotingTests {
    /// Names with every character the lexer treats specially, and a leading "-" or number.
    static let awkward = [
        "The \"Best\" Bar", "Tom's", "'Quoted'", "C:\\Temp", "a;b", "#1 Pub", "Elbe Tunnel", "-5 Degrees", "-x",
        "Back\\slash \"and\" 'quotes'; #1", "1906 Building",
    ]

    /// The prompt's Tab on `line`, applied as the line editor applies it.
    static func completed(_ line: String, favorites: [String]) -> String? {
        let completion = Completer.complete(line, favorites: favorites, files: { _ in [] })
        guard let insertion = completion.insertion(typed: String(line.suffix(completion.replacing))) else { return nil }
        return String(line.dropLast(completion.replacing)) + insertion
    }

    @Test(arguments: awkward)
    func completedNamesParseBackToTheCommandOnThatName(name: String) throws {
        let cases: [(typed: String, expected: Command)] = [
            ("show ", .show(name)), ("fav rm ", .favoriteRemove(name)), ("hourly 3 ", .hourly(3, name)),
            ("hourly ", .hourly(nil, name)), ("daily ", .daily(nil, name)),
            ("compare Elsewhere ", .compare(["Elsewhere", name])),
        ]
        for (typed, expected) in cases {
            // Typed: nothing of the name, its first character, or (for a name with spaces) its first word.
            var starts = [typed, typed + String(name.prefix(1))]
            if let space = name.firstIndex(of: " "), !typed.hasPrefix("compare"),
                name[..<space].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
            {
                starts.append(typed + String(name[..<space]) + " ")
            }
            for start in starts {
                let line = try #require(Self.completed(start, favorites: [name]), "\(start)")
                #expect(try CommandParser.parse(line.trimmed) == expected, "\(start) → \(line)")
            }
        }
        // compare: the name completes as one word, also after an earlier name.
        let compare = try #require(Self.completed("compare " + String(name.prefix(1)), favorites: [name]))
        #expect(try CommandParser.parse(compare.trimmed) == .compare([name]), "\(compare)")
    }

    @Test func theReportedQuoteCase() {
        // Issue 12 item 5: `compare "The "Best" Bar"` was inserted.
        #expect(Self.completed("compare Th", favorites: ["The \"Best\" Bar"]) == "compare \"The \\\"Best\\\" Bar\" ")
        #expect(Self.completed("show Th", favorites: ["The \"Best\" Bar"]) == "show The \\\"Best\\\" Bar")
        #expect(Self.completed("hourly -", favorites: ["-5 Degrees"]) == "hourly \"-5 Degrees\"")
        #expect(Self.completed("show -", favorites: ["-5 Degrees"]) == "show -5 Degrees")
    }

    /// A favorite starting with a number is an address ("1906 Building"): `show` and the other
    /// commands completed as `.favorites` take it unquoted, as typed (dbaa5a9 quoted it); `hourly`
    /// and `brief`, completed as a count may lead, quote it.
    @Test func aFavoriteStartingWithANumberCompletesUnquotedWhereNoCountIsRead() {
        for command in ["show", "normal", "rain", "air", "changed"] {
            #expect(Self.completed("\(command) 19", favorites: ["1906 Building"]) == "\(command) 1906 Building")
        }
        #expect(Self.completed("hourly 19", favorites: ["1906 Building"]) == "hourly \"1906 Building\"")
        #expect(Self.completed("brief 19", favorites: ["1906 Building"]) == "brief \"1906 Building\"")
    }

    @Test func anEscapedSpaceIsPartOfTheName() {
        let favorites = ["Elbe Tunnel", "Elbphilharmonie"]
        #expect(Self.completed("compare Elbe\\ ", favorites: favorites) == "compare \"Elbe Tunnel\" ")
        #expect(Self.completed("compare Elbe\\ T", favorites: favorites) == "compare \"Elbe Tunnel\" ")
        #expect(Self.completed("show Elbe\\ ", favorites: favorites) == "show Elbe Tunnel")
        #expect(Self.completed("compare Elb", favorites: favorites) == nil)  // two names share only "Elb"
        #expect(
            Completer.complete("compare Elb", favorites: favorites).options == ["\"Elbe Tunnel\"", "Elbphilharmonie"])
        // "Elb " (an escaped space after Elb) starts neither name.
        #expect(Completer.complete("compare Elb\\ ", favorites: favorites).options.isEmpty)
        #expect(Completer.complete("compare Elb\\ ", favorites: ["Elb Tower"]).options == ["\"Elb Tower\""])
    }

    @Test func decomposedAccentsMatchPrecomposedNames() {
        // Swift compares strings by canonical equivalence: NFD typed, NFC saved (and back).
        #expect("Zu\u{308}rich" == "Zürich")
        #expect("Zu\u{308}rich".hasPrefix("Zü"))
        #expect("Zürich".lowercased().hasPrefix("zu\u{308}r"))
        #expect(Self.completed("show Zu\u{308}r", favorites: ["Zürich", "Zug"]) == "show Zürich")
        #expect(Self.completed("show Zür", favorites: ["Zu\u{308}rich"]) == "show Zu\u{308}rich")
        #expect(Self.completed("compare Zu\u{308}", favorites: ["Zürich"]) == "compare Zürich ")
        #expect(ShellCompletion.candidates(words: ["show", "Zu\u{308}r"], favorites: ["Zürich"]) == ["Zürich"])
        // What the line editor deletes is counted in code points (libedit's units): the typed
        // "Zu\u{308}r" is 3 characters but 4 code points.
        let completion = Completer.complete("show Zu\u{308}r", favorites: ["Zürich"])
        #expect(completion.replacing == 3)
        #expect(String("show Zu\u{308}r".suffix(completion.replacing)).unicodeScalars.count == 4)
        // Joined emoji are one character to match and to replace.
        #expect(Self.completed("show 👩‍👩‍👧 H", favorites: ["👩‍👩‍👧 Home"]) == "show 👩‍👩‍👧 Home")
    }

    @Test func fileNamesAfterImportAndExportAndFormatValues() throws {
        let folder = TemporaryFolder()
        for file in ["fav.csv", "fav.json", "my file.csv", ".hidden"] {
            try "x".write(toFile: folder.path + "/" + file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder.path + "/sub dir", withIntermediateDirectories: true)
        let base = folder.path
        func complete(_ line: String) -> Completion { Completer.complete(line, favorites: ["Paris"]) }

        #expect(complete("import ").options == ["favorites", "snapshots", "history"])
        #expect(complete("import favorites \(base)/f").options == ["\(base)/fav.csv", "\(base)/fav.json"])
        #expect(complete("import favorites \(base)/f").insertion(typed: "\(base)/f") == "\(base)/fav.")
        #expect(complete("import favorites \(base)/fav.j").insertion(typed: "\(base)/fav.j") == "\(base)/fav.json ")
        // Spaces are quoted; a folder ends in "/" with no space after it; dot files only when asked.
        #expect(complete("import favorites \(base)/m").options == ["\"\(base)/my file.csv\""])
        #expect(complete("import favorites \(base)/s").insertion(typed: "\(base)/s") == "\"\(base)/sub dir/\"")
        #expect(complete("import favorites \(base)/").options.count == 4)
        #expect(complete("import favorites \(base)/.h").options == ["\(base)/.hidden"])
        #expect(complete("import favorites \(base)/fav.csv ").options.isEmpty)
        #expect(complete("import snapshots \(base)/f").options == ["\(base)/fav.csv", "\(base)/fav.json"])
        // A list shows each by its last part, as bash lists file names (trial 13: whole paths).
        #expect(complete("import snapshots \(base)/f").shown == ["fav.csv", "fav.json"])
        #expect(complete("import favorites \(base)/s").shown == ["sub dir/"])
        #expect(complete("import history \(base)/fav.j").insertion(typed: "\(base)/fav.j") == "\(base)/fav.json ")
        #expect(complete("import cats \(base)/f").options.isEmpty)
        // `~/` is the home folder, as import and export read it.
        let home = Completer.complete(
            "import favorites ~/fav.c", favorites: [], files: { FileNames.completing($0, home: base) })
        #expect(home.options == ["~/fav.csv"])

        // export KIND, then --format and its values, and a file.
        #expect(complete("export ").options == ["favorites", "snapshots", "history"])
        #expect(complete("export history -").options == ["--format"])
        #expect(complete("export history --format ").options == ["csv", "json"])
        #expect(complete("export history --format j").insertion(typed: "j") == "json ")
        #expect(complete("export history --format=").options == ["--format=csv", "--format=json"])
        #expect(complete("export favorites --format csv \(base)/fav.c").options == ["\(base)/fav.csv"])
        #expect(complete("export favorites \(base)/fav.c").options == ["\(base)/fav.csv"])
        #expect(complete("export favorites --format=json \(base)/fav.j").options == ["\(base)/fav.json"])
        #expect(complete("export favorites \(base)/fav.csv ").options.isEmpty)
        #expect(complete("export favorites --format csv -").options.isEmpty)
        // Completed lines parse.
        let line = "export favorites --format json \(base)/fav.json"
        #expect(
            try CommandParser.parse(line) == .export(.favorites, format: .json, path: "\(base)/fav.json"))
    }

    /// bash, zsh and fish: quoting as typed is removed once (zsh and fish pass the words as
    /// typed now), file names are left to the shell, `--format` values come from wx.
    @Test(arguments: [
        (["show", "O\\'Br"], ["O'Brien"]),
        (["show", "\"O'Br"], ["O'Brien"]),
        (["show", "'O'\\''Br"], ["O'Brien"]),
        (["compare", "Hamburg", "O\\'B"], ["O'Brien"]),
        (["show", "The\\ \\\"B"], ["The \"Best\" Bar"]),
        (["show", "'The \"B"], ["The \"Best\" Bar"]),
        (["show", "C:\\\\"], ["C:\\Temp"]),
        (["show", "a\\;"], ["a;b"]),
        (["show", "\\#"], ["#1 Pub"]),
        (["show", "-"], ["-5 Degrees"]),
        (["show", "Elbe\\ "], ["Elbe Tunnel"]),
        (["compare", "Elbe\\ T"], ["Elbe Tunnel"]),
        (["import", ""], ["favorites", "snapshots", "history"]),
        (["import", "favorites", ""], []),
        (["export", "favorites", ""], []),
        (["export", "favorites", "--f"], ["--format"]),
        (["export", "favorites", "--format", ""], ["csv", "json"]),
        (["export", "favorites", "--format=j"], ["--format=json"]),
        // bash splits at "=": what replaces its last word.
        (["export", "favorites", "--format", "=", "j"], ["json"]),
        (["export", "favorites", "--format", "="], ["=csv", "=json"]),
    ])
    func shellCandidates(words: [String], expected: [String]) {
        let favorites = ["O'Brien", "The \"Best\" Bar", "C:\\Temp", "a;b", "#1 Pub", "-5 Degrees", "Elbe Tunnel"]
        #expect(ShellCompletion.candidates(words: words, favorites: favorites) == expected)
    }
}

/// Issue 24 item 6: Tab completes snapshot numbers (the list shows each one's place and date),
/// and a list of favorites shows the names as people read them, not escaped.
@MainActor
@Suite(.tags(.unit)) struct CompletionTargetTests {
    let home = TemporaryFolder()
    static let snapshots = [
        SnapshotChoice(id: 12, label: "12  Hamburg · 2026-02-06 22:40"),
        SnapshotChoice(id: 3, label: "3  Prime Minister’s Office · 2026-02-01 08:05"),
    ]

    @Test func snapshotNumbersCompleteAfterSavedRm() {
        let all = Completer.complete("saved rm ", favorites: [], snapshots: Self.snapshots)
        #expect(all.options == ["12", "3"])
        #expect(all.shown == Self.snapshots.map(\.label))
        let one = Completer.complete("saved rm 1", favorites: [], snapshots: Self.snapshots)
        #expect(one.insertion(typed: "1") == "12 ")
        #expect(Completer.complete("saved del ", favorites: [], snapshots: Self.snapshots).options == ["12", "3"])
    }

    @Test func savedOffersItsSubcommandsAndTheNumbers() {
        let completion = Completer.complete("saved ", favorites: [], snapshots: Self.snapshots)
        #expect(completion.options == ["rm", "remove", "del", "verify", "12", "3"])
        #expect(completion.shown == ["rm", "remove", "del", "verify"] + Self.snapshots.map(\.label))
        #expect(Completer.complete("saved 3", favorites: [], snapshots: Self.snapshots).insertion(typed: "3") == "3 ")
    }
}
