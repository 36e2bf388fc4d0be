import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// Results written to a file (`\o FILE`) instead of standard output; errors still go where
/// they went.
final class FileOutput: OutputSink {
    private let descriptor: Int32
    private let errors: any OutputSink
    /// An error line as the runner writes it (fitted to a terminal's width, `putError`).
    private let fitted: (String) -> String
    let path: String
    /// Whether the running command's output was given up on (Ctrl-C while the reader stalled).
    private var stopped = false

    /// Opens (creates or truncates) `path` for writing; `fitted` lays out the line that says a
    /// write failed. A file that is wx's own standard output or error (`\o /dev/stdout` with
    /// the output sent to a file) is neither opened again nor truncated: results go through
    /// that descriptor, after what is there, as `cmd > /dev/stdout` writes.
    ///
    /// - Throws: `ShellError.storage` naming the file and the cause.
    init(path: String, errors: any OutputSink, fitted: @escaping (String) -> String = { $0 }) throws(ShellError) {
        var target = stat()
        let stream = stat(path, &target) == 0 ? FileIO.standardStream(openOn: target) : nil
        // O_NONBLOCK: a named pipe nobody reads would hold the open, and the prompt, forever
        // (issue 38); it fails with ENXIO instead. Writes block again once it is open.
        let descriptor =
            stream.map { fcntl($0, F_DUPFD_CLOEXEC, 3) }
            ?? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            if errno == ENXIO {
                throw .storage(
                    "results not sent to \(path): it is a named pipe (FIFO) that nobody is reading; choose a file")
            }
            throw .storage("results not sent to \(path): \(String(cString: strerror(errno)))")
        }
        // A regular file's writes block again; a pipe's stay non-blocking, so that a reader
        // that stops reading holds a write only until Ctrl-C (`write`).
        var info = stat()
        let regular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        if regular { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        self.descriptor = descriptor
        self.errors = errors
        self.fitted = fitted
        self.path = path
    }

    deinit { close(descriptor) }

    /// Writes `text` whole. To a pipe whose reader has stopped reading, it waits for room a
    /// tenth of a second at a time and gives up, saying so, once the command is cancelled
    /// (Ctrl-C): a stalled reader never holds the prompt (issue 38).
    func write(_ text: String) {
        // The rest of a command given up on is dropped, said once.
        if !Task.isCancelled { stopped = false } else if stopped { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                if Task.isCancelled {
                    stopped = true
                    errors.writeError(
                        fitted("error: results to \(path) stopped: its reader is not reading, and Ctrl-C came\n"))
                    return
                }
                var room = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&room, 1, 100)
                continue
            }
            guard written > 0 else {
                // The reason from errno ("No space left on device" for /dev/full); none for a
                // write that took nothing without failing.
                let cause = written < 0 ? String(cString: strerror(errno)) : ""
                let reason = cause.isEmpty ? "" : ": " + cause
                errors.writeError(fitted("error: results not written to \(path)\(reason)\n"))
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    func writeError(_ text: String) { errors.writeError(text) }
}

/// Running the meta commands.
extension ShellRunner {
    func run(_ meta: MetaCommand) async -> LineStatus {
        switch meta {
        case .quit:
            return .quit
        case .help:
            emit(.help(CommandTable.all))
            return .succeeded
        case .read(let path):
            guard files.depth < 8 else {
                report(
                    .usage("\\i is 8 files deep: \(TerminalText.sanitized(path)) not read (does a file read itself?)"))
                return .failed
            }
            files.depth += 1
            defer { files.depth -= 1 }
            return await CommandFile(path: session.configuration.expandPath(path), what: "file", quitEnds: true).run(
                on: self)
        case .output(nil):
            // Said as `\o FILE` says where results go (trial 4, item 19: nothing was said).
            putError(
                redirection.file == nil && redirection.onceFile == nil
                    ? "results already go here\n" : "results go here again\n")
            redirection.file = nil
            redirection.onceFile = nil
            return .succeeded
        case .output(let path?):
            guard let file = openOutput(path) else { return .failed }
            redirection.file = file
            redirection.onceFile = nil
            putError("results go to \(file.path) (“\\o” alone sends them back here)\n")
            return .succeeded
        case .once(let path):
            guard let file = openOutput(path) else { return .failed }
            redirection.onceFile = file
            putError("the next command’s results go to \(file.path)\n")
            return .succeeded
        case .timing(let on):
            timing.isOn = on ?? !timing.isOn
            putError("timing is \(timing.isOn ? "on" : "off")\n")
            return .succeeded
        case .edit:
            return await editLastLine()
        case .refused(let line):
            report(.usage(line))
            return .usageError
        }
    }

    /// The file `\o FILE` or `.once FILE` names, opened (created or emptied); nil, the error
    /// said, when it is one of wx's own files or cannot be opened.
    private func openOutput(_ path: String) -> FileOutput? {
        let full = session.configuration.expandPath(path)
        if let own = session.ownFile(at: full) {
            report(.storage("results not sent to \(full): it is one of wx’s own files (\(own)); choose another file"))
            return nil
        }
        do {
            let width = errors.width
            let paths = ([full] + pathsWithSpaces).filter { $0.contains(" ") }
            return try FileOutput(path: full, errors: redirection.standard) { text in
                width.map { Self.wrappedAtWords(text, width: $0(), keeping: paths) } ?? text
            }
        } catch {
            report(error)
            return nil
        }
    }
}
