import Glibc

/// `/bin/sh -c …` for the pager and `\e`'s editor, at the terminal: the child gets the signals a
/// program expects (the calling thread may block them, and wx ignores SIGPIPE while it writes),
/// and the terminal's foreground is wx's group, which it shares.
enum ChildProcess {
    /// Starts `sh` with `arguments` (after `sh` itself: `["-c", command, …]`).
    ///
    /// - Parameter environment: variables set on top of wx's own environment (a name already
    ///   there gets the value given).
    /// - Returns: its process id; nil when it could not be started.
    static func spawnShell(
        _ arguments: [String], actions: UnsafePointer<posix_spawn_file_actions_t>? = nil,
        environment: [String: String] = [:], ownProcessGroup: Bool = false
    ) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTSTP, SIGTTOU, SIGTTIN, SIGWINCH, SIGCONT] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // In a process group of its own, the terminal's Ctrl-C (sent to the foreground group)
        // does not reach it.
        if ownProcessGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        let group = ownProcessGroup ? POSIX_SPAWN_SETPGROUP : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | group))
        let argv: [UnsafeMutablePointer<CChar>?] = (["sh"] + arguments).map { (word: String) in strdup(word) } + [nil]
        defer { for word in argv { free(word) } }
        var pid: pid_t = 0
        guard !environment.isEmpty else {
            return posix_spawn(&pid, "/bin/sh", actions, &attributes, argv, environ) == 0 ? pid : nil
        }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let pointer = entry.pointee {
            let name = String(cString: pointer).prefix { $0 != "=" }
            if environment[String(name)] == nil { inherited.append(pointer) }
            entry += 1
        }
        let added: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map {
            strdup("\($0.key)=\($0.value)")
        }
        defer { for variable in added { free(variable) } }
        let envp = inherited + added + [nil]
        guard posix_spawn(&pid, "/bin/sh", actions, &attributes, argv, envp) == 0 else { return nil }
        return pid
    }

    /// Waits for `pid` to end.
    ///
    /// - Returns: its exit status, or nil when a signal ended it.
    static func exitStatus(of pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }
}
