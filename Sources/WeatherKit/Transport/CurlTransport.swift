import CCurl
import FoundationEssentials
import WXBasics

#if canImport(Glibc)
import Glibc
#endif

/// `HTTPTransport` on libcurl's multi interface.
///
/// Why libcurl and not URLSession: on Linux, URLSession busy-waits a CPU while a request is
/// outstanding and ignores `timeoutIntervalForResource` (measured in DESIGN.md); libcurl waits
/// in `poll`, enforces a total timeout, honours proxy variables and reuses connections.
///
/// Requests sent at the same time run at the same time: every transfer joins one multi handle,
/// driven by one loop that owns every curl handle (`CurlTransfers`): on a thread of its own, or
/// in a one-shot run on the process's first thread while it waits.
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
    private let trust: CertificateTrust

    /// - Parameter trust: the certificate authorities to trust instead of the system's (a
    ///   company's TLS-inspecting proxy), from `CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`.
    ///   Proxies (`https_proxy`, `HTTPS_PROXY`, `http_proxy`, `all_proxy`, `no_proxy`) libcurl
    ///   reads from the environment itself, as the curl program does.
    /// - Parameter mainThread: in a one-shot run, the executor of the process's first thread,
    ///   which then drives the transfers while it waits for jobs, with no thread of their own
    ///   (`WXExecutors.keepToMainThread()`); nil: a thread of the transport's own ("wx.curl").
    package init(trust: CertificateTrust = CertificateTrust(), mainThread: MainThreadExecutor? = nil) {
        transfers = CurlTransfers(trust: trust, mainThread: mainThread)
        self.trust = trust
    }

    /// Performs `request`, following at most `RedirectRule.maximumRedirects` redirects that
    /// `RedirectRule` allows, all within `limits.totalTimeoutSeconds`; a redirect it does not
    /// allow is the answer (its `redirectURL` says where it led).
    ///
    /// - Throws: `TransportError` when no response arrived.
    package func send(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse {
        let clock = ContinuousClock()
        let started = clock.now
        var request = request
        var limits = limits
        var response = try await transfer(request, limits: limits)
        for _ in 0..<RedirectRule.maximumRedirects {
            guard (300..<400).contains(response.status), let target = response.redirectURL,
                RedirectRule.follows(from: request.url, to: target)
            else { break }
            let spent = (clock.now - started).inSeconds
            guard spent < limits.totalTimeoutSeconds else { throw .timedOut(seconds: limits.totalTimeoutSeconds) }
            request.url = target
            limits.totalTimeoutSeconds -= spent
            response = try await transfer(request, limits: limits)
        }
        return response
    }

    /// One transfer, no redirect followed.
    private func transfer(_ request: HTTPRequest, limits: TransferLimits) async throws(TransportError) -> HTTPResponse {
        // Certificates matter only to a TLS connection: a plain http:// request (a mirror, the
        // loopback server) opened the named file and folder for nothing (issue 39). A redirect
        // to https comes back through here and is checked then.
        if !Self.isPlainHTTP(request.url), let unusable = trust.unusable() { throw unusable }
        let proxy = trust.proxies.proxy(for: request.url)
        let cancel = CancelFlag()
        let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfers.submit(
                    CurlTransfer(
                        request: request, limits: limits, proxy: proxy, cancel: cancel, continuation: continuation))
            }
        } onCancel: {
            cancel.set()
            transfers.wake()
        }
        return try result.get()
    }

    /// Whether `url`'s scheme is `http` (in any case): no TLS, so no certificate is read.
    static func isPlainHTTP(_ url: String) -> Bool {
        let scheme = url.utf8.prefix(5).map { $0 | 0x20 }
        return scheme.elementsEqual("http:".utf8)
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
        wx_openssl_init_without_error_texts()
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
    /// The variables `bundleFile` and `folder` came from, for messages about them.
    package var bundleVariable = "CURL_CA_BUNDLE"
    package var folderVariable = "SSL_CERT_DIR"
    /// The proxy environment (`https_proxy`, `http_proxy`, `all_proxy`, `no_proxy`), which
    /// libcurl reads itself: kept here only to name a proxy that cannot be reached.
    package var proxies = ProxyEnvironment()

    package init(bundleFile: String? = nil, folder: String? = nil) {
        self.bundleFile = bundleFile
        self.folder = folder
    }

    /// The trust the environment asks for; empty values count as unset.
    package init(variable: (String) -> String?) {
        func named(_ name: String) -> String? { variable(name).flatMap { $0.isEmpty ? nil : $0 } }
        self.init(bundleFile: named("CURL_CA_BUNDLE") ?? named("SSL_CERT_FILE"), folder: named("SSL_CERT_DIR"))
        bundleVariable = named("CURL_CA_BUNDLE") == nil ? "SSL_CERT_FILE" : "CURL_CA_BUNDLE"
        proxies = ProxyEnvironment(variable: variable)
    }

    /// Why a file or folder named here cannot be used, before any request: a missing
    /// certificate file read as "the certificate is not trusted" (issue 38).
    ///
    /// - Returns: `.unreadableCertificates` naming the variable and the path; nil when both
    ///   can be opened (or none is named).
    func unusable() -> TransportError? {
        for (path, variable, flags) in [
            (bundleFile, bundleVariable, O_RDONLY), (folder, folderVariable, O_RDONLY | O_DIRECTORY),
        ] {
            guard let path else { continue }
            let descriptor = open(path, flags | O_CLOEXEC | O_NONBLOCK)
            if descriptor < 0 {
                return .unreadableCertificates(variable: variable, path: path, reason: String(cString: strerror(errno)))
            }
            close(descriptor)
        }
        return nil
    }
}

