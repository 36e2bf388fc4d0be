import Foundation
import Testing
import WeatherTestSupport

/// What a new user's trial of `brief` found (issue 36), through the built wx and the loopback
/// server on Berlin's recording: the span a dry answer really has, the sentence on no hours kept
/// beside others, one reading of the rain with `rain` (Fixtures/brief/brief_expected.py computes
/// it apart), snow said as snow, the hour that just ended not read as rain now, a week-old look
/// dated, and `--sure` without an ensemble.
@Suite(.tags(.endToEnd))
struct BriefSpanEndToEndTests {
    func document(_ run: WXResult, type: String) throws -> [String: Any] {
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains(#""type":"\#(type)""#) })
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    func sentences(_ run: WXResult) throws -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        for sentence in try document(run, type: "brief")["sentences"] as? [[String: Any]] ?? [] {
            found[sentence["kind"] as? String ?? ""] = sentence
        }
        return found
    }

    func joined(_ run: WXResult) -> String { run.stdout.replacingOccurrences(of: "\n  ", with: " ") }

    @Test func aDryAnswerSaysTheHoursItHasLeft() throws {
        let server = try FixtureServer()
        let now = "2025-08-02T20:00:00Z"
        let expected = try BriefEndToEndTests.expected(at: now)
        // The recording's last hour is 23:00 UTC: 3 hours after now.
        #expect(expected["hours_left"] as? Int == 3 && expected["rain"] is NSNull)
        let text = try runWX(["brief", "Berlin"], home: TemporaryFolder(), server: server, now: now)
        #expect(text.stdout.contains("Dry for the 3 hours the forecast has left."), "\(text.stdout)")
        #expect(!text.stdout.contains("next 24 hours"), "\(text.stdout)")
        let json = try runWX(["--json", "brief", "Berlin"], home: TemporaryFolder(), server: server, now: now)
        let facts = try #require(try sentences(json)["dry"]?["facts"] as? [String: Any])
        #expect(facts["hours"] as? Int == 3, "\(facts)")
    }

    @Test func noHoursFromNowIsSaidBesideTheOtherSentencesAndNotComparedAsNothing() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // A look while the recording covers now, then the same recording two days past its end.
        _ = try runWX(["show", "Berlin"], home: home, server: server, now: BriefEndToEndTests.wednesday)
        let stale = "2025-08-04T06:00:00Z"
        let brief = try runWX(["brief", "Berlin"], home: home, server: server, now: stale)
        #expect(brief.stdout.contains("The forecast has no hours from now to speak of."), "\(brief.stdout)")
        #expect(!brief.stdout.contains("nothing changed"), "\(brief.stdout)")
        // `changed` cannot compare an empty look: it says so, not "nothing changed".
        let changed = try runWX(["--json", "changed", "Berlin"], home: home, server: server, now: stale)
        #expect(try document(changed, type: "changed")["outcome"] as? String == "nothing_to_compare")
        let words = try runWX(["changed", "Berlin"], home: home, server: server, now: stale)
        #expect(joined(words).contains("it cannot be compared"), "\(words.stdout)")
        #expect(!words.stdout.contains("Nothing changed"), "\(words.stdout)")
        // check --changed: exit 3 with the reason, as check --rain when it cannot tell.
        let checkHome = TemporaryFolder()
        let first = try runWX(
            ["check", "--changed", "Berlin"], home: checkHome, server: server, now: BriefEndToEndTests.wednesday)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        let check = try runWX(["check", "--changed", "Berlin"], home: checkHome, server: server, now: stale)
        #expect(check.status == 3 && check.stderr.contains("cannot compare"), "\(check.stdout)\(check.stderr)")
    }

