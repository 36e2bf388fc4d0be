import Foundation
import Testing
import WeatherTestSupport

extension SettingsFindingsEndToEndTests {
    /// `normal`'s table was in inches and its footnote in millimetres ("at least 1 mm").
    @Test func normalsFootnoteIsInTheUnitsOfItsTable() throws {
        let (run, _) = try runDemo("units imperial; normal Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("      in  rain days\n"), "\(run.stdout)")
        #expect(run.stdout.contains("rain days: the share of those days with at least 0.04 in\n"), "\(run.stdout)")
        #expect(!run.stdout.contains(" mm"))
    }
}
