#if canImport(Glibc)
import Glibc
#endif

/// Where the app writes, and whether writing its results failed.
package protocol AppOutput: OutputSink {
    /// Why writing standard output failed (a full disk, a closed file), if it did.
    var writeFailure: String? { get }
}

/// Standard output and error, written at once (no buffering) so that prompts and results
/// interleave right on a terminal and in a pipe.
package final class StandardStreams: AppOutput {
    package private(set) var writeFailure: String?

    package init() {}

    package func write(_ text: String) {
        if writeFailure == nil, let failure = Self.put(text, fd: 1) { writeFailure = failure }
    }

    package func writeError(_ text: String) { _ = Self.put(text, fd: 2) }

    /// Writes all of `text` to `fd`.
    ///
    /// - Returns: the reason when it could not (`strerror`), else nil.
    @discardableResult
    package static func put(_ text: String, fd: Int32) -> String? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
