import Foundation
import Testing
import WeatherTestSupport

/// `doctor` with the state folder on a read-only file system (a read-only tmpfs mounted in a
/// mount namespace of its own, where `unshare` may make one): it says so and points to WX_HOME,
/// not to chmod, which cannot help there.
@Suite(.tags(.endToEnd))
struct DoctorReadOnlyEndToEndTests {
    /// Whether this machine lets a test mount a read-only file system in a namespace of its own.
    static let canMount: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let folder = TemporaryFolder()
        let run = try? runProgram(
            "/usr/bin/unshare", ["-rm", "/bin/sh", "-c", "mount -t tmpfs -o ro none \(folder.path)"],
            environment: ["PATH": "/usr/bin:/bin"])
        return run?.status == 0
    }()

    @Test(.enabled(if: canMount, "needs unshare -rm and mount")) func aReadOnlyStateFolderIsSaidSo() throws {
        let folder = TemporaryFolder()
        let script = "mount -t tmpfs -o ro none \(folder.path) && exec \(TestPaths.wxBinary) --offline doctor"
        let run = try runProgram(
            "/usr/bin/unshare", ["-rm", "/bin/sh", "-c", script],
            environment: [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": folder.path, "WX_HOME": folder.path,
                "COLUMNS": "200",
            ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains("✗ state folder: \(folder.path) is on a read-only file system: nothing can be saved there"),
            "\(run.stdout)")
        #expect(
            lines.contains(
                "✗ cache folder: \(folder.path)/cache does not exist and cannot be made: \(folder.path) is on a read-only file system"
            ), "\(run.stdout)")
        #expect(
            lines.filter { $0 == "  → start wx with --home DIR (or set WX_HOME) to a folder on a writable file system" }
                .count == 2, "\(run.stdout)")
        #expect(!run.stdout.contains("chmod"), "\(run.stdout)")
    }
}
