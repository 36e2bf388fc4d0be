import Foundation
import Testing
import WeatherTestSupport

/// The arrows inside `WeatherShell` point one way (language → features → views; handlers call
/// no renderer): `scripts/layer-arrows.py` counts those that do not, and the suite fails on one.
@Suite(.tags(.unit)) struct LayerArrowsTests {
    static let script = TestPaths.packageRoot.appendingPathComponent("scripts/layer-arrows.py").path

    static func run(_ arguments: [String]) throws -> WXResult {
        try runProgram("/usr/bin/python3", [script] + arguments, environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test func noReferencePointsTheWrongWay() throws {
        let run = try Self.run([])
        #expect(run.stdout.hasSuffix("wrong-way references: 0\n"), "\(run.stdout)")
        #expect(run.status == 0)
    }

    /// The count is not 0 by blindness: a handler that words with `ValueFormatter` (as the
    /// decisions handler did) and a language file that reads the app are each counted.
    @Test func aWrongWayReferenceIsCounted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layer-arrows-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Views/Formatting.swift": "struct ValueFormatter {}\n",
            "Shell/Invocation.swift": "struct Invocation {}\n",
            "Features/Decisions/DecisionHandler.swift":
                "struct DecisionHandler {\n    // ValueFormatter in a comment is no reference.\n    let f = ValueFormatter()\n}\n",
            "Language/Parser.swift": "struct Parser { let i: Invocation }\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let run = try Self.run(["--root", root.path])
        #expect(
            run.stdout == """
                Features/Decisions/DecisionHandler.swift -> ValueFormatter (a renderer)
                Language/Parser.swift -> Invocation (Shell)
                wrong-way references: 2

                """)
        #expect(run.status == 1)
    }
}
