import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// Issue 39 item 4: Ctrl-C during `export` of a long log (its task cancelled) stops the log's
/// read within the chunk being read (256 KiB), not after the whole log: the cancellation is
/// injected from inside the read, at the tenth record.
@Suite(.tags(.unit)) struct LogReadCancellationTests {
    let home = TemporaryFolder()
    static let commands = 40_000

    func writeLog() throws {
        var text = ""
        for number in 1...Self.commands {
            text +=
                #"{"kind":"command","line":"show Hamburg","n":"# + String(number)
                + #","ts":"2025-07-26T03:00:00Z","v":1}"# + "\n"
            if number % 50 == 0 {
                text +=
                    #"{"data_time":"2025-07-26T03:00:00Z","id":"# + String(number / 50)
                    + #","kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Hamburg"},"temperature_celsius":7.5,"timezone":"Europe/Berlin","ts":"2025-07-26T03:00:00Z","utc_offset_seconds":3600,"v":1}"#
                    + "\n"
            }
        }
        try text.write(toFile: home.path + "/log.jsonl", atomically: false, encoding: .utf8)
    }

    /// The records passed before the read stopped, the task cancelled at the tenth.
    static func passed(_ folder: String, snapshots: Bool) async -> Int {
        await Task {
            let log = EventLog(folder: folder)
            var count = 0
            let take = {
                count += 1
                if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            if snapshots { try? log.forEachSnapshot { _ in take() } } else { try? log.forEachCommand { _ in take() } }
            return count
        }.value
    }

    @Test func aCancelledExportOfTheHistoryStopsReading() async throws {
        try writeLog()
        let count = await Self.passed(home.path, snapshots: false)
        // A chunk holds about 3,000 of these lines; the log 40,000 commands.
        #expect(count >= 10 && count < 4_000, "\(count)")
    }

    @Test func aCancelledExportOfTheSnapshotsStopsReading() async throws {
        try writeLog()
        let count = await Self.passed(home.path, snapshots: true)
        #expect(count >= 10 && count < 100, "\(count)")
    }
}
