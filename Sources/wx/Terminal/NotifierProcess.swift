import Glibc
import WeatherShell

/// `notify-send` for `watch --notify`: the program run with its arguments as they are (through
/// `sh -c 'exec "$0" "$@"'`, which interprets none of them), its input and output /dev/null and
/// in a process group of its own — and not waited for: a notify-send that hangs (no notification
/// daemon answering on the bus) must not hold `watch`, nor need Ctrl-C, and the Ctrl-C that stops
/// `watch` must not reach it (one interrupted wrote its complaint over the next prompt). Each is reaped at the next notification, or ended (SIGKILL)
/// once it has run `timeLimitSeconds`; one still running when wx ends is left to finish.
final class NotifierProcess: NotifierProgram {
    /// How long a notify-send may run before it is ended, seconds.
    static let timeLimitSeconds = 2.0

    /// Started and not yet reaped: the process and when it started (monotonic seconds).
    private var running: [(pid: pid_t, started: Double)] = []

    func run(_ path: String, arguments: [String]) -> Bool {
        reap()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        guard
            let pid = ChildProcess.spawnShell(
                ["-c", "exec \"$0\" \"$@\"", path] + arguments, actions: &actions, ownProcessGroup: true)
        else { return false }
        running.append((pid, Self.seconds()))
        return true
    }

    /// Reaps those that ended; ends (and reaps) those past the time limit.
    private func reap() {
        let now = Self.seconds()
        running = running.filter { child in
            var status: Int32 = 0
            if waitpid(child.pid, &status, WNOHANG) != 0 { return false }
            guard now - child.started >= Self.timeLimitSeconds else { return true }
            kill(child.pid, SIGKILL)
            _ = ChildProcess.exitStatus(of: child.pid)
            return false
        }
    }

    deinit { reap() }

    private static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
