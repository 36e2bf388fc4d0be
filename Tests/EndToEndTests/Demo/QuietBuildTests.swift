import Foundation
import Testing
import WeatherTestSupport

/// Issue 24 item 2: `make run` and `make demo` printed the static link's warning above the
/// banner. Their build (`make quiet-release`) now shows its output only when it fails. A stand-in
/// `swift` on PATH plays the build: it prints the warning the real link prints, then succeeds or
/// fails as told.
@Suite(.tags(.endToEnd)) struct QuietBuildTests {
    static let warning =
        "warning: Using 'mktemp' in statically linked applications requires at runtime the shared libraries from the glibc version used for linking"

    /// - Parameters:
    ///   - terminal: run under `script`, so that make's output is a terminal (the notice is
    ///     written only there).
    ///   - releaseBinary: the Makefile's RELEASE_BIN (whether a first build is ahead).
    func make(
        failing: Bool, waiting: Bool = false, terminal: Bool = false, releaseBinary: String = "/nonexistent/wx"
    ) throws -> WXResult {
        let bin = TemporaryFolder()
        let swift = bin.url.appendingPathComponent("swift")
        // SwiftPM's line while another build holds .build ends with no newline.
        let wait =
            waiting
            ? "printf \"Another instance of SwiftPM (PID: 1) is already running using '.build', waiting until that process has finished execution...\" >&2; sleep 1"
            : ""
        try """
        #!/bin/sh
        \(wait)
        echo "[1/2] Compiling wx main.swift"
        echo "\(Self.warning)" >&2
        exit \(failing ? 1 : 0)

        """.write(to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let arguments =
            ["--no-print-directory", "-C", TestPaths.packageRoot.path, "quiet-release", "RELEASE_BIN=\(releaseBinary)"]
        let environment = ["PATH": bin.path + ":/usr/bin:/bin", "HOME": bin.path]
        guard terminal else { return try runProgram("/usr/bin/make", arguments, environment: environment) }
        return try runProgram(
            "/usr/bin/script", ["-qec", (["/usr/bin/make"] + arguments).joined(separator: " "), "/dev/null"],
            environment: environment)
    }

    /// Trial 8: the first `make run` showed “building wx …” alone for five minutes. Before the
    /// first build (no release binary yet) the notice says it takes minutes; later ones do not.
    @Test func theFirstBuildSaysItTakesMinutes() throws {
        let first = try make(failing: false, terminal: true, releaseBinary: "/nonexistent/wx")
        #expect(first.status == 0)
        #expect(first.stdout.contains("building wx (first build: minutes) …"))
        let later = try make(failing: false, terminal: true, releaseBinary: "/bin/sh")
        #expect(later.status == 0)
        #expect(later.stdout.contains("building wx …"))
        #expect(!later.stdout.contains("first build"))
    }

    @Test func aBuildThatSucceedsPrintsNothing() throws {
        let run = try make(failing: false)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "")
    }

    @Test func aBuildThatFailsShowsAllItPrinted() throws {
        let run = try make(failing: true)
        #expect(run.status != 0)
        #expect(run.stdout.contains("[1/2] Compiling wx main.swift\n"))
        #expect(run.stdout.contains(Self.warning))
    }

    /// Trial 7: while `make test` held .build, `make demo` showed “building wx …” for minutes,
    /// SwiftPM's “Another instance … waiting” swallowed with the rest. That wait is now said.
    /// Trial 14: `make demo` beside `make test` waited minutes for .build's lock to learn that
    /// the release binary was up to date. A binary newer than every source is not built again:
    /// the stand-in `swift`, which would fail, is not run.
    @Test func anUpToDateBinaryIsNotBuiltAgain() throws {
        let home = TemporaryFolder()
        let binary = home.path + "/wx"
        try "#!/bin/sh\n".write(toFile: binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        let run = try make(failing: true, releaseBinary: binary)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "" && run.stderr == "")
        // An older binary (/bin/sh, from the system) is built again, and the failure shown.
        #expect(try make(failing: true, releaseBinary: "/bin/sh").status != 0)
    }

    @Test func waitingForAnotherBuildIsSaid() throws {
        let run = try make(failing: false, waiting: true)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "waiting for another build in .build (make test?) …\n")
    }
}
