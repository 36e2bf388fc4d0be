import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

/// `watch` at a terminal that is resized while it waits: what it shows is drawn again at the new
/// width at once, without asking the services again, and the minutes go on as before (issue 40:
/// the old width's lines stayed until the next look).
@MainActor
@Suite(.hangLimit, .tags(.unit)) struct WatchResizeTests {
    let home = TemporaryFolder()
    let clock = TestClock(start: Recorded.newYorkNow)
    let console = TestConsole()

    /// The terminal's resize signal as a test gives it: `wait` returns at `fire` (or when its task
    /// is cancelled).
    actor Resizes {
        private var waiting: CheckedContinuation<Void, Never>?
        var isWaiting: Bool { waiting != nil }

        func wait() async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiting = $0 }
            } onCancel: {
                Task { await self.fire() }
            }
        }

        func fire() {
            waiting?.resume()
            waiting = nil
        }
    }

    /// The terminal's width, changed by the test.
    final class Columns {
        var value = 100
    }

    /// Lets the watch run until it waits for a resize again.
    func untilWaiting(_ resizes: Resizes) async {
        while await !resizes.isWaiting { await Task.yield() }
    }

    @Test func aResizeRedrawsWhatWasShownAtTheNewWidthWithoutAsking() async throws {
        let place = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")[0]
        let provider = FakeForecastProvider(forecasts: [
            place.coordinate: Recorded.newYorkForecast(at: place.coordinate)
        ])
        let session = makeTestSession(
            home: home, geocoder: FakeGeocoder(places: ["Hamburg": [place]]), forecasts: provider, clock: clock)
        _ = try await session.execute(.find("Hamburg"))
        let width = Columns()
        let runner = ShellRunner(
            session: session, output: console, format: .text, colour: false, unicode: true,
            width: { width.value })
        let resizes = Resizes()
        runner.terminalResized = { await resizes.wait() }
        let watching = Task { await runner.run(line: "watch 5") }

        await clock.waitForSleepers()
        await untilWaiting(resizes)
        #expect(provider.requestCount == 1)
        let first = console.output
        #expect(first.split(separator: "\n").contains { TextLayout.columns(String($0)) > 50 })

        width.value = 50
        await resizes.fire()
        await untilWaiting(resizes)
        await clock.waitForSleepers()
        // Drawn again, fitted to 50 columns, from what was shown: no second request.
        #expect(provider.requestCount == 1)
        let second = String(console.output.dropFirst(first.count))
        #expect(second.contains("humidity"))
        for line in second.split(separator: "\n") {
            #expect(TextLayout.columns(String(line)) <= 50, "wider than the terminal: \(line)")
        }
        #expect(console.errors == String(repeating: "watching every 5 min; Ctrl-C stops\n", count: 2))

        // The five minutes are counted from the look, not from the resize.
        clock.advance(by: .seconds(300))
        await clock.waitForSleepers()
        await untilWaiting(resizes)
        #expect(provider.requestCount == 2)

        watching.cancel()
        #expect(await watching.value == .succeeded)
        #expect(console.errors.hasSuffix("Ctrl-C stops\nstopped watching\n"))
        #expect(provider.requestCount == 2)
    }
}
