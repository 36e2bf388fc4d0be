import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Trial 9, items 1 and 9: file paths cut mid-word at 40 columns (`export` was not wrapped at
/// all; `\o` and `source` were wrapped between words, then the terminal broke the path and lost
/// its indent), and a state folder that is a file explained in full at every command.
@MainActor
@Suite(.tags(.unit)) struct PathWrappingTests {
    let home = TemporaryFolder()

    /// A folder whose path is always 15 columns ("/tmp/wxo-" and six letters), so that where its
    /// lines break does not depend on the machine's temporary folder.
    final class ShortFolder {
        let path: String
        init() {
            var template = Array("/tmp/wxo-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
            precondition(made != nil, "mkdtemp failed")
            path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    struct Run {
        let status: Int32
        let console: TestConsole
    }

    /// `wx arguments` on fakes in script mode reading `lines`; standard output and standard error
    /// a terminal `width` columns wide when given, else pipes.
    func wx(
        _ arguments: [String] = [], lines: [String] = [], interactive: Bool = false, width: Int? = nil,
        environment: [String: String] = [:]
    ) async -> Run {
        let console = TestConsole()
        let inputs = lines.map(LineReadResult.line) + [.endOfInput]
        let variables = ["WX_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8", "NO_COLOR": "1"].merging(
            environment
        ) { $1 }
        let host = AppHost(
            variable: { variables[$0] }, output: console, inputIsTerminal: interactive,
            outputIsTerminal: width != nil, terminalWidth: { width ?? 80 },
            makeSession: { _, _ in makeTestSession(home: home, environment: environment) },
            standardInput: ScriptedLineReader(interactive ? [] : inputs),
            prompt: ScriptedPrompt(reader: ScriptedLineReader(interactive ? inputs : [])),
            errorIsTerminal: width != nil)
        let status = await WXApp(host: host).run(arguments)
        return Run(status: status, console: console)
    }

    static func expectFits(_ text: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in text.split(separator: "\n") {
            #expect(TextLayout.columns(String(line)) <= width, "\(line)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - The rule

    @Test func aPathMovesWholeToItsOwnLineAndBreaksAfterASlashWhenWiderThanOne() {
        // Trial 9's lines at 40 columns.
        #expect(
            TextLayout.wrap(line: "11 commands exported to /tmp/trial9/h.csv (CSV)", width: 40) == [
                "11 commands exported to", "  /tmp/trial9/h.csv (CSV)",
            ])
        #expect(
            TextLayout.wrap(
                line:
                    "error: file not run: cannot read /tmp/trial9/no-such-file-with-long-name.txt: No such file or directory",
                width: 40) == [
                    "error: file not run: cannot read", "  /tmp/trial9/", "  no-such-file-with-long-name.txt: No",
                    "  such file or directory",
                ])
        // No "/" to break after: broken at the width, the indent kept.
        let long = String(repeating: "x", count: 45)
        #expect(
            TextLayout.wrap(line: "see \(long) now", width: 40) == [
                "see", "  " + String(long.prefix(38)), "  xxxxxxx now",
            ])
        // An indented line keeps its indent, and goes on two further in.
        #expect(
            TextLayout.wrap(line: "  cache /home/someone/.cache/wx/a-very-long-folder-name/x", width: 40) == [
                "  cache", "    /home/someone/.cache/wx/", "    a-very-long-folder-name/x",
            ])
    }

    // MARK: - Every confirmation and error that names a file

    @Test func exportAtFortyColumnsPutsThePathOnALineOfItsOwn() async throws {
        let folder = ShortFolder()
        let file = folder.path + "/h.csv"
        let run = await wx(lines: ["units", "export history \(file)"], width: 40)
        #expect(run.console.output.hasSuffix("2 commands exported to\n  \(file) (CSV)\n"), "\(run.console.output)")
        Self.expectFits(run.console.output, width: 40)
        #expect(FileManager.default.fileExists(atPath: file))
        // To a pipe the line is never cut.
        let piped = await wx(lines: ["export history \(file)"])
        #expect(piped.console.output == "2 commands exported to \(file) (CSV)\n")
    }

    @Test func outputToAFileNamedLongerThanTheLineBreaksAfterASlash() async throws {
        let folder = ShortFolder()
        let file = folder.path + "/a-rather-long-output-file-name.txt"
        let run = await wx(lines: ["\\o \(file)", "units", "\\o"], width: 40)
        #expect(
            run.console.errors == """
                results go to
                  \(folder.path)/
                  a-rather-long-output-file-name.txt
                  (“\\o” alone sends them back here)
                results go here again

                """)
        Self.expectFits(run.console.errors, width: 40)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("units metric"))
        let piped = await wx(lines: ["\\o \(file)", "\\o"])
        #expect(piped.console.errors.hasPrefix("results go to \(file) (“\\o” alone sends them back here)\n"))
    }

    @Test func aFileNotReadBreaksItsPathAtTheWidthWhenNoSlashFits() async {
        let folder = ShortFolder()
        let name = "no-such-file-with-a-really-long-name-for-the-trial.txt"
        let run = await wx(lines: ["source \(folder.path)/\(name)"], width: 40)
        #expect(
            run.console.errors == """
                error: file not run: cannot read
                  \(folder.path)/
                  no-such-file-with-a-really-long-name-f
                  or-the-trial.txt: No such file or
                  directory

                """)
        Self.expectFits(run.console.errors, width: 40)
        #expect(run.status == 1)
    }

    // MARK: - A path with spaces (the last clean-clone run of stop 30)

    @Test func aPathWithSpacesTypedQuotedMovesWholeToALineOfItsOwn() async throws {
        let folder = ShortFolder()
        let file = folder.path + "/no such dir/a b.csv"
        let run = await wx(lines: ["export favorites \"\(file)\""], width: 40)
        // Broken at its spaces, the path read as three words across two lines.
        #expect(
            run.console.errors == """
                error: favorites not exported: cannot
                  write
                  \(file):
                  No such file or directory

                """, "\(run.console.errors)")
        Self.expectFits(run.console.errors, width: 40)
        #expect(run.status == 1)
    }

    @Test func aStateFolderWithSpacesIsKeptWholeInItsErrors() async throws {
        let folder = ShortFolder()
        let spaced = folder.path + "/my home"
        try "not a folder\n".write(toFile: spaced, atomically: true, encoding: .utf8)
        let run = await wx(["-c", "favs"], width: 40, environment: ["WX_HOME": spaced])
        let lines = run.console.errors.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(spaced) }, "\(run.console.errors)")
        #expect(!lines.contains { $0.hasSuffix(folder.path + "/my") }, "\(run.console.errors)")
        Self.expectFits(run.console.errors, width: 40)
    }

    @Test func theWrapperKeepsEachPhraseItIsGiven() {
        #expect(
            ShellRunner.wrappedAtWords(
                "error: cannot read /tmp/wxo-abcdef/my files/a.csv: No such file\n", width: 40,
                keeping: ["/tmp/wxo-abcdef/my files/a.csv"]) == """
                    error: cannot read
                      /tmp/wxo-abcdef/my files/a.csv: No
                      such file

                    """)
    }

    // MARK: - WX_HOME is a file: said in full once

    /// A state folder (WX_HOME) that is a regular file, and the start of what wx says about it.
    func homeFile() throws -> String {
        let file = home.path + "/homefile"
        try "hi\n".write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    static func stateText(_ file: String) -> String {
        "cannot read \(file)/state.plist: Not a directory; \(file) is a file, not a folder: set WX_HOME to a folder (or move the file away); favorites and settings are read-only until then"
    }

    @Test func theWarningAtTheStartIsNotSaidAgainForFavs() async throws {
        let file = try homeFile()
        let run = await wx(lines: ["favs", "favs"], interactive: true, environment: ["WX_HOME": file])
        #expect(
            run.console.errors.hasPrefix(
                """
                warning: \(Self.stateText(file))
                warning: the history is not being saved: cannot use \(file): it is a file, not a folder
                error: favorites not read: \(file) is a file, not a folder (see above)
                error: favorites not read: \(file) is a file, not a folder (see above)

                """), "\(run.console.errors)")
        #expect(run.console.errors.components(separatedBy: "set WX_HOME").count == 2)
    }

    @Test func oneCommandSaysItOnceThenShort() async throws {
        let file = try homeFile()
        let run = await wx(["-c", "favs; favs; history; saved"], environment: ["WX_HOME": file])
        let log =
            "cannot read \(file)/log.jsonl: Not a directory; \(file) is a file, not a folder: set WX_HOME to a folder (or move the file away); the history and snapshots cannot be shown until then"
        #expect(
            run.console.errors.hasPrefix(
                """
                error: favorites not read: \(Self.stateText(file))
                error: favorites not read: \(file) is a file, not a folder (see above)
                error: \(log)
                error: the history and snapshots cannot be shown: \(file) is a file, not a folder (see above)

                """), "\(run.console.errors)")
        #expect(run.status == 1)
        // `units imperial` reads the state (the warning) and cannot save: not the same text twice.
        let units = await wx(["-c", "units imperial"], environment: ["WX_HOME": file])
        #expect(units.console.errors.components(separatedBy: "set WX_HOME").count <= 2, "\(units.console.errors)")
    }
}
