import Foundation
import Testing
import WeatherTestSupport

/// Trial 58 finding 7: `wx line --format "%t|%h"` — a `|` inside one word the user's shell has
/// already quoted — was refused as a prompt's pipe (exit 2). An argument is one word: only what
/// is typed to wx (`-c` and the prompt) may hold a pipe to refuse.
@Suite(.tags(.endToEnd)) struct ArgumentBarEndToEndTests {
    static let recorded = "2025-07-27T03:10:00Z"

    @Test func aBarInsideOneArgumentIsPartOfTheWord() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let setup = try runWX(["-c", "find Hamburg; fav; show"], home: home, server: server, now: Self.recorded)
        #expect(setup.status == 0, "\(setup.stderr)")
        for (format, expected) in [("%t|%h", "+17°C|89%\n"), ("%t|", "+17°C|\n"), ("|%t", "|+17°C\n")] {
            let line = try runWX(["line", "--format", format], home: home, server: server, now: Self.recorded)
            #expect(line.status == 0, "\(format): \(line.stderr)")
            #expect(line.stdout == expected)
            #expect(!line.stderr.contains("pipes"), "\(line.stderr)")
        }
        // A place's name with a bar is looked up, not refused as a pipe.
        let named = try runWX(["show", "Foo|Bar"], home: home, server: server, now: Self.recorded)
        #expect(!named.stderr.contains("pipes"), "\(named.stderr)")
        #expect(named.status != 2, "\(named.stderr)")
        // What is typed to wx still is refused.
        let typed = try runWX(["-c", "line --format %t | cat"], home: home, server: server, now: Self.recorded)
        #expect(typed.status == 2)
        #expect(typed.stderr.contains("prompt has no pipes"), "\(typed.stderr)")
    }
}
