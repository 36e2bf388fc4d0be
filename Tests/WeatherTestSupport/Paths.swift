import Foundation

/// Where the package, its fixtures and the built `wx` are, for tests.
package enum TestPaths {
    /// The package root (the folder with Package.swift).
    package static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Fixtures/`.
    package static var fixtures: URL { packageRoot.appendingPathComponent("Fixtures") }

    /// The bytes of a fixture, e.g. `fixture("nominatim/search-no-results-empty-array.json")`.
    package static func fixture(_ name: String) -> Data {
        guard let data = FileManager.default.contents(atPath: fixtures.appendingPathComponent(name).path) else {
            fatalError("missing fixture \(name)")
        }
        return data
    }

    /// The `wx` built next to the test bundle (`swift build --build-tests` builds it), or
    /// `WX_BINARY` when set.
    package static var wxBinary: String {
        if let path = ProcessInfo.processInfo.environment["WX_BINARY"], !path.isEmpty { return path }
        let bundle = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0])
        let beside = bundle.deletingLastPathComponent().appendingPathComponent("wx").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/wx").path
    }
}

/// A temporary folder removed when the value is released.
package final class TemporaryFolder: @unchecked Sendable {
    // @unchecked: `url` is immutable after init; deinit only removes the folder.
    package let url: URL
    package var path: String { url.path }

    package init(prefix: String = "wx-test") {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        url = URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The contents of a file inside, as UTF-8 text (empty when missing).
    package func text(_ name: String) -> String {
        (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
}
