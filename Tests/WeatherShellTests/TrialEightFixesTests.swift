import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Trial 8's small findings: `save` after `find`, a reading saved twice, units by their names,
/// Tab after `units` and `warnings`, what to try after an HTTP 400, watch's threshold, compare's
/// warning lines in a pipe.
@MainActor
@Suite(.tags(.unit)) struct TrialEightFixesTests {
    let home = TemporaryFolder()
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")
    static let london = Recorded.places("nominatim/search-london-downing-street-two-results.json")

    func session() -> WeatherSession {
        var forecasts: [Coordinate: Forecast] = [:]
        for place in Self.hamburg + Self.london {
            forecasts[place.coordinate] = Recorded.newYorkForecast(at: place.coordinate)
        }
        let geocoder = FakeGeocoder(places: ["Hamburg": Self.hamburg, "10 Downing Street": Self.london])
        return makeTestSession(
            home: home, geocoder: geocoder, forecasts: FakeForecastProvider(forecasts: forecasts))
    }

    /// `find Hamburg; save` saved the London weather shown before, silently.
    @Test func saveAfterFindingAnotherPlaceSaysWhoseWeatherItHas() async throws {
        let session = session()
        _ = try await session.execute(.show("10 Downing Street"))
        let shown = try #require(session.lastWeather?.place.name)
        _ = try await session.execute(.find("Hamburg"))
        let current = try #require(session.currentPlace?.name)
        await #expect(
            throws: ShellError.notApplicable(
                "the last weather shown is \(shown)’s, not \(current)’s: “show” first to save \(current)’s")
        ) { try await session.execute(.save) }
        #expect(session.snapshotsForCompletion().isEmpty)
        _ = try await session.execute(.show(nil))
        guard case .snapshotSaved(let saved)? = try await session.execute(.save).first else {
            Issue.record("not saved")
            return
        }
        #expect(saved.placeName == current)
    }

    /// The same reading twice made a second, identical snapshot.
    @Test func theSameReadingIsNotSavedTwice() async throws {
        let session = session()
        _ = try await session.execute(.show("Hamburg"))
        _ = try await session.execute(.save)
        let name = try #require(session.lastWeather?.place.name)
        await #expect(
            throws: ShellError.notApplicable(
                "this reading of \(name)’s weather is saved already, as snapshot 1 (“saved 1” shows it)")
        ) { try await session.execute(.save) }
        #expect(session.snapshotsForCompletion().map(\.id) == [1])
    }

    @Test func unitsTakeTheirSpokenNames() async throws {
        let session = session()
        for (quantity, word, unit) in [
            (UnitQuantity.wind, "knots", "kn"), (.wind, "Beaufort", "bft"), (.temperature, "fahrenheit", "F"),
            (.temperature, "celsius", "C"), (.precipitation, "inches", "inch"), (.precipitation, "millimetres", "mm"),
            (.distance, "miles", "mi"), (.pressure, "mbar", "hPa"), (.clock, "12", "12h"),
        ] {
            let command = try #require(try CommandParser.parse(words: ["units", quantity.rawValue, word]))
            _ = try await session.execute(command)
            #expect(quantity.value(in: session.settings.units) == unit, "\(word)")
        }
        #expect(throws: ShellError.self) { try CommandParser.parse(words: ["units", "wind", "furlongs"]) }
    }

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

    /// An HTTP 400 named the reason and nothing to try (cases OM-5, OM-6, N-11).
    @Test func badRequestsSayWhatToTry() {
        let reason = "Cannot initialize ForecastSurfaceVariable from invalid String value cape for key hourly"
        #expect(
            ServiceError.rejected(.openMeteo, status: 400, reason: reason).description
                == "Open-Meteo rejected the request (HTTP 400): \(reason); wx’s request does not suit this server: check WX_OPEN_METEO_URL, or update wx"
        )
        #expect(
            ServiceError.rejected(.nominatim, status: 400, reason: "Bad Request. Details: Need coordinates").description
                == "Nominatim rejected the request (HTTP 400): Bad Request. Details: Need coordinates; check the place as typed"
        )
        // Another 4xx names the base URL to check, and a redirect wx could not follow is said
        // to be one (trial 16: "rejected the request (HTTP 301)" and nothing to try).
        #expect(
            ServiceError.rejected(.meteoAlarm, status: 404, reason: nil).description
                == "MeteoAlarm rejected the request (HTTP 404); check WX_METEOALARM_URL")
        #expect(
            ServiceError.rejected(.openMeteo, status: 418, reason: "I'm a teapot").description
                == "Open-Meteo rejected the request (HTTP 418): I'm a teapot; check WX_OPEN_METEO_URL")
        #expect(
            ServiceError.rejected(.openMeteo, status: 301, reason: nil).description
                == "Open-Meteo answered with a redirect (HTTP 301) that led nowhere wx could follow; check WX_OPEN_METEO_URL"
        )
        // The archive's reason says what was wrong (the dates asked): no hint after it.
        #expect(
            ServiceError.rejected(.openMeteoArchive, status: 400, reason: "Parameter 'start_date' is out of range")
                .description
                == "Open-Meteo archive rejected the request (HTTP 400): Parameter 'start_date' is out of range")
    }

    @Test func watchSaysTheThresholdsItRingsAt() {
        #expect(ShellRunner.bellText([]) == "")
        #expect(
            ShellRunner.bellText([ChanceAlert(kind: .rain, thresholdPercent: 30)])
                == ", ringing when the chance of rain reaches 30 %")
        #expect(
            ShellRunner.bellText([
                ChanceAlert(kind: .rain, thresholdPercent: 30), ChanceAlert(kind: .frost, thresholdPercent: 12.5),
            ]) == ", ringing when the chance of rain reaches 30 % or that of frost 12.5 %")
    }

    /// `compare > file` cut “… MeteoAlarm rejected the request (HT…” at 80 columns.
    @Test func compareWarningLinesAreWholeInAPipe() {
        let failure = "MeteoAlarm rejected the request (HTTP 404); wx’s request does not suit this server"
        let marks = WarningMarks(marks: [.init(name: "Dunstable", top: nil, count: 0, zone: nil, failure: failure)])
        let format = ValueFormatter(units: .metric, unicode: true)
        let line = "⚠ Dunstable: warnings could not be fetched: \(failure)"
        let piped = RenderContext(
            units: .metric, now: Date(), colour: false, unicode: true, width: 80, fitsWidth: false)
        #expect(TextRenderer.markLines(marks, context: piped, format: format, style: Style(colour: false)) == [line])
        let terminal = RenderContext(units: .metric, now: Date(), colour: false, unicode: true, width: 80)
        let cut = TextRenderer.markLines(marks, context: terminal, format: format, style: Style(colour: false))
        #expect(cut.map { TextLayout.columns($0) } == [80])
    }
}

extension InteractiveShellTests {
    /// With a state.plist wx cannot read, the prompt said nothing until the first command.
    @Test func anUnreadableStateFileIsSaidUnderTheBanner() async throws {
        try "garbage, not a plist".write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let run = await run(inputs: [.line("units"), .endOfInput])
        #expect(run.console.errors.hasPrefix("warning: "), "\(run.console.errors)")
        #expect(run.console.errors.components(separatedBy: "warning: ").count == 2, "said once")
        #expect(run.console.output.hasPrefix(InteractiveShell.banner + "wx> units"))
    }
}
