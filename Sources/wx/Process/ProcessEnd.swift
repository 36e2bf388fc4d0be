import CTerminalState
import Glibc

/// How this process ends once the app has answered.
enum ProcessEnd {
    /// Ends the process with `status`, or of SIGINT when a Ctrl-C was held while a change waited
    /// (`InterruptHold`): as Ctrl-C ends `wx -c` at any other moment, so the shell that ran it
    /// sees it interrupted (status 130).
    ///
    /// Everything wx writes has been written (StandardStreams does not buffer; the stores write
    /// and sync before they answer), so the process ends without exit's handlers: after a
    /// request they were OpenSSL's cleanup and the destructors of libcurl's 31 libraries,
    /// freeing what the kernel frees anyway (0.48 M instructions of a `find Hamburg; show`,
    /// issue 39). C's own streams (libedit writes through them) are flushed first.
    static func finish(_ status: Int32) -> Never {
        fflush(nil)
        if wx_held_interrupt() != 0 {
            wx_remove_temporaries()
            wx_die_of(SIGINT)
        }
        _exit(status)
    }
}
