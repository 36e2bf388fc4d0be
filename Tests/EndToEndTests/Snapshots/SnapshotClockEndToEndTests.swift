import Foundation
import Testing
import WeatherTestSupport

/// `saved N` in the demo, through the built wx: its data time and the days passed go by the
/// recording's clock, its saved-at time by the real one, and the one is named beside the other.
@Suite(.tags(.endToEnd)) struct SnapshotClockEndToEndTests {
    /// A New York snapshot read "saved at 2026-12-06 03:32" (the real clock) above "not passed
    /// yet: Fri 06 Feb to Thu 12 Feb" (the recording's): the days stay judged by the clock of the
    /// data time, and the saved-at time says whose it is.
    @Test func theSavedAtTimeNamesTheRecordingsClockBesideIt() throws {
        let (run, _) = try runDemo("show New York; save; saved 1", environment: ["TZ": "America/New_York"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  data time     2026-02-06 16:30 (UTC-05:00)\n"), "\(run.stdout)")
        // The saved-at field, its lines joined (it wraps at 80 columns).
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            words.contains(
                "(UTC-05:00), by your clock; the data time and the days passed are by the recording’s, 2026-02-06 16:30 (UTC-05:00) forecast kept"
            ), "\(run.stdout)")
        #expect(run.stdout.contains("\n  not passed yet: Fri 06 Feb to Thu 12 Feb\n"), "\(run.stdout)")
    }

    /// "By your clock" is the user's (nu61, fault 9): the saved-at time in the zone of TZ, not
    /// the place's — a save at 19:47 UTC read "20:47 (UTC+01:00), by your clock" for Berlin.
    /// The expected time is the log's `ts` in that zone, worked out by Python's zoneinfo.
    @Test(arguments: ["Asia/Tokyo", "America/Los_Angeles"])
    func theSavedAtTimeByYourClockIsInYourZone(zone: String) throws {
        let home = TemporaryFolder()
        let (run, _) = try runDemo("show Berlin; save; saved 1", home: home, environment: ["TZ": zone])
        #expect(run.status == 0, "\(run.stderr)")
        let log = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        let record = try #require(log.split(separator: "\n").first { $0.contains(#""kind":"snapshot""#) })
        let script = """
            import json, sys, zoneinfo, datetime
            ts = json.loads(sys.argv[1])["ts"]
            t = datetime.datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone(zoneinfo.ZoneInfo(sys.argv[2]))
            off = int(t.utcoffset().total_seconds()) // 60
            sign = "-" if off < 0 else "+"
            print(t.strftime("%Y-%m-%d %H:%M") + f" (UTC{sign}{abs(off) // 60:02d}:{abs(off) % 60:02d})")
            """
        let expected = try runProgram(
            "/usr/bin/python3", ["-c", script, String(record), zone], environment: ["PATH": "/usr/bin:/bin"]
        ).stdout.trimmingCharacters(in: .newlines)
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("saved at \(expected), by your clock;"), "\(expected): \(run.stdout)")
    }
}
