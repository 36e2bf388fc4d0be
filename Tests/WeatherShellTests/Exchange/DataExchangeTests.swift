import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

@Suite(.tags(.unit)) struct CSVTests {
    @Test func quotingFollowsRFC4180() {
        let text = CSV.encode([["name", "note"], ["Plain", "a, b"], ["Say \"hi\"", "two\nlines"], ["", "x"]])
        #expect(text == "name,note\r\nPlain,\"a, b\"\r\n\"Say \"\"hi\"\"\",\"two\nlines\"\r\n,x\r\n")
    }

    @Test func decodesWhatItEncodesAndWhatOthersWrite() throws {
        let records: [[String]] = [["a", "b,c", "d\"e", "f\r\ng", ""], ["Zürich", "東京", " spaced ", "", "z"]]
        #expect(try CSV.decode(CSV.encode(records)).map(\.fields) == records)
        // LF line ends, no final line end, an empty line skipped; lines numbered for messages.
        let read = try CSV.decode("x,y\n\n1,2\n\"3\n4\",5\n6,7")
        #expect(read.map(\.fields) == [["x", "y"], ["1", "2"], ["3\n4", "5"], ["6", "7"]])
        #expect(read.map(\.line) == [1, 3, 4, 6])
    }

    /// OWASP's advice for CSV cells holding text: a cell a spreadsheet would run as a formula
    /// starts with an apostrophe, inside quotes; numbers stay numbers; import reads back what
    /// export wrote, apostrophes a name really starts with included.
    @Test func formulaLikeTextIsNeutralizedAndReadBack() throws {
        let names = [
            "=HYPERLINK(\"http://x\",\"y\")", "@SUM(1+1)", "+1", "-1", "\t=1+1", "'=1", "''@x", "'quoted'", "Plain",
        ]
        let favorites = names.map {
            Favorite(
                name: $0, coordinate: Coordinate(latitude: 51.5034, longitude: -0.1277), displayName: $0,
                countryCode: nil)
        }
        let text = ExportEncoder.csv(
            favorites.map { FavoriteExportRecord($0).fields }, columns: ExportEncoder.columns(FavoriteExportRecord.self)
        )
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[0] == "name,latitude,longitude,display_name,country_code")
        #expect(lines[1] == #""'=HYPERLINK(""http://x"",""y"")",51.5034,-0.1277,"'=HYPERLINK(""http://x"",""y"")","#)
        #expect(lines[2] == #""'@SUM(1+1)",51.5034,-0.1277,"'@SUM(1+1)","#)
        #expect(lines[3] == #""'+1",51.5034,-0.1277,"'+1","#)
        #expect(lines[4] == #""'-1",51.5034,-0.1277,"'-1","#)
        #expect(lines[5] == "\"'\t=1+1\",51.5034,-0.1277,\"'\t=1+1\",")
        #expect(lines[6] == #""''=1",51.5034,-0.1277,"''=1","#)
        #expect(lines[7] == #""'''@x",51.5034,-0.1277,"'''@x","#)
        #expect(lines[8] == #""'quoted'",51.5034,-0.1277,"'quoted'","#)
        #expect(lines[9] == "Plain,51.5034,-0.1277,Plain,")
        // Import gives back every name as stored, but for the tab, which wx turns into a space
        // and trims (the stored name is "=1+1" — which export then writes as "'=1+1").
        let read = try DataExchange.favorites(from: text)
        #expect(read.problems.isEmpty)
        #expect(read.favorites.map(\.name) == names.map { $0 == "\t=1+1" ? "=1+1" : $0 })
        #expect(read.favorites.allSatisfy { $0.coordinate == Coordinate(latitude: 51.5034, longitude: -0.1277) })
        #expect(CSV.neutralized("=1+1") == "'=1+1")
        #expect(CSV.restored("'-0.1277") == "-0.1277")
        #expect(CSV.restored("'hello") == "'hello")
    }

    @Test func malformedQuotesAreErrorsWithTheirLine() {
        #expect(throws: CSV.FormatError(line: 2, message: "a quote that is never closed")) {
            try CSV.decode("a,b\n\"open,1\n")
        }
        #expect(throws: CSV.FormatError(line: 1, message: "text after a closing quote")) {
            try CSV.decode("\"a\"b,c\n")
        }
    }
}

