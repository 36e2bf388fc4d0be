import Foundation
import Testing
import WeatherTestSupport

/// A real full and a real read-only file system (tmpfs), for the state folder. Mounting needs
/// root, which CI and `make test` here have; elsewhere these are skipped and DurabilityTests (the
/// same rules through a seam at the file-writing layer) still run.
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
struct DiskTests {
    /// Mounts a tmpfs of `kilobytes` on a new folder; unmounts when `body` returns.
    func withTmpfs(kilobytes: Int, _ body: (String) throws -> Void) throws {
        let mountPoint = TemporaryFolder()
        try shell("mount -t tmpfs -o size=\(kilobytes)k tmpfs '\(mountPoint.path)'")
        defer { _ = try? shell("umount '\(mountPoint.path)'") }
        try body(mountPoint.path)
    }

    @discardableResult
    func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func fullDiskKeepsTheSessionAndTheNextWriteSavesEverything() throws {
        let server = try FixtureServer()
        try withTmpfs(kilobytes: 256) { folder in
            // Fill the disk, leaving the folder itself.
            try shell("dd if=/dev/zero of='\(folder)/filler' bs=4k 2>/dev/null; true")
            let full = try runWX(
                stdin: "show 52.52,13.41\nfav\nsave\nfavs\n", server: server,
                environment: ["WX_HOME": folder + "/wx", "XDG_RUNTIME_DIR": folder + "/run"])
            // Stdout says only what is on disk: not "saved to favorites" (issue 11, item 8).
            #expect(
                full.stderr.contains(
                    "error: not saved to disk, kept for this session only: cannot write \(folder)/wx/state.plist: No space left on device"
                ))
            #expect(!full.stdout.contains("saved to favorites"))
            #expect(full.stdout.contains("  ★ 52.5200°N 13.4100°E"))  // still listed: kept in memory
            #expect(full.status == 1)
            // Nor "1 favorite imported", in text or as a --json import document.
            let csv = TemporaryFolder()
            try Data("name,latitude,longitude\nDup,1,1\n".utf8).write(to: csv.url.appendingPathComponent("f.csv"))
            for arguments in [
                ["-c", "import favorites \(csv.path)/f.csv"], ["--json", "-c", "import favorites \(csv.path)/f.csv"],
            ] {
                let imported = try runWX(
                    arguments, server: server,
                    environment: ["WX_HOME": folder + "/wx", "XDG_RUNTIME_DIR": folder + "/run"])
                #expect(!imported.stdout.contains("imported"), "\(arguments)")
                #expect(!imported.stdout.contains(#""type":"import""#), "\(arguments)")
                #expect(imported.status == 1)
            }
        }
    }

    @Test func readOnlyFileSystemIsAClearError() throws {
        let server = try FixtureServer()
        try withTmpfs(kilobytes: 1024) { folder in
            let setup = try runWX(
                ["-c", "show 52.52,13.41; fav"], server: server,
                environment: ["WX_HOME": folder + "/wx", "XDG_RUNTIME_DIR": folder + "/run"])
            #expect(setup.status == 0)
            try shell("mount -o remount,ro '\(folder)'")
            let result = try runWX(
                stdin: "favs\nfav rename \"52.5200°N 13.4100°E\" Berlin\nfavs\n", server: server,
                environment: ["WX_HOME": folder + "/wx", "XDG_RUNTIME_DIR": folder + "/run"])
            #expect(result.stderr.contains("Read-only file system"))
            // The rename holds for the session, but stdout never said it was saved.
            #expect(!result.stdout.contains("is now “Berlin”"))
            #expect(result.stdout.contains("★ Berlin"))
        }
    }
}
