import Foundation
import Testing
import WeatherTestSupport

extension SettingsFindingsEndToEndTests {
    /// `saved 1` after `saved rm 1` said "no snapshot 1", as of one never saved.
    @Test func aDeletedSnapshotIsSaidToBeDeleted() throws {
        let (run, _) = try runDemo("show Berlin; save; saved rm 1; saved 1; saved rm 1; saved 7")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                error: snapshot 1 was deleted (“saved” lists those kept)
                error: snapshot 1 was deleted (“saved” lists those kept)
                error: no snapshot 7 (see “saved”)

                """)
    }
}
