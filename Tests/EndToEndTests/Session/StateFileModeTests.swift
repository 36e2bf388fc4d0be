import Foundation
import Testing
import WeatherTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// wx never creates a file in its state folder that its owner cannot read, whatever the umask.
@Suite(.tags(.endToEnd)) struct StateFileModeTests {
    /// With umask 0477 a file made 0600 would be 0200: written, then unreadable by wx itself.
    @Test func aUmaskThatTakesTheReadBitStillLeavesFilesWxCanRead() throws {
        let home = TemporaryFolder()
        let folder = home.path + "/wx"
        let result = try runProgram(
            "/bin/sh", ["-c", "umask 0477; printf 'units imperial\\nhistory\\n' | \"$0\"", TestPaths.wxBinary],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": folder])
        #expect(result.status == 0, "\(result.stderr)")
        for (name, mode) in [("", mode_t(0o700)), ("/log.jsonl", 0o600), ("/state.plist", 0o600), ("/.wx.lock", 0o600)]
        {
            var info = stat()
            #expect(stat(folder + name, &info) == 0, "\(name)")
            #expect(info.st_mode & 0o777 == mode, "\(name): \(String(info.st_mode & 0o777, radix: 8))")
        }
    }
}
