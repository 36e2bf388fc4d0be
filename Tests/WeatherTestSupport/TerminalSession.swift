import Foundation

/// `wx` in a real terminal: a tmux session on its own socket, driven with send-keys and read
/// with capture-pane.
package final class TerminalSession: @unchecked Sendable {
    // @unchecked: immutable after init; tmux serialises the commands.
    let socket: String
    let session = "wx"

    /// Starts `wx` in a 100×30 terminal with `environment`; the pane prints "EXIT=<status>" when
    /// wx ends.
    ///
    /// - Throws: `TerminalError.tmuxMissing` when tmux is not installed (`make deps` installs it).
    package convenience init(environment: [String: String]) throws {
        try self.init(program: [TestPaths.wxBinary], environment: environment)
    }

    /// wx at its prompt in a terminal, every service at `server`, its state in `home`, the clock
    /// at 2025-07-27 03:10 UTC, and `extra` variables over those.
    package static func wxAtPrompt(
        _ server: FixtureServer, home: TemporaryFolder, _ extra: [String: String] = [:]
    ) throws -> TerminalSession {
        var environment = server.environment.merging(extra) { $1 }
        environment["WX_HOME"] = home.path
        environment["HOME"] = home.path
        environment["WX_NOW"] = "2025-07-27T03:10:00Z"
        let terminal = try TerminalSession(environment: environment)
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        return terminal
    }

    /// `wx` at the prompt against `server`, at home in `home` (WX_HOME and HOME), at the
    /// fixtures' recorded time (2025-07-27 03:10 UTC), after `find Hamburg` listed its candidates:
    /// where most key tests start.
    package static func wxAfterFindingHamburg(
        _ server: FixtureServer, home: TemporaryFolder, _ extra: [String: String] = [:]
    ) throws -> TerminalSession {
        let terminal = try wxAtPrompt(server, home: home, extra)
        try terminal.send("find Hamburg", "Enter")
        try terminal.wait(for: "the candidates") { $0.contains("1  Elbphilharmonie") && $0.hasSuffix("wx>") }
        return terminal
    }

    /// `wx --offline` in a fresh terminal at home in `home` (WX_HOME, HOME, XDG_RUNTIME_DIR),
    /// after `lines` ran (offline most fail, but each goes into the history), at a fresh prompt.
    package static func offlineWX(home: TemporaryFolder, after lines: [String]) throws -> TerminalSession {
        let terminal = try TerminalSession(
            program: [TestPaths.wxBinary, "--offline"],
            environment: ["WX_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path])
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        for line in lines {
            try terminal.send(line, "Enter")
            try terminal.wait(for: line) { $0.hasSuffix("wx>") && $0.contains("wx> \(line)\n") }
        }
        return terminal
    }

    /// `program` (an executable and its arguments) in a fresh terminal with only `environment`
    /// (and PATH, TERM, LANG unless given); "EXIT=<status>" is printed when it ends.
    package init(program: [String], environment: [String: String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else { throw TerminalError.tmuxMissing }
        socket = "wx-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var variables = ["PATH": "/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8"]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(
            separator: " ")
        let command =
            "env -i \(assignments) \(program.map(Self.quoted).joined(separator: " ")); echo EXIT=$?; sleep 600"
        try startServer(["new-session", "-d", "-s", session, "-x", "100", "-y", "30", command])
    }

    /// `tmux new-session` forks the tmux server, which keeps every descriptor it inherits. Under
    /// Foundation's Process that includes the socket Process watches for the child's exit, so
    /// waitUntilExit would never return; posix_spawn with all descriptors above 2 closed avoids it.
    private func startServer(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // The calling thread may block signals (Dispatch workers do); the terminal must not.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ) == 0 else {
            throw TerminalError.tmuxFailed(arguments)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw TerminalError.tmuxFailed(arguments) }
    }

    deinit { _ = try? tmux(["kill-server"]) }

    package enum TerminalError: Error {
        case tmuxMissing
        case tmuxFailed([String])
        case timedOut(String, screen: String)
    }

    /// Sends keys: literal text (escape sequences included, sent as they are), or tmux key names
    /// such as "Tab", "Enter", "Up", "Left", "Home", "End", "Escape", "PPage" (PgUp), "NPage"
    /// (PgDn) and control keys "C-a" …
    /// "C-z", "C-_", "C-\\".
    package func send(_ keys: String...) throws {
        let named: Set<String> = [
            "Tab", "Enter", "Up", "Down", "Left", "Right", "BSpace", "Home", "End", "Escape", "DC", "PPage", "NPage",
        ]
        for key in keys {
            if named.contains(key) || (key.count == 3 && key.hasPrefix("C-")) {
                try tmux(["send-keys", "-t", session, key])
            } else {
                try tmux(["send-keys", "-t", session, "-l", key])
            }
        }
    }

    /// Sends raw bytes as typed, also those that are not UTF-8 (`tmux send-keys -H`).
    package func send(bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", session, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Pastes `text` as a terminal does with bracketed paste on (ESC [200~ … ESC [201~, line
    /// ends as CR), when the program asked for it; with `bracketed` false, as a terminal without
    /// it does (the characters as if typed).
    package func paste(_ text: String, bracketed: Bool = true) throws {
        // From a file: tmux refuses a command line as long as a long paste.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-paste").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try tmux(["load-buffer", "-b", "paste", file])
        try tmux(["paste-buffer"] + (bracketed ? ["-p"] : []) + ["-b", "paste", "-t", session])
    }

    /// Changes the terminal's size (the program gets SIGWINCH).
    package func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process id of the program `executable` running in the terminal (a descendant of the
    /// pane's shell), or nil.
    package func processID(of executable: String) throws -> pid_t? {
        guard
            let pane = pid_t(
                try tmux(["display-message", "-p", "-t", session, "#{pane_pid}"]).trimmingCharacters(
                    in: .whitespacesAndNewlines))
        else { return nil }
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        func descends(_ pid: pid_t) -> Bool {
            var current = pid
            while let parent = parents[current], parent > 1 {
                if parent == pane { return true }
                current = parent
            }
            return false
        }
        let target = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        return parents.keys.sorted().first { pid in
            descends(pid) && (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == target
        }
    }

    /// The visible screen and `scrollback` lines above it, trailing blank lines removed.
    package func screen(scrollback: Int = 0) throws -> String {
        let text = try tmux(["capture-pane", "-t", session, "-p"] + (scrollback > 0 ? ["-S", "-\(scrollback)"] : []))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .reversed().drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }.reversed().joined(separator: "\n")
    }

    /// Waits until the screen satisfies `condition`; returns the seconds it took.
    @discardableResult
    package func wait(for what: String, timeout: Double = 10, _ condition: (String) -> Bool) throws -> Double {
        let start = Date()
        while true {
            let text = try screen()
            if condition(text) { return Date().timeIntervalSince(start) }
            if Date().timeIntervalSince(start) > timeout { throw TerminalError.timedOut(what, screen: text) }
            usleep(50_000)
        }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TerminalError.tmuxFailed(arguments) }
        return String(decoding: data, as: UTF8.self)
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

extension TerminalSession {
    /// zsh (`-f`, no start-up files) in a real terminal with HOME at `home`, its completion
    /// system started with wx's `_wx` from `functions` (a folder, put first on `fpath`), at the
    /// prompt `z>`. `setup` runs first (writing `_wx` there, say).
    package static func zshWithCompletions(
        functions: String, home: String, environment: [String: String], setup: String = ""
    ) throws -> TerminalSession {
        var zshEnvironment = environment
        zshEnvironment["HOME"] = home
        let terminal = try TerminalSession(program: ["/usr/bin/zsh", "-f"], environment: zshEnvironment)
        try terminal.wait(for: "the zsh prompt") { !$0.isEmpty }
        try terminal.send(
            setup + "fpath=(\(functions) $fpath); autoload -U compinit; compinit -u; PS1='z> '", "Enter")
        try terminal.wait(for: "the new prompt") { $0.hasSuffix("z>") }
        return terminal
    }
}
