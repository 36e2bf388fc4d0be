import CEditLine
import Dispatch
import Glibc
import Synchronization
import WeatherShell

/// Ctrl-C as a signal. SIGINT → a byte in a pipe → the shell's handler, on a queue of its own
/// (it cancels the running command). While el_gets waits, the same signal makes it return,
/// which discards the line being typed (LineEditor.readLine).
///
/// Every call into the shim's signal state is in this file, and must stay here: that state is
/// `static` in a header, so each Swift file that calls it gets a copy of its own (each file is
/// its own C translation unit in a debug build), and a handler installed from one file would
/// not see the reader waiting in another.
final class SignalInterrupts: InterruptSource {
    func start(_ handler: @escaping @Sendable () -> Void) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        let readEnd = fds[0]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        wx_install_interrupt_handler(fds[1])
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "wx.interrupt"))
        source.setEventHandler { @Sendable in
            var buffer = [UInt8](repeating: 0, count: 64)
            _ = read(readEnd, &buffer, buffer.count)
            handler()
        }
        source.resume()
        watcher.withLock { $0 = Watcher(source: source) }
    }

    /// The signal watcher, kept while the shell runs. Dispatch sources are thread-safe objects;
    /// the overlay only does not mark the protocol Sendable, hence @unchecked.
    private struct Watcher: @unchecked Sendable { let source: any DispatchSourceRead }
    private let watcher = Mutex<Watcher?>(nil)

    /// Runs `read` (el_gets) as the reader that SIGINT interrupts.
    ///
    /// - Returns: what `read` returned, and whether a SIGINT came meanwhile.
    static func whileReading<T>(_ read: () -> T) -> (T, interrupted: Bool) {
        var mask = sigset_t()
        wx_reader_begin(&mask)
        defer { wx_reader_end(&mask) }
        let before = wx_interrupt_count().pointee
        let value = read()
        return (value, wx_interrupt_count().pointee != before)
    }
}
