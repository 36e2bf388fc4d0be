import FoundationEssentials
import Synchronization

/// One time budget shared by the service requests of one user command, so that a command that
/// asks a second service when the first cannot be used (a geocoder's fallback) still ends
/// within `WX_TIMEOUT`: the second gets only what the first left.
///
/// Requests made inside `spending(_:)` take at most what is left (as their total timeout,
/// retries included) and deduct what they took, measured on their own context's clock. Meant
/// for requests made one after another.
package final class ServiceBudget: Sendable {
    /// The budget the requests of the running task draw on; nil: each request has the whole
    /// `TransferLimits.totalTimeoutSeconds`.
    @TaskLocal static var current: ServiceBudget?

    private let left: Mutex<Duration>

    /// - Parameter seconds: the whole budget, seconds (`WX_TIMEOUT`).
    package init(seconds: Double) {
        left = Mutex(.milliseconds(Int64((seconds * 1000).rounded())))
    }

    /// What is left, never negative.
    package var remaining: Duration { left.withLock { max(.zero, $0) } }

    func spend(_ duration: Duration) { left.withLock { $0 -= duration } }

    /// Runs `body` with every service request in it drawing on this budget.
    ///
    /// - Throws: what `body` throws.
    /// - Parameter isolation: where `body` runs: the caller's actor (the session's main actor).
    package func spending<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws(ServiceError) -> T
    ) async throws(ServiceError) -> T {
        let result: Result<T, ServiceError> = await Self.$current.withValue(self) {
            do throws(ServiceError) { return .success(try await body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
