import Foundation
import Testing
import WeatherShell
import WeatherTestSupport

@testable import wx_docs

/// wx.1 is the command, option and environment tables in mdoc: the checked-in file must be
/// what the tables give now (`make docs` rewrites it with wx-docs; this test never writes it),
/// and mandoc must read it without a warning.
@Suite(.tags(.unit)) struct ManPageTests {
    static let path = TestPaths.packageRoot.appendingPathComponent("wx.1")

    @Test func checkedInPageIsGeneratedFromTheTables() throws {
        let page = ManPage.mdoc()
        let checkedIn = try String(contentsOf: Self.path, encoding: .utf8)
        #expect(checkedIn == page, "wx.1 differs from the command table; run make docs")
        for spec in CommandTable.all { #expect(page.contains(".It Cm \(spec.name)")) }
        for variable in ["WX_HOME", "WX_NOMINATIM_URL", "OPENWEATHERMAP_API_KEY", "WX_NOW", "NO_COLOR"] {
            #expect(page.contains("Ev \(variable)"))
        }
    }

    /// Issue 40 item 9: the page names everything a user can type — the backslash and dot
    /// commands, the history references, the pager and editor variables, doctor — checked on
    /// the page as mandoc renders it, so that escapes do not hide a missing word.
    @Test func namesEverythingAUserCanType() throws {
        let mandoc = "/usr/bin/mandoc"
        try #require(FileManager.default.isExecutableFile(atPath: mandoc), "mandoc is missing: make deps installs it")
        let run = try runProgram(mandoc, ["-T", "utf8", Self.path.path], environment: ["PATH": "/usr/bin:/bin"])
        // Overstrike (bold, underline) taken out: "c\bc" is a bold c.
        let page = run.stdout.replacing(/.\x08/, with: "")
        for word in [
            "\\q", "\\?", "\\i FILE", "\\o [FILE]", ".once FILE", "\\timing", "\\e", ".read", ".output", ".timer",
            "!$", "^old^new", "!prefix", "WX_PAGER", "PAGER", "EDITOR", "EDITRC", "CLICOLOR_FORCE", "doctor",
        ] {
            #expect(page.contains(word), "the man page lacks “\(word)”")
        }
    }

    /// README's first commands (`make run`, `make test`) need the internet; a reader without
    /// one learns of `make demo` in the same block, not paragraphs further down.
    @Test func readmesFirstCommandsNameTheDemo() throws {
        let readme = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Start\n"))
        let block = readme[start.upperBound...].split(separator: "```", maxSplits: 2)
        #expect(block.count >= 2 && block[1].contains("make run") && block[1].contains("make demo"))
    }

    @Test func mandocLintIsClean() throws {
        let mandoc = "/usr/bin/mandoc"
        try #require(FileManager.default.isExecutableFile(atPath: mandoc), "mandoc is missing: make deps installs it")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mandoc)
        process.arguments = ["-T", "lint", "-W", "all", Self.path.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "")
        #expect(process.terminationStatus == 0)
    }

    @Test func escaping() {
        #expect(ManPage.escapeLine(".dot and \\ back °") == "\\&.dot and \\e back \\[u00B0]")
        #expect(ManPage.text("One. Two e.g. three. “Four”.") == ["One.", "Two e.g. three.", "\\[u201C]Four\\[u201D]."])
    }
}
