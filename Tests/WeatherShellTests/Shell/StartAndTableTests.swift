import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherShell
@testable import WeatherStore

/// A review of the session: the interactive start does not wait for state.plist's background
/// decode, and a table is fitted once for its lines and its notes.
@MainActor
@Suite(.hangLimit, .tags(.unit)) struct StartAndTableTests {
    let home = TemporaryFolder()

    /// The warning under the banner for an unusable state.plist made the start wait for the
    /// background decode the preload had taken off that path (16 ms with 10,000 favorites). The
    /// decode's read is held here: a start that waits for it finds it held.
    @Test func theStartDoesNotWaitForTheStateDecodeAndStillSaysTheWarning() async throws {
        let (session, files) = try startedOnAHeldUnusableState()
        #expect(session.stateWarningAtStart() == nil, "not known yet, and not waited for")
        #expect(!files.heldTooLong, "the start waited for state.plist's decode")
        files.releaseHeld()
        // A first command that does not read state.plist: the warning comes with its notices,
        // before the next prompt, once.
        _ = try await session.execute(.help(nil))
        let notices = session.takeNotices()
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("warning: state.plist could not be read") == true, "\(notices)")
        #expect(session.takeNotices().isEmpty)
        #expect(!files.heldTooLong)
    }

    /// A session on a state.plist that is not a property list and large enough to be decoded
    /// in the background, whose decode's read is held until `releaseHeld()`; preloading.
    func startedOnAHeldUnusableState() throws -> (WeatherSession, FailingFileSystem) {
        let text = "<?xml version=\"1.0\"?><plist><dict>" + String(repeating: "<key>x</key><broken>", count: 5_000)
        #expect(text.utf8.count >= StateStore.preloadFrom)
        try text.write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let files = FailingFileSystem()
        files.hold(matching: { $0.hasSuffix("/state.plist") })
        let session = makeTestSession(home: home, fileSystem: files)
        session.preloadState()
        return (session, files)
    }

    /// A first command that reads state.plist says the warning itself; it is not said twice.
    @Test func aFirstCommandReadingTheStateSaysTheWarningOnce() async throws {
        let (session, files) = try startedOnAHeldUnusableState()
        #expect(session.stateWarningAtStart() == nil)
        files.releaseHeld()
        let results = try await session.execute(.units(nil))
        #expect(
            results.first.map { result in
                if case .notice(let text) = result {
                    text.hasPrefix("warning: state.plist could not be read")
                } else {
                    false
                }
            } == true, "\(results)")
        #expect(session.takeNotices().isEmpty, "said twice")
    }

    /// A small state.plist is not decoded in the background: its warning is said at the start,
    /// as before.
    @Test func aSmallUnusableStateIsStillSaidAtTheStart() throws {
        try "garbage, not a plist".write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let session = makeTestSession(home: home)
        session.preloadState()
        #expect(session.stateWarningAtStart()?.hasPrefix("warning: state.plist could not be read") == true)
        #expect(session.takeNotices().isEmpty)
    }

    /// `skill` and `normal` fitted their table three times (lines, kept and left-out headers);
    /// `layout(width:)` fits it once and gives what the three gave.
    @Test func oneLayoutGivesTheLinesAndTheKeptAndLeftOutHeaders() {
        let table = TextTable(columns: [
            .init(header: "day", cells: ["Sun 27 Jul", "Mon 28 Jul"], width: 12),
            .init(header: "high °C", cells: ["22.9", "22.8"], width: 9, right: true),
            .init(header: "bias", cells: ["+0.4", "−0.1"], width: 6, right: true, dropOrder: 2),
            .init(header: "days", cells: ["30", "29"], width: 6, right: true, dropOrder: 3),
            .init(header: "bias", cells: ["+0.2", "+0.3"], width: 6, right: true, dropOrder: 1),
            .init(header: "rain days", cells: ["38 %", "39 %"], width: 11, right: true, dropOrder: 4),
        ])
        for width in [80, 50, 40, 30, 20] {
            let layout = table.layout(width: width)
            #expect(layout.lines == table.lines(width: width), "at \(width)")
            // Every header is kept or left out (the two "bias" columns may go one each way).
            #expect(Set(layout.keptHeaders + layout.leftOutHeaders) == ["day", "high °C", "bias", "days", "rain days"])
            #expect(layout.lines.allSatisfy { TextLayout.columns($0) <= width }, "at \(width)")
        }
        #expect(table.layout(width: 80).leftOutHeaders.isEmpty)
        #expect(table.layout(width: 30).leftOutHeaders == ["bias", "days"])
        #expect(table.layout(width: 30).keptHeaders == ["day", "high °C", "rain days"])
    }
}