/// Where a transfer looks for the certificate authorities it trusts: a bundle file
/// (`CURLOPT_CAINFO`), a hashed folder (`CURLOPT_CAPATH`), or both; nil clears libcurl's default.
///
/// Why it matters: OpenSSL parses a whole bundle (the system's: ~140 certificates, about 230 M
/// instructions, ~23 ms) for every connection that names one together with a folder, and libcurl
/// keeps a parsed bundle for later connections only when no folder is named. A hashed folder
/// (`c_rehash`) is read a certificate at a time, only the issuer a server's chain names.
package struct CertificateLocations: Hashable, Sendable {
    package var bundleFile: String?
    package var folder: String?

    package init(bundleFile: String?, folder: String?) {
        self.bundleFile = bundleFile
        self.folder = folder
    }

    /// libcurl's built-in bundle and folder (`CURLINFO_CAINFO`, `CURLINFO_CAPATH`), read from a
    /// freshly reset easy handle; Debian's libcurl has both (/etc/ssl/certs/ca-certificates.crt
    /// and /etc/ssl/certs).
    static func builtIn(_ easy: UnsafeMutableRawPointer, api: UnsafeMutablePointer<wx_curl_api>) -> Self {
        func info(_ field: CURLINFO) -> String? {
            var value: UnsafeMutablePointer<CChar>?
            guard wx_curl_get_string(api, easy, field, &value) == CURLE_OK, let value else { return nil }
            let text = String(cString: value)
            return text.isEmpty ? nil : text
        }
        return Self(bundleFile: info(CURLINFO_CAINFO), folder: info(CURLINFO_CAPATH))
    }
}

extension CertificateTrust {
    /// Where transfers look for certificate authorities, given libcurl's built-in ones:
    /// - a bundle from `CURL_CA_BUNDLE` or `SSL_CERT_FILE`: that bundle, parsed once for the
    ///   process, and the folder `SSL_CERT_DIR` names when it names one (the transport adds it
    ///   to each connection itself, as libcurl keeps no parsed bundle beside a folder it names);
    /// - `SSL_CERT_DIR` alone: that folder, no bundle;
    /// - neither: the built-in folder, no bundle; the built-in bundle only when libcurl has no
    ///   folder that exists (parsed once then).
    ///
    /// - Parameter folderExists: whether a path is a folder (the file system in the product).
    package func locations(
        builtIn: CertificateLocations, folderExists: (String) -> Bool = CertificateTrust.isFolder
    ) -> CertificateLocations {
        if let bundleFile { return CertificateLocations(bundleFile: bundleFile, folder: folder) }
        if let folder { return CertificateLocations(bundleFile: nil, folder: folder) }
        if let system = builtIn.folder, folderExists(system) {
            return CertificateLocations(bundleFile: nil, folder: system)
        }
        return CertificateLocations(bundleFile: builtIn.bundleFile, folder: nil)
    }

    /// Whether `path` is a folder that can be opened.
    package static func isFolder(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 { return false }
        close(descriptor)
        return true
    }
}

/// The proxy variables as libcurl reads them (its `detect_proxy`): `http_proxy` (lower case
/// only) for http URLs, `https_proxy` or `HTTPS_PROXY` for https, else `all_proxy` or
/// `ALL_PROXY`; `no_proxy` or `NO_PROXY` lists hosts (and their subdomains) reached directly,
/// `*` all of them.
package struct ProxyEnvironment: Hashable, Sendable {
    /// Variable name → value, for the variables above that are set and not empty.
    var values: [String: String] = [:]

    package init() {}

    package init(variable: (String) -> String?) {
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] {
            if let value = variable(name), !value.isEmpty { values[name] = value }
        }
    }

    /// The proxy a request to `url` goes through and the variable naming it; nil when none does.
    package func proxy(for url: String) -> (url: String, variable: String)? {
        guard let origin = RedirectRule.origin(url) else { return nil }
        var host = String(origin.authority.prefix { $0 != ":" || origin.authority.hasPrefix("[") })
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") { host = String(host[...end]) }
        let exempt = (values["no_proxy"] ?? values["NO_PROXY"] ?? "").split(separator: ",").map {
            $0.trimmed.lowercased()
        }
        for entry in exempt where !entry.isEmpty {
            let name = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            if name == "*" || host == name || host.hasSuffix("." + name) { return nil }
        }
        let names =
            (origin.scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy"]) + ["all_proxy", "ALL_PROXY"]
        for name in names {
            if let value = values[name] { return (Redaction.displayURL(value), name) }
        }
        return nil
    }
}
