import WXBasics
import WeatherKit

/// File operations for the stores, with failures as `StoreError.file`.
enum StoreFiles {
    /// Runs `body` holding the lock of `folder` (see `FileIO.lock`).
    static func locked<T>(_ folder: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let lock: FolderLock
        do { lock = try FileIO.lock(folder) } catch { throw .file(error) }
        defer { lock.unlock() }
        return try body()
    }

    static func replace(_ path: String, with data: [UInt8]) throws(StoreError) {
        do { try FileIO.replace(path, with: data) } catch { throw .file(error) }
    }

    static func appendLine(_ line: [UInt8], to path: String) throws(StoreError) {
        do { try FileIO.appendLine(line, to: path) } catch { throw .file(error) }
    }
}
