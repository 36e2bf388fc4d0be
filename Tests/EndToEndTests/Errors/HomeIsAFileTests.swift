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
}
