import Foundation
import Testing
import WeatherTestSupport

/// Another process holding the state folder's `.wx.lock` (a tester held it with `flock … sleep
/// 75`): wx waited in silence with no bound, even for `show` and `favs`, which only read; a
/// Ctrl-C in that wait dropped the change without a word.
@Suite(.tags(.endToEnd))
struct LockWaitEndToEndTests {
    static let now = "2025-07-27T03:00:00Z"

    /// `.wx.lock` in `folder`, held as another process holds it: an flock on a descriptor of
    /// this process's own (two descriptors' flocks conflict in one process too), not inherited
    /// by the wx started meanwhile.
    final class HeldLock: Sendable {
        let fd: Int32
        init(in folder: String) {
            fd = open(folder + "/.wx.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            #expect(fd >= 0)
            #expect(flock(fd, LOCK_EX) == 0)
        }
        func release() {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    /// A wx started on `arguments` (and `stdin`) in `home`, its standard error written to a file
    /// so that it can be read while wx runs, once it says it waits for the lock (or 30 s pass).
    /// With `transcript`, its standard output goes to that file too, through the same open file,
    /// so that the file holds both in the order wx wrote them (`stderr()` reads it all then).
    final class WaitingRun {
        let process = Process()
        let output = Pipe()
        let errors: String
        let transcript: Bool

        init(
            _ arguments: [String], stdin: String? = nil, home: TemporaryFolder, server: FixtureServer? = nil,
            environment: [String: String] = [:], transcript: Bool = false
        ) throws {
            errors = home.path + "/stderr.txt"
            self.transcript = transcript
            #expect(FileManager.default.createFile(atPath: errors, contents: nil))
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            process.environment = (server?.environment ?? [:]).merging([
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path,
                "XDG_RUNTIME_DIR": home.path + "/run", "WX_TIMEOUT": "60",
            ]) { $1 }.merging(environment) { $1 }
            let errorFile = FileHandle(forWritingAtPath: errors)
            process.standardOutput = transcript ? errorFile : output
            process.standardError = errorFile
            let input = Pipe()
            if stdin != nil { process.standardInput = input }
            try process.run()
            if let stdin {
                input.fileHandleForWriting.write(Data(stdin.utf8))
                try? input.fileHandleForWriting.close()
            }
            let deadline = Date().addingTimeInterval(30)
            while !stderr().contains("waiting for"), process.isRunning, Date() < deadline { usleep(10_000) }
            #expect(stderr().contains("waiting for \(home.path)/.wx.lock"), "\(stderr())")
        }

        /// What wx has written to standard error so far.
        func stderr() -> String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }

        /// Waits up to 30 s for wx to end (then kills it) and returns what it printed (with
        /// `transcript`, the whole transcript).
        func finish() -> String {
            let ending = Date().addingTimeInterval(30)
            while process.isRunning, Date() < ending { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            if transcript { return stderr() }
            return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    /// "find Berlin; use 1; fav; find Hamburg; use 1; fav": the tester's base home.
    static func baseHome(_ server: FixtureServer) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let made = try runWX(
            ["-c", "find Berlin; use 1; fav; find Hamburg; use 1; fav"], home: home, server: server, now: now)
        #expect(made.status == 0, "\(made.stderr)")
        return home
    }

    /// A change waits for the lock, says so with the holder's pid after a moment, and gives up
    /// after WX_TIMEOUT with one line; the old wx waited for ever, saying nothing.
    @Test func aChangeSaysItWaitsAndGivesUpAfterTheTimeout() throws {
        let home = TemporaryFolder()
        let lock = HeldLock(in: home.path)
        defer { lock.release() }
        let run = try runWX(["-c", "units imperial"], home: home, environment: ["WX_TIMEOUT": "1"], timeout: 15)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains("waiting for \(home.path)/.wx.lock (held by another process, pid \(getpid()))…"),
            "\(run.stderr)")
        #expect(run.stderr.contains("for 1 s (WX_TIMEOUT): gave up"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state.plist"))
    }

    /// Ctrl-C (SIGINT) while `wx -c "units imperial; units"` waits for the lock: the change
    /// says it was not saved, as at the prompt, the rest of the line does not run, and wx ends
    /// of the signal, as Ctrl-C ends `wx -c` at any other moment (the shell sees 130). The old
    /// wx died of it in the wait without a word.
    @Test func ctrlCInAOneShotWaitSaysTheChangeWasNotSaved() throws {
        let home = TemporaryFolder()
        let lock = HeldLock(in: home.path)
        defer { lock.release() }
        // The test runner has SIGINT ignored, and a child inherits that (as under `nohup`, where
        // wx keeps it ignored): env execs wx with it as a shell gives it.
        let run = try WaitingRun(
            ["/usr/bin/env", "--default-signal=INT", TestPaths.wxBinary, "-c", "units imperial; units"], home: home)
        let process = run.process
        kill(process.processIdentifier, SIGINT)
        let printed = run.finish()
        func stderr() -> String { run.stderr() }
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT,
            "\(process.terminationReason) \(process.terminationStatus)")
        #expect(stderr().contains("cancelled: ") && stderr().contains("not saved"), "\(stderr())")
        // `units` after it did not run.
        #expect(!printed.contains("metric") && !printed.contains("imperial"), "\(printed)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state.plist"))
    }

    /// A script's `check --changed` while another process holds the lock: its history line is
    /// held back in memory, and its mark waits for the lock as a change does, then says the
    /// lock is why it was not kept. The old check refused at once, saying the log could not be
    /// written and to make it writable — the wrong reason, and a wrong thing to do.
    @Test func checksMarkSaysTheLockWhenAHistoryLineWaits() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let lock = HeldLock(in: home.path)
        defer { lock.release() }
        let run = try runWX(
            stdin: "check --changed Berlin\n", home: home, server: server, now: BriefEndToEndTests.wednesday,
            environment: ["WX_TIMEOUT": "1"], timeout: 30)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("check’s mark for --changed could not be kept"), "\(run.stderr)")
        #expect(run.stderr.contains("for 1 s (WX_TIMEOUT): gave up"), "\(run.stderr)")
        #expect(!run.stderr.contains("make it writable"), "\(run.stderr)")
    }

