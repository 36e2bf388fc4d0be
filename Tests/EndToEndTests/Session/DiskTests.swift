import Foundation
import Testing
import WeatherTestSupport

/// A real full and a real read-only file system (tmpfs), for the state folder. Mounting needs
/// root, which CI and `make test` here have; elsewhere these are skipped and DurabilityTests (the
/// same rules through a seam at the file-writing layer) still run.
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a tmpfs needs root"), .tags(.endToEnd))
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
                    "error: ★ 52.5200°N 13.4100°E added to favorites, not saved to disk yet (the next change that can be saved saves it too, else it is lost when wx ends): cannot write \(folder)/wx/state.plist: No space left on device"
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
                // Only the error says it, and that it is not saved yet.
                #expect(!imported.stdout.contains(#""type":"import""#), "\(arguments)")
                #expect(
                    arguments[0] == "-c" ? imported.stdout.isEmpty : imported.stdout.hasPrefix(#"{"type":"error""#),
                    "\(arguments)")
                #expect(
                    imported.stderr.contains(
                        "1 favorite imported from \(csv.path)/f.csv: Dup, not saved to disk yet (the next change that can be saved saves it too, else it is lost when wx ends): "
                    ),
                    "\(arguments)")
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
            // The rename holds for the session, but stdout never said it was saved; the error
            // names the change it kept (trial 15: `fav` removed a favorite with no word of it).
            #expect(!result.stdout.contains("is now “Berlin”"))
            #expect(result.stdout.contains("★ Berlin"))
            #expect(
                result.stderr.contains(
                    "error: favorite “52.5200°N 13.4100°E” is now “Berlin”, not saved to disk yet (the next change that can be saved saves it too, else it is lost when wx ends): "
                ))
            let removed = try runWX(
                stdin: "show 52.52,13.41\nfav\nfavs\n", server: server,
                environment: ["WX_HOME": folder + "/wx", "XDG_RUNTIME_DIR": folder + "/run"])
            #expect(
                removed.stderr.contains("error: ☆ 52.5200°N 13.4100°E removed from favorites, not saved to disk yet"))
            #expect(removed.stdout.hasSuffix("no favorites yet: “fav” saves the current location\n"))
        }
    }

    /// Trial 15: in a read-only home `history` listed only the log's lines, none typed in the
    /// session, and `!N` could not reach them: the lines kept in memory come after the log's,
    /// numbered on from its last.
    @Test func theSessionsLinesAreInTheHistoryWhenTheLogCannotBeWritten() throws {
        try withTmpfs(kilobytes: 1024) { folder in
            let environment = ["WX_HOME": folder + "/wx", "XDG_RUNTIME_DIR": folder + "/run"]
            _ = try runWX(stdin: "units\nhelp\n", environment: environment)
            try shell("mount -o remount,ro '\(folder)'")
            let result = try runWX(stdin: "favs\nabout\nhistory 4\n!3\n!ab\n", environment: environment)
            #expect(
                result.stdout.contains("     2  help\n     3  favs\n     4  about\n     5  history 4\n"),
                "\(result.stdout)")
            #expect(result.stdout.contains("» favs\n"))
            #expect(result.stdout.contains("» about\n"))
            #expect(result.stderr.hasPrefix("warning: the history is not being saved: "), "\(result.stderr)")
        }
    }
}
