import WeatherKit
import WXBasics

/// File operations for the stores, with failures as `ShellError.storage`.
enum StoreFiles {
    /// Runs `body` holding the lock of `folder` (see `FileIO.lock`).
    ///
    /// - Parameter failure: what did not happen, to begin the message when the lock cannot be
    ///   taken ("snapshot not saved").
    static func locked<T>(_ folder: String, failure: String? = nil, _ body: () throws(ShellError) -> T) throws(ShellError) -> T {
        let lock: FolderLock
        do { lock = try FileIO.lock(folder) } catch {
            throw .storage(failure.map { "\($0): \(error.description)" } ?? error.description)
        }
        defer { lock.unlock() }
        return try body()
    }

    static func replace(_ path: String, with data: [UInt8]) throws(ShellError) {
        do { try FileIO.replace(path, with: data) } catch { throw .storage(error.description) }
    }

    static func appendLine(_ line: [UInt8], to path: String) throws(ShellError) {
        do { try FileIO.appendLine(line, to: path) } catch { throw .storage(error.description) }
    }
}
