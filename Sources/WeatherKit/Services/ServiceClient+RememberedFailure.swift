import FoundationEssentials
import WXBasics

/// Whether the requests of the running task were asked for by name — the `warnings` command —
/// rather than beside another command's answer (`show`'s warnings): a service's failure
/// remembered for the latter is not one the user must wait out when asking it explicitly.
package enum ExplicitRequest {
    /// True while a command that names the service runs (`$isAsked.withValue(true)`).
    @TaskLocal package static var isAsked = false
}

extension ServiceClient {
    /// How long an auxiliary service's failure is remembered, seconds.
    static let failureMemorySeconds = 300.0

    /// The cache key of `service`'s remembered failure: one per service, whatever the place (a
    /// server that does not answer for one place does not for the next).
    static func failureKey(_ service: Service) -> String { "remembered failure of \(service.baseURLVariable)" }

    /// The error standing for `service`'s failure remembered at `now`; nil when none is, and
    /// for a request asked by name (`ExplicitRequest.isAsked`) unless the service asked wx to
    /// wait (a 429: its terms come before the user's wish). An explicit request is one request
    /// per typed command, at a person's pace, far under any service's limits, and its answer is
    /// cached as any other.
    func rememberedFailure(of service: Service, now: Date) -> ServiceError? {
        guard let entry = context.cache?.entry(for: Self.failureKey(service)), entry.isFresh(at: now),
            let body = try? JSONValue.parse(entry.body), let reason = body["reason"]?.string
        else { return nil }
        if ExplicitRequest.isAsked, body["asked_to_wait"]?.bool != true { return nil }
        let ago = max(0, now.timeIntervalSince(entry.stored))
        let left = max(0, entry.validUntil.timeIntervalSince(now))
        return .transport(service, .failedRecently(reason: reason, secondsAgo: ago, secondsLeft: left))
    }

    /// Remembers `error` as its service's failure at `now`, for `failureMemorySeconds`, and
    /// whether the service asked wx to wait (a 429).
    func remember(_ error: ServiceError, now: Date) {
        var askedToWait = false
        if case .rateLimited = error { askedToWait = true }
        let body = JSONOutput.object([("reason", .string(error.shortReason)), ("asked_to_wait", .bool(askedToWait))])
            .serialized
        context.cache?.store(
            Data(body.utf8), for: Self.failureKey(error.service), stored: now,
            validUntil: now.addingTimeInterval(Self.failureMemorySeconds))
    }
}
