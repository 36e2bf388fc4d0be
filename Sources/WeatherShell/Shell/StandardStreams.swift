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

    package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if writeFailure == nil, let failure = Self.put(UnsafeRawBufferPointer(bytes), fd: 1) { writeFailure = failure }
    }

    package func writeError(_ text: String) { _ = Self.put(text, fd: 2) }

    /// Writes all of `text` to `fd`.
    ///
    /// - Returns: the reason when it could not (`strerror`), else nil.
    @discardableResult
    package static func put(_ text: String, fd: Int32) -> String? {
        Array(text.utf8).withUnsafeBytes { put($0, fd: fd) }
    }

    /// Writes all of `bytes` to `fd`.
    ///
    /// - Returns: the reason when it could not (`strerror`), else nil.
    @discardableResult
    package static func put(_ bytes: UnsafeRawBufferPointer, fd: Int32) -> String? {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = Glibc.write(fd, bytes.baseAddress! + rest.startIndex, rest.count)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            rest = rest.dropFirst(written)
        }
        return nil
    }
}
