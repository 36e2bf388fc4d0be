import Glibc
import WeatherShell

/// `notify-send` for `watch --notify`: the program run with its arguments as they are (through
/// `sh -c 'exec "$0" "$@"'`, which interprets none of them), waited for, its output left to it.
final class NotifierProcess: NotifierProgram {
    func run(_ path: String, arguments: [String]) -> Bool {
        guard let pid = ChildProcess.spawnShell(["-c", "exec \"$0\" \"$@\"", path] + arguments) else { return false }
        return ChildProcess.exitStatus(of: pid) == 0
    }
}
