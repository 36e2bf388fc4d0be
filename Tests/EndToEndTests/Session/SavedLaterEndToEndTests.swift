import Foundation
import Testing
import WeatherTestSupport

/// Trial 62, fault 9: a favorite added while another process held the lock was said to be "for
/// this session only; not saved to disk", then written with the next change, silently. The first
/// message says what happens (the next change saved takes it along), and that save says so.
@Suite(.tags(.endToEnd)) struct SavedLaterEndToEndTests {
    @Test func aFavoriteKeptInMemoryIsSaidSavedWhenTheNextChangeIs() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let lock = LockWaitEndToEndTests.HeldLock(in: home.path)
        let errors = home.path + "/stderr.txt"
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.wxBinary)
        process.environment = server.environment.merging([
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path,
            "XDG_RUNTIME_DIR": home.path + "/run", "WX_TIMEOUT": "1", "WX_NOW": "2025-07-27T03:10:00Z",
        ]) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        func stderr() -> String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }
        input.fileHandleForWriting.write(Data("show 52.52,13.41\nfav\n".utf8))
        let deadline = Date().addingTimeInterval(30)
        while !stderr().contains("not saved to disk"), process.isRunning, Date() < deadline { usleep(10_000) }
        lock.release()
        input.fileHandleForWriting.write(Data("show 48.14,11.58\nfav add\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let said = stderr()
        #expect(
            said.contains(
                " added to favorites, not saved to disk yet (the next change that can be saved saves it too, else it is lost when wx ends): cannot lock \(home.path)/.wx.lock"
            ), "\(said)")
        #expect(!said.contains("for this session only"), "\(said)")
        #expect(said.contains("the change kept in memory (“"), "\(said)")
        #expect(said.contains("” added to favorites) was saved to state.plist with this one\n"), "\(said)")
        // Saved after all: nothing said lost as wx ends.
        #expect(!said.contains("lost as wx ends"), "\(said)")
        #expect(process.terminationStatus == 1)
        let favorites = try runWX(["-c", "favs"], home: home, server: server)
        #expect(
            favorites.stdout.split(separator: "\n").filter { $0.hasPrefix("  ★ ") }.count == 2, "\(favorites.stdout)")
    }
}
