import CCurl
import FoundationEssentials
import Synchronization
import WXBasics

#if canImport(Glibc)
import Glibc
#endif

/// The transfers in flight on one libcurl multi handle, and the loop that drives them.
///
/// Callers hand in transfers from any thread (`submit`); one loop on a thread of its own
/// (`WakeableThread`, "wx.curl"), or in a one-shot run on the main thread while it waits for jobs
/// (`MainThreadLoop`), adds them to the multi handle, runs `curl_multi_perform`, hands
/// each finished one its result, and sleeps in `curl_multi_poll` in between. The loop runs while
/// any transfer is waiting or in flight and ends when none is (the thread then waits without a
/// deadline); the next `submit` starts it again. Only the loop's thread touches the multi and
/// easy handles; callers reach the loop through `shared` and the thread-safe `curl_multi_wakeup`.
///
/// Why not a libdispatch serial queue, as before: its first use brought up libdispatch (its root
/// queues and a worker thread) in every run that made a request, for this one loop (issue 39).
final class CurlTransfers: @unchecked Sendable {
    // @unchecked: `shared` is a Mutex; `trust` is immutable; `thread` is set once, in init;
    // `multi`, `running`, `idle`, `locations` and `addedFolder` are used only on the loop's
    // thread (inside `run`, which only `submit` wakes it for).
    private var thread: WakeableThread?
    /// The main thread's executor when it drives the loop (a one-shot run), else nil.
    private let mainThread: MainThreadExecutor?
    private let trust: CertificateTrust

    /// What callers and the loop share: transfers not yet picked up, whether the loop runs,
    /// and the multi handle to wake once it exists.
    private struct Shared {
        var inbox: [CurlTransfer] = []
        var looping = false
        var multi: MultiHandle?
    }
    private let shared = Mutex(Shared())

    // On the loop's thread only.
    private var multi: MultiHandle?
    /// Transfers added to the multi handle, by their easy handle.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Easy handles of finished transfers, for the next ones (libcurl keeps connections and the
    /// DNS cache in the multi handle, so a handle holds nothing else worth keeping).
    private var idle: [UnsafeMutableRawPointer] = []
    /// Where each transfer looks for certificate authorities (`CertificateTrust.locations`),
    /// decided at the first transfer from the environment and libcurl's built-in defaults.
    private var locations: CertificateLocations?
    /// With both a bundle and a folder named: the folder, added to each connection's store by
    /// wx (`wx_ca_folder_add`) so that libcurl names, and keeps parsed, the bundle alone; nil
    /// when not both are named, or OpenSSL's calls cannot be found (libcurl then has both).
    private var addedFolder: UnsafeMutablePointer<wx_ca_folder>?

    /// - Parameter mainThread: the executor of the process's first thread, to run the loop's
    ///   turns while it waits for jobs (`MainThreadLoop`) instead of a thread of the loop's own;
    ///   only where that thread never blocks (a one-shot run), and the transfers then live as
    ///   long as the executor.
    init(trust: CertificateTrust, mainThread: MainThreadExecutor? = nil) {
        self.trust = trust
        self.mainThread = mainThread
        if let mainThread {
            mainThread.drives(self)
        } else {
            // Weak: held for each run of the loop, as a queued block held it, and not for good
            // (the thread outlives a transport let go, waiting, as a queue's worker did).
            thread = WakeableThread(name: "wx.curl") { [weak self] in self?.run() }
        }
    }

    /// Hands `transfer` to the loop, starting the loop if it is not running.
    func submit(_ transfer: CurlTransfer) {
        let (start, wake) = shared.withLock { shared -> (Bool, MultiHandle?) in
            shared.inbox.append(transfer)
            if shared.looping { return (false, shared.multi) }
            shared.looping = true
            return (true, nil)
        }
        if let mainThread {
            mainThread.loopHasWork()
        } else if !start {
            wake?.wake()
        } else if thread?.wake() != true {
            failWaiting(.failed("wx could not start a thread for its requests"))
        }
    }