    @Test func briefAndRainSayTheSameSpanComputedApart() throws {
        let server = try FixtureServer()
        let now = BriefEndToEndTests.wednesday
        let expected = try #require(try BriefEndToEndTests.expected(at: now)["rain"] as? [String: Any])
        let brief = try runWX(["--json", "brief", "Berlin"], home: TemporaryFolder(), server: server, now: now)
        let facts = try #require(try sentences(brief)["rain"]?["facts"] as? [String: Any])
        #expect(facts["start"] as? String == expected["start"] as? String, "\(facts)")
        #expect(facts["end"] as? String == expected["end"] as? String, "\(facts)")
        let rain = try runWX(["--json", "rain", "Berlin"], home: TemporaryFolder(), server: server, now: now)
        let line = try #require(rain.stdout.split(separator: "\n").first { $0.contains(#""start""#) })
        // 12:00–18:00 UTC: 14:00–20:00 CEST, in both.
        #expect(line.contains(#""start":"\#(expected["start"] as? String ?? "")""#), "\(line)")
        #expect(line.contains(#""end":"\#(expected["end"] as? String ?? "")""#), "\(line)")
        let words = try runWX(["rain", "Berlin"], home: TemporaryFolder(), server: server, now: now)
        #expect(joined(words).contains("from 14:00") && joined(words).contains("until 20:00"), "\(words.stdout)")
        let said = try runWX(["brief", "Berlin"], home: TemporaryFolder(), server: server, now: now)
        #expect(
            joined(said).contains("Dry until about 14:00, then rain this afternoon")
                && joined(said).contains("dry again by 20:00"), "\(said.stdout)")
    }

    @Test func theHourJustEndedIsNotRainNow() throws {
        let server = try FixtureServer()
        // 18:00 UTC (20:00 CEST): the value stamped 18:00 is the hour that just ended.
        let now = "2025-07-30T18:00:00Z"
        let expected = try #require(try BriefEndToEndTests.expected(at: now)["rain"] as? [String: Any])
        #expect(expected["start"] as? String == "2025-07-31T00:00:00Z")
        let run = try runWX(["--json", "brief", "Berlin"], home: TemporaryFolder(), server: server, now: now)
        let facts = try #require(try sentences(run)["rain"]?["facts"] as? [String: Any])
        #expect(facts["raining_now"] as? Bool == false && facts["start"] as? String == expected["start"] as? String)
        let text = try runWX(["brief", "Berlin"], home: TemporaryFolder(), server: server, now: now)
        #expect(!text.stdout.contains("Rain now"), "\(text.stdout)")
        #expect(joined(text).contains("Dry until about tomorrow 02:00"), "\(text.stdout)")
    }

    @Test func snowIsSaidAsRainSaysIt() throws {
        let server = try FixtureServer()
        // New York's recording (Fri 6 Feb 16:30 EST): slight snowfall at −5.8 °C tonight.
        let now = "2026-02-06T21:30:00Z"
        let newYork = "40.79,-73.97"
        let rain = try runWX(["rain", newYork], home: TemporaryFolder(), server: server, now: now)
        #expect(rain.stdout.contains("snow"), "\(rain.stdout)\(rain.stderr)")
        let text = try runWX(["brief", newYork], home: TemporaryFolder(), server: server, now: now)
        let words = joined(text)
        #expect(words.contains("then snow tonight"), "\(text.stdout)")
        // The first spell is snow; the later drizzle (code 51 at 11:00) is rain by its own codes.
        #expect(words.contains(", rain again tomorrow 10:00–11:00"), "\(text.stdout)")
        let first = words.replacingOccurrences(of: ", rain again", with: "")
        #expect(!first.contains(" rain ") && !first.contains("Rain now"), "\(text.stdout)")
        let json = try runWX(["--json", "brief", newYork], home: TemporaryFolder(), server: server, now: now)
        #expect(try (sentences(json)["rain"]?["facts"] as? [String: Any])?["falls"] as? String == "snow")
    }

    @Test func aLookAWeekOldIsDated() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // Sun 27 Jul 05:10 CEST, then Sat 2 Aug 08:00 CEST: 6 days on, "Sun" alone would do for
        // tomorrow's Sunday.
        _ = try runWX(["show", "Berlin"], home: home, server: server, now: BriefEndToEndTests.sunday)
        let later = "2025-08-02T06:00:00Z"
        let brief = try runWX(["brief", "Berlin"], home: home, server: server, now: later)
        #expect(joined(brief).contains("Since you looked at Sun 27 Jul 05:10"), "\(brief.stdout)")
        let changed = try runWX(["changed", "Berlin"], home: home, server: server, now: later)
        #expect(
            changed.stdout.contains("since you looked Sat 02 Aug 08:00")
                || changed.stdout.contains("since you looked Sat 08:00"), "\(changed.stdout)")
    }

    @Test func sureWithoutTheEnsembleKeepsTheForecastsSentences() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", status: 503, body: "down", times: 10))
        let run = try runWX(
            ["brief", "--sure", "48.86,2.35"], home: TemporaryFolder(), server: server, now: "2026-10-23T05:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        // The forecast's sentence (the hand-written Paris answer has no hours from now) stands.
        #expect(run.stdout.contains("The forecast has no hours from now"), "\(run.stdout)")
        #expect(!run.stdout.contains("members"), "\(run.stdout)")
        #expect(run.stderr.contains("the ensemble could not be had"), "\(run.stderr)")
    }

    /// `brief --sure` two weeks before the hand-written Paris ensemble's days: it covers neither
    /// today nor tomorrow, so no sentence of it — said in one line (it said nothing).
    @Test func sureWithAnEnsembleCoveringNeitherDaySaysSo() throws {
        let run = try runWX(
            ["brief", "--sure", "48.86,2.35"], home: TemporaryFolder(), server: try FixtureServer(),
            now: "2026-10-10T05:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("members"), "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("covers neither") }
        #expect(
            lines == [
                "warning: the ensemble’s answer covers neither today nor tomorrow, so brief says nothing of how likely rain is; try after the next run"
            ], "\(run.stderr)")
    }

    /// A re-trial: a feed of 2,000 warnings made a 2,002-line brief. Three are named, the most
    /// severe first (the feed lists its extreme and two severe ones last), and the rest counted.
    @Test func aBriefNamesThreeWarningsAndCountsTheRest() throws {
        let server = try FixtureServer()
        try server.queue(
            .init(path: "/alerts", file: "hostile/brightsky-alerts-berlin-2000-in-force-hand-written.json"))
        let run = try runWX(["brief", "Berlin"], home: TemporaryFolder(), server: server, now: "2026-03-07T03:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ⚠") }
        #expect(warnings.count == 3, "\(run.stdout.prefix(2000))")
        #expect(warnings.first?.contains("Extreme thunderstorm") == true, "\(warnings)")
        #expect(run.stdout.contains("1997 more warnings in force or within 24 hours"), "\(run.stdout.prefix(2000))")
    }

    /// A re-trial: brief's JSON said a spell's rain as 0.30000000000000004 mm (a binary sum of
    /// hours): amounts summed from hours are given to the hundredth.
    @Test func summedAmountsAreGivenToTheHundredth() throws {
        let run = try runWX(
            ["--json", "brief", "40.78858,-73.9661"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2026-02-06T21:30:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("0000000000"), "\(run.stdout)")
        #expect(run.stdout.contains("\"precipitation_millimetres\":0.3"), "\(run.stdout)")
    }
}
