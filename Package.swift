// swift-tools-version: 6.0
//
// wx — an interactive weather shell.
//
// Layers, one direction only (see README.md, "How it is built"):
//   wx (terminal: libedit) → WeatherShell (parser, view model, renderers)
//     → WeatherStore (state.plist, log.jsonl) → WeatherKit (models, providers, cache, transport)
//     → CCurl (libcurl)
// The product imports FoundationEssentials only: full Foundation loads ICU at every start.
import PackageDescription

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
        .target(
            name: "WeatherKit",
            dependencies: ["CCurl"]
        ),
        // state.plist and log.jsonl: documents, reading, writing, locking, maintenance. Below the
        // shell, which words its errors.
        .target(
            name: "WeatherStore",
            dependencies: ["WeatherKit"]
        ),
        .target(
            name: "WeatherShell",
            dependencies: ["WeatherKit", "WeatherStore"]
        ),
        .executableTarget(
            name: "wx",
            dependencies: ["WeatherShell", "CEditLine"]
        ),
        // In-process timings for `make bench` (not installed).
        .executableTarget(
            name: "wx-bench",
            dependencies: ["WeatherShell", "WeatherStore", "WeatherKit"]
        ),
        .target(
            name: "WeatherTestSupport",
            dependencies: ["WeatherKit", "WeatherShell", "WeatherStore"],
            path: "Tests/WeatherTestSupport"
        ),
        .testTarget(
            name: "WeatherKitTests",
            dependencies: ["WeatherKit", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "WeatherStoreTests",
            dependencies: ["WeatherStore", "WeatherKit", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "WeatherShellTests",
            dependencies: ["WeatherShell", "WeatherStore", "WeatherKit", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["WeatherTestSupport", "WeatherKit", "WeatherShell"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
