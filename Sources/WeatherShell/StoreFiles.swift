import WeatherKit

/// File operations for the stores, with failures as `ShellError.storage`.
enum StoreFiles {
    /// Runs `body` holding the lock of `folder` (see `FileIO.lock`).
    static func locked<T>(_ folder: String, _ body: () throws(ShellError) -> T) throws(ShellError) -> T {
        let lock: FolderLock
        do { lock = try FileIO.lock(folder) } catch { throw .storage(error.description) }
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
