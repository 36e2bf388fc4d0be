import Synchronization
import WXBasics
import WeatherKit

/// Write failures for tests, each confined to one test's folder.
///
/// `FileIO.faults` is one process-wide hook, and every test target runs in one process: a test
/// that set it and then cleared it would undo the failures another test, running at the same
/// time in another suite, had set. Here each folder has a rule of its own, and the hook asks them all.
public enum WriteFaults {
    private static let rules = Mutex<[String: @Sendable (String) -> Int32?]>([:])

    /// Makes writes under `folder` fail with `code` (ENOSPC, EROFS, EACCES) until `allow(folder)`.
    ///
    /// - Parameter matching: which paths under `folder` fail (all by default).
    public static func fail(
        under folder: String, with code: Int32, matching: @escaping @Sendable (String) -> Bool = { _ in true }
    ) {
        rules.withLock { $0[folder] = { matching($0) ? code : nil } }
        FileIO.faults.set { path in
            let rules = WriteFaults.rules.withLock { $0 }
            for (folder, rule) in rules where path == folder || path.hasPrefix(folder + "/") {
                if let code = rule(path) { return code }
            }
            return nil
        }
    }

    /// Writes under `folder` succeed again.
    public static func allow(_ folder: String) {
        rules.withLock { $0[folder] = nil }
    }
}
