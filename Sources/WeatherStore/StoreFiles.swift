import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// File operations for the stores through their `FileSystem`, with failures as `StoreError.file`.
enum StoreFiles {
    /// Runs `body` holding the lock of `folder` (see `FileIO.lock`), after removing temporary
    /// files that killed writers left there (see `removeStaleTemporaries`). Another process
    /// holding the lock is waited for as `wait` says (`LockWait`).
    static func locked<T>(
        _ folder: String, _ fileSystem: any FileSystem, wait: LockWait = .bounded,
        _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let lock: FolderLock
        do { lock = try fileSystem.lock(folder, wait: wait) } catch { throw .file(error) }
        defer { lock.unlock() }
        removeStaleTemporaries(in: folder, fileSystem)
        return try body()
    }

    static func replace(_ path: String, with data: [UInt8], _ fileSystem: any FileSystem) throws(StoreError) {
        do { try fileSystem.replace(path, with: data) } catch { throw .file(error) }
    }

    /// Appends `line` to `path`, synced before it returns when `durable`.
    static func appendLine(
        _ line: [UInt8], to path: String, _ fileSystem: any FileSystem, durable: Bool = true
    ) throws(StoreError) {
        do { try fileSystem.appendLine(line, to: path, durable: durable) } catch { throw .file(error) }
    }

    /// The files wx writes by `FileIO.replace` into a state folder.
    static let replacedFiles = [
        "state.plist", "log.jsonl", "log.jsonl.index", "log.jsonl.index.lines", FavoriteNamesFile.name,
    ]

    /// How old a temporary file must be before it is removed even though a process with its pid
    /// lives (pids are reused, and another pid namespace may share the folder): seconds.
    static let staleTemporaryAge: Double = 10 * 60

    /// Removes `state.plist.tmp-<pid>-<n>` and `log.jsonl.tmp-<pid>-<n>` files — each a whole
    /// copy of a file, left behind when a writer was killed between writing and renaming —
    /// whose writer is gone (no process has the pid) or that are older than
    /// `staleTemporaryAge`. Only regular files of exactly that pattern are touched, and only
    /// under the folder's lock, which every writer of those files holds while it writes.
    static func removeStaleTemporaries(in folder: String, _ fileSystem: any FileSystem) {
        // The system clock, not wx's (`WX_NOW`): it is compared with file modification times.
        let now = Date().timeIntervalSince1970
        for name in fileSystem.names(in: folder) {
            guard let pid = temporaryWriter(name) else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let writerGone = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            let old = now - Double(info.st_mtim.tv_sec) > staleTemporaryAge
            if writerGone || old { try? fileSystem.remove(path) }
        }
    }

    /// The writer's pid when `name` is one of wx's temporary files (`<file>.tmp-<pid>-<digits>`).
    static func temporaryWriter(_ name: String) -> pid_t? {
        for file in replacedFiles where name.hasPrefix(file + ".tmp-") {
            let parts = name.dropFirst(file.count + 5).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2,
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil
            else { return nil }
            return pid
        }
        return nil
    }
}
