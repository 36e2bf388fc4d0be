// swift-tools-version: 6.0
//
// wx — an interactive weather shell.
//
// Layers, one direction only (see README.md, "How it is built"):
//   wx (terminal: libedit) → WeatherShell (commands, parser, view model, presentation, renderers)
//     → WeatherStore (state.plist, log.jsonl) → WeatherKit (Model/, Services/, Transport/)
//     → CCurl (libcurl) and WXBasics (JSON, text, time, files: infrastructure with no weather in it)
// The product imports FoundationEssentials only: full Foundation loads ICU at every start.
import PackageDescription

// The C targets' debug information in DWARF 4, as the Swift compiler writes its own: valgrind
// 3.19 (Debian 12's, which `make bench` runs callgrind from) does not read clang's DWARF 5 forms
// and, past a unit it misread, gave up on the whole binary ("Possibly corrupted debuginfo file").
let cDebugInfo: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]

let package = Package(
    name: "wx",
    products: [
        .executable(name: "wx", targets: ["wx"])
    ],
    targets: [
        // Headers only: libedit is loaded with dlopen when the interactive shell starts, and
        // libcurl at the first request (see each shim.h for the measurements behind that).
        // Their headers come from Debian's libedit-dev and libcurl4-openssl-dev (`make deps`).
        .systemLibrary(name: "CEditLine"),
        .systemLibrary(name: "CCurl"),
        // glibc's <malloc.h>, for mallopt.
        .systemLibrary(name: "CMalloc"),
        // glibc's timerfd and thread names, for wx's own threads (WXBasics/Threads).
        .systemLibrary(name: "CThreads"),
        // The signal handlers' shared state, defined once (see state.c for why not in shim.h).
        .target(name: "CTerminalState", cSettings: cDebugInfo),
        // A window of a file mapped, a file shortened under it read as zeros, not SIGBUS (see
        // include/wx_mapped_file.h): for `wx --complete`'s scan of a large state.plist.
        .target(name: "CMappedFile", cSettings: cDebugInfo),
        // A run of log lines that start alike passed over sixteen bytes at a time (see
        // include/wx_line_scan.h): for the rebuild of log.jsonl.index.
        .target(name: "CLineScan", cSettings: cDebugInfo),
        // The favorites of a large state.plist in one layout read sixteen bytes at a time (see
        // include/wx_favorite_layout.h): for `wx --complete`'s scan when it has no names file.
        .target(name: "CFavoriteLayout", cSettings: cDebugInfo),
        .target(name: "WXBasics", dependencies: ["CThreads"]),
        .target(
            name: "WeatherKit",
            dependencies: ["WXBasics", "CCurl"]
        ),
        // state.plist and log.jsonl: documents, reading, writing, locking, maintenance. Below the
        // shell, which words its errors.
        .target(
            name: "WeatherStore",
            dependencies: ["WeatherKit", "WXBasics", "CMappedFile", "CLineScan", "CFavoriteLayout"]
        ),
        .target(
            name: "WeatherShell",
            dependencies: ["WeatherKit", "WeatherStore", "WXBasics"]
        ),
        .executableTarget(
            name: "wx",
            dependencies: ["WeatherShell", "WXBasics", "CEditLine", "CTerminalState", "CMalloc"]
        ),
        // Writes the manual page wx.1 from the command tables for `make docs` (not installed).
        .executableTarget(
            name: "wx-docs",
            dependencies: ["WeatherShell", "WeatherKit"]
        ),
        // In-process timings for `make bench` (not installed).
        .executableTarget(
            name: "wx-bench",
            dependencies: ["WeatherShell", "WeatherStore", "WeatherKit", "WXBasics"]
        ),
        .target(
            name: "WeatherTestSupport",
            dependencies: ["WXBasics", "WeatherKit", "WeatherShell", "WeatherStore"],
            path: "Tests/WeatherTestSupport"
        ),
        .testTarget(
            name: "WXBasicsTests",
            dependencies: ["WXBasics", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "WeatherKitTests",
            dependencies: ["WeatherKit", "WXBasics", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "WeatherStoreTests",
            dependencies: ["WeatherStore", "WeatherKit", "WXBasics", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "WeatherShellTests",
            dependencies: ["WeatherShell", "WeatherStore", "WeatherKit", "WXBasics", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "DocsTests",
            dependencies: ["wx-docs", "WeatherShell", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["WeatherTestSupport", "WeatherKit", "WeatherShell", "WXBasics"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
