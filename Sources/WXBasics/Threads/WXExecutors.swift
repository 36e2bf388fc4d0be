import Synchronization
@_spi(ExperimentalCustomExecutors) import _Concurrency

#if canImport(Glibc)
import Glibc
#endif

/// The executors the wx program runs on: the main actor on the process's first thread
/// (`MainThreadExecutor`), every other task on `ThreadPoolExecutor`.
///
/// Swift 6.3 chooses a program's executors through an `ExecutorFactory`; the compiler's own way
/// to name one (`typealias DefaultExecutorFactory` in the main module) is still switched off for
/// Linux in this toolchain, so `main.swift` calls `install()` itself, before any task exists.
package struct WXExecutors: ExecutorFactory {
    package static let mainExecutor: any MainExecutor = MainThreadExecutor()

    package static let defaultExecutor: any TaskExecutor = ThreadPoolExecutor()

    /// Makes these Swift's executors. Call first in `main`, before any task is made.
    package static func install() {
        (mainExecutor as? MainThreadExecutor)?.helps(defaultExecutor as! ThreadPoolExecutor)
        _createExecutors(factory: WXExecutors.self)
    }

    /// Whether this run keeps to its first thread (`keepToMainThread()`).
    package static var keepsToMainThread: Bool { singleThreaded.load(ordering: .relaxed) }
    private static let singleThreaded = Atomic(false)

    /// For a one-shot run (commands from `-c` or words): the pool's jobs wait for the main thread
    /// rather than start threads (`ThreadPoolExecutor.keepToHelper()`), and transports made
    /// after it drive their transfers from the main thread (`keepsToMainThread`). Not for the
    /// prompt or a script, whose main thread blocks reading a line.
    package static func keepToMainThread() {
        singleThreaded.store(true, ordering: .relaxed)
        (defaultExecutor as? ThreadPoolExecutor)?.keepToHelper()
    }

    /// The main thread's executor, for a loop it is to drive (`MainThreadExecutor.drives(_:)`).
    package static var mainThread: MainThreadExecutor? { mainExecutor as? MainThreadExecutor }

    /// Runs the main actor's jobs on this thread (the process's first), as an `async` main does
    /// after its first statement; never returns (the program ends by `exit`).
    package static func runMain() -> Never {
        try? MainActor.executor.run()
        exit(0)
    }
}
