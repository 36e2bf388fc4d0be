import Foundation
import Testing
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

extension RunnerFindingsTests {
    /// Finding 6: `log compact` in a new home, with no log.jsonl yet, has nothing to compact and
    /// says so (exit 0, as `log` there says 0 bytes); it made no file and no error.
    @Test func compactingNoLogSaysThereIsNothingToCompact() async throws {
        let session = session()
        let results = try await session.execute(.log(compact: true))
        guard case .logCompacted(let compaction) = results.first, results.count == 1 else {
            Issue.record("not a compaction: \(results)")
            return
        }
        #expect(compaction.isEmpty)
        #expect(TextRenderer.logCompacted(compaction) == ["log.jsonl is empty: nothing to compact"])
        #expect(!FileManager.default.fileExists(atPath: home.path + "/log.jsonl"))
    }
}
