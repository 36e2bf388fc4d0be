import Foundation
import Testing
import WeatherTestSupport

/// WX_HOME naming a regular file (a new user's trial): reading commands advised "check the disk",
/// an `mv` under the file and `reset state`, none of which can work. Every path names the folder.
@Suite(.tags(.endToEnd))
struct HomeIsAFileTests {
    @Test(arguments: ["favs", "history"])
    func readingCommandsSayTheHomeIsAFile(command: String) throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/f"
        try "hi\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runWX(["-c", command], home: folder, environment: ["WX_HOME": file])
        #expect(result.stderr.contains("\(file) is a file, not a folder: set WX_HOME to a folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("check the disk"))
        #expect(!result.stderr.contains("mv \(file)/"))
    }

    /// HOME a regular file, no WX_HOME: the advice named "…/homefile/.config/wx" as the file
    /// and WX_HOME as the fix; HOME is what is wrong.
    @Test func homeThatIsAFileIsNamed() throws {
        let server = try FixtureServer()
        let folder = TemporaryFolder()
        let file = folder.path + "/homefile"
        try "hi\n".write(toFile: file, atomically: true, encoding: .utf8)
        var environment = server.environment
        environment["HOME"] = file
        environment["PATH"] = "/usr/bin:/bin"
        environment["WX_NOW"] = "2025-07-27T03:00:00Z"
        let result = try runProgram(TestPaths.wxBinary, ["check", "--changed", "52.52,13.4"], environment: environment)
        #expect(
            result.stderr.contains("HOME (\(file)) is a file, not a folder: set HOME to your home folder"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("\(file)/.config/wx is a file"), "\(result.stderr)")
    }
}
