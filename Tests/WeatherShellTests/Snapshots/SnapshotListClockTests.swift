import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// `saved` under the 12-hour clock (`units imperial`) keeps the metric list's layout: the id
/// right-aligned in its five columns, every column padded. At 80 columns the wider times made
/// the table 83 wide, and it closed up to "1  2026-10-23 7:00 am  Paris  49.6 °F  —  0.00 in  —".
@Suite(.tags(.unit)) struct SnapshotListClockTests {
    /// 2026-07-01T12:00:00Z.
    let noon = Date(timeIntervalSince1970: 1_782_907_200)

    func snapshot(_ id: Int, _ place: String) -> Snapshot {
        Snapshot(
            id: id, savedAt: noon, placeName: place, coordinate: Coordinate(latitude: 48.85, longitude: 2.35),
            utcOffsetSeconds: 7_200, timeZone: "Europe/Paris",
            reading: SnapshotReading(
                dataTime: noon, temperatureCelsius: 9.8, precipitationProbabilityPercent: nil,
                precipitationMillimetres: 0, weatherCode: nil))
    }

    func rows(_ snapshots: [Snapshot], units: UnitPreferences, width: Int) -> [String] {
        TextRenderer.render(
            .snapshots(snapshots),
            context: RenderContext(units: units, now: noon, colour: false, unicode: true, width: width)
        ).split(separator: "\n").map(String.init)
    }

    @Test(arguments: [80, 100])
    func theTwelveHourListIsLaidOutAsTheMetricOne(width: Int) {
        let metric = rows([snapshot(1, "Paris")], units: .metric, width: width)
        let imperial = rows([snapshot(1, "Paris")], units: .imperial, width: width)
        #expect(
            metric.first?.hasPrefix("    1  2026-07-01 14:00  Paris            9.8 °C     —   0.0 mm") == true,
            "\(metric)")
        #expect(
            imperial.first?.hasPrefix("    1  2026-07-01 2:00 pm   Paris        49.6 °F     —  0.00 in") == true,
            "\(imperial)")
        #expect(imperial.allSatisfy { TextLayout.columns($0) <= width }, "\(imperial)")
    }

    @Test func twoRowsKeepTheIdIndentUnderTheTwelveHourClock() {
        let imperial = rows([snapshot(1, "Paris"), snapshot(12, "Paris")], units: .imperial, width: 80)
        #expect(imperial.count == 2)
        #expect(imperial[0].hasPrefix("    1  2026-07-01 2:00 pm "), "\(imperial)")
        #expect(imperial[1].hasPrefix("   12  2026-07-01 2:00 pm "), "\(imperial)")
    }
}
