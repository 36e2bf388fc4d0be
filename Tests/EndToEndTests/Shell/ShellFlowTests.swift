import Foundation
import Testing
import WeatherTestSupport

/// The binary as a user runs it, in script mode, against recorded answers on loopback.
@Suite(.serialized, .tags(.endToEnd)) struct ShellFlowTests {
    /// The Berlin body's `current.time` is 2025-07-27T03:00 GMT; ten minutes later it is current.
    /// It is shown at Hamburg's clock (CEST), its days said to be UTC's (trial 15).
    static let now = "2025-07-27T03:10:00Z"

    @Test func findShowFavSaveHistoryThenASecondRunSeesEverything() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let first = try runWX(
            stdin: "find Hamburg\nshow\nfav\nsave\nhistory\nquit\n", home: home, server: server, now: Self.now)
        #expect(first.status == 0)
        #expect(first.stderr == "")
        let lines = first.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "  1  Elbphilharmonie, Hamburg, Deutschland                 53.5413, 9.9842")
        #expect(lines[1] == "Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST")
        #expect(lines[2] == "  16.5 °C, feels like 17.5 °C · ☁ overcast · wind 3 km/h WNW (291°)")
        // Lines that would pass 80 columns flow onto the next.
        #expect(lines[3] == "  humidity 89 % · pressure 1013 hPa · clouds 100 % · visibility 13 km")
        #expect(lines[4] == "  gusts 6 km/h")
        #expect(lines[5] == "  rain 0 % · 0.0 mm this hour · today 16.3 … 24.1 °C (UTC day)")
        #expect(lines[6] == "  sunrise 05:18 sunset 21:06 · daylight 15 h 48 min")
        #expect(first.stdout.contains("\n★ Elbphilharmonie saved to favorites\n"))
        #expect(first.stdout.contains("\nsnapshot 1 saved: Elbphilharmonie 16.5 °C, 0 %, 0.0 mm at 2025-07-27 05:00\n"))
        #expect(
            first.stdout.hasSuffix("     1  find Hamburg\n     2  show\n     3  fav\n     4  save\n     5  history\n"))
        #expect(lines.allSatisfy { $0.count <= 80 })

        // One request per command that needs one: a search and a forecast, and the warnings
        // feed for Germany (Bright Sky) for `show`'s warning lines, asked alongside the forecast
        // (so in either order).
        let requests = try server.requests()
        #expect(requests.count == 3)
        #expect(requests.first?.path == "/search")
        #expect(requests.dropFirst().map(\.path).sorted() == ["/alerts", "/v1/forecast"])
        #expect(requests.first?.query["q"] == "Hamburg")
        #expect(requests.first?.user_agent?.hasPrefix("wx/0.1.0 (+https://") == true)
        #expect(requests.first?.accept_language == "en")
        let forecast = try #require(requests.first { $0.path == "/v1/forecast" })
        #expect(forecast.query["latitude"] == "53.5413")
        #expect(forecast.query["longitude"] == "9.9842")
        #expect(forecast.query["timezone"] == "auto")

        // What is on disk.
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(home.text("state.plist").utf8), format: nil)
                as? [String: Any])
        #expect(plist["version"] as? Int == 2)
        let favorite = try #require((plist["favorites"] as? [[String: Any]])?.first)
        #expect(favorite["name"] as? String == "Elbphilharmonie")
        #expect(favorite["latitude"] as? Double == 53.5413)
        #expect(favorite["longitude"] as? Double == 9.9842)
        #expect(favorite["countryCode"] as? String == "de")
        let records = try home.text("log.jsonl").split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // `show` is a look: what it showed is kept for `changed` after its command.
        #expect(
            records.map { $0["kind"] as? String } == [
                "command", "command", "look", "command", "command", "snapshot", "command",
            ])
        #expect(records.allSatisfy { $0["v"] as? Int == 1 && $0["ts"] as? String == Self.now })
        let snapshot = records[5]
        #expect(snapshot["id"] as? Int == 1)
        #expect(snapshot["temperature_celsius"] as? Double == 16.5)
        #expect(snapshot["precipitation_probability_percent"] as? Double == 0)
        #expect(snapshot["data_time"] as? String == "2025-07-27T03:00:00Z")
        #expect((snapshot["place"] as? [String: Any])?["latitude"] as? Double == 53.5413)

        // A second run restores favorites, snapshots and history; the cache answers `show Hamburg`.
        let second = try runWX(stdin: "favs\nsaved\nshow Hamburg\nhistory\n", home: home, server: server, now: Self.now)
        #expect(second.status == 0)
        #expect(second.stdout.hasPrefix("  ★ Elbphilharmonie        Hamburg, Deutschland            53.5413, 9.9842\n"))
        #expect(
            second.stdout.contains("\n    1  2025-07-27 05:00  Elbphilharmonie  16.5 °C   0 %   0.0 mm  overcast\n"))
        #expect(second.stdout.contains("\nElbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST\n"))
        #expect(
            second.stdout.hasSuffix(
                "     5  history\n     6  favs\n     7  saved\n     8  show Hamburg\n     9  history\n"))
        #expect(try server.requests().count == 3)
    }

    @Test func oneCommandFormsAndExitStatus() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let both = try runWX(["-c", "find Hamburg; show"], home: home, server: server, now: Self.now)
        #expect(both.status == 0)
        #expect(both.stdout.contains("Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST"))
        let words = try runWX(["show", "Hamburg"], home: home, server: server, now: Self.now)
        #expect(words.status == 0)
        #expect(words.stdout.hasPrefix("Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST\n"))

        let missing = try runWX(["-c", "find qwzxv"], home: home, server: server, now: Self.now)
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: no place found for “qwzxv”\n")
        #expect(missing.stdout == "")

        let unknown = try runWX(["frobnicate"], home: home, server: server)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: unknown command “frobnicate”; type “help” for the list\n")
        // The same mistake gives the same status however the command arrives.
        #expect(try runWX(["-c", "units kelvin"], home: home).status == 2)
        #expect(try runWX(["units", "kelvin"], home: home).status == 2)
        #expect(try runWX(stdin: "units kelvin\n", home: home).status == 2)
        let badOption = try runWX(["--frobnicate"], home: home)
        #expect(badOption.status == 2)
        #expect(try runWX(["--version"]).stdout == "wx 0.1.0\n")
        let help = try runWX(["--help"])
        #expect(help.status == 0 && help.stdout.contains("find <query | lat,lon>"))

        // Script mode keeps going after a failure and reports the worst in the status.
        let script = try runWX(stdin: "bogus\nfind Hamburg\n", home: home, server: server, now: Self.now)
        #expect(script.status == 2)
        #expect(try runWX(stdin: "find qwzxv\nfind Hamburg\n", home: home, server: server, now: Self.now).status == 1)
        #expect(script.stdout.contains("Elbphilharmonie"))
        #expect(script.stderr == "error: unknown command “bogus”; type “help” for the list\n")
    }

    @Test func jsonResultsOneDocumentEach() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let result = try runWX(
            ["--json", "-c", "find Hamburg; show; find qwzxv; language"], home: home, server: server, now: Self.now,
            environment: ["LANG": "de_DE.UTF-8"])
        #expect(result.status == 1)
        // The error is also a line on stderr, for the person running the script.
        #expect(result.stderr == "error: no place found for “qwzxv”\n")
        let documents = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(documents.map { $0["type"] as? String } == ["candidates", "weather", "error", "setting"])
        // A value, and separately where it came from.
        // The locale's region kept (it read "de", the region dropped: pt_BR became pt).
        #expect(documents[3]["value"] as? String == "de-DE" && documents[3]["note"] as? String == "from the locale")
        let candidate = try #require((documents[0]["candidates"] as? [[String: Any]])?.first)
        #expect(candidate["name"] as? String == "Elbphilharmonie")
        #expect(candidate["latitude"] as? Double == 53.5413)
        let current = try #require(documents[1]["current"] as? [String: Any])
        #expect(current["temperature_celsius"] as? Double == 16.5)
        #expect(current["apparent_temperature_celsius"] as? Double == 17.5)
        #expect(current["wind_speed_kilometres_per_hour"] as? Double == 3.1)
        #expect(current["condition"] as? String == "overcast")
        #expect((documents[1]["hourly"] as? [Any])?.count == 12)
        #expect((documents[1]["daily"] as? [Any])?.count == 7)
        #expect(documents[2]["message"] as? String == "no place found for “qwzxv”")
    }

    @Test func unitsAreSavedAndReRenderWithoutARequest() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let result = try runWX(stdin: "show Hamburg\nunits imperial\n", home: home, server: server, now: Self.now)
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "\nunits imperial: °F, mph, in, inHg, mi, 12h clock\nElbphilharmonie, Hamburg, Deutschland · Sun 5:10 am CEST\n  61.7 °F, feels like 63.5 °F"
            ))
        // The search, the forecast and the warnings feed (Bright Sky for Germany).
        #expect(try server.requests().count == 3)
        let later = try runWX(["units"], home: home)
        #expect(later.stdout == "units imperial: °F, mph, in, inHg, mi, 12h clock\n")
    }

    @Test func historyRerunAndReplay() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        _ = try runWX(stdin: "find Hamburg\nfavs\nunits\n", home: home, server: server, now: Self.now)
        let result = try runWX(stdin: "!2\nreplay 1..3\n!99\n", home: home, server: server, now: Self.now)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("» favs\nno favorites yet"))
        #expect(result.stdout.contains("» find Hamburg\n  1  Elbphilharmonie"))
        #expect(result.stdout.contains("» units\nunits metric:"))
        #expect(result.stderr == "error: no command 99 in the history (see “history”)\n")
        // (Scripts go into the history; `wx -c` and `wx history 3` do not.)
        let history = try runWX(stdin: "history 3\n", home: home)
        // `!2` is recorded as what it ran, the replay as itself, a failed `!99` not at all, and
        // `history` itself before it lists (as in bash).
        #expect(history.stdout == "     4  favs\n     5  replay 1..3\n     6  history 3\n")
        // A range past the end runs nothing; the line is recorded as typed, as any line that
        // fails is (bash does the same), so that Up brings it back to correct. (Within the
        // 100-line bound: a range over it is a usage error whatever the history holds.)
        let past = try runWX(stdin: "replay 2..99\n", home: home, server: server, now: Self.now)
        #expect(past.status == 1)
        #expect(past.stdout == "")
        #expect(past.stderr == "error: no command 99 in the history (see “history”)\n")
        #expect(try runWX(stdin: "history 2\n", home: home).stdout == "     7  replay 2..99\n     8  history 2\n")
    }

    /// Issue 12 item 9: `!!`, `!-N` and `!prefix` from a script, each printed before it runs;
    /// a `;` line is one entry in this session and the next; a line repeating the last is
    /// recorded once.
    @Test func bashHistoryReferencesFromAScript() throws {
        let home = TemporaryFolder()
        let units = "units metric: °C, km/h, mm, hPa, km, 24h clock\n"
        let first = try runWX(stdin: "units; format\n!!\nhelp about\n!-2\n!un\n!nope\n", home: home)
        #expect(first.status == 1)
        #expect(
            first.stdout
                == units + "output format: text\n" + "» units; format\n" + units + "output format: text\n"
                + "about\n  version, data sources, where files are kept\n" + "» units; format\n" + units
                + "output format: text\n" + "» units; format\n" + units + "output format: text\n")
        #expect(first.stderr == "error: no command in the history for “!nope” (see “history”)\n")
        let second = try runWX(stdin: "history\n!1 ; !-1\n", home: home)
        #expect(
            second.stdout
                == "     1  units; format\n     2  help about\n     3  units; format\n     4  history\n"
                + "» units; format ; history\n" + units + "output format: text\n"
                + "     1  units; format\n     2  help about\n     3  units; format\n     4  history\n"
                + "     5  units; format ; history\n")
        #expect(second.status == 0)
    }

    /// A state.plist that does not parse: said once as a warning; commands that save nothing
    /// work and succeed; favorites say they cannot be read; nothing is overwritten until
    /// `reset state`.
    @Test func corruptStateIsAWarningNotAFailure() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try "garbage\n".write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let find = try runWX(["-c", "find Hamburg; show"], home: home, server: server, now: Self.now)
        #expect(find.status == 0)
        let copy = home.path + "/state.plist.corrupt-20250727T031000Z"
        #expect(
            find.stderr
                == "warning: state.plist could not be read (a copy is at \(copy)); favorites and settings are read-only until “reset state”\n"
        )
        #expect(find.stdout.contains("Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST"))
        let favs = try runWX(["-c", "favs"], home: home, server: server, now: Self.now)
        #expect(favs.status == 1)
        #expect(favs.stdout == "")
        #expect(
            favs.stderr.hasSuffix(
                "error: state.plist could not be read (a copy is at \(copy)); favorites and settings are read-only until “reset state”\n"
            ))
        // Nor is it nothing to compare, or an empty backup that succeeds.
        for command in ["compare", "export favorites --format json"] {
            let run = try runWX(["-c", command], home: home, server: server, now: Self.now)
            #expect(run.status == 1, "\(command)")
            #expect(run.stdout == "", "\(command)")
            #expect(run.stderr.hasPrefix("error: state.plist could not be read"), "\(command)")
        }
        let fav = try runWX(["-c", "find Hamburg; fav"], home: home, server: server, now: Self.now)
        #expect(fav.status == 1)
        // The warning says it in full; the refused write then says it short (trial 9).
        #expect(
            fav.stderr.hasSuffix(
                "warning: state.plist could not be read (a copy is at \(copy)); favorites and settings are read-only until “reset state”\n"
                    + "error: ★ Elbphilharmonie added to favorites, not saved to disk yet (the next change that can be saved saves it too, else it is lost when wx ends): state.plist could not be read (see above)\n"
                    // As wx ends, that it was never saved (nu59).
                    + "warning: the change kept in memory (“Elbphilharmonie” added to favorites) was not saved to state.plist and is lost as wx ends: state.plist could not be read (see above)\n"
            ), "\(fav.stderr)")
        #expect(home.text("state.plist") == "garbage\n")
        let reset = try runWX(
            ["-c", "reset state; find Hamburg; fav; favs"], home: home, server: server, now: Self.now)
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.contains("★ Elbphilharmonie"))
    }

    @Test func reverseGeocodingAndNoPlaceAtSea() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let tokyo = try runWX(["find", "35.685939,139.811695"], home: home, server: server)
        #expect(tokyo.stdout == "  1  Koto, Japan                                           35.6859, 139.8117\n")
        // At sea no geocoder has a name: `find` finds no place (case N-3; this asserted the
        // coordinates made current, the fault), and `show` names the place by its coordinates.
        let sea = try runWX(["-c", "find 0,0; show 0,0"], home: home, server: server)
        #expect(sea.status == 1, "\(sea.stderr)")
        #expect(sea.stderr.hasPrefix("error: no place found for “0,0”"), "\(sea.stderr)")
        #expect(sea.stdout.hasPrefix("0.0000°N 0.0000°E · "), "\(sea.stdout)")
        let requests = try server.requests()
        #expect(requests.map(\.path) == ["/reverse", "/reverse", "/v1/forecast"])
        // Asked at the place's coordinates, to 4 decimals (about 11 m) as every request about it.
        #expect(requests[0].query["lat"] == "35.6859")
    }

    /// Coordinates a favorite is at are that favorite: its name as kept, and no reverse geocoding
    /// to wait for (a hanging Nominatim held `show` for the whole timeout, then said the
    /// coordinates had no name above a heading with the favorite's).
    @Test func aFavoritesCoordinatesAreNotReverseGeocoded() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let saved = try runWX(["-c", "find 35.685939,139.811695; fav"], home: home, server: server)
        #expect(saved.status == 0, "\(saved.stderr)")
        // No answer kept from the find: the favorite alone has the name.
        try FileManager.default.removeItem(atPath: home.path + "/cache")
        let before = try server.requests().count
        // The favorite is kept at the reverse geocoder's 35.6859, 139.8117.
        let shown = try runWX(["show", "35.6859,139.8117"], home: home, server: server)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("Koto, Japan · "), "\(shown.stdout)")
        #expect(!shown.stderr.contains("no name"), "\(shown.stderr)")
        #expect(try server.requests().dropFirst(before).allSatisfy { $0.path != "/reverse" })
    }

    /// The README's command list is what `wx --help` prints, from the one command table.
    @Test func readmeListsTheCommandsAsHelpDoes() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let help = try runWX(["--help"]).stdout
        let commands = help.components(separatedBy: "commands:\n")[1].components(separatedBy: "\n\n")[0]
        for line in commands.split(separator: "\n") {
            #expect(readme.contains("\n" + line.dropFirst(2) + "\n"), "README lacks: \(line)")
        }
    }

    @Test func badEnvironmentIsAUsageError() throws {
        let url = try runWX(["favs"], environment: ["WX_NOMINATIM_URL": "notaurl"])
        #expect(url.status == 2)
        #expect(
            url.stderr
                == "wx: WX_NOMINATIM_URL must be an http:// or https:// URL (a port 1–65535 if any), not “notaurl”\n")
        // README's placeholder left in, or a port no server can have: refused before any request
        // (libcurl's "URL using bad/illegal format" came at the first request, exit 1).
        for bad in [
            "http://127.0.0.1:PORT", "http://127.0.0.1:99999", "http://127.0.0.1:0", "http://host:", "http://:80",
        ] {
            let port = try runWX(["show", "1,1"], environment: ["WX_OPEN_METEO_URL": bad])
            #expect(port.status == 2, "\(bad)")
            #expect(
                port.stderr
                    == "wx: WX_OPEN_METEO_URL must be an http:// or https:// URL (a port 1–65535 if any), not “\(bad)”\n"
            )
        }
        for good in ["http://127.0.0.1:8080/x", "http://[::1]:8080", "http://[::1]", "https://api.open-meteo.com"] {
            #expect(try runWX(["--offline", "favs"], environment: ["WX_OPEN_METEO_URL": good]).status == 0, "\(good)")
        }
        let timeout = try runWX(["favs"], environment: ["WX_TIMEOUT": "abc"])
        #expect(timeout.status == 2)
        #expect(timeout.stderr == "wx: WX_TIMEOUT must be a number of seconds from 1 to 600, not “abc”\n")
        let clock = try runWX(["favs"], environment: ["WX_NOW": "tomorrow"])
        #expect(clock.status == 2)
    }

    @Test func outputThatCannotBeWrittenIsAFailure() throws {
        let home = TemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" help > /dev/full", TestPaths.wxBinary]
        process.environment = ["WX_HOME": home.path, "PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                == "wx: cannot write the output: No space left on device\n")
    }

    @Test func asciiOutputWhenTheLocaleIsNotUTF8() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let result = try runWX(
            ["-c", "find Hamburg; show; fav; frob"], home: home, server: server, now: Self.now,
            environment: ["LANG": "C"])
        // wx's own messages too: straight quotes, no typographic characters.
        #expect(result.stderr == "error: unknown command \"frob\"; type \"help\" for the list\n")
        // But exported data is the user's, byte for byte.
        let london = try runWX(
            ["-c", "find London; fav; export favorites"], home: home, server: server, now: Self.now,
            environment: ["LANG": "C"])
        #expect(london.stdout.contains("\nPrime Minister’s Office,51.5034,-0.1277,"))
        #expect(
            result.stdout.contains(
                "\nElbphilharmonie, Hamburg, Deutschland | Sun 05:10 CEST\n  16.5 C, feels like 17.5 C | = overcast | wind 3 km/h WNW (291)\n"
            ))
        #expect(
            result.stdout.contains(
                "  rain 0 % | 0.0 mm this hour | today 16.3 ~ 24.1 C (UTC day)\n  sunrise 05:18 sunset 21:06 | daylight"
            )
        )
        #expect(result.stdout.contains("\n* Elbphilharmonie saved to favorites\n"))
        #expect(result.stdout.contains("  Sun 27 Jul  = overcast "))
    }

    @Test func longLinesAreRefusedWhole() throws {
        let home = TemporaryFolder()
        let result = try runWX(stdin: "find " + String(repeating: "x", count: 5_000) + "\nhistory\n", home: home)
        #expect(result.status == 2)
        #expect(result.stderr == "error: line too long: 5005 characters (at most 4096); nothing was run\n")
        #expect(result.stdout == "     1  history\n")
    }

    /// A NUL or ESC in a line refuses the line whole, so no request carries it and no message
    /// shows a line other than the one sent; a CRLF script reads as lines.
    @Test func controlCharactersRefuseTheLineWhole() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let result = try runWX(
            stdin: "find Ham\u{0}burg\r\nfind \u{1B}[2JX\nunits\r\nhistory\n", home: home, server: server)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                error: the line has a control character (U+0000); nothing was run
                error: the line has a control character (U+001B); nothing was run

                """)
        #expect(result.stdout == "units metric: °C, km/h, mm, hPa, km, 24h clock\n     1  units\n     2  history\n")
        #expect(try server.requests().isEmpty)
    }

    @Test func historyAndTheLogNeverKeepAKey() throws {
        let home = TemporaryFolder()
        let server = try FixtureServer()
        let key = ["OPENWEATHERMAP_API_KEY": "s3cret-owm-key"]
        let typed = "find Hamburg appid=abc123&x=1; find s3cret-owm-key; find APIKEY=Zz9 key=; find token=t0k"
        _ = try runWX(
            stdin: typed.replacingOccurrences(of: "; ", with: "\n") + "\n", home: home, server: server, environment: key
        )
        // (`wx -c history` lists them and is not itself put in the history.)
        let history = try runWX(["-c", "history"], home: home, environment: key)
        #expect(
            history.stdout == """
                     1  find Hamburg appid=***&x=1
                     2  find ***
                     3  find APIKEY=*** key=
                     4  find token=***

                """)
        let log = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        for secret in ["abc123", "s3cret-owm-key", "Zz9", "t0k"] { #expect(!log.contains(secret)) }
    }
}