    /// Once the lock is free, the same script keeps the mark and the history line held back:
    /// the lock is freed when wx says it waits (not after a guessed time), and the log then
    /// holds the same kinds of line as a run that never waited.
    @Test func checksMarkIsKeptWithTheHistoryLineOnceTheLockIsFree() throws {
        let server = try FixtureServer()
        let free = TemporaryFolder()
        let unhindered = try runWX(
            stdin: "check --changed Berlin\n", home: free, server: server, now: BriefEndToEndTests.wednesday)
        #expect(unhindered.status == 1, "\(unhindered.stdout)\(unhindered.stderr)")
        let home = TemporaryFolder()
        let lock = HeldLock(in: home.path)
        let run = try WaitingRun(
            [TestPaths.wxBinary], stdin: "check --changed Berlin\n", home: home, server: server,
            environment: ["WX_NOW": BriefEndToEndTests.wednesday])
        lock.release()
        let printed = run.finish()
        let process = run.process
        func stderr() -> String { run.stderr() }
        #expect(process.terminationStatus == 1, "\(printed)\(stderr())")
        #expect(printed.contains("first check"), "\(printed)")
        #expect(!stderr().contains("could not be kept"), "\(stderr())")
        func kinds(_ folder: String) throws -> [String] {
            try String(contentsOfFile: folder + "/log.jsonl", encoding: .utf8).split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return object?["kind"] as? String ?? "?"
            }.sorted()
        }
        #expect(try kinds(home.path) == kinds(free.path))
        let log = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        #expect(log.contains("check --changed Berlin"), "\(log)")
    }

    /// `show` prints the weather; the look it keeps for `changed` waits for the lock as a
    /// change does, and one not written by the bound is said (trial 62: it was left out without
    /// a word, and `changed` then had no earlier look).
    @Test func showPrintsTheWeatherWhileTheLockIsHeld() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let lock = HeldLock(in: home.path)
        defer { lock.release() }
        let run = try runWX(
            ["-c", "show Hamburg"], home: home, server: server, now: Self.now, environment: ["WX_TIMEOUT": "1"],
            timeout: 15)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Hamburg"), "\(run.stdout)")
        #expect(run.stderr.contains("warning: the look was not kept for “changed”"), "\(run.stderr)")
    }

    /// A script's `favs` lists the favorites at once; its history line is waited for as wx
    /// ends, and said lost when the bound passes.
    @Test func aScriptListsFavoritesWhileTheLockIsHeld() throws {
        let server = try FixtureServer()
        let home = try Self.baseHome(server)
        let lock = HeldLock(in: home.path)
        defer { lock.release() }
        let run = try runWX(
            stdin: "favs\n", home: home, server: server, now: Self.now, environment: ["WX_TIMEOUT": "1"], timeout: 15)
        #expect(run.stdout.contains("Berlin") && run.stdout.contains("Hamburg"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("waiting for \(home.path)/.wx.lock"), "\(run.stderr)")
        #expect(run.stderr.contains("lost as wx ends"), "\(run.stderr)")
    }

    /// `.wx.lock` a folder or a FIFO: every write fails ("cannot lock …"), so doctor says so
    /// with what to do, where it said "✓ lock: free … All is well".
    @Test(arguments: ["folder", "fifo"])
    func doctorFindsALockThatIsNotAFile(kind: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let path = home.path + "/.wx.lock"
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } else {
            #expect(mkfifo(path, 0o600) == 0)
        }
        let run = try runWX(["doctor"], home: home, server: server, environment: ["COLUMNS": "200"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✗ lock: \(path) cannot be locked"), "\(run.stdout)")
        #expect(run.stdout.contains("→ move it aside (mv \(path) \(path).aside)"), "\(run.stdout)")
        #expect(!run.stdout.contains("All is well"), "\(run.stdout)")
    }
}

