import FoundationEssentials
import WXBasics

/// The bytes after log.jsonl's last line end, which no reader takes as a line until its "\n"
/// comes: what a crash in the middle of a write leaves, and what an append in progress looks
/// like. `log` names them, so that a log whose size and counts disagree is not a mystery.
extension EventLog {
    /// How many bytes the scan reads at a time, from the end backwards.
    static let tailChunkBytes = 65_536

    /// The count of bytes after the last "\n" of log.jsonl: 0 when it ends in "\n", is
    /// empty or is absent; the whole size when it holds no "\n" at all.
    ///
    /// - Returns: the count, bytes; nil when the file cannot be opened or a read fails (the log's
    ///   own reads say why: `EventLog.readProblem()`).
    package func unterminatedBytes() -> Int? {
        let opened: (any ReadableFile)?
        do { opened = try fileSystem.openForReading(path) } catch { return nil }
        guard let file = opened else { return 0 }
        defer { file.close() }
        let size = file.version.size
        var buffer = [UInt8](repeating: 0, count: min(Self.tailChunkBytes, max(size, 1)))
        var end = size
        while end > 0 {
            let start = max(0, end - buffer.count)
            let wanted = end - start
            // nil: the read failed or came short (the file shrank meanwhile).
            let scanned = buffer.withUnsafeMutableBytes { bytes -> Int?? in
                let window = UnsafeMutableRawBufferPointer(rebasing: bytes[0..<wanted])
                guard let read = try? file.read(into: window, at: start), read == wanted else { return nil }
                return .some(window.lastIndex(of: UInt8(ascii: "\n")))
            }
            guard let newline = scanned else { return nil }
            if let newline { return size - (start + newline + 1) }
            end = start
        }
        return size
    }
}