    /// Wakes the loop from its poll (a transfer was cancelled); nothing when it has no multi
    /// handle yet, as it then has not begun to wait.
    func wake() {
        if let mainThread { return mainThread.loopHasWork() }
        shared.withLock { $0.multi }?.wake()
    }

    /// Ends every transfer not yet picked up with `error`, and marks the loop not running.
    private func failWaiting(_ error: TransportError) {
        let failed = shared.withLock { shared -> [CurlTransfer] in
            defer {
                shared.inbox = []
                shared.looping = false
            }
            return shared.inbox
        }
        for transfer in failed { transfer.finish(.failure(error)) }
    }

    // MARK: - On the loop's thread

    /// The loop on its own thread: runs until no transfer is waiting or in flight.
    private func run() {
        let multi: MultiHandle
        do {
            multi = try multiHandle()
        } catch {
            return failWaiting(error)
        }
        while turn(on: multi) {}
    }

    /// One turn of the loop: starts the transfers handed in, ends those cancelled, runs
    /// `curl_multi_perform`, hands each finished transfer its result, and when none finished
    /// waits in `curl_multi_poll` (at most 1 s, or until `wake()`).
    ///
    /// - Returns: false when no transfer was waiting or in flight (the loop is then marked not
    ///   running).
    private func turn(on multi: MultiHandle) -> Bool {
        let api = multi.api
        let quiet = running.isEmpty
        let incoming = shared.withLock { shared -> [CurlTransfer]? in
            if quiet && shared.inbox.isEmpty {
                shared.looping = false
                return nil
            }
            defer { shared.inbox = [] }
            return shared.inbox
        }
        guard let incoming else { return false }
        for transfer in incoming { start(transfer, on: multi) }
        for (easy, transfer) in running where transfer.cancel.isSet {
            end(easy, on: multi, with: .failure(.cancelled))
        }
        if running.isEmpty { return true }

        var stillRunning: Int32 = 0
        if api.pointee.multi_perform(multi.pointer, &stillRunning) != CURLM_OK {
            for easy in running.keys {
                end(easy, on: multi, with: .failure(.failed("libcurl could not run the transfer")))
            }
            return true
        }
        var ended = false
        var remaining: Int32 = 0
        while let message = api.pointee.multi_info_read(multi.pointer, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = running[easy]
            else { continue }
            end(easy, on: multi, with: transfer.outcome(wx_curl_message_result(message), easy: easy, api: api))
            ended = true
        }
        // Something ended: look for new and cancelled transfers before waiting again. A
        // failed poll returns at once: the next multi_perform reports it.
        if !ended && !running.isEmpty { _ = api.pointee.multi_poll(multi.pointer, nil, 0, 1000, nil) }
        return true
    }

    /// The multi handle, made at the first request (so that start-up pays nothing for libcurl)
    /// with its connection limits.
    private func multiHandle() throws(TransportError) -> MultiHandle {
        if let multi { return multi }
        let library = try CurlLibrary.shared.get()
        guard let pointer = library.api.pointee.multi_init() else { throw .failed("libcurl could not start") }
        let made = MultiHandle(pointer: pointer, api: library.api)
        wx_curl_multi_set_long(
            library.api, pointer, CURLMOPT_MAX_HOST_CONNECTIONS, CurlTransport.maximumConnectionsPerHost)
        wx_curl_multi_set_long(library.api, pointer, CURLMOPT_MAX_TOTAL_CONNECTIONS, CurlTransport.maximumConnections)
        multi = made
        shared.withLock { $0.multi = made }
        return made
    }

