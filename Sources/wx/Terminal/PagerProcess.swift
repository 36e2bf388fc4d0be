import Glibc
import WeatherShell

/// `$PAGER` (`less -FRX`) for long output at the prompt: `sh -c` with the text on a pipe, waited for.
final class PagerProcess: PagerProgram {
    func page(_ text: String, command: String) -> Bool {
        // A pager not there is said by wx alone, not also by the shell (PagerLookup.swift).
        let path = getenv("PATH").map { String(cString: $0) }
        guard PagingOutput.programExists(command, searchPath: path) else { return false }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        // The pager gets the signals a program expects (the calling thread may block them, and
        // wx ignores SIGPIPE while it writes), and the terminal's foreground is wx's group.
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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ["sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
        defer { for word in argv { free(word) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ) == 0
        close(fds[0])
        guard spawned else {
            close(fds[1])
            return false
        }
        // The pager may quit before reading everything (q in less): no SIGPIPE for wx.
        let previous = signal(SIGPIPE, SIG_IGN)
        _ = StandardStreams.put(text, fd: fds[1])
        close(fds[1])
        signal(SIGPIPE, previous)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The shell's 127 (not found) or 126 (not executable): the pager never showed the text.
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        return !(exited && (code == 126 || code == 127))
    }
}
