import Foundation
import Testing
import WeatherTestSupport

extension SettingsFindingsEndToEndTests {
    /// `normal`'s table was in inches and its footnote in millimetres ("at least 1 mm"); then in
    /// inches rounded ("0.04 in", 1.016 mm). It says the limit as every threshold is said: as
    /// defined, with its figure in the table's unit said to be near.
    @Test func normalsFootnoteIsInTheUnitsOfItsTable() throws {
        let (run, _) = try runDemo("units imperial; normal Berlin")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("      in  rain days\n"), "\(run.stdout)")
        // The footnote wraps at 80 columns: read as one line.
        let flat = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            flat.contains("rain days: the share of those days with at least 1 mm (about 0.039 in)\n"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: " mm").count == 2, "\(run.stdout)")
    }
}
