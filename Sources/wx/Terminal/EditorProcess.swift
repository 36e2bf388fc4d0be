import Glibc
import WeatherShell

/// `$EDITOR` for `\e` at the prompt: the text in a temporary file, `sh -c 'COMMAND "$1"'` on it
/// at the terminal (given back as wx found it, see `TerminalSignals.givingTerminalBack`), waited
/// for, the file read back and removed.
final class EditorProcess: EditorProgram {
    func edit(_ text: String, command: String) -> String? {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/wx-edit-XXXXXX.wx").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 3) }
        guard descriptor >= 0 else { return nil }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let failure = StandardStreams.put(text, fd: descriptor)
        close(descriptor)
        guard failure == nil else { return nil }
        // At the terminal even when standard output is a file or a pipe (`wx > out.txt`): there
        // the editor's standard output is the prompt's (vi: "Output is not to a terminal").
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if TerminalSignals.screen != STDOUT_FILENO {
            posix_spawn_file_actions_adddup2(&actions, TerminalSignals.screen, STDOUT_FILENO)
        }
        let edited = TerminalSignals.givingTerminalBack {
            let pid = withUnsafePointer(to: &actions) {
                ChildProcess.spawnShell(["-c", command + " \"$1\"", "sh", path], actions: $0)
            }
            return pid.flatMap(ChildProcess.exitStatus) == 0
        }
        guard edited else { return nil }
        return Self.contents(of: path)
    }

    /// The file's text, at most 1 MiB of it; nil when it cannot be read.
    private static func contents(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
