import Foundation
import Testing
import WeatherTestSupport

/// A daily user: `show` called the last reading "not now" (conditions hours from now: an old
/// answer, a saved one shown offline) and `save` kept it without a word. It still saves it, and
/// its line says how old the reading is. The expected words come from
/// Fixtures/open-meteo-forecast/save_not_now_expected.py over the recording Berlin is served from.
@Suite(.tags(.endToEnd)) struct SaveNotNowEndToEndTests {
    static let recording = "/Fixtures/open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json"

    /// What the script says `save` gives of the reading at `now`: its local time and the note after it.
    func expected(now: String) throws -> (time: String, note: String) {
        let script = try runProgram(
            "/usr/bin/python3",
            [
                TestPaths.packageRoot.path + "/Fixtures/open-meteo-forecast/save_not_now_expected.py",
                TestPaths.packageRoot.path + Self.recording, "Europe/Berlin", now,
            ], environment: [:])
        let parts = try #require(
            try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: String], "\(script.stderr)")
        return (try #require(parts["time"]), try #require(parts["note"]))
    }

    /// The `save` line of `run`'s output, its wrapped lines (indented) joined.
    func saveLine(_ run: WXResult) throws -> String {
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("snapshot 1 saved: ") }, "\(run.stdout)")
        let rest = lines[(first + 1)...].prefix { $0.hasPrefix(" ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return ([lines[first]] + rest).joined(separator: " ")
    }

    @Test func aReadingShowCalledNotNowIsSavedWithItsAge() throws {
        let now = "2025-07-27T08:10:00Z"
        let want = try expected(now: now)
        #expect(!want.note.isEmpty)
        let run = try runWX(
            stdin: "find Berlin\nshow\nsave\n", home: TemporaryFolder(), server: try FixtureServer(), now: now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("— not now\n"), "\(run.stdout)")
        let line = try saveLine(run)
        #expect(line.hasSuffix(" at \(want.time)\(want.note)"), "\(line)")
    }

    /// An answer saved earlier and shown offline hours later (`show` says "not now"): the same.
    @Test func aSavedAnswerShownOfflineIsSavedWithItsAge() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let first = try runWX(["-c", "find Berlin; show"], home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(first.status == 0, "\(first.stderr)")
        let later = "2025-07-27T09:40:00Z"
        let want = try expected(now: later)
        #expect(!want.note.isEmpty)
        let run = try runWX(["--offline", "-c", "find Berlin; show; save"], home: home, server: server, now: later)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("— not now\n"), "\(run.stdout)")
        let line = try saveLine(run)
        #expect(line.hasSuffix(" at \(want.time)\(want.note)"), "\(line)")
    }

    /// A reading within the hours `show` calls now is saved as before, with nothing after its time.
    @Test func aCurrentReadingIsSavedAsBefore() throws {
        let now = "2025-07-27T03:10:00Z"
        let want = try expected(now: now)
        #expect(want.note.isEmpty)
        let run = try runWX(
            stdin: "find Berlin\nshow\nsave\n", home: TemporaryFolder(), server: try FixtureServer(), now: now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try saveLine(run).hasSuffix(" at \(want.time)"))
    }
}
