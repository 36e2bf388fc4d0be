import CCurl
import FoundationEssentials
import WXBasics

/// `HTTPTransport` on libcurl's multi interface.
///
/// Why libcurl and not URLSession: on Linux, URLSession busy-waits a CPU while a request is
/// outstanding and ignores `timeoutIntervalForResource` (measured in DESIGN.md); libcurl waits
/// in `poll`, enforces a total timeout, honours proxy variables and reuses connections.
///
/// Requests sent at the same time run at the same time: every transfer joins one multi handle,
/// driven by one loop on a private serial queue that owns every curl handle (`CurlTransfers`).
/// At most `maximumConnectionsPerHost` connections go to one host and `maximumConnections` in
/// all; libcurl holds further transfers until a connection is free, and puts transfers to an
/// HTTP/2 host on one connection. The multi handle lives as long as the transport, so its
/// connection pool is reused by later commands. Cancelling a request's task sets its flag and
/// wakes `curl_multi_poll`, ending that transfer at once and no other.
package final class CurlTransport: HTTPTransport {
    /// Connections to one host at once (`CURLMOPT_MAX_HOST_CONNECTIONS`). Every service wx
    /// asks speaks HTTP/2 over TLS, where one connection carries all of a host's transfers and
    /// this cap does not bind; it binds over plain HTTP/1.1 (a mirror, a test server). 20 is the
    /// strictest rate a service's terms name: MET Norway calls more than 20 requests a second
    /// heavy traffic. `compare` of 20 favorites in one warning feed's area is one wave.
    package static let maximumConnectionsPerHost = 20
    /// Connections at once over every host (`CURLMOPT_MAX_TOTAL_CONNECTIONS`).
    package static let maximumConnections = 32

    private let transfers: CurlTransfers

    /// - Parameter trust: the certificate authorities to trust instead of the system's (a
    ///   company's TLS-inspecting proxy), from `CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`.
    ///   Proxies (`https_proxy`, `HTTPS_PROXY`, `http_proxy`, `all_proxy`, `no_proxy`) libcurl
    ///   reads from the environment itself, as the curl program does.
    package init(trust: CertificateTrust = CertificateTrust()) {
        transfers = CurlTransfers(trust: trust)
    }

    package func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse {
        let cancel = CancelFlag()
        let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfers.submit(
                    CurlTransfer(request: request, limits: limits, cancel: cancel, continuation: continuation))
            }
        } onCancel: {
            cancel.set()
            transfers.wake()
        }
        return try result.get()
    }

    /// The authority of `url` as it may be shown: `host:port`, a user name and password masked
    /// (`***@host`).
    static func host(of url: String) -> String {
        let shown = Redaction.displayURL(url)
        let afterScheme = shown.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first
        return afterScheme.map(String.init) ?? shown
    }
}

/// libcurl, loaded with dlopen once per process at the first request (see CCurl/shim.h for why
/// it is not linked), with `curl_global_init` done.
final class CurlLibrary: @unchecked Sendable {
    // @unchecked: `api` is written once, in `shared`'s initialiser, and only read afterwards.
    let api: UnsafeMutablePointer<wx_curl_api>

    private init(api: UnsafeMutablePointer<wx_curl_api>) { self.api = api }

    static let shared: Result<CurlLibrary, TransportError> = {
        let api = UnsafeMutablePointer<wx_curl_api>.allocate(capacity: 1)
        api.initialize(to: wx_curl_api())
        guard wx_curl_load(api) == 0 else {
            return .failure(
                .failed("libcurl could not be loaded (\(String(cString: wx_curl_load_error()))); install libcurl4"))
        }
        _ = api.pointee.global_init(Int(CURL_GLOBAL_DEFAULT))
        return .success(CurlLibrary(api: api))
    }()
}

/// Certificate authorities to trust instead of the system's, as the curl program takes them
/// from the environment (libcurl itself reads none of these): a bundle file from
/// `CURL_CA_BUNDLE`, else `SSL_CERT_FILE`; a hashed folder (`c_rehash`) from `SSL_CERT_DIR`.
package struct CertificateTrust: Hashable, Sendable {
    /// A PEM file of certificates (`CURLOPT_CAINFO`); nil: the system's.
    package var bundleFile: String?
    /// A folder of hashed certificates (`CURLOPT_CAPATH`); nil: the system's.
    package var folder: String?

    package init(bundleFile: String? = nil, folder: String? = nil) {
        self.bundleFile = bundleFile
        self.folder = folder
    }

    /// The trust the environment asks for; empty values count as unset.
    package init(variable: (String) -> String?) {
        func named(_ name: String) -> String? { variable(name).flatMap { $0.isEmpty ? nil : $0 } }
        self.init(bundleFile: named("CURL_CA_BUNDLE") ?? named("SSL_CERT_FILE"), folder: named("SSL_CERT_DIR"))
    }
}
