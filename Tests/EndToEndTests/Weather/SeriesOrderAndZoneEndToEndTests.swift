import Foundation
import Testing
import WeatherTestSupport

/// Trial 57, findings 1, 4 and 10, on the Berlin recording served by the loopback server.
///
/// 1. One `hourly.time` entry out of order (Tuesday 12:00 UTC dated Sunday 02:00) made `show`
///    present Tuesday's afternoon as Sunday's "next 12 hours" and take the current visibility,
///    73 km, from the stray entry. An answer whose series is out of order or repeats a time is
///    refused whole with one line naming the entry, as one with a value no weather has is
///    (`HostileForecastEndToEndTests`), and nothing of it is cached.
/// 4. `"timezone":"Mars/Olympus"` with `utc_offset_seconds` 999999 was read as GMT, with no word:
///    it is an unknown zone, guessed from the place as for an answer in GMT, and said.
/// 10. Weeks later, `show` and `--offline line` named 3 Aug as the saved answer's last day — the
///    date at Berlin of its last hour (01:00 CEST) — where its days end on 2 Aug.
///
/// The bodies are Fixtures/hostile/forecast-berlin-*-hand-written.json (hostile/generate.py).
@Suite(.tags(.endToEnd)) struct SeriesOrderAndZoneEndToEndTests {
    static let now = "2025-07-27T03:00:00Z"
    static let berlin = "52.52,13.41"

    /// `command` on the queued `file`: one line naming `detail`, nothing on stdout, exit 1; then
    /// the recording once the service sends it (the refused answer was not cached).
    func refused(_ command: [String], file: String, detail: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(.init(path: "/v1/forecast", file: "hostile/" + file))
        let run = try runWX(command, home: home, server: server, now: Self.now)
        #expect(run.status == 1, "\(command): \(run.stdout)")
        #expect(run.stdout == "", "\(command): \(run.stdout)")
        #expect(
            run.stderr == "error: Open-Meteo sent an answer wx cannot read (\(detail)); try again later\n",
            "\(run.stderr)")
        let good = try runWX(command, home: home, server: server, now: Self.now)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try server.requests().filter { $0.path == "/v1/forecast" }.count == 2)
    }

    @Test func showRefusesAnHourOutOfOrderLateInTheSeries() throws {
        try refused(
            ["show", Self.berlin], file: "forecast-berlin-hour-60-time-out-of-order-hand-written.json",
            detail: "hourly.time[60] 2025-07-27T02:00 is not after 2025-07-29T11:00 before it")
    }

    @Test func hourlyRefusesAnHourOutOfOrderAmongTheFirst() throws {
        try refused(
            ["hourly", "6", Self.berlin], file: "forecast-berlin-hour-5-time-out-of-order-hand-written.json",
            detail: "hourly.time[5] 2025-07-27T02:00 is not after 2025-07-27T04:00 before it")
    }

    @Test func dailyRefusesADayRepeated() throws {
        try refused(
            ["daily", Self.berlin], file: "forecast-berlin-day-repeated-hand-written.json",
            detail: "daily.time[3] 2025-07-29 is not after 2025-07-29 before it")
    }

    /// `drift` reads its hours through the same reader: a repeated hour in the Previous Runs
    /// answer is refused in the same words, naming that service.
    @Test func driftRefusesAnHourRepeated() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/previous-runs/v1/forecast", file: "hostile/previous-runs-berlin-hour-repeated-hand-written.json"
            ))
        let run = try runWX(
            ["drift", "2025-07-28", Self.berlin], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
        #expect(run.stderr.contains("hourly.time[40] 1750777200 is not after 1750777200 before it"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    /// OpenWeatherMap's 3-hour steps by the same rule: a step repeated (`list[3].dt` that of
    /// `list[2]`) was kept and the steps sorted ("3-hour steps 0 to 6 hours apart", a step
    /// shown twice); now the steps are refused in one line naming the entry, not cached, and
    /// the next answer is read. (Fixtures/openweathermap/forecast-maceio-step-3-repeated-hand-edited.json)
    @Test func openWeatherMapsRepeatedStepIsRefused() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(
            .init(path: "/data/2.5/forecast", file: "openweathermap/forecast-maceio-step-3-repeated-hand-edited.json"))
        let key = ["OPENWEATHERMAP_API_KEY": "series-order-test-key"]
        let maceio = "-9.6658,-35.7353"
        let run = try runWX(
            ["-c", "provider openweathermap; hourly 6 \(maceio)"], home: home, server: server,
            now: "2021-01-08T17:00:00Z", environment: key)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout == "provider: openweathermap\n", "\(run.stdout)")
        #expect(
            run.stderr
                == "error: current conditions only: OpenWeatherMap’s forecast steps did not come — it sent an answer wx cannot read (list[3].dt 1610150400 is not after 1610150400 before it); try again later\n"
        )
        let good = try runWX(
            ["hourly", "6", maceio], home: home, server: server, now: "2021-01-08T17:00:00Z", environment: key)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("3-hour steps from OpenWeatherMap"), "\(good.stdout)")
        #expect(try server.requests().filter { $0.path == "/data/2.5/forecast" }.count == 2)
    }

    /// Finding 4: the zone is unknown, so Berlin's is guessed and said; Sunday 03:00 UTC is
    /// 05:00 CEST, and sunrise (03:18 UTC) 05:18 — the old wx said "03:00 GMT" and nothing else.
    @Test func anUnreadableZoneIsGuessedAndSaid() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(path: "/v1/forecast", file: "hostile/forecast-berlin-zone-mars-olympus-hand-written.json"))
        try server.queue(.init(path: "/reverse", status: 503, body: "busy", times: 4))
        let run = try runWX(["-c", "show \(Self.berlin)"], home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Sun 05:00 CEST"), "\(run.stdout)")
        #expect(!run.stdout.contains("03:00 GMT"), "\(run.stdout)")
        #expect(run.stdout.contains("05:18"), "\(run.stdout)")
        // Said as what it was — a zone wx could not read — not as an answer in GMT (the note of
        // 0bf5ea1 said "Open-Meteo answered in GMT", under the table too).
        #expect(
            run.stderr.contains(
                "time zone guessed: Open-Meteo gave a time zone wx cannot read (“Mars/Olympus”) and the place’s country is not known"
            ), "\(run.stderr)")
        #expect(run.stderr.contains("Europe/Berlin (UTC+02:00)"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("answered in GMT"), "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.replacingOccurrences(of: "\n  ", with: " ").contains(
                "days are UTC days (02:00–02:00 CEST): Open-Meteo gave a time zone wx cannot read (“Mars/Olympus”)"),
            "\(run.stdout)")
    }

    /// Finding 10: the saved answer's days are 27 Jul … 2 Aug (`daily.time`), and so is what
    /// `show` and `--offline line` say it covers, weeks later.
    @Test func whatASavedAnswerCoversEndsOnItsLastDay() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let first = try runWX(["-c", "find Berlin; fav; show"], home: home, server: server, now: Self.now)
        #expect(first.status == 0, "\(first.stderr)")
        let later = "2025-08-20T03:00:00Z"
        let line = try runWX(["--offline", "line", "Berlin"], home: home, server: server, now: later)
        #expect(line.status == 1)
        #expect(
            line.stderr
                == "error: the saved forecast for Berlin covers 2025-07-27 to 2025-08-02, not now: nothing for the line\n",
            "\(line.stderr)")
        let show = try runWX(["--offline", "show", "Berlin"], home: home, server: server, now: later)
        #expect(show.stdout.contains("this forecast covers Sun 27 Jul to Sat 02 Aug, not now"), "\(show.stdout)")
    }
}
