import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `watch --rain N% --frost N%` on a `TestClock`: the bell when an ensemble chance crosses its
/// threshold, and the ensemble fetched once per model run however often `watch` shows.
@MainActor
@Suite(.hangLimit, .tags(.unit)) struct WatchChanceTests {
    let home = TemporaryFolder()
    let clock = TestClock(start: ISOTime.parse("2026-12-01T07:10:00Z")!)
    let console = TestConsole()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    static func count(_ part: String, in text: String) -> Int { text.components(separatedBy: part).count - 1 }

    /// A session whose current location is Hamburg, its forecast from a fake and its ensemble
    /// from Open-Meteo's provider over the returned transport (which answers only what a test
    /// expects).
    func sessionAtHamburg() async throws -> (WeatherSession, FakeTransport) {
        let place = Self.hamburg[0]
        let transport = FakeTransport(clock: clock)
        let clock = clock
        let context = ServiceContext(
            transport: transport, cache: ResponseCache(folder: home.path + "/cache"), now: { clock.now }, clock: clock)
        let services = WeatherServices(
            geocoders: [FakeGeocoder(places: ["Hamburg": Self.hamburg])],
            forecastProviders: [
                FakeForecastProvider(forecasts: [place.coordinate: Recorded.newYorkForecast(at: place.coordinate)])
            ],
            ensemble: OpenMeteoEnsembleProvider(baseURL: "http://ens", context: context))
        let session = makeTestSession(home: home, services: services, clock: clock)
        _ = try await session.execute(.find("Hamburg"))
        return (session, transport)
    }

    @Test func theParserReadsThresholdsInAnyOrder() throws {
        #expect(
            try CommandParser.parse("watch --rain 60%")
                == .watchChance(10, [ChanceAlert(kind: .rain, thresholdPercent: 60)]))
        #expect(
            try CommandParser.parse("watch 5 --frost 30 --rain 60%")
                == .watchChance(
                    5,
                    [ChanceAlert(kind: .frost, thresholdPercent: 30), ChanceAlert(kind: .rain, thresholdPercent: 60)]))
        #expect(
            try CommandParser.parse("watch --frost 30% 5")
                == .watchChance(5, [ChanceAlert(kind: .frost, thresholdPercent: 30)]))
        #expect(try CommandParser.parse("watch 5") == .watch(5))
        #expect(throws: ShellError.self) { try CommandParser.parse("watch --rain") }
        #expect(throws: ShellError.self) { try CommandParser.parse("watch --rain 0%") }
        #expect(throws: ShellError.self) { try CommandParser.parse("watch --snow 10%") }
    }

    /// Trial 11: `watch 1 Berlin` said "usage: … from 0.05 to 1440", as if 1 were refused;
    /// watch takes no place, and says so with the commands to type.
    @Test func aPlaceGivenToWatchIsSaidToBeNotForIt() throws {
        #expect(
            throws: ShellError.usage(
                "“watch” takes no place: it shows the current location again; “find Berlin” first, then “watch 1”")
        ) {
            try CommandParser.parse("watch 1 Berlin")
        }
        #expect(
            throws: ShellError.usage(
                "“watch” takes no place: it shows the current location again; “find New York” first, then “watch 5”")
        ) {
            try CommandParser.parse("watch 5 --rain 30% New York")
        }
        #expect(
            throws: ShellError.usage(
                "“watch” takes no place: it shows the current location again; “find Berlin” first, then “watch”")
        ) {
            try CommandParser.parse("watch Berlin")
        }
        // Minutes out of range are still said as such.
        #expect(
            throws: ShellError.usage(
                "usage: watch [minutes] [--rain N%] [--frost N%] [--notify]; minutes from 0.05 to 1440")
        ) {
            try CommandParser.parse("watch 5000")
        }
    }

    @Test func ringsWhenAChanceCrossesAndAsksTheEnsembleOncePerModelRun() async throws {
        let (session, transport) = try await sessionAtHamburg()
        transport.expect(
            "http://ens/v1/ensemble",
            body: TestPaths.fixture("open-meteo-ensemble/hamburg-ecmwf-ifs025-51-members-hand-written.json"))
        let runner = ShellRunner(session: session, output: console, format: .text, colour: false, unicode: true)
        // A terminal's standard output: the bell is written there (elsewhere, on standard error).
        runner.outputIsTerminal = true
        let watching = Task { await runner.run(line: "watch 60 --rain 30% --frost 8%") }

        await clock.waitForSleepers()
        // Tomorrow 19 of 51 members wet (37 %). Every member's frost today is in the night
        // (00:00–06:00 CET), over at 08:10: the rest of today, from 09:00, has none, so the frost
        // read is tomorrow's, 4 of the 50 members with every hour.
        #expect(
            console.output.contains(
                "\u{07}⚑ rain ≥ 1 mm over tomorrow: 19 of 51 members (37 %), at or above 30 %\n")
        )
        #expect(
            console.output.contains(
                "\u{07}⚑ frost (low < 0 °C) tomorrow: 4 of 50 members (8 %), at or above 8 %\n")
        )
        #expect(Self.count("\u{07}", in: console.output) == 2)
        #expect(transport.requests.count == 1)

        // 08:10 … 11:10: shown again, the ensemble from the cache, nothing crossed.
        for _ in 0..<4 {
            clock.advance(by: .seconds(3_600))
            await clock.waitForSleepers()
        }
        #expect(transport.requests.count == 1)
        #expect(Self.count("\u{07}", in: console.output) == 2)
        #expect(Self.count("humidity", in: console.output) == 5)

        // 12:10: a new run, asked once; its chances are lower: said, without the bell.
        transport.expect(
            "http://ens/v1/ensemble",
            body: Recorded.body(
                "open-meteo-ensemble/new-york-gfs025-31-members-hand-written.json", at: Self.hamburg[0].coordinate))
        clock.advance(by: .seconds(3_600))
        await clock.waitForSleepers()
        #expect(transport.requests.count == 2)
        // Its answer ends at 23:00 tomorrow: tomorrow's last hour (the one ending at midnight)
        // is missing, so tomorrow has no whole sum (issue 37 item 10); in the rest of today none
        // of the 31 members reaches 1 mm, and over tomorrow's hours held fewer than 30 %: the
        // missing hour may bring more, so wx cannot tell — said, with no "now below" (trial 59:
        // the rest of today alone was read as "no").
        #expect(
            console.errors.contains(
                "warning: tomorrow is only partly covered by the ensemble (23 of its 24 hours, to 23:00)"),
            "\(console.errors)")
        #expect(console.errors.contains("the bell waits until the ensemble covers tomorrow\n"), "\(console.errors)")
        #expect(
            !console.output.contains("\nrain ≥ 1 mm over the rest of today: 0 of 31 members (0 %), now below 30 %\n"))
        #expect(
            console.output.contains("\nfrost (low < 0 °C) rest of today: 0 of 31 members (0 %), now below 8 %\n"))
        #expect(Self.count("\u{07}", in: console.output) == 2)
        watching.cancel()
        #expect(await watching.value == .succeeded)
        #expect(transport.allAnswered)
    }

    /// Trial 10: when the ensemble does not come, the watch goes on showing the weather but no
    /// longer says it is "ringing when the chance of rain reaches 30 %": the alert is not
    /// checked until the ensemble answers, and says so.
    @Test func anEnsembleThatDoesNotComeIsSaidNotCheckedRatherThanRinging() async throws {
        let (session, transport) = try await sessionAtHamburg()
        transport.expect(
            "http://ens/v1/ensemble", status: 400, body: Data(#"{"error":true,"reason":"No data is available"}"#.utf8))
        let runner = ShellRunner(session: session, output: console, format: .text, colour: false, unicode: true)
        let watching = Task { await runner.run(line: "watch 60 --rain 30% --frost 50%") }

        await clock.waitForSleepers()
        #expect(Self.count("humidity", in: console.output) == 1)
        let all = console.output + console.errors
        #expect(!all.contains("ringing"), "\(all)")
        #expect(
            all.contains(
                "watching every 60 min; the chances of rain (30 %) and frost (50 %) are not checked until the ensemble answers; Ctrl-C stops"
            ), "\(all)")
        #expect(console.errors.contains("No data is available"), "\(console.errors)")
        watching.cancel()
        #expect(await watching.value == .succeeded)
        #expect(transport.allAnswered)
    }

    /// Every member's temperature in "°X", a unit wx does not know: the frost odds are not read
    /// from members that are not there — a warning says why each look and the bell is not
    /// promised for frost — while rain still rings. The old watch said nothing of frost and
    /// promised to ring "when … that of frost 8 %".
    @Test func frostIsLeftOutWithWhyWhenTheTemperaturesUnitIsUnknown() async throws {
        let (session, transport) = try await sessionAtHamburg()
        let recorded = String(
            decoding: TestPaths.fixture("open-meteo-ensemble/hamburg-ecmwf-ifs025-51-members-hand-written.json"),
            as: UTF8.self)
        let body = recorded.replacing(
            #/("temperature_2m(?:_member\d\d)?":)"°C"/#, with: { "\($0.output.1)\"°X\"" })
        #expect(body != recorded)
        transport.expect("http://ens/v1/ensemble", body: Data(body.utf8))
        let runner = ShellRunner(session: session, output: console, format: .text, colour: false, unicode: true)
        // A terminal's standard output: the bell is written there (elsewhere, on standard error).
        runner.outputIsTerminal = true
        let watching = Task { await runner.run(line: "watch 60 --rain 30% --frost 8%") }

        await clock.waitForSleepers()
        let all = console.output + console.errors
        #expect(
            all.contains(
                "warning: the ensemble’s temperature is given in “°X”, a unit wx does not know, so the chance of frost is not watched"
            ), "\(all)")
        #expect(!all.contains("frost (low"), "\(all)")
        #expect(console.output.contains("\u{07}⚑ rain ≥ 1 mm over tomorrow: 19 of 51 members (37 %)"), "\(all)")
        #expect(
            all.contains("watching every 60 min, ringing when the chance of rain reaches 30 %; Ctrl-C stops"), "\(all)")
        watching.cancel()
        #expect(await watching.value == .succeeded)
        #expect(transport.allAnswered)
    }

    /// The bell's words: the threshold while the chances are read, and no promise while not.
    @Test func theBellTextPromisesOnlyWhatIsChecked() {
        let rain = [ChanceAlert(kind: .rain, thresholdPercent: 30)]
        #expect(Watch.bellText(rain) == ", ringing when the chance of rain reaches 30 %")
        #expect(
            Watch.bellText(rain, checked: false)
                == "; the chance of rain (30 %) is not checked until the ensemble answers")
        #expect(Watch.bellText([], checked: false) == "")
    }
}
