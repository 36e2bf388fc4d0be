import Glibc
import WeatherShell

/// `$PAGER` (`less -FRX`) for long output at the prompt: `sh -c` with the text on a pipe, waited for.
final class PagerProcess: PagerProgram {
    func page(_ text: String, command: String, environment: [String: String]) -> Bool {
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
        return TerminalSignals.givingTerminalBack {
            let pid = withUnsafePointer(to: &actions) {
                ChildProcess.spawnShell(["-c", command], actions: $0, environment: environment)
            }
            close(fds[0])
            guard let pid else {
                close(fds[1])
                return false
            }
            // The pager may quit before reading everything (q in less): no SIGPIPE for wx.
            let previous = signal(SIGPIPE, SIG_IGN)
            _ = StandardStreams.put(text, fd: fds[1])
            close(fds[1])
            signal(SIGPIPE, previous)
            // The shell's 127 (not found) or 126 (not executable): the pager never showed the text.
            let code = ChildProcess.exitStatus(of: pid)
            return !(code == 126 || code == 127)
        }
    }
}
