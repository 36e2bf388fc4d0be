import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, fault 12's wording items in the shell's views and the import's check.
@Suite(.tags(.endToEnd)) struct Trial62WordingEndToEndTests {
    /// "rain % and in: the hour up to each time": "in" read as the English word.
    @Test func theImperialNoteNamesInchesInWords() throws {
        let server = try FixtureServer()
        let run = try runWX(
            ["--units", "imperial", "-c", "show 52.52,13.41; hourly"], home: TemporaryFolder(), server: server,
            now: "2025-07-27T03:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("rain % and inches: the hour up to each time"), "\(run.stdout)")
        #expect(run.stdout.contains("rain and inches: the hour up to each time"), "\(run.stdout)")
        #expect(!run.stdout.contains("and in:"), "\(run.stdout)")
    }

    /// A latitude of 1e308 is a number out of range, said as 91's is, not "not a number".
    @Test func aLatitudeInExponentFormIsOutOfRangeNotANumber() throws {
        let home = TemporaryFolder()
        let csv = home.url.appendingPathComponent("f.csv")
        try Data("name,latitude,longitude\nFar,1e308,2.35\nNear,91,2.35\n".utf8).write(to: csv)
        let run = try runWX(["-c", "import favorites \(csv.path)"], home: home)
        #expect(!run.stderr.contains("is not a number"), "\(run.stderr)")
        #expect(run.stderr.contains("1e+308,2.35 is not a place on Earth (latitude -90…90"), "\(run.stderr)")
        #expect(run.stderr.contains("91,2.35 is not a place on Earth (latitude -90…90"), "\(run.stderr)")
    }
}
