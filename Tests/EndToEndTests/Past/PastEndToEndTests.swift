import Foundation
import Testing
import WeatherTestSupport

/// `past` and `normal` through the built wx, libcurl and the loopback server replaying the
/// archive bodies in Fixtures/open-meteo-archive (written by its generate.py).
@Suite(.tags(.endToEnd)) struct PastEndToEndTests {
    /// The hour the Berlin forecast recording (which answers for Hamburg) was made.
    static let recorded = "2025-07-27T03:10:00Z"

    func requests(_ server: FixtureServer, _ path: String) throws -> [FixtureServer.Request] {
        try server.requests().filter { $0.path == path }
    }

    @Test func pastDayFromTheArchiveWithItsHours() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "past 2024-07-14 Hamburg"], home: TemporaryFolder(), server: server, now: Self.recorded)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout.hasPrefix(
                """
                Elbphilharmonie, Hamburg, Deutschland · Sun 14 Jul 2024
                  from Open-Meteo’s archive (ERA5)
                  low 12.4 °C · high 22.0 °C · mean 17.4 °C · precipitation 0.5 mm
                  wind max 17 km/h · sunshine 6 h 12 min · ☂ slight rain

                  time       condition                 °C  feels    mm  wind
                  Sun 00:00  ☾ mainly clear night    13.9   12.7   0.0  11 km/h SW

                """))
        #expect(run.stdout.contains("\n      17:00  ☂ slight rain           21.8   20.6   0.5  13 km/h W\n"))
        #expect(run.stdout.contains("\n      23:00  ☾ mainly clear night    14.9   13.7   0.0  16 km/h W\n\n  22 °C ┤"))
        // The chart has no probability bars: past hours have no chance of rain.
        #expect(!run.stdout.contains("rain %"))
        #expect(run.stdout.hasSuffix("  12 °C ┤█▄▁▃▁▇██████████████████\n         00    06    12    18\n"))
        // One request, to the archive, for that day with its hours.
        let archive = try requests(server, "/v1/archive")
        #expect(archive.count == 1)
        #expect(archive.first?.query["start_date"] == "2024-07-14")
        #expect(archive.first?.query["end_date"] == "2024-07-14")
        #expect(archive.first?.query["hourly"]?.hasPrefix("temperature_2m,") == true)
        #expect(try requests(server, "/v1/forecast").isEmpty)
    }

    @Test func pastYesterdayFromTheForecastAPI() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(
            ["-c", "find Hamburg; use 1; past yesterday"], home: home, server: server, now: Self.recorded)
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                """
                Elbphilharmonie, Hamburg, Deutschland · Sat 26 Jul 2025
                  from Open-Meteo’s forecast API (recent days)
                  low 12.3 °C · high 19.7 °C · mean 16.0 °C · precipitation 1.4 mm

                """))
        let forecast = try requests(server, "/v1/forecast")
        #expect(forecast.count == 1)
        #expect(forecast.first?.query["start_date"] == "2025-07-26")
        #expect(forecast.first?.query["end_date"] == "2025-07-26")
        #expect(forecast.first?.query["current"] == nil)
        #expect(try requests(server, "/v1/archive").isEmpty)
        // `-1` is yesterday too, and as a word on wx's own command line: now from the cache.
        let again = try runWX(["past", "-1", "Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Elbphilharmonie, Hamburg, Deutschland · Sat 26 Jul 2025\n"))
        #expect(try requests(server, "/v1/forecast").count == 1)
    }

    @Test func aRangeIsATableAndAMissingVariableIsADash() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "past 2024-07-10..2024-07-16 Hamburg"], home: TemporaryFolder(), server: server,
            now: Self.recorded)
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                Elbphilharmonie, Hamburg, Deutschland · Wed 10 Jul 2024 to Tue 16 Jul 2024
                  from Open-Meteo’s archive (ERA5)

                  day         condition          low °C high °C mean °C     mm      wind  sun h
                  Wed 10 Jul  ☁ overcast           13.4    21.1    17.2    0.0   21 km/h      —
                  Thu 11 Jul  ☁ overcast           16.0    24.1    20.1    0.0   16 km/h      —
                  Fri 12 Jul  ☂ slight rain        17.8    24.6    21.2    0.9   22 km/h      —
                  Sat 13 Jul  ☂ slight rain        18.4    24.7    21.5    1.8   19 km/h      —
                  Sun 14 Jul  ☁ overcast           16.7    23.2    19.9    0.0   19 km/h      —
                  Mon 15 Jul  ☁ overcast           14.5    21.7    18.1    0.0   17 km/h      —
                  Tue 16 Jul  ☂ slight rain        15.0    22.0    18.5    1.7   27 km/h      —

                """)
        let archive = try requests(server, "/v1/archive")
        #expect(archive.count == 1)
        #expect(archive.first?.query["hourly"] == nil)
        // JSON: units in the keys, null for what the answer lacks.
        let json = try runWX(
            ["--json", "-c", "past 2024-07-10..2024-07-16 Hamburg"], home: TemporaryFolder(), server: server,
            now: Self.recorded)
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "past")
        #expect(document["source"] as? String == "archive")
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.count == 7)
        #expect(days[0]["temperature_max_celsius"] as? Double == 21.1)
        #expect(days[0]["sunshine_duration_seconds"] is NSNull)
    }

    @Test func daysBefore1940TodayAndTheFutureAreUsageErrors() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let cases = [
            (
                "past 1939-12-31 Hamburg",
                "error: Open-Meteo’s archive starts on 1940-01-01: no weather for 1939-12-31\n"
            ),
            (
                "past 2025-08-01 Hamburg",
                "error: 2025-08-01 has not happened yet: “past” is for days before today (2025-07-27 at UTC+14, the earliest time zone)\n"
            ),
            (
                "past -0 Hamburg",
                "error: usage: past DATE[..DATE] [place | favorite]: DATE is 2024-07-14, yesterday, a weekday or -3 (days ago); DATE..DATE up to 31 days\n"
            ),
            (
                "past 2024-07-16..2024-07-10",
                "error: a range of days runs forward: 2024-07-10..2024-07-16, not 2024-07-16..2024-07-10\n"
            ),
            ("past 2024-06-01..2024-07-14", "error: “past” shows at most 31 days at once, not 44\n"),
            (
                "past 2024-7-14",
                "error: usage: past DATE[..DATE] [place | favorite]: DATE is 2024-07-14, yesterday, a weekday or -3 (days ago); DATE..DATE up to 31 days\n"
            ),
        ]
        for (line, error) in cases {
            let run = try runWX(["-c", line], home: home, server: server, now: Self.recorded)
            #expect(run.status == 2, "\(line)")
            #expect(run.stderr == error, "\(line)")
            #expect(run.stdout == "")
        }
        // Nothing was asked of any service, not even the geocoder.
        #expect(try server.requests().isEmpty)
        // Today is refused in the place's own day and offset (trial 2, finding 7: it said
        // "at UTC+14" for every place); that needs the place, but no weather request.
        let today = try runWX(["-c", "past 2025-07-27 Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(today.status == 2)
        #expect(
            today.stderr
                == "error: today (2025-07-27 in Elbphilharmonie, UTC+02:00) is not over: “show” and “hourly” have it\n")
        #expect(try server.requests().map(\.path) == ["/search"])
    }

    @Test func dataThatStopsEarlySaysWhereAndShowsNoWrongValue() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let run = try runWX(["-c", "past 2025-07-21 Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(run.status == 0)
        #expect(
            run.stdout.hasPrefix(
                """
                Elbphilharmonie, Hamburg, Deutschland · Mon 21 Jul 2025
                  from Open-Meteo’s archive (ERA5)
                  the data ends at Mon 21 Jul 14:00: no values after it, nor that day’s low,
                  high and sums

                  time       condition                 °C  feels    mm  wind

                """))
        #expect(run.stdout.contains("\n      13:00  ☁ overcast              22.2   21.0   0.0  18 km/h WSW\n\n"))
        #expect(!run.stdout.contains("14:00  "))
        #expect(!run.stdout.contains("low "))
        let json = try runWX(
            ["--json", "-c", "past 2025-07-21 Hamburg"], home: home, server: server, now: Self.recorded)
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["data_end"] as? String == "2025-07-21T12:00:00Z")
        let day = try #require((document["days"] as? [[String: Any]])?.first)
        #expect(day["temperature_max_celsius"] is NSNull)
        #expect((document["hours"] as? [Any])?.count == 14)
    }

    @Test func anOutOfRangeAnswerIsOneClearError() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["-c", "past 2025-07-01..2025-07-21 Hamburg"], home: TemporaryFolder(), server: server,
            now: Self.recorded)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: Open-Meteo archive rejected the request (HTTP 400): Parameter 'end_date' is out of allowed range from 1940-01-01 to 2025-07-19\n"
        )
        #expect(run.stdout == "")
    }

    @Test func normalIsOneRequestThenDailyComparesWithoutAnyAndShowIsUnchanged() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // Show says nothing about the normals, before `normal` as after it (trial 9).
        let before = try runWX(["-c", "show Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(!before.stdout.contains("than usual"))
        #expect(before.stdout.hasSuffix("  see also: “normal” (usual for the date), “confidence” (how sure)\n"))
        let run = try runWX(["-c", "normal Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                Elbphilharmonie, Hamburg, Deutschland · normals 1991–2020
                  day           low °C  high °C      mm  rain days
                  Sun 27 Jul      12.5     22.9     1.3       38 %
                  Mon 28 Jul      12.4     22.9     1.4       39 %
                  Tue 29 Jul      12.4     22.8     1.4       41 %
                  Wed 30 Jul      12.3     22.8     1.3       37 %
                  Thu 31 Jul      12.3     22.8     1.3       39 %
                  Fri 01 Aug      12.2     22.8     1.2       37 %
                  Sat 02 Aug      12.2     22.7     1.2       38 %
                  means over 1991–2020 of the days within 3 days of each date, from Open-Meteo’s
                  archive (ERA5); rain days: the share of those days with at least 1 mm

                """)
        let archive = try requests(server, "/v1/archive")
        #expect(archive.count == 1)
        #expect(archive.first?.query["start_date"] == "1991-01-01")
        #expect(archive.first?.query["end_date"] == "2020-12-31")
        #expect(archive.first?.query["daily"] == "temperature_2m_max,temperature_2m_min,precipitation_sum")

        let after = try runWX(
            ["-c", "normal Hamburg; show Hamburg; daily Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(after.status == 0)
        let showAfter = try runWX(["-c", "show Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(showAfter.stdout == before.stdout, "show’s lines depend on what ran before")
        #expect(
            after.stdout.hasSuffix(
                "  high against 1991–2020 (from “normal”): Sun +1.2 · Mon −1.0 · Tue −0.9\n  Wed −1.8 · Thu −1.4 · Fri +1.6 · Sat −2.3 °C\n"
            ))
        // In °F the difference is in °F.
        let imperial = try runWX(
            ["-c", "units imperial; daily Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(imperial.stdout.contains("  high against 1991–2020 (from “normal”): Sun +2.2 · "), "\(imperial.stdout)")
        // No request for the normals after the first.
        #expect(try requests(server, "/v1/archive").count == 1)
        let json = try runWX(["--json", "-c", "show Hamburg"], home: home, server: server, now: Self.recorded)
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let today = try #require(document["today"] as? [String: Any])
        #expect(today["temperature_max_anomaly_celsius"] as? Double == 1.2)
        #expect(today["temperature_max_normal_celsius"] as? Double == 22.87)
    }

    @Test func aboutNamesTheArchiveEndpointUnderOpenMeteo() throws {
        let server = try FixtureServer()
        let run = try runWX(["-c", "about"], home: TemporaryFolder(), server: server)
        #expect(
            run.stdout.contains(
                "  Weather data by Open-Meteo.com, CC BY 4.0\n    endpoint: \(server.url)\n    Open-Meteo archive endpoint: \(server.url)\n"
            ))
        // The default archive host is not named: it is the one the README lists.
        let plain = try runWX(["-c", "about"], home: TemporaryFolder())
        #expect(!plain.stdout.contains("archive endpoint"))
    }

    @Test func offlineFromTheCache() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // Nothing cached yet: offline is one error.
        let nothing = try runWX(
            ["--offline", "-c", "normal 53.5413,9.9842"], home: home, server: server, now: Self.recorded)
        #expect(nothing.status == 1)
        // A sentence that ends, with the way forward (issue 37 item 15).
        #expect(
            nothing.stderr.hasSuffix(
                "offline, and nothing saved from Open-Meteo archive for this request; run it once without --offline to keep an answer\n"
            ))
        let online = try runWX(
            ["-c", "past 2024-07-14 Hamburg; normal Hamburg"], home: home, server: server, now: Self.recorded)
        #expect(online.status == 0)
        let seen = try server.requests().count
        // A week later, offline: the same day and the normals (of the week's days), from the cache.
        let offline = try runWX(
            ["--offline", "-c", "past 2024-07-14 Hamburg; normal Hamburg"], home: home, server: server,
            now: "2025-08-03T03:10:00Z")
        #expect(offline.status == 0)
        #expect(offline.stderr == "")
        let heading = "Elbphilharmonie, Hamburg, Deutschland · normals 1991–2020\n"
        #expect(
            offline.stdout.components(separatedBy: heading).first
                == online.stdout.components(separatedBy: heading).first)
        #expect(offline.stdout.contains(heading + "  day           low °C  high °C      mm  rain days\n  Sun 03 Aug  "))
        #expect(try server.requests().count == seen)
    }
}

/// Issue 23, kind 6: `yesterday`, weekdays and days ago are the place's calendar days.
@Suite(.tags(.endToEnd)) struct PlaceDayTests {
    /// 2025-07-26T22:30Z is 00:30 on Sunday 27 July in Hamburg: yesterday there is Saturday 26
    /// (counted in UTC it was Friday 25). The recorded day of Hamburg's forecast API answer.
    @Test func yesterdayIsThePlacesDay() throws {
        let server = try FixtureServer()
        for line in ["past yesterday Hamburg", "past saturday Hamburg", "past -1 Hamburg"] {
            let run = try runWX(["-c", line], home: TemporaryFolder(), server: server, now: "2025-07-26T22:30:00Z")
            #expect(run.status == 0, "\(line): \(run.stderr)")
            #expect(run.stdout.contains("Sat 26 Jul 2025"), "\(line): \(run.stdout)")
        }
        let forecast = try server.requests().filter { $0.path == "/v1/forecast" }
        #expect(forecast.allSatisfy { $0.query["start_date"] == "2025-07-26" })
    }

}
