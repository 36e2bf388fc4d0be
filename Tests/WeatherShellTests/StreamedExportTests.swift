import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// `export history FILE` is written as it is read; what it writes is what the export of the same
/// history to standard output holds, byte for byte, in either format.
@MainActor
@Suite struct StreamedExportTests {
    let home = TemporaryFolder()

    @Test(arguments: [ExchangeFormat.csv, .json])
    func aStreamedExportIsTheSameAsTheWholeOne(format: ExchangeFormat) async throws {
        let session = makeTestSession(home: home)
        for line in ["find Hamburg", #"fav "a, b""#, "=cmd|x", "show Zürich 東京", "history"] {
            try session.recordCommand(line)
        }
        let file = home.path + "/history.\(format.rawValue)"
        let whole = try await session.execute(.export(.history, format: format, path: nil))
        guard case .exportData(_, _, let records, let text) = whole.first else {
            Issue.record("no export data: \(whole)")
            return
        }
        let written = try await session.execute(.export(.history, format: format, path: file))
        guard case .exported(_, let count, _, _) = written.first else {
            Issue.record("not exported: \(written)")
            return
        }
        #expect(count == records.count)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self) == text)
    }
}