@Suite(.tags(.unit)) struct FavoriteImportTests {
    @Test func csvWithColumnsInAnyOrderAndBadRowsNamed() throws {
        let text = """
            country_code,longitude,name,latitude,extra\r
            de,9.9842,Elbphilharmonie,53.5413,x\r
            ,-0.1277,"No, 10",51.5034,\r
            ,abc,Bad,1,\r
            ,0,Pole,91,\r
            ,1,,1,\r
            ,1,Short\r
            ,  8.5 ,Spaces,47.25,\r

            """
        let read = try DataExchange.favorites(from: "\u{FEFF}" + text)
        #expect(read.favorites.map(\.name) == ["Elbphilharmonie", "No, 10", "Spaces"])
        #expect(read.favorites[0].coordinate == Coordinate(latitude: 53.5413, longitude: 9.9842))
        #expect(read.favorites[0].countryCode == "de")
        #expect(read.favorites[1].countryCode == nil)
        #expect(read.favorites[1].displayName == "No, 10")
        #expect(read.favorites[2].coordinate == Coordinate(latitude: 47.25, longitude: 8.5))
        #expect(
            read.problems == [
                "line 4: longitude “abc” is not a number",
                "line 5: 91,0 is not a place on Earth (latitude -90…90, longitude -180…180)",
                "line 6: no name",
                "line 7: 3 fields where the header has 5",
            ])
    }

    @Test func jsonArrayOrWxDocument() throws {
        let array = try DataExchange.favorites(from: #"[{"name":"A","latitude":"1.5","longitude":2},{"name":"B"},7]"#)
        #expect(array.favorites.map(\.name) == ["A"])
        #expect(array.favorites[0].coordinate == Coordinate(latitude: 1.5, longitude: 2))
        #expect(array.problems == ["item 2: no latitude", "item 3: not an object"])
        let document = try DataExchange.favorites(
            from:
                #"{"type":"favorites","favorites":[{"name":"C\u001b[31m","latitude":3,"longitude":4,"display_name":"C, Land","country_code":"XX"}]}"#
        )
        #expect(document.favorites.map(\.name) == ["C"])  // the whole sequence goes (issue 37 item 6)
        #expect(document.favorites[0].displayName == "C, Land")
        #expect(document.favorites[0].countryCode == "xx")
    }

    /// Trial 4, item 7: a JSON file none of whose items has a favorite's name, latitude or
    /// longitude — no list of favorites — is one error naming the first, not a line per item.
    /// A file of favorites none of which can be imported is README's one rule for favorites
    /// (note 57, item 3): each skipped with its line or item, as a bad row among good ones.
    @Test func aFileWithNoFavoriteIsOneError() throws {
        #expect(throws: DataExchange.FileProblem("item 1: no name (none of its 2 items is a favorite)")) {
            try DataExchange.favorites(from: #"[{"place":"y"},{"place":"x"}]"#)
        }
        let json = try DataExchange.favorites(from: #"[{"latitude":1,"longitude":2},{"place":"x"}]"#)
        #expect(json.favorites.isEmpty)
        #expect(json.problems == ["item 1: no name", "item 2: no name"])
        let csv = try DataExchange.favorites(from: "name,latitude,longitude\n,1,2\n")
        #expect(csv.favorites.isEmpty)
        #expect(csv.problems == ["line 2: no name"])
        // The --json document of another export is named by its kind.
        #expect(throws: DataExchange.FileProblem("this is an export of history, not of favorites")) {
            try DataExchange.favorites(from: #"{"type":"export","what":"history","records":[]}"#)
        }
    }

    @Test func wholeFileProblems() {
        #expect(throws: DataExchange.FileProblem.self) { try DataExchange.favorites(from: "") }
        #expect(throws: DataExchange.FileProblem.self) { try DataExchange.favorites(from: "place,lat,lon\nA,1,2\n") }
        #expect(throws: DataExchange.FileProblem.self) { try DataExchange.favorites(from: "[{\"name\":") }
        #expect(throws: DataExchange.FileProblem.self) { try DataExchange.favorites(from: "{\"name\":\"x\"}") }
    }

    @Test func exportColumnsNameTheirUnits() {
        #expect(DataExchange.columns(.favorites) == ["name", "latitude", "longitude", "display_name", "country_code"])
        #expect(
            DataExchange.columns(.snapshots) == [
                "id", "saved_at", "place_name", "place_latitude", "place_longitude", "data_time", "utc_offset_seconds",
                "temperature_celsius", "precipitation_probability_percent", "precipitation_millimetres", "weather_code",
                "condition", "forecast_days", "forecast_days_utc",
            ])
        #expect(DataExchange.columns(.history) == ["number", "line", "time"])
    }
}

