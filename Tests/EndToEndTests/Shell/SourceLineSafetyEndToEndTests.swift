import Foundation
import Testing
import WeatherTestSupport

/// A file read by `source` (or `\i`) is checked a line at a time as a typed or piped line is
/// (`LineSafety`): a new user's line with a control character was run as a command and answered
/// "unknown command “show”; did you mean “show”?"; piped, the same line was refused clearly.
@Suite(.tags(.endToEnd)) struct SourceLineSafetyEndToEndTests {
    @Test func aLineWithAControlCharacterIsRefusedAsWhenPiped() throws {
        let home = TemporaryFolder()
        let file = home.path + "/s.wx"
        try "units imperial\nshow\u{1} Berlin\nunits\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try runWX(["-c", "source \(file)"], home: home)
        #expect(run.stderr == "error: \(file):2: the line has a control character (U+0001); nothing was run\n")
        // The lines around it ran.
        #expect(run.stdout.contains("imperial"), "\(run.stdout)")
        let piped = try runWX(stdin: "show\u{1} Berlin\n", home: TemporaryFolder())
        #expect(piped.stderr == "error: the line has a control character (U+0001); nothing was run\n")
    }
}
