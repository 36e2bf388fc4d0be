import Foundation
import Testing
import WeatherTestSupport

/// Issue 38, items 1 and 2: answers from the ensemble, previous-runs and models services with
/// values no weather has (±1e308, −5 mm) are refused whole, with one line naming the service
/// and the field, and nothing of them is cached — the next command asks again (and is refused
/// again) rather than replaying them. The bodies are Fixtures/hostile/ (hand-written from the
/// hand-written fixtures beside them: see Fixtures/SOURCES.md), queued on the loopback server.
@Suite(.tags(.endToEnd)) struct HostileValueTests {
    /// `drift` on an answer whose runs hold +1e308 beside −1e308 for the day: before issue 38 the
    /// bar chart's `Int(NaN)` trapped (SIGILL, exit 132), and the cached answer made every later
    /// `drift` for the place crash too.
    @Test func driftOnPlusAndMinus1e308IsRefusedAndNotCached() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(
            .init(
                path: "/previous-runs/v1/forecast",
                file: "hostile/previous-runs-hamburg-plus-minus-1e308-hand-written.json",
                times: 2))
        for _ in 0..<2 {
            let run = try runWX(
                ["-c", "drift tomorrow Hamburg"], home: home, server: server, now: RunsEndToEndTests.now)
            #expect(run.status == 1, "\(run.status) \(run.stderr)")
            #expect(run.stdout == "")
            #expect(
                run.stderr
                    == "error: Open-Meteo previous runs sent an answer wx cannot read (temperature_2m_previous_day2 holds −1e+308 °C, which no temperature is: −100 to 70 °C); try again later\n"
            )
        }
        // Both runs asked the service: the refused answer was not cached.
        #expect(try server.requests().filter { $0.path == "/previous-runs/v1/forecast" }.count == 2)
        // The recorded answer is shown once the service sends it.
        let good = try runWX(["-c", "drift tomorrow Hamburg"], home: home, server: server, now: RunsEndToEndTests.now)
        #expect(good.status == 0)
        #expect(good.stdout.contains("cooling 6.4 °C in 6 days"))
    }

    /// The interactive session does not die on it either: the prompt comes back, state is kept.
    @Test func driftOnHugeValuesAtThePromptKeepsTheSession() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/previous-runs/v1/forecast",
                file: "hostile/previous-runs-hamburg-plus-minus-1e308-hand-written.json"))
        let run = try runWX(
            [], stdin: "find Hamburg\ndrift tomorrow\ndrift tomorrow\n", home: TemporaryFolder(), server: server,
            now: RunsEndToEndTests.now)
        #expect(run.status == 1)
        #expect(run.stderr.contains("temperature_2m_previous_day2 holds −1e+308 °C"))
        // The session lived on, with its place: the next drift shows the recorded answer.
        #expect(run.stdout.contains("cooling 6.4 °C in 6 days"))
    }

    /// Thirty hours of 1e308 mm sum to infinity: refused (it printed `inf` mm).
    @Test func driftOnPrecipitationOf1e308IsRefused() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(
                path: "/previous-runs/v1/forecast",
                file: "hostile/previous-runs-hamburg-precipitation-1e308-hand-written.json"))
        let run = try runWX(
            ["-c", "drift tomorrow Hamburg"], home: TemporaryFolder(), server: server, now: RunsEndToEndTests.now)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: Open-Meteo previous runs sent an answer wx cannot read (precipitation_previous_day1 holds 1e+308 mm, which no precipitation is: 0 to 2000 mm); try again later\n"
        )
    }

    /// `confidence` printed "(−1e+308 to 1e+308)" and counted −5 mm as dry; the answer was cached
    /// until the model's next run.
    @Test func confidenceOnImpossibleMembersIsRefusedAndNotCached() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        try server.queue(
            .init(path: "/v1/ensemble", file: "hostile/ensemble-hamburg-1e308-and-minus-5-mm-hand-written.json"))
        try server.queue(.init(path: "/v1/ensemble", file: "hostile/ensemble-hamburg-minus-5-mm-hand-written.json"))
        let first = try runWX(["-c", "confidence Hamburg"], home: home, server: server, now: EnsembleEndToEndTests.now)
        #expect(first.status == 1)
        #expect(first.stdout == "")
        #expect(
            first.stderr
                == "error: Open-Meteo ensemble sent an answer wx cannot read (temperature_2m_member07 holds 1e+308 °C, which no temperature is: −100 to 70 °C); try again later\n"
        )
        let second = try runWX(
            ["-c", "confidence Hamburg"], home: home, server: server, now: EnsembleEndToEndTests.now)
        #expect(second.status == 1)
        #expect(
            second.stderr
                == "error: Open-Meteo ensemble sent an answer wx cannot read (precipitation_member09 holds −5 mm, which no precipitation is: 0 to 2000 mm); try again later\n"
        )
        // Nothing cached: the third asks again and gets the recorded answer.
        let third = try runWX(["-c", "confidence Hamburg"], home: home, server: server, now: EnsembleEndToEndTests.now)
        #expect(third.status == 0)
        #expect(try server.requests().filter { $0.path == "/v1/ensemble" }.count == 3)
    }

    /// `models` said "disagree on the high, by inf °C".
    @Test func modelsWithAHighOf1e308IsRefused() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", file: "hostile/models-hamburg-high-1e308-hand-written.json"))
        let run = try runWX(
            ["-c", "models Hamburg"], home: TemporaryFolder(), server: server, now: EnsembleEndToEndTests.now)
        #expect(run.status == 1)
        #expect(!run.stdout.contains("inf"))
        #expect(
            run.stderr
                == "error: Open-Meteo sent an answer wx cannot read (temperature_2m_max_gfs_seamless holds 1e+308 °C, which no temperature is: −100 to 70 °C); try again later\n"
        )
    }
}