/// A running session and what other processes do to its files meanwhile, at a terminal.
@Suite(.tags(.terminal))
struct LockWaitTerminalTests {
    /// Ctrl-C while `units imperial` waits for the lock: "cancelled: … not saved", and the
    /// session keeps the units it had, as the file does. The old wx waited in silence, and
    /// Ctrl-C dropped the change without a word.
    @Test func ctrlCWhileWaitingSaysTheChangeWasNotSaved() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let terminal = try TerminalSession.wxAtPrompt(server, home: home, ["WX_TIMEOUT": "60"])
        let lock = LockWaitEndToEndTests.HeldLock(in: home.path)
        try terminal.send("units imperial", "Enter")
        try terminal.wait(for: "the notice") { $0.contains("waiting for \(home.path)/.wx.lock") }
        try terminal.send("C-c")
        try terminal.wait(for: "the cancellation") { $0.contains("cancelled: ") && $0.hasSuffix("wx>") }
        lock.release()
        #expect(try terminal.screen().contains("not saved"))
        try terminal.send("units", "Enter")
        try terminal.wait(for: "the units") { $0.hasSuffix("wx>") && $0.components(separatedBy: "wx>").count >= 4 }
        let screen = try terminal.screen()
        let last = screen.components(separatedBy: "wx> units\n").last ?? ""
        #expect(last.contains("metric"), "\(screen)")
        let disk = (try? String(contentsOfFile: home.path + "/state.plist", encoding: .utf8)) ?? ""
        #expect(!disk.contains("imperial"), "\(disk)")
    }

    /// state.plist truncated by another program while a session runs: the session keeps the
    /// favorites it read, warns once, and writes them back at its next change. The old wx
    /// listed none, and its copy set aside was of the truncated file: both were lost.
    @Test func favoritesOutliveAStateFileDamagedUnderTheSession() throws {
        let server = try FixtureServer()
        let home = try LockWaitEndToEndTests.baseHome(server)
        let terminal = try TerminalSession.wxAtPrompt(server, home: home)
        try terminal.send("favs", "Enter")
        try terminal.wait(for: "the favorites") { $0.contains("Hamburg") && $0.hasSuffix("wx>") }
        #expect(truncate(home.path + "/state.plist", 0) == 0)
        try terminal.send("clear", "Enter")
        try terminal.wait(for: "a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "wx>" }
        try terminal.send("favs", "Enter")
        try terminal.wait(for: "the favorites again") { $0.contains("wx> favs") && $0.hasSuffix("wx>") }
        let screen = try terminal.screen()
        #expect(screen.contains("Berlin") && screen.contains("Hamburg"), "\(screen)")
        #expect(screen.contains("damaged by another program"), "\(screen)")
        try terminal.send("units metric", "Enter")
        try terminal.wait(for: "the setting") { $0.contains("wx> units metric") && $0.hasSuffix("wx>") }
        let disk = try String(contentsOfFile: home.path + "/state.plist", encoding: .utf8)
        #expect(disk.contains("Berlin") && disk.contains("Hamburg"), "\(disk)")
    }
}
