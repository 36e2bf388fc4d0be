import FoundationEssentials
import Synchronization
import WXBasics

#if canImport(Glibc)
import Glibc
#endif

/// Keeps requests to a service at least its `minimumRequestInterval` apart, across every task
/// in the process and, through a lock file in `lockFolder`, across wx processes sharing it.
package final class RequestSpacing: Sendable {
    private let lockFolder: String?
    private let clock: any WXClock
    /// The last request's time (`clock.elapsed`) per service, by `Service.allCases` index (an
    /// array, not a dictionary keyed by the enum: see `Endpoints` for why).
    private let last = Mutex<[Duration?]>(Array(repeating: nil, count: Service.allCases.count))

    /// - Parameters:
    ///   - lockFolder: where the per-service files shared with other wx processes live; nil
    ///     spaces requests within this process only.
    ///   - clock: what intervals are measured and waited on; its `wallClock` stamps the shared
    ///     files, the one time other processes can read.
    package init(lockFolder: String?, clock: any WXClock) {
        self.lockFolder = lockFolder
        self.clock = clock
    }

    /// Waits until `service` may be asked again at `url`, then records the request. Only a
    /// host with a spacing is waited for (`Service.minimumRequestInterval(to:)`: the public
    /// Nominatim); a request to any other returns at once.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    package func wait(for service: Service, url: String) async throws {
        let interval = service.minimumRequestInterval(to: url)
        guard interval > 0 else { return }
        // Within the process: reserve the next slot, then sleep until it comes.
        let index = Service.allCases.firstIndex(of: service)!
        let clock = self.clock
        let slot = last.withLock { last -> Duration in
            let now = clock.elapsed
            let next = last[index].map { max(now, $0 + .milliseconds(Int64(interval * 1000))) } ?? now
            last[index] = next
            return next
        }
        if slot > clock.elapsed { try await clock.sleep(until: slot) }
        // Across processes: a tiny file holding the wall-clock time of the last request.
        if let lockFolder {
            let pause = Self.reserveSharedSlot(
                path: "\(lockFolder)/\(service.rawValue).last-request", interval: interval,
                now: clock.wallClock.timeIntervalSince1970)
            if pause > 0 { try await clock.sleep(for: .milliseconds(Int64(pause * 1000))) }
        }
    }

    /// Reads and rewrites the shared last-request time under `flock`; returns how long to wait.
    ///
    /// - Parameter now: the wall-clock time, seconds since 1970.
    static func reserveSharedSlot(path: String, interval: Double, now: Double) -> Double {
        // The whole path of folders: `XDG_RUNTIME_DIR` may name one not made yet, and a file
        // that cannot be opened spaces nothing (three processes' requests went out 12, 46 and
        // 102 ms apart, issue 39).
        var folder = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            mkdir(folder, 0o700)
        }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { return 0 }
        defer { flock(fd, LOCK_UN) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(fd, &buffer, 63, 0)
        // "<the last request's time> <when that was written>", seconds since 1970 (an older wx
        // wrote the first alone).
        let fields = String(decoding: buffer[0..<max(0, count)], as: UTF8.self).split(separator: " ").map {
            Double($0.trimmed)
        }
        let previous = fields.first.flatMap { $0 } ?? 0
        let written = fields.count > 1 ? fields[1] ?? now : previous
        // Written later than now means the clock was set back: the time is not waited for. The
        // last request's time itself may lie seconds ahead, one interval for each process
        // queued before this one (a bound on it would let the fourth of four through at once).
        let wait = written > now + interval ? 0 : max(0, previous + interval - now)
        // Rounded up to the millisecond written: rounded down, the next process would ask up to
        // half a millisecond early.
        func stamp(_ seconds: Double) -> String { DecimalText.fixed((seconds * 1000).rounded(.up) / 1000, digits: 3) }
        let text = Array((stamp(now + wait) + " " + stamp(now)).utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, text, text.count, 0)
        return wait
    }
}

/// The cached answers being fetched now, by cache key, so that callers asking for the same one
/// at the same time (the tasks of one command) share a single request.
///
/// The first caller fetches; the others wait for its result, error included. Its fetch ends
/// at once when its task is cancelled (Ctrl-C cancels every task of the command), and the
/// others then end with the same cancellation.
final class SharedFetches: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Fetched<JSONValue>, ServiceError>?, Never>
    /// The waiters by key, made at the first fetch: a run that asks nothing (`echo quit | wx`)
    /// never builds the table's generic types, whose metadata cost 0.6 M instructions of
    /// conformance lookups when an unused table was destroyed at exit (callgrind).
    private final class Table {
        var waiters: [String: [Waiter]] = [:]
    }
    private let table = Mutex<Table?>(nil)

    /// `body` on the waiters by key, under the lock.
    private func withWaiting<Value>(_ body: (inout [String: [Waiter]]) -> Value) -> Value {
        table.withLock { table in
            let made = table ?? Table()
            table = made
            return body(&made.waiters)
        }
    }

    /// `fetch`'s result for `key`: fetched by this caller, or by one already fetching it.
    ///
    /// - Throws: what `fetch` threw.
    func shared(
        _ key: String, _ fetch: () async throws(ServiceError) -> Fetched<JSONValue>
    ) async throws(ServiceError) -> Fetched<JSONValue> {
        let leads = withWaiting { waiting -> Bool in
            if waiting[key] != nil { return false }
            waiting[key] = []
            return true
        }
        if leads {
            let result: Result<Fetched<JSONValue>, ServiceError>
            do { result = .success(try await fetch()) } catch { result = .failure(error) }
            for waiter in withWaiting({ $0.removeValue(forKey: key) ?? [] }) { waiter.resume(returning: result) }
            return try result.get()
        }
        let result = await withCheckedContinuation { (waiter: Waiter) in
            let joined = withWaiting { waiting -> Bool in
                guard waiting[key] != nil else { return false }
                waiting[key]!.append(waiter)
                return true
            }
            // The fetch ended in between: its answer is in the cache now, or it failed.
            if !joined { waiter.resume(returning: nil) }
        }
        guard let result else { return try await shared(key, fetch) }
        return try result.get()
    }
}
