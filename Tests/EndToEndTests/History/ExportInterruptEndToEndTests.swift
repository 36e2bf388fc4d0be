import Foundation
import Testing
import WeatherTestSupport

/// `export history FILE` of a long log stopped part-way: by SIGINT or SIGTERM in the shell
/// (`wx export history F` and Ctrl-C), or by Ctrl-C at wx's prompt. Either way FILE is left as
/// it was and its temporary (`F.tmp-PID-…`) is removed; at the prompt wx shows "^C", says
/// "cancelled" and gives the prompt back. A tester's Ctrl-C at the prompt did nothing for 30 s, then F was
/// replaced; in the shell, the temporary stayed beside F.
@Suite(.tags(.endToEnd))
struct ExportInterruptEndToEndTests {
    /// Lines of the log: an export long enough to be caught writing.
    static let lines = 400_000

    /// A home whose log holds `lines` commands, and FILE there holding "kept".
    func longHome() throws -> (TemporaryFolder, target: String) {
        let home = TemporaryFolder()
        var text = ""
        text.reserveCapacity(Self.lines * 72)
        for number in 1...Self.lines {
            text +=
                #"{"kind":"command","line":"show Hamburg","n":"# + String(number)
                + #","ts":"2025-07-26T03:00:00Z","v":1}"# + "\n"
        }
        try text.write(toFile: home.path + "/log.jsonl", atomically: false, encoding: .utf8)
        let target = home.path + "/history.json"
        try "kept\n".write(toFile: target, atomically: false, encoding: .utf8)
        return (home, target)
    }

    /// The temporary files beside `target`.
    func temporaries(of target: String) -> [String] {
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasPrefix(name + ".tmp-")
        }
    }

    /// Waits until `condition` holds, up to `timeout` seconds: whether it did.
    func until(timeout: Double = 30, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalInTheShellRemovesTheTemporary(signal: Int32) throws {
        let (home, target) = try longHome()
        let process = Process()
        // The test runner has these signals ignored, and a child inherits that (as under
        // `nohup`, where wx keeps them ignored): env execs wx with them as a shell gives them.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=INT,TERM", TestPaths.wxBinary, "export", "history", target]
        process.environment = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path,
            "XDG_RUNTIME_DIR": home.path + "/run",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writing = until { !temporaries(of: target).isEmpty || !process.isRunning }
        #expect(writing && process.isRunning, "the export ended before it was caught writing")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(temporaries(of: target).isEmpty, "\(temporaries(of: target))")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept\n")
    }

    @Test(.tags(.terminal)) func ctrlCAtThePromptStopsTheExport() throws {
        let (home, target) = try longHome()
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary],
            environment: ["WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path + "/run"])
        // At start the prompt reads the recent history from the long log: a while, on a loaded machine.
        try terminal.wait(for: "the prompt", timeout: 60) { $0.hasSuffix("wx>") }
        try terminal.send("export history \(target)", "Enter")
        #expect(until { !temporaries(of: target).isEmpty }, "the export was not caught writing")
        try terminal.send("C-c")
        // The log's remaining lines are still read (not encoded or written): allowed a while
        // under a loaded machine.
        try terminal.wait(for: "cancelled, and the prompt", timeout: 60) {
            $0.contains("cancelled") && $0.hasSuffix("wx>")
        }
        // Ctrl-C shown as a shell's terminal shows it: "^C" on the command's line, before "cancelled".
        let screen = try terminal.screen()
        #expect(screen.contains("\n^C\nerror: “export history"), "\(screen)")
        #expect(temporaries(of: target).isEmpty, "\(temporaries(of: target))")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept\n")
        #expect(try !terminal.screen().contains("exported"))
    }
}
