import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// How long `FileIO.lock` waits for a `.wx.lock` another process holds.
package enum LockWait: Sendable, Hashable {
    /// Up to `LockWaiting.policy.bound` seconds, saying so after a moment, until Ctrl-C: for a
    /// change the user asked for (a favorite, a setting, a snapshot).
    case bounded
    /// A moment (`LockWaiting.briefly`), silently, then `FileError.lockHeld`: for what can be
    /// written later or not at all (a history line kept in memory, a look, an index).
    case briefly
}

/// Why `FileIO.lock` did not get a lock another process holds.
package enum LockWaitEnd: Sendable, Hashable {
    /// A `briefly` wait ended with the lock still held.
    case held
    /// The bound passed (`LockWaitPolicy.bound`).
    case gaveUp
    /// Ctrl-C ended the wait (`LockWaitPolicy.cancelled`).
    case cancelled
}

/// What a bounded wait for a held `.wx.lock` does, set once by the shell at start.
package struct LockWaitPolicy: Sendable {
    /// The longest wait, seconds (`WX_TIMEOUT` in the product, 20 by default).
    package var bound: Double
    /// Writes one line ("waiting for …/.wx.lock (held by another process, pid 123)…") to
    /// standard error; said once per wait, after `noticeAfter`.
    package var notice: @Sendable (String) -> Void
    /// Whether the wait is to end now: Ctrl-C cancelled the command's task.
    package var cancelled: @Sendable () -> Bool

    /// - Parameters: as the properties.
    package init(
        bound: Double, notice: @escaping @Sendable (String) -> Void,
        cancelled: @escaping @Sendable () -> Bool = { Task.isCancelled }
    ) {
        self.bound = bound
        self.notice = notice
        self.cancelled = cancelled
    }

    /// How long the wait runs before its notice shows, seconds: half a second, or a quarter of
    /// a shorter bound.
    package var noticeAfter: Double { min(0.5, bound / 4) }
}

/// Ctrl-C where no task stands to be cancelled (`wx -c`, a script: SIGINT ends wx there): held
/// while a change waits for a lock another process holds, so that the wait ends as a cancelled
/// one and the change says it was not saved, as at the prompt; wx then ends as Ctrl-C ends it.
/// The executable sets the hooks (its signal handler); without them nothing is held.
package enum InterruptHold {
    /// Holds SIGINT (true) — noted, not fatal — or lets it end wx again (false).
    nonisolated(unsafe) package static var hold: (Bool) -> Void = { _ in }
    /// Whether a SIGINT was noted while held: it stays noted, and wx ends of it once the
    /// command has said what became of its change (`ShellRunner.interrupted`).
    nonisolated(unsafe) package static var arrived: () -> Bool = { false }
}

/// The process's `LockWaitPolicy` (a lock is taken deep in the stores, through every store's
/// `FileSystem`: one setting for all of them, as `WX_TIMEOUT` is one for every request).
package enum LockWaiting {
    private static let current = Mutex(LockWaitPolicy(bound: 20, notice: { _ in }))

    /// The policy every bounded wait follows.
    package static var policy: LockWaitPolicy {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// How long a `briefly` wait lasts, seconds: a writer of wx holds the lock for milliseconds.
    package static let briefly = 0.2

    /// The pid of the process holding an flock on the file `fd` is open on, from /proc/locks
    /// (`1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF`); nil when it cannot be told.
    package static func holder(of fd: Int32) -> Int32? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        // Read to its end: a file of /proc says it is 0 bytes long.
        let locks = open("/proc/locks", O_RDONLY | O_CLOEXEC)
        guard locks >= 0 else { return nil }
        defer { close(locks) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while bytes.count < 16 << 20 {
            let count = read(locks, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
            let parts = fields[5].split(separator: ":")
            guard parts.count == 3, UInt64(parts[2]) == UInt64(info.st_ino),
                let pid = Int32(fields[4]), pid > 0
            else { continue }
            return pid
        }
        return nil
    }

    /// Waits for the exclusive flock on `fd` (the lock file `path`) as `wait` says; polls, a
    /// pause of 10 ms growing to 100 ms between tries (flock has no timeout, and a blocked
    /// flock cannot be called off by Ctrl-C, which cancels a task, not a system call).
    ///
    /// - Parameters:
    ///   - policy: the bound, the notice and Ctrl-C (the process's, `LockWaiting.policy`).
    ///   - seconds: the clock the bound is measured on, seconds (`MonotonicClock`, the one
    ///     `DeadlineTimer` waits on too; a test's own clock).
    /// - Throws: `FileError` with `lockWaitEnd` set when the lock was not had.
    static func wait(
        _ fd: Int32, path: String, _ wait: LockWait, policy: LockWaitPolicy = LockWaiting.policy,
        seconds: () -> Double = { MonotonicClock.seconds }
    ) throws(FileError) {
        let bound = wait == .bounded ? policy.bound : briefly
        // Ctrl-C ends a bounded wait, also where it would end wx (`InterruptHold`).
        if wait == .bounded { InterruptHold.hold(true) }
        defer { if wait == .bounded { InterruptHold.hold(false) } }
        let start = seconds()
        var pause = 0.01
        var noticed = false
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
            guard errno == EWOULDBLOCK || errno == EINTR else { throw FileError(cannot: "lock", path, code: errno) }
            // /proc/locks read only when it is said.
            var pid: String { holder(of: fd).map { " (pid \($0))" } ?? "" }
            if wait == .bounded, policy.cancelled() || InterruptHold.arrived() {
                throw FileError(lockNotHad: path, .cancelled, reason: "cancelled while another process\(pid) held it")
            }
            let waited = seconds() - start
            if waited >= bound {
                guard wait == .bounded else {
                    throw FileError(lockNotHad: path, .held, reason: "another process\(pid) holds it")
                }
                let reason =
                    "another process\(pid) held it for \(DecimalText.shortest(policy.bound)) s (WX_TIMEOUT): gave up"
                throw FileError(lockNotHad: path, .gaveUp, reason: reason)
            }
            if wait == .bounded, !noticed, waited >= policy.noticeAfter {
                noticed = true
                let holder = holder(of: fd).map { ", pid \($0)" } ?? ""
                policy.notice("waiting for \(path) (held by another process\(holder))… (Ctrl-C cancels)\n")
            }
            var pauseTime = timespec(tv_sec: 0, tv_nsec: Int(min(pause, bound - waited + 0.001) * 1e9))
            nanosleep(&pauseTime, nil)
            pause = min(pause * 2, 0.1)
        }
    }
}
