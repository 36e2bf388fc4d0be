import Foundation
import Testing
import WeatherTestSupport

/// Every "warning: " wx prints takes its lead from `CommandResult.warningLead` (or
/// `.warning(_:)`): no source spells it again in a string, so the lead is changed in one place
/// (the pager's and the history's warnings, and two of the terminal's, spelled it).
@Suite(.tags(.unit)) struct WarningLeadTests {
    @Test func noSourceSpellsTheWarningLeadButCommandResult() throws {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        var spelled: [String] = []
        var read = 0
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            read += 1
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains("\"warning: ") else { continue }
                if file.hasSuffix("Routing/CommandResult.swift"), code.contains("static let warningLead") { continue }
                spelled.append("\(file):\(index + 1): \(code)")
            }
        }
        #expect(read > 100, "the sources were not read")
        #expect(spelled.isEmpty, "\(spelled.joined(separator: "\n"))")
    }
}