/// Import through the view model: duplicates, names, and one write for the whole file.
@MainActor
@Suite(.tags(.unit)) struct ImportSessionTests {
    let home = TemporaryFolder()

    func session() -> WeatherSession {
        makeTestSession(
            home: home, geocoder: FakeGeocoder(places: [:]), forecasts: FakeForecastProvider(forecasts: [:]))
    }

    func write(_ text: String, to name: String) -> String {
        let path = home.path + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    @Test func duplicatesByCoordinatesAreSkippedAndNamesKeptUnique() async throws {
        let session = session()
        let first = write("name,latitude,longitude\nHome,53.5413,9.9842\nWork,53.55,10\n", to: "a.csv")
        _ = try await session.execute(.importFavorites(path: first))
        // Home again (same place, rounded the same), Work at a new place: named apart.
        let second = write("name,latitude,longitude\nHome again,53.54131,9.98419\nWork,48.1,11.6\n", to: "b.csv")
        let results = try await session.execute(.importFavorites(path: second))
        guard case .imported(let added, let alreadySaved, let problems, _) = results.first else {
            Issue.record("\(results)")
            return
        }
        #expect(added.map(\.name) == ["Work 2"])
        #expect(alreadySaved == 1)
        #expect(problems.isEmpty)
        #expect(session.favorites.map(\.name) == ["Home", "Work", "Work 2"])
    }

    /// 20,000 rows, half of them one name at places of their own: linear, so a few seconds
    /// even in a debug build (the old import took 38 s in release), every name unique.
    @Test func largeImportIsLinear() async throws {
        let session = session()
        var text = "name,latitude,longitude\n"
        for index in 0..<20_000 {
            let name = index % 2 == 0 ? "Dup" : "Place \(index)"
            let latitude = DecimalText.shortest(Double(index / 200) * 0.5 - 40)
            let longitude = DecimalText.shortest(Double(index % 200) * 0.5 - 50)
            text += "\(name),\(latitude),\(longitude)\n"
        }
        let path = write(text, to: "large.csv")
        let started = Date()
        _ = try await session.execute(.importFavorites(path: path))
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(session.favorites.count == 20_000)
        #expect(Set(session.favorites.map { $0.name.lowercased() }).count == 20_000)
        let numbered = session.favorites.filter { $0.name.hasPrefix("Dup") }.map(\.name)
        #expect(numbered.suffix(2) == ["Dup 9999", "Dup 10000"])
    }

    /// An import of many rows says how many, not every name on one wrapped line (issue 12 item 15).
    @Test func aLargeImportPrintsACountAndAFewNamesOneLine() async throws {
        let context = RenderContext(units: .metric, now: Date(), colour: false, unicode: true, width: 80)
        var text = "name,latitude,longitude\n"
        for index in 0..<150 { text += "Place \(index),\(DecimalText.shortest(Double(index) * 0.5 - 40)),10\n" }
        let many = write(text, to: "many.csv")
        let results = try await session().execute(.importFavorites(path: many))
        #expect(
            results.map { TextRenderer.render($0, context: context) }
                == ["150 favorites imported from \(many) (“favs” lists them)\n"])
        let few = write("name,latitude,longitude\nA,1,2\nB,3,4\n", to: "few.csv")
        let two = try await session().execute(.importFavorites(path: few))
        #expect(two.map { TextRenderer.render($0, context: context) } == ["2 favorites imported from \(few): A, B\n"])
    }

    @Test func unreadableFilesAreOneError() async throws {
        let session = session()
        await #expect(throws: ShellError.storage("cannot read \(home.path)/missing.csv: No such file or directory")) {
            try await session.execute(.importFavorites(path: home.path + "/missing.csv"))
        }
        let binary = home.path + "/binary.csv"
        #expect(FileManager.default.createFile(atPath: binary, contents: Data([0xFF, 0xFE, 0x00, 0x41])))
        await #expect(throws: ShellError.unreadableFile("\(binary) is not UTF-8 text; nothing imported")) {
            try await session.execute(.importFavorites(path: binary))
        }
        #expect(session.favorites.isEmpty)
    }
}
