import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// The index made afresh from the log: what the making keeps for the listing that asked for it,
/// and its lines held in memory or written to a file of their own.
extension SnapshotIndexTests {
    /// The listing that made the index afresh takes its entries from what the rebuild kept
    /// (`RebuiltListing`), not from the file: every entry — deletions, snapshots in wx's own
    /// layout (with and without a zone, a weather code, negative and missing values) and others
    /// (a kept forecast, a name beyond ASCII) — is the one a reading of the index decodes, in the
    /// same order, and the list is the whole log's, as a later listing from the index gives it.
    @Test func theListingThatMadeTheIndexListsWhatTheIndexHolds() throws {
        try writeMixedLog()

        let log = EventLog(folder: home.path, fileSystem: files)
        var first: [Snapshot] = []
        log.forEachListedSnapshot { first.append($0) }
        let rebuilt = try #require(log.rebuiltListing)
        let indexed = try #require(log.listedIndex)
        #expect(rebuilt.version == indexed.version)
        var kept: [String] = []
        rebuilt.forEach(keepingDays: true) { kept.append(Self.described($0)) }
        log.rebuiltListing = nil
        var decoded: [String] = []
        #expect(log.scanIndex(indexed) { decoded.append(Self.described($0)) })
        #expect(kept.count == 57 + (400 - 57))  // the deletions, then the snapshots left
        #expect(kept == decoded)
        #expect(first.count == 400 - 57)
        #expect(first == folded())
        #expect(listed() == first)
    }

    /// The index's lines held in memory while it is made (`IndexLines.held`) give the index that
    /// writing them to a file of their own and reading it back gives, byte for byte — held whole,
    /// not at all, and moved to the file part way (after 1, 40 and 300 lines' worth), with
    /// deletions among the lines: what the listing then reads is the whole log's.
    @Test(arguments: [0, 150, 6_000, 45_000])
    func linesHeldInMemoryMakeTheIndexTheFileMakes(holdingAtMost: Int) throws {
        try writeMixedLog()
        let held = EventLog(folder: home.path, fileSystem: files)
        #expect(held.snapshots(keptForecasts: false).count == 400 - 57)
        let inMemory = try Data(contentsOf: indexURL)
        try FileManager.default.removeItem(at: indexURL)
        let through = EventLog(folder: home.path, fileSystem: files)
        through.indexLinesHeldMost = holdingAtMost
        #expect(through.snapshots(keptForecasts: false).count == 400 - 57)
        let throughFile = try Data(contentsOf: indexURL)
        #expect(throughFile.count > 40_000)
        #expect(inMemory == throughFile)
        #expect(!FileManager.default.fileExists(atPath: indexURL.path + ".lines"))
        #expect(listed() == folded())
    }

    /// The log the two tests above read: 16,000 commands, 400 snapshots of five layouts (wx's
    /// own with and without a zone, a weather code, negative and missing values; a kept forecast;
    /// a name beyond ASCII), 57 of them deleted further on.
    func writeMixedLog() throws {
        var text = ""
        var id = 0
        for number in 1...16_000 {
            text += #"{"kind":"command","line":"show Hamburg","n":\#(number),"ts":"2026-02-06T21:40:00Z","v":1}"#
            text += "\n"
            guard number % 40 == 0 else { continue }
            id += 1
            let time = #"{"data_time":"2026-02-06T2\#(id % 10):30:00Z","#
            let end = #","ts":"2026-02-0\#(id % 9 + 1)T21:40:00Z","utc_offset_seconds":\#(id % 3 * 1800 - 1800),"v":1"#
            switch id % 5 {
            case 0:
                text +=
                    time
                    + #""id":\#(id),"kind":"snapshot","place":{"latitude":53.55,"longitude":9.99,"name":"Hamburg"},"temperature_celsius":-\#(id % 7).25,"timezone":"Europe/Berlin""#
                    + end + "}"
            case 1:
                text +=
                    time
                    + #""id":\#(id),"kind":"snapshot","place":{"latitude":-33.8688,"longitude":151.2093,"name":"Sydney \#(id % 4)"},"precipitation_millimetres":0.3,"precipitation_probability_percent":40"#
                    + end + #","weather_code":\#(id % 99)}"#
            case 2:
                text +=
                    time
                    + #""forecast_days":[{"date":"2026-02-07","temperature_max_celsius":4.5}],"id":\#(id),"kind":"snapshot","place":{"latitude":48.85,"longitude":2.35,"name":"Paris"},"timezone":"Europe/Paris""#
                    + end + "}"
            case 3:
                text +=
                    time
                    + #""id":\#(id),"kind":"snapshot","place":{"latitude":47.37,"longitude":8.54,"name":"Zürich"},"timezone":"Europe/Zurich""#
                    + end + "}"
            default:
                text +=
                    time
                    + #""id":\#(id),"kind":"snapshot","place":{"latitude":0,"longitude":0,"name":""},"temperature_celsius":0"#
                    + end + "}"
            }
            text += "\n"
            if id % 7 == 0 {
                text += #"{"id":\#(id - 3),"kind":"snapshot.deleted","ts":"2026-02-06T21:40:00Z","v":1}"#
                text += "\n"
            }
        }
        try Data(text.utf8).write(to: logURL)
        try EventLog(folder: home.path, fileSystem: files).appendCommand("saved", at: time)
    }
}
