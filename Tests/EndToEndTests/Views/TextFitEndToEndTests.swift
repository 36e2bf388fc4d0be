import Foundation
import Testing
import WXBasics
import WeatherTestSupport

/// Issue 13 items 2, 8, 9 and issue 12 item 12 through the built wx and the loopback server:
/// `COLUMNS` gives a script the width a terminal would have; without it, lists are whole.
@Suite(.tags(.endToEnd)) struct TextFitEndToEndTests {
    /// 23:10 CET in Brussels, ten minutes after the clear-night body's conditions (is_day 0).
    static let brusselsNight = "2026-11-29T22:10:00Z"

    func run(_ commands: String, columns: Int?, now: String? = nil, environment: [String: String] = [:]) throws
        -> WXResult
    {
        var env = environment
        if let columns { env["COLUMNS"] = String(columns) }
        return try runWX(
            ["-c", commands], home: TemporaryFolder(), server: FixtureServer(), now: now, environment: env)
    }

    @Test func aClearNightShowsAMoonInShowAndHourly() throws {
        let result = try run("find Brussels; use 1; show; hourly 3", columns: 100, now: Self.brusselsNight)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout.contains(
                "· Sun 23:10 CET\n  1.2 °C, feels like -1.9 °C · ☾ clear night · wind 7 km/h SSW (200°)\n"))
        #expect(!result.stdout.contains("☀"))
        #expect(
            result.stdout.contains(
                """
                  Mon 00:00  ☾ clear night            1.4   -1.0   0 %   0.0  7 km/h SSW
                      01:00  ☾ clear night            0.9   -1.5   0 %   0.0  7 km/h SSW
                      02:00  ☾ mainly clear night     0.6   -1.8   0 %   0.0  7 km/h SSW

                """))
        let ascii = try run(
            "find Brussels; use 1; show; hourly 3", columns: 100, now: Self.brusselsNight, environment: ["LANG": "C"])
        #expect(ascii.stdout.contains("  1.2 C, feels like -1.9 C | ) clear night | wind 7 km/h SSW (200)\n"))
        #expect(ascii.stdout.contains("  Mon 00:00  ) clear night "))
    }

    @Test(arguments: [40, 60, 80, 100])
    func headingsKeepTheTimeAndZoneWhole(columns: Int) throws {
        let result = try run("find Brussels; use 1; show", columns: columns, now: Self.brusselsNight)
        let heading = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Palais Royal") })
        #expect(heading.hasSuffix("… · Sun 23:10 CET"))
        // At most the 80 columns of the weather's views, as every line under it (trial 55).
        #expect(TextLayout.columns(String(heading)) == min(columns, 80))
    }

    @Test func anOpenWeatherMapHeadingKeepsItsZone() throws {
        let result = try run(
            "find 10 Downing Street; use 1; provider openweathermap; show", columns: 40, now: "2020-04-28T05:40:00Z",
            environment: ["OPENWEATHERMAP_API_KEY": "k3y"])
        // OpenWeatherMap's `timezone` 3600 agrees with Europe/London on 28 April 2020: BST.
        #expect(result.stdout.contains("\nPrime Minister’s Office… · Tue 06:40 BST\n"))
    }

    @Test func candidatesAtATerminalWidthKeepTheirRegion() throws {
        let result = try run("find Brussels", columns: 60)
        #expect(
            result.stdout.hasPrefix(
                """
                  1  Palais Royal - Koninklijk Palei…  50.8420, 4.3620
                     Ville de Bruxelles - Stad Brussel,
                     Région de Bruxelles-Capitale - Brussels Hoofdstedelijk
                     Gewest, België / Belgique / Belgien
                  2  Coudenberg,                       50.8427, 4.3605

                """))
        #expect(result.stdout.split(separator: "\n").allSatisfy { TextLayout.columns(String($0)) <= 60 })
    }

    /// Never cut, and in the 80 columns of every view in a pipe: the label wraps between its words.
    @Test func candidatesInAPipeAreNeverCut() throws {
        let result = try run("find Brussels", columns: nil)
        #expect(
            result.stdout.hasPrefix(
                """
                  1  Palais Royal - Koninklijk Paleis,                     50.8420, 4.3620
                     Ville de Bruxelles - Stad Brussel,
                     Région de Bruxelles-Capitale - Brussels Hoofdstedelijk Gewest,
                     België / Belgique / Belgien

                """), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { TextLayout.columns(String($0)) <= 80 })
        #expect(!result.stdout.contains("…"))
    }

    @Test(arguments: [40, 60, 80, 100])
    func everyViewFitsTheWidthWithoutBreakingAValue(columns: Int) throws {
        let result = try run(
            "find Hamburg; fav; normal; daily 16; find 10 Downing Street; fav; show; save; hourly 24; daily 16; compare; favs; saved",
            columns: columns, now: "2025-07-27T03:10:00Z")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 60)
        for line in lines {
            #expect(TextLayout.columns(line) <= columns, "\(columns): \(line)")
            let cutValue = ["0…", "1…", "2…", "3…", "4…", "5…", "6…", "7…", "8…", "9…", ",…", ".…", "%…"]
            #expect(!cutValue.contains(where: line.contains), "\(columns): \(line)")
        }
        // The normals and the comparison with them fit too (found by a new-user trial at 40).
        #expect(result.stdout.contains("high against 1991–2020"), "\(columns)")
        // "(from “normal”):" is never parted (trial 13: "“normal”):" alone at 40 columns).
        #expect(result.stdout.contains("(from “normal”):"), "\(columns)")
        // Its lead wraps between words and keeps the first day (trial 10: at 40 it was cut as
        // "(from “normal”…" and Sunday's difference went with it).
        #expect(!result.stdout.contains("“normal”…"), "\(columns)")
        #expect(result.stdout.contains(" Sun +1.2"), "\(columns)")
        // Coordinates are whole in the favorites list at every width.
        #expect(result.stdout.contains("53.5413, 9.9842\n"))
        #expect(result.stdout.contains("51.5034, -0.1277\n"))
        // The snapshot list keeps its temperature whole at every width.
        #expect(result.stdout.contains(" 8.5 °C"))
    }
}
