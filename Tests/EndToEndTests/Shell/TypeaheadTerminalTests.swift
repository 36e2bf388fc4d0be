import Foundation
import Testing
import WeatherTestSupport

/// Trial 15: keys typed while a command runs wait for the next prompt, which takes them as if
/// they were typed there (README, "Keys at the prompt"). On the old code the terminal was back in
/// its own line editing between prompts: a Ctrl-D typed ahead ended the driver's line and came to
/// the prompt as a NUL, which libedit takes for Ctrl-@ (quoted insert), so the next key went into
/// the line as it is (`wx> ^Ebc`), and a Ctrl-D on an empty line did not end wx.
@Suite(.tags(.terminal)) struct TypeaheadTerminalTests {
    let home = TemporaryFolder()

    /// wx after `find Hamburg`, then `show` with an answer that takes 2.5 s: returns once wx says
    /// it is waiting, so that the keys sent next are typed while the command runs.
    func waitingForShow(_ server: FixtureServer) throws -> TerminalSession {
        let terminal = try TerminalSession.wxAfterFindingHamburg(server, home: home)
        try server.queue(
            .recorded(
                "/v1/forecast", "open-meteo-forecast/berlin-gmt-all-params-168h-daily-reformatted.json",
                latitude: FixtureServer.Answer.hamburg.latitude, longitude: FixtureServer.Answer.hamburg.longitude,
                delayMilliseconds: 2_500))
        try terminal.send("show", "Enter")
        try terminal.wait(for: "the waiting line") {
            $0.hasSuffix("wx> show\nwaiting for Open-Meteo… (Ctrl-C cancels)")
        }
        return terminal
    }

    /// Ctrl-A and Ctrl-D typed ahead delete the first character, and Ctrl-E and Ctrl-U after the
    /// prompt is back cut the line from the end to its start, as they do on a line typed there.
    @Test func ctrlDTypedAheadDeletesTheCharacterAndCtrlUThenCutsTheLine() throws {
        let server = try FixtureServer()
        let terminal = try waitingForShow(server)
        try terminal.send("abc", "C-a", "C-d")
        try terminal.wait(for: "the answer and the typed-ahead line") {
            $0.contains("Elbphilharmonie, Hamburg, Deutschland · Sun 05:10 CEST") && $0.hasSuffix("wx> bc")
        }
        try terminal.send("C-e", "C-u")
        try terminal.wait(for: "the line cut") { $0.hasSuffix("wx>") }
        try terminal.send("units", "Enter")
        try terminal.wait(for: "units run") {
            $0.hasSuffix("wx> units\nunits metric: °C, km/h, mm, hPa, km, 24h clock\nwx>")
        }
        #expect(!(try terminal.screen(scrollback: 100)).contains("control character"))
    }

    /// Ctrl-D typed ahead at the end of a line deletes nothing; Ctrl-U then cuts the line, as at
    /// the prompt (the trial: `wx> abc^U`, then "the line has a control character (U+0015)").
    @Test func ctrlUAfterCtrlDTypedAheadAtTheEndCutsTheLine() throws {
        let server = try FixtureServer()
        let terminal = try waitingForShow(server)
        try terminal.send("abc", "C-d")
        try terminal.wait(for: "the typed-ahead line") { $0.hasSuffix("wx> abc") }
        try terminal.send("C-u")
        try terminal.wait(for: "the line cut") { $0.hasSuffix("wx>") }
        try terminal.send("Enter")
        try terminal.wait(for: "an empty line run") { $0.hasSuffix("wx>\nwx>") }
        #expect(!(try terminal.screen(scrollback: 100)).contains("control character"))
    }

    /// Ctrl-D typed ahead on an empty line ends wx at the next prompt, as it does in bash.
    @Test func ctrlDTypedAheadOnAnEmptyLineEndsWx() throws {
        let server = try FixtureServer()
        let terminal = try waitingForShow(server)
        try terminal.send("C-d")
        try terminal.wait(for: "wx ended") { $0.contains("EXIT=0") }
    }

    /// The editor of `\e` (a program of its own at the terminal) gets the terminal as a shell
    /// gives one, with the driver's line editing and echo, not the mode wx holds keys in while a
    /// command runs (on the old code it ran without echo).
    @Test func theEditorGetsTheTerminalWithItsLineEditingAndEcho() throws {
        let editor = home.path + "/editor.sh"
        try "#!/bin/sh\nstty -a > \"$HOME/stty-editor\"\nsed -i 's/help unitz/help units/' \"$1\"\n".write(
            toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary, "--offline"],
            environment: ["WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path, "EDITOR": editor])
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("help unitz", "Enter")
        try terminal.wait(for: "the first try") { $0.contains("did you mean") && $0.hasSuffix("wx>") }
        try terminal.send("\\e", "Enter")
        try terminal.wait(for: "the edited line run") {
            $0.contains("» help units\nunits [metric") && $0.hasSuffix("wx>")
        }
        let modes = Set(home.text("stty-editor").split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        #expect(modes.isSuperset(of: ["icanon", "echo", "isig"]), "\(home.text("stty-editor"))")
        // And the prompt after it reads keys as ever.
        try terminal.send("abc", "C-a", "C-d")
        try terminal.wait(for: "editing") { $0.hasSuffix("wx> bc") }
    }

    /// Ctrl-Space (Ctrl-@, a NUL) at the prompt sets the mark, as in bash: libedit bound it to
    /// quoted insert, so the key after it went into the line as it is (`wx> abc^U`).
    @Test func ctrlSpaceAtThePromptDoesNotQuoteTheNextKey() throws {
        let server = try FixtureServer()
        let terminal = try TerminalSession.wxAfterFindingHamburg(server, home: home)
        try terminal.send("abc")
        try terminal.wait(for: "typing") { $0.hasSuffix("wx> abc") }
        try terminal.send(bytes: [0])
        try terminal.send("C-u")
        try terminal.wait(for: "the line cut") { $0.hasSuffix("wx>") }
        try terminal.send("units", "Enter")
        try terminal.wait(for: "units run") {
            $0.hasSuffix("wx> units\nunits metric: °C, km/h, mm, hPa, km, 24h clock\nwx>")
        }
    }
}
