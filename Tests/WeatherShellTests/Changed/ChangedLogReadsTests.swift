import Foundation
import Synchronization
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// `changed` finds the last look and the last look with the ensemble's chance in one reading of
/// the log: before, a last look without the chance (a `show`'s) sent it through the log's tail
/// a second time.
@MainActor
@Suite(.tags(.unit)) struct ChangedLogReadsTests {
    static let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")

    /// The real file system, counting the times the log is opened for reading.
    final class CountingFileSystem: ForwardingFileSystem {
        let base: any FileSystem = POSIXFileSystem()
        let logOpens = Mutex(0)

        func openForReading(_ path: String) throws(FileError) -> (any ReadableFile)? {
            if path.hasSuffix("/log.jsonl") { logOpens.withLock { $0 += 1 } }
            return try base.openForReading(path)
        }
    }

    func session(_ home: TemporaryFolder, _ files: CountingFileSystem) -> WeatherSession {
        let provider = FakeForecastProvider(forecasts: [
            Self.hamburg[0].coordinate: Recorded.newYorkForecast(at: Self.hamburg[0].coordinate)
        ])
        return makeTestSession(
            home: home, geocoder: FakeGeocoder(places: ["Hamburg": Self.hamburg]), forecasts: provider,
            fileSystem: files)
    }

    /// The log's opens during `changed`.
    func opens(during session: WeatherSession, _ files: CountingFileSystem) async throws -> Int {
        let before = files.logOpens.withLock { $0 }
        _ = try await session.execute(.changed("Hamburg"))
        return files.logOpens.withLock { $0 } - before
    }

    /// After a `show` (a look without the ensemble's chance), `changed` opens the log as often as
    /// with no earlier look at all: once for both looks, not once more for the chance.
    @Test func oneReadingFindsTheLastLookAndTheLastWithTheChance() async throws {
        let fresh = CountingFileSystem()
        let first = try await opens(during: session(TemporaryFolder(), fresh), fresh)

        let files = CountingFileSystem()
        let home = TemporaryFolder()
        let shown = session(home, files)
        _ = try await shown.execute(.show("Hamburg"))
        let afterShow = try await opens(during: shown, files)
        #expect(afterShow == first, "\(afterShow) opens of the log after a show, \(first) with no earlier look")
    }
}
