import CCurl
import Dispatch
import Synchronization
import WXBasics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `HTTPTransport` on libcurl's multi interface.
///
/// Why libcurl and not URLSession: on Linux, URLSession busy-waits a CPU while a request is
/// outstanding and ignores `timeoutIntervalForResource` (measured in DESIGN.md); libcurl waits
/// in `poll`, enforces a total timeout, honours proxy variables and reuses connections.
///
/// Transfers run one at a time on a private serial queue, which owns every curl handle; the
/// multi handle lives as long as the transport, so its connection pool is reused by later
/// commands. Cancellation sets a flag and wakes `curl_multi_poll`, ending the transfer at once.
package final class CurlTransport: HTTPTransport {
    private let queue = DispatchQueue(label: "wx.curl")
    private let store = HandleStore()
    private let trust: CertificateTrust

    /// - Parameter trust: the certificate authorities to trust instead of the system's (a
    ///   company's TLS-inspecting proxy), from `CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`.
    ///   Proxies (`https_proxy`, `HTTPS_PROXY`, `http_proxy`, `all_proxy`, `no_proxy`) libcurl
    ///   reads from the environment itself, as the curl program does.
    package init(trust: CertificateTrust = CertificateTrust()) {
        self.trust = trust
    }

    package func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse {
        let cancel = CancelFlag()
        let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async {
                    continuation.resume(returning: self.perform(request, limits: limits, cancel: cancel))
                }
            }
        } onCancel: {
            cancel.set()
            // Only wakes the poll below; nothing to do if it fails (the poll ends within 1 s).
            if let multi = cancel.multi { _ = multi.api.pointee.multi_wakeup(multi.pointer) }
        }
        return try result.get()
    }

    // MARK: - On the queue

    private func perform(_ request: HTTPRequest, limits: TransferLimits, cancel: CancelFlag) -> Result<
        HTTPResponse, TransportError
    > {
        if cancel.isSet { return .failure(.cancelled) }
        let handles: Handles
        do { handles = try store.handles() } catch { return .failure(error) }
        let api = handles.library.api
        let easy = handles.easy
        let multi = handles.multi
        cancel.multi = MultiPointer(pointer: multi, api: api)

        api.pointee.easy_reset(easy)
        let sink = Sink(limit: limits.maximumBodyBytes, cancel: cancel)
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }

        var headerList: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headerList = api.pointee.slist_append(headerList, "\(name): \(value)")
        }
        defer { api.pointee.slist_free_all(headerList) }

        wx_curl_set_string(api, easy, CURLOPT_URL, request.url)
        wx_curl_set_long(api, easy, CURLOPT_HTTPGET, 1)
        wx_curl_set_long(api, easy, CURLOPT_NOSIGNAL, 1)
        wx_curl_set_long(api, easy, CURLOPT_FOLLOWLOCATION, 1)
        wx_curl_set_long(api, easy, CURLOPT_MAXREDIRS, 5)
        wx_curl_set_long(api, easy, CURLOPT_TIMEOUT_MS, Int(limits.totalTimeoutSeconds * 1000))
        wx_curl_set_long(api, easy, CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connectTimeoutSeconds * 1000))
        wx_curl_set_string(api, easy, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl can decode
        if let bundle = trust.bundleFile { wx_curl_set_string(api, easy, CURLOPT_CAINFO, bundle) }
        if let folder = trust.folder { wx_curl_set_string(api, easy, CURLOPT_CAPATH, folder) }
        wx_curl_set_headers(api, easy, headerList)
        wx_curl_set_write_function(api, easy, curlWrite)
        wx_curl_set_pointer(api, easy, CURLOPT_WRITEDATA, unmanaged.toOpaque())
        wx_curl_set_progress_function(api, easy, curlProgress)
        wx_curl_set_pointer(api, easy, CURLOPT_XFERINFODATA, unmanaged.toOpaque())
        wx_curl_set_long(api, easy, CURLOPT_NOPROGRESS, 0)

        guard api.pointee.multi_add_handle(multi, easy) == CURLM_OK else {
            return .failure(.failed("libcurl could not start the transfer"))
        }
        defer { _ = api.pointee.multi_remove_handle(multi, easy) }

        var running: Int32 = 1
        var code = CURLE_OK
        while true {
            if api.pointee.multi_perform(multi, &running) != CURLM_OK {
                return .failure(.failed("libcurl could not run the transfer"))
            }
            if running == 0 { break }
            if cancel.isSet { return .failure(.cancelled) }
            // A failed poll returns at once: the loop then asks multi_perform, which reports it.
            _ = api.pointee.multi_poll(multi, nil, 0, 1000, nil)
            if cancel.isSet { return .failure(.cancelled) }
        }
        var remaining: Int32 = 0
        while let message = api.pointee.multi_info_read(multi, &remaining) {
            if message.pointee.msg == CURLMSG_DONE { code = wx_curl_message_result(message) }
        }
        if cancel.isSet { return .failure(.cancelled) }
        if sink.overflowed { return .failure(.bodyTooLarge(limitBytes: limits.maximumBodyBytes)) }
        switch code {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT: return .failure(.timedOut(seconds: limits.totalTimeoutSeconds))
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            // After a redirect the host that failed is the last one tried, not the first.
            var effective: UnsafeMutablePointer<CChar>?
            wx_curl_get_string(api, easy, CURLINFO_EFFECTIVE_URL, &effective)
            return .failure(.cannotConnect(Self.host(of: effective.map { String(cString: $0) } ?? request.url)))
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
            var effective: UnsafeMutablePointer<CChar>?
            wx_curl_get_string(api, easy, CURLINFO_EFFECTIVE_URL, &effective)
            return .failure(.untrustedCertificate(Self.host(of: effective.map { String(cString: $0) } ?? request.url)))
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR:
            return .failure(.connectionLost)
        case CURLE_ABORTED_BY_CALLBACK: return .failure(.cancelled)
        default:
            return .failure(
                .failed(api.pointee.easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)")
            )
        }

        var status = 0
        wx_curl_get_long(api, easy, CURLINFO_RESPONSE_CODE, &status)
        var contentType: UnsafeMutablePointer<CChar>?
        wx_curl_get_string(api, easy, CURLINFO_CONTENT_TYPE, &contentType)
        var retryAfter: curl_off_t = 0
        wx_curl_get_off_t(api, easy, CURLINFO_RETRY_AFTER, &retryAfter)
        return .success(
            HTTPResponse(
                status: status, contentType: contentType.map { String(cString: $0) },
                retryAfterSeconds: retryAfter > 0 ? Int(retryAfter) : nil, body: Data(sink.body)))
    }

    /// The authority of `url` as it may be shown: `host:port`, a user name and password masked
    /// (`***@host`).
    static func host(of url: String) -> String {
        let shown = Redaction.displayURL(url)
        let afterScheme = shown.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first
        return afterScheme.map(String.init) ?? shown
    }
}

