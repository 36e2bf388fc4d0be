#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP GET as wx makes it.
public struct HTTPRequest: Hashable, Sendable {
    /// The full URL, query included.
    public var url: String
    /// Header name → value (User-Agent, Accept-Language, Accept).
    public var headers: [String: String]

    public init(url: String, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// What came back: the status, two headers wx reads, and the body bytes.
public struct HTTPResponse: Hashable, Sendable {
    /// HTTP status code (200, 404, 429…).
    public var status: Int
    /// The `Content-Type` header value, if any ("application/json; charset=utf-8").
    public var contentType: String?
    /// The `Retry-After` header in seconds, if the server sent one.
    public var retryAfterSeconds: Int?
    public var body: Data

    public init(status: Int, contentType: String? = nil, retryAfterSeconds: Int? = nil, body: Data) {
        self.status = status
        self.contentType = contentType
        self.retryAfterSeconds = retryAfterSeconds
        self.body = body
    }
}

/// Bounds on one transfer; every request has them.
public struct TransferLimits: Hashable, Sendable {
    /// The whole transfer, connect to last byte, seconds.
    public var totalTimeoutSeconds: Double
    /// Connecting (DNS, TCP, TLS), seconds.
    public var connectTimeoutSeconds: Double
    /// A body larger than this is cut off and reported; bytes.
    public var maximumBodyBytes: Int

    public init(totalTimeoutSeconds: Double = 20, connectTimeoutSeconds: Double = 10, maximumBodyBytes: Int = 8 << 20) {
        self.totalTimeoutSeconds = totalTimeoutSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// Why a transfer produced no response.
public enum TransportError: Error, Hashable, Sendable {
    /// No complete answer within the time limit (seconds).
    case timedOut(seconds: Double)
    /// The host could not be resolved or reached.
    case cannotConnect(String)
    /// The connection closed before the whole body arrived.
    case connectionLost
    /// The body passed the size limit (bytes).
    case bodyTooLarge(limitBytes: Int)
    /// The user cancelled (Ctrl-C).
    case cancelled
    /// Anything else the HTTP library reported, as its one-line message.
    case failed(String)
}

/// The one seam between wx and the network: libcurl in the product, a fake in tests.
public protocol HTTPTransport: Sendable {
    /// Performs `request` within `limits`.
    ///
    /// - Returns: the response, whatever its status code.
    /// - Throws: `TransportError` when no response arrived; `CancellationError` is never thrown,
    ///   cancellation of the calling task ends the transfer with `TransportError.cancelled`.
    func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse
}