    /// Sets up an easy handle for `transfer` and adds it to the multi handle; a transfer
    /// cancelled before it started ends here.
    private func start(_ transfer: CurlTransfer, on multi: MultiHandle) {
        if transfer.cancel.isSet { return transfer.finish(.failure(.cancelled)) }
        let api = multi.api
        guard let easy = idle.popLast() ?? api.pointee.easy_init() else {
            return transfer.finish(.failure(.failed("libcurl could not start the transfer")))
        }
        api.pointee.easy_reset(easy)
        if self.locations == nil {
            let locations = trust.locations(builtIn: .builtIn(easy, api: api))
            self.locations = locations
            if locations.bundleFile != nil, let folder = locations.folder {
                let table = UnsafeMutablePointer<wx_ca_folder>.allocate(capacity: 1)
                table.initialize(to: wx_ca_folder())
                if wx_ca_folder_load(table, folder) == 0 { addedFolder = table } else { table.deallocate() }
            }
        }
        transfer.configure(easy, api: api, certificates: locations!, addedFolder: addedFolder)
        guard api.pointee.multi_add_handle(multi.pointer, easy) == CURLM_OK else {
            transfer.release(api: api)
            idle.append(easy)
            return transfer.finish(.failure(.failed("libcurl could not start the transfer")))
        }
        running[easy] = transfer
    }

    /// Takes the transfer on `easy` off the multi handle and gives its caller `result`.
    private func end(
        _ easy: UnsafeMutableRawPointer, on multi: MultiHandle, with result: Result<HTTPResponse, TransportError>
    ) {
        guard let transfer = running.removeValue(forKey: easy) else { return }
        _ = multi.api.pointee.multi_remove_handle(multi.pointer, easy)
        transfer.release(api: multi.api)
        if idle.count < CurlTransport.maximumConnections {
            idle.append(easy)
        } else {
            multi.api.pointee.easy_cleanup(easy)
        }
        transfer.finish(result)
    }
}

extension CurlTransfers: MainThreadLoop {
    /// Whether a transfer is waiting or in flight.
    var hasWork: Bool { shared.withLock { $0.looping } }

    /// A turn of the loop on the main thread (`MainThreadExecutor.drives(_:)`).
    func turn() {
        guard hasWork else { return }
        let multi: MultiHandle
        do {
            multi = try multiHandle()
        } catch {
            return failWaiting(error)
        }
        _ = turn(on: multi)
    }

    /// Ends the turn's `curl_multi_poll`, or the next one, at once.
    func interrupt() {
        shared.withLock { $0.multi }?.wake()
    }
}

/// The multi handle and the library it came from. Only the loop calls libcurl through it, but
/// for `wake`, the thread-safe `curl_multi_wakeup`.
struct MultiHandle: @unchecked Sendable {
    // @unchecked: see above; the pointers are never freed (the handle lives with the process).
    let pointer: UnsafeMutableRawPointer
    let api: UnsafeMutablePointer<wx_curl_api>

    /// Ends the loop's current or next `curl_multi_poll` at once; nothing to do if it fails
    /// (the poll ends within 1 s anyway).
    func wake() { _ = api.pointee.multi_wakeup(pointer) }
}

