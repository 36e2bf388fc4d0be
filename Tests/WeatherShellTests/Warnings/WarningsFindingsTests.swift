import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

extension SessionFindingsTests {
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