/// The easy and multi handles, created on the transport's queue at the first request.
private struct Handles: @unchecked Sendable {
    // @unchecked: the raw pointers are used only on CurlTransport.queue (see CurlTransport).
    let library: CurlLibrary
    let easy: UnsafeMutableRawPointer
    let multi: UnsafeMutableRawPointer

    static func make() throws(TransportError) -> Handles {
        let library = try CurlLibrary.shared.get()
        guard let easy = library.api.pointee.easy_init(), let multi = library.api.pointee.multi_init() else {
            throw TransportError.failed("libcurl could not start")
        }
        return Handles(library: library, easy: easy, multi: multi)
    }
}

/// Holds the handles between requests. Used only on `CurlTransport.queue`, which serialises
/// every access; created there at the first request, so start-up pays nothing for libcurl.
private final class HandleStore: @unchecked Sendable {
    private var made: Handles?

    func handles() throws(TransportError) -> Handles {
        if let made { return made }
        let handles = try Handles.make()
        made = handles
        return handles
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

/// A multi handle pointer handed to the cancellation handler, which only calls the thread-safe
/// `curl_multi_wakeup` on it.
struct MultiPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    let api: UnsafeMutablePointer<wx_curl_api>
}

/// Set when the calling task is cancelled; read by the transfer loop and the progress hook.
final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    private let multiPointer = Mutex<MultiPointer?>(nil)

    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }

    var multi: MultiPointer? {
        get { multiPointer.withLock { $0 } }
        set { multiPointer.withLock { $0 = newValue } }
    }
}

/// Collects the body; refuses more than `limit` bytes.
private final class Sink {
    var body: [UInt8] = []
    var overflowed = false
    let limit: Int
    let cancel: CancelFlag

    init(limit: Int, cancel: CancelFlag) {
        self.limit = limit
        self.cancel = cancel
    }
}

private let curlWrite: wx_curl_write_function = { data, size, count, context in
    guard let data, let context else { return 0 }
    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if sink.body.count + length > sink.limit {
        sink.overflowed = true
        return 0  // less than offered: libcurl aborts the transfer
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        sink.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }
    return length
}

private let curlProgress: wx_curl_progress_function = { context, _, _, _, _ in
    guard let context else { return 0 }
    return Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().cancel.isSet ? 1 : 0
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
