import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell
@testable import WeatherStore

/// Trial 16: with three snapshots deleted, `log` said "2 deleted snapshots" and `log compact`
/// "2 deleted snapshots dropped": the newest one's record, which compaction keeps so that its id
/// is never given again, was left out of the count without a word.
@Suite(.tags(.unit)) struct LogStatisticsTextTests {
    let context = RenderContext(
        units: .metric, now: Date(timeIntervalSince1970: 0), colour: false, unicode: true, fitsWidth: false)

    func stats(deleted: Int, kept: Int) -> EventLog.Statistics {
        var stats = EventLog.Statistics(
            path: "/h/log.jsonl", bytes: 900, commands: 4, snapshots: 0, deletedSnapshots: deleted, unreadableLines: 0,
            otherRecords: 0)
        stats.deletedKept = kept
        return stats
    }

    @Test func logCountsEveryDeletedSnapshotAndSaysWhichStays() {
        #expect(
            TextRenderer.render(.logStatistics(stats(deleted: 2, kept: 1)), context: context)
                == """
                /h/log.jsonl
                  900 bytes · 4 commands · 0 snapshots
                  3 deleted snapshots and 0 unreadable lines: “log compact” drops all deleted but the newest (its record stays, so its id is never given again) and moves the unreadable to a file of their own

                """)
        #expect(
            TextRenderer.render(.logStatistics(stats(deleted: 2, kept: 0)), context: context).contains(
                "  2 deleted snapshots and 0 unreadable lines: “log compact” drops the deleted and moves"))
    }

    @Test func compactSaysTheNewestDeletedRecordStays() {
        let compaction = EventLog.Compaction(
            before: stats(deleted: 2, kept: 1), after: stats(deleted: 0, kept: 1), unreadableLinesFile: nil)
        #expect(
            TextRenderer.render(.logCompacted(compaction), context: context)
                == "log.jsonl compacted: 900 bytes → 900 bytes; 4 commands and 0 snapshots kept, 2 deleted snapshots dropped (the newest deleted one’s record stays, so its id is never given again)\n"
        )
    }
}