/// One request on its way through libcurl: what it asks, who waits for the answer, and the
/// state libcurl writes into while it runs.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked: every property but `cancel` (atomic) is used only on the transport's loop
    // once `submit` has handed the transfer over; before that only its creator holds it.
    let request: HTTPRequest
    let limits: TransferLimits
    /// The proxy the environment gives for the request (`ProxyEnvironment`), to name it when it
    /// cannot be reached.
    let proxy: (url: String, variable: String)?
    let cancel: CancelFlag
    private let continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
    private let sink: Sink
    private var unmanagedSink: Unmanaged<Sink>?
    private var headerList: UnsafeMutablePointer<curl_slist>?

    init(
        request: HTTPRequest, limits: TransferLimits, proxy: (url: String, variable: String)? = nil, cancel: CancelFlag,
        continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
    ) {
        self.request = request
        self.limits = limits
        self.proxy = proxy
        self.cancel = cancel
        self.continuation = continuation
        self.sink = Sink(limit: limits.maximumBodyBytes, cancel: cancel)
    }

    /// Sets every option of the request on a reset easy handle.
    func configure(
        _ easy: UnsafeMutableRawPointer, api: UnsafeMutablePointer<wx_curl_api>, certificates: CertificateLocations,
        addedFolder: UnsafeMutablePointer<wx_ca_folder>? = nil
    ) {
        let unmanaged = Unmanaged.passRetained(sink)
        unmanagedSink = unmanaged
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headerList = api.pointee.slist_append(headerList, "\(name): \(value)")
        }
        wx_curl_set_string(api, easy, CURLOPT_URL, request.url)
        wx_curl_set_long(api, easy, CURLOPT_HTTPGET, 1)
        wx_curl_set_long(api, easy, CURLOPT_NOSIGNAL, 1)
        // Redirects are not followed here: `CurlTransport.send` follows those `RedirectRule`
        // allows (the service's own host, never https to http) and answers the others.
        wx_curl_set_long(api, easy, CURLOPT_FOLLOWLOCATION, 0)
        wx_curl_set_long(api, easy, CURLOPT_TIMEOUT_MS, Int(limits.totalTimeoutSeconds * 1000))
        wx_curl_set_long(api, easy, CURLOPT_CONNECTTIMEOUT_MS, Int(limits.connectTimeoutSeconds * 1000))
        // Over TLS, a second transfer to a host being connected to waits for the handshake,
        // which says whether the connection is HTTP/2 (then the transfer shares it), instead of
        // opening another. Not over plain HTTP: there it would wait for the first whole answer.
        if request.url.utf8.starts(with: "https://".utf8) { wx_curl_set_long(api, easy, CURLOPT_PIPEWAIT, 1) }
        wx_curl_set_string(api, easy, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl can decode
        // Both set, a nil clearing libcurl's built-in one (CertificateLocations says why).
        wx_curl_set_string(api, easy, CURLOPT_CAINFO, certificates.bundleFile)
        if let addedFolder {
            wx_curl_set_string(api, easy, CURLOPT_CAPATH, nil)
            wx_curl_set_ca_folder(api, easy, addedFolder)
        } else {
            wx_curl_set_string(api, easy, CURLOPT_CAPATH, certificates.folder)
        }
        // A bundle parsed once is kept on the multi handle for every later connection, to any
        // host, for as long as the process runs (libcurl's default: 24 hours).
        wx_curl_set_long(api, easy, CURLOPT_CA_CACHE_TIMEOUT, -1)
        wx_curl_set_headers(api, easy, headerList)
        wx_curl_set_write_function(api, easy, curlWrite)
        wx_curl_set_pointer(api, easy, CURLOPT_WRITEDATA, unmanaged.toOpaque())
        wx_curl_set_progress_function(api, easy, curlProgress)
        wx_curl_set_pointer(api, easy, CURLOPT_XFERINFODATA, unmanaged.toOpaque())
        wx_curl_set_long(api, easy, CURLOPT_NOPROGRESS, 0)
    }

    /// Frees what `configure` made, once the easy handle is off the multi handle.
    func release(api: UnsafeMutablePointer<wx_curl_api>) {
        api.pointee.slist_free_all(headerList)
        headerList = nil
        unmanagedSink?.release()
        unmanagedSink = nil
    }

    /// Resumes the caller; called once.
    func finish(_ result: Result<HTTPResponse, TransportError>) {
        continuation.resume(returning: result)
    }

    /// What the transfer on `easy` came to, given libcurl's result `code`.
    func outcome(
        _ code: CURLcode, easy: UnsafeMutableRawPointer, api: UnsafeMutablePointer<wx_curl_api>
    ) -> Result<HTTPResponse, TransportError> {
        if cancel.isSet { return .failure(.cancelled) }
        if sink.overflowed { return .failure(.bodyTooLarge(limitBytes: limits.maximumBodyBytes)) }
        func effectiveHost() -> String {
            // After a redirect the host that failed is the last one tried, not the first.
            var effective: UnsafeMutablePointer<CChar>?
            wx_curl_get_string(api, easy, CURLINFO_EFFECTIVE_URL, &effective)
            return CurlTransport.host(of: effective.map { String(cString: $0) } ?? request.url)
        }
        switch code {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT:
            let seconds = limits.totalTimeoutSeconds
            return .failure(sink.count == 0 ? .timedOut(seconds: seconds) : .answerTooSlow(seconds: seconds))
        case CURLE_COULDNT_RESOLVE_PROXY where proxy != nil:
            return .failure(.proxyUnreachable(proxy: proxy!.url, variable: proxy!.variable))
        case CURLE_COULDNT_CONNECT where proxy != nil:
            // No connection made at all: the one connection tried was the proxy's (a tunnel the
            // proxy could not open has connected to the proxy first).
            var connectMicroseconds: curl_off_t = 0
            wx_curl_get_off_t(api, easy, CURLINFO_CONNECT_TIME_T, &connectMicroseconds)
            if connectMicroseconds == 0 {
                return .failure(.proxyUnreachable(proxy: proxy!.url, variable: proxy!.variable))
            }
            return .failure(.cannotConnect(effectiveHost()))
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            return .failure(.cannotConnect(effectiveHost()))
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
            return .failure(.untrustedCertificate(effectiveHost()))
        case CURLE_SSL_CONNECT_ERROR:
            return .failure(.tlsHandshakeFailed(effectiveHost()))
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
        // A 3xx's Location, made absolute by libcurl.
        var redirect: UnsafeMutablePointer<CChar>?
        if (300..<400).contains(status) { wx_curl_get_string(api, easy, CURLINFO_REDIRECT_URL, &redirect) }
        return .success(
            HTTPResponse(
                status: status, contentType: contentType.map { String(cString: $0) },
                retryAfterSeconds: retryAfter > 0 ? Int(retryAfter) : nil, body: sink.takeBody(),
                redirectURL: redirect.map { String(cString: $0) }))
    }
}

