import Foundation
import Testing
import WeatherTestSupport

/// `brief`'s wording in a daily user's trial, through the built wx and the loopback server.
@Suite(.tags(.endToEnd)) struct BriefWordingEndToEndTests {
    /// A look moments before showed this same answer (the second `brief` of one line): brief
    /// said "Since you looked at 11:20: nothing changed that matters", as if two forecasts had
    /// been compared. It says it is the same forecast, and `changed` says it as brief does.
    @Test func aLookAtTheSameAnswerIsSaidToBeOne() throws {
        let run = try runWX(
            ["-c", "brief Berlin; brief Berlin; changed Berlin"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2025-07-27T09:20:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("\n  You looked at this same forecast at 11:20: nothing is new since.\n"),
            "\(run.stdout)")
        #expect(
            run.stdout.hasSuffix(
                "since you looked Sun 11:20\n  You looked at this same forecast at Sun 11:20: nothing is new since.\n"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("nothing changed that matters"), "\(run.stdout)")
        #expect(!run.stdout.contains("Nothing changed that matters"), "\(run.stdout)")
    }

    /// The demo's Munich records hours of temperature and wind but no precipitation: brief said
    /// "The forecast has no hours from now to speak of" while `hourly Munich` listed them. It
    /// says what is missing, and still briefs tomorrow.
    @Test func hoursWithoutPrecipitationAreSaidAsSuch() throws {
        let (run, _) = try runDemo("brief Munich")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("The forecast gives no precipitation for the hours ahead, so when it rains"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("no hours from now"), "\(run.stdout)")
        #expect(run.stdout.contains("\n  Tomorrow "), "\(run.stdout)")
    }
}
