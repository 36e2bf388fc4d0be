import CThreads

#if canImport(Glibc)
import Glibc
#endif

/// Threads wx starts itself (the task pool's workers, its timer, the state file's preload), each
/// with the terminal's signals blocked, as libdispatch blocks them in its workers.
///
/// A signal a process receives goes to one of its threads that does not block it. Blocked here,
/// SIGINT, SIGWINCH, SIGTSTP and the rest reach the process's first thread, which runs the main
/// actor and the prompt's reader (`MainThreadExecutor`), and never interrupt a system call of
/// these with EINTR. Signals a fault raises in the thread itself (SIGSEGV, SIGILL, SIGBUS…) stay
/// open, so that a crash still reports as one; so does SIGPIPE, whose EPIPE callers handle.
package enum QuietThread {
    /// Starts a detached thread running `body`, named `name` (up to 15 bytes, as `ps -L` shows).
    ///
    /// - Returns: false when the system refused a thread (`pthread_create` failed; `body` never
    ///   runs).
    @discardableResult
    package static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // A new thread starts with its creator's mask: blocking here first leaves no moment in
        // which a signal could land on it.
        var quiet = blockedSignals()
        var saved = sigset_t()
        pthread_sigmask(SIG_BLOCK, &quiet, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, &attributes,
            { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                _ = pthread_setname_np(pthread_self(), String(decoding: start.name.utf8.prefix(15), as: UTF8.self))
                start.body()
                return nil
            }, start)
        if result != 0 { Unmanaged<Start>.fromOpaque(start).release() }
        return result == 0
    }

    /// Every signal but those a thread raises by its own fault (and SIGPIPE, SIGPROF): libdispatch's
    /// set for its workers (`_dispatch_sigmask`).
    static func blockedSignals() -> sigset_t {
        var set = sigset_t()
        sigfillset(&set)
        for open in [SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV, SIGSYS, SIGPIPE, SIGPROF] { sigdelset(&set, open) }
        return set
    }

    private final class Start {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
