import Glibc
import WeatherShell

/// `$EDITOR` for `\e` at the prompt: the text in a temporary file, `sh -c 'COMMAND "$1"'` on it
/// at the terminal (libedit has given the terminal back between lines), waited for, the file
/// read back and removed.
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
        // The editor gets the signals a program expects, as the pager does.
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
        let argv: [UnsafeMutablePointer<CChar>?] =
            ["sh", "-c", command + " \"$1\"", "sh", path].map { (word: String) in strdup(word) } + [nil]
        defer { for word in argv { free(word) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
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
