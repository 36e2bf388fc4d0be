import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

#if canImport(Glibc)
import Glibc
#endif

/// wx never leaves a file in a state folder that the folder's owner cannot read: run as root
/// (`sudo wx`) in someone else's folder, what it makes or rewrites there is given to the folder's
/// owner; whatever the umask, its own files are 0600. (The tests run as root, as `sudo wx` does.)
@Suite(.enabled(if: geteuid() == 0), .tags(.unit)) struct FileOwnershipTests {
    let home = TemporaryFolder()
    let owner: uid_t = 4_242
    let group: gid_t = 4_343
    let time = Date(timeIntervalSince1970: 1_770_414_000)

    func ownerAndMode(_ name: String) -> (uid_t, gid_t, mode_t)? {
        var info = stat()
        guard stat(home.path + "/" + name, &info) == 0 else { return nil }
        return (info.st_uid, info.st_gid, info.st_mode & 0o777)
    }

    @Test func whatRootWritesInAUsersFolderStaysTheUsers() throws {
        #expect(chown(home.path, owner, group) == 0)
        let log = EventLog(folder: home.path)
        try log.appendCommand("units", at: time)
        _ = try log.compact(now: time)  // rewrites log.jsonl
        try log.appendCommand("history", at: time)
        let state = StateStore(folder: home.path, now: { self.time })
        try state.update { $0.settings.language = "de" }
        try FileIO.ensureFolder(home.path + "/cache/deeper")
        for name in ["log.jsonl", "state.plist", ".wx.lock", "cache", "cache/deeper"] {
            let found = ownerAndMode(name)
            #expect(found?.0 == owner && found?.1 == group, "\(name): \(String(describing: found))")
        }
        #expect(ownerAndMode("log.jsonl")?.2 == 0o600 && ownerAndMode("state.plist")?.2 == 0o600)
        #expect(ownerAndMode("cache")?.2 == 0o700)
    }

    /// A log root made earlier (by an older wx) is the folder owner's again after the next write.
    @Test func aLogLeftToRootIsGivenBack() throws {
        let log = EventLog(folder: home.path)
        try log.appendCommand("units", at: time)
        #expect(ownerAndMode("log.jsonl")?.0 == 0)
        #expect(chown(home.path, owner, group) == 0)
        _ = try log.compact(now: time)
        #expect(ownerAndMode("log.jsonl")?.0 == owner)
    }
}
