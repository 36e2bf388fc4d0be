import CTerminalState
import Glibc

/// How this process ends once the app has answered.
enum ProcessEnd {
    /// Ends the process with `status`, or of SIGINT when a Ctrl-C was held while a change waited
    /// (`InterruptHold`): as Ctrl-C ends `wx -c` at any other moment, so the shell that ran it
    /// sees it interrupted (status 130); or of the SIGHUP or SIGTERM that ended the prompt as
    /// Ctrl-D does (`wx_ending_signal`), once its lines are written.
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
        // SIGHUP or SIGTERM ended the prompt as Ctrl-D (CEditLine/terminal.h, `wx_on_fatal`):
        // what wx held is written; the parent sees the signal, as before.
        let ending = wx_ending_signal()
        if ending != 0 {
            wx_remove_temporaries()
            wx_die_of(ending)
        }
        _exit(status)
    }
}