/// Set when the calling task is cancelled; read by the transfer loop and the progress hook.
final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}

/// Collects the body; refuses more than `limit` bytes.
///
/// The body grows in one malloc'd block (realloc, which extends a block in place where it can)
/// and is handed to `Data` as it is: an array grown by appends copied a 137 KB forecast about
/// twice over as it doubled, and `Data(array)` once more (0.41 M instructions of a `find` and
/// `show`, issue 39).
private final class Sink {
    /// The block holding the body so far (`count` bytes of `capacity`); nil before the first byte.
    private var block: UnsafeMutableRawPointer?
    private var capacity = 0
    /// The bytes received so far.
    private(set) var count = 0
    var overflowed = false
    let limit: Int
    let cancel: CancelFlag

    init(limit: Int, cancel: CancelFlag) {
        self.limit = limit
        self.cancel = cancel
    }

    deinit { free(block) }

    /// Adds `length` bytes at `bytes`; false when the block cannot grow (out of memory).
    func append(_ bytes: UnsafeRawPointer, count length: Int) -> Bool {
        if count + length > capacity {
            let wanted = max(count + length, capacity * 2, 16 * 1024)
            guard let grown = realloc(block, wanted) else { return false }
            block = grown
            capacity = wanted
        }
        memcpy(block! + count, bytes, length)
        count += length
        return true
    }

    /// The body, its block handed over to the `Data` (freed with it); the sink is empty after.
    func takeBody() -> Data {
        guard let taken = block, count > 0 else { return Data() }
        let length = count
        block = nil
        capacity = 0
        count = 0
        return Data(bytesNoCopy: taken, count: length, deallocator: .free)
    }
}

private let curlWrite: wx_curl_write_function = { data, size, count, context in
    guard let data, let context else { return 0 }
    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if sink.count + length > sink.limit {
        sink.overflowed = true
        return 0  // less than offered: libcurl aborts the transfer
    }
    guard length > 0 else { return 0 }
    return sink.append(UnsafeRawPointer(data), count: length) ? length : 0
}

private let curlProgress: wx_curl_progress_function = { context, _, _, _, _ in
    guard let context else { return 0 }
    return Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().cancel.isSet ? 1 : 0
}
