import Foundation
import Testing
import WeatherTestSupport

/// `make test-fast` skips by name the suites tagged `.terminal` and `.stress` (this toolchain's
/// `swift test` cannot filter by tag): the Makefile's pattern and the tags in the sources must
/// name the same suites, and every suite must carry one of the four tags.
@Suite(.tags(.unit)) struct TestTagTests {
    /// Each test file's suites: (name, tag), from `@Suite(… .tags(.x) …) struct Name`.
    static func suites() throws -> [(file: String, name: String, tag: String?)] {
        let root = TestPaths.packageRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        var suites: [(String, String, String?)] = []
        let pattern = try NSRegularExpression(
            pattern:
                #"(?m)^(?:@MainActor )?@Suite(\((?:[^()]|\([^()]*(?:\([^()]*\))?[^()]*\))*\))?\s+(?:final class|struct|class) (\w+)"#
        )
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("WeatherTestSupport") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                let attribute = Range(match.range(at: 1), in: text).map { String(text[$0]) } ?? ""
                let name = String(text[Range(match.range(at: 2), in: text)!])
                let tag = ["unit", "endToEnd", "terminal", "stress"].first { attribute.contains(".tags(.\($0))") }
                suites.append((file, name, tag))
            }
        }
        return suites
    }

    @Test func everySuiteIsTaggedAndTheFastTargetSkipsExactlyTheSlowTags() throws {
        let makefile = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("FAST_SKIP := ") })
        let skip = try NSRegularExpression(pattern: String(line.dropFirst("FAST_SKIP := ".count)))
        let suites = try Self.suites()
        #expect(suites.count > 150, "the suites were not read")
        for suite in suites {
            #expect(
                suite.tag != nil, "\(suite.file): \(suite.name) has none of the tags unit, endToEnd, terminal, stress")
            let skipped =
                skip.firstMatch(in: suite.name, range: NSRange(suite.name.startIndex..., in: suite.name)) != nil
            let slow = suite.tag == "terminal" || suite.tag == "stress"
            #expect(
                skipped == slow,
                "\(suite.file): \(suite.name) is tagged \(suite.tag ?? "nothing") but make test-fast \(skipped ? "skips" : "runs") it"
            )
        }
    }
}
