import FoundationEssentials
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `check`'s line: whole for scripts and notifications at any width, and at a terminal wrapped
/// between words to its width. At a 40-column terminal it ran past the edge and the terminal cut
/// it mid-word ("8 of 5" / "1 members").
@Suite(.tags(.unit)) struct CheckViewTests {
    static let place = Place(
        name: "Berlin", region: "Deutschland", countryCode: "de",
        coordinate: Coordinate(latitude: 52.52, longitude: 13.405), displayName: "Berlin, Deutschland")
    static let now = Date(timeIntervalSince1970: 1_753_585_200)  // 2025-07-27T03:00:00Z

    static var report: CheckReport {
        let changed = CheckOutcome(
            condition: .changed, holds: false, reading: nil, warnings: [], comparison: nil,
            markTime: now.addingTimeInterval(-3600))
        let warnings = CheckOutcome(condition: .warnings, holds: false, reading: nil, warnings: [])
        return CheckReport(place: place, outcomes: [changed, warnings], warningService: nil, zone: nil)
    }

    func lines(terminal: Bool, width: Int) -> [String] {
        var context = RenderContext(units: .metric, now: Self.now, colour: false, unicode: true, width: width)
        context.outputIsTerminal = terminal
        return TextRenderer.render(.check(Self.report), context: context).split(separator: "\n").map(String.init)
    }

    @Test func atATerminalTheLineIsWrappedBetweenWords() {
        let whole = lines(terminal: false, width: 40)
        #expect(whole.count == 1)
        let wrapped = lines(terminal: true, width: 40)
        #expect(wrapped.count > 1, "\(wrapped)")
        #expect(wrapped.allSatisfy { TextLayout.columns($0) <= 40 }, "\(wrapped)")
        #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }, "\(wrapped)")
        // The same words, in the same order.
        let words = wrapped.joined(separator: " ").split(separator: " ")
        #expect(words == whole[0].split(separator: " "))
    }

    @Test func forScriptsTheLineIsWholeAtAnyWidth() {
        #expect(lines(terminal: false, width: 40) == lines(terminal: false, width: 200))
        #expect(lines(terminal: true, width: 200) == lines(terminal: false, width: 40))
    }
}
