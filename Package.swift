// swift-tools-version: 6.0
//
// wx — an interactive weather shell.
//
// Layers, one direction only (see README.md, "How it is built"):
//   wx (terminal: libedit) → WeatherShell (parser, view model, stores, renderers)
//     → WeatherKit (models, providers, cache, transport) → CCurl (libcurl)
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
        .target(
            name: "WeatherShell",
            dependencies: ["WeatherKit"]
        ),
        .executableTarget(
            name: "wx",
            dependencies: ["WeatherShell", "CEditLine"]
        ),
        // Writes the manual page wx.1 from the command tables for `make docs` (not installed).
        .executableTarget(
            name: "wx-docs",
            dependencies: ["WeatherShell", "WeatherKit"]
        ),
        // In-process timings for `make bench` (not installed).
        .executableTarget(
            name: "wx-bench",
            dependencies: ["WeatherShell", "WeatherKit"]
        ),
        .target(
            name: "WeatherTestSupport",
            dependencies: ["WeatherKit", "WeatherShell"],
            path: "Tests/WeatherTestSupport"
        ),
        .testTarget(
            name: "WeatherKitTests",
            dependencies: ["WeatherKit", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "WeatherShellTests",
            dependencies: ["WeatherShell", "WeatherKit", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "DocsTests",
            dependencies: ["wx-docs", "WeatherShell", "WeatherTestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["WeatherTestSupport", "WeatherKit", "WeatherShell"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
