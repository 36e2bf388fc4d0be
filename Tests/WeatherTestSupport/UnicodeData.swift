import Foundation

/// What scripts/unicode-width.py reads from Unicode's data files (EastAsianWidth.txt and
/// emoji-data.txt in scripts/unicode/): the expected widths of the width tests, computed apart
/// from the table wx is built with.
package enum UnicodeData {
    /// The code points a terminal gives two columns, as ranges (empty when python3 cannot run).
    package static let wideRanges: [ClosedRange<UInt32>] = {
        let run = try? runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/scripts/unicode-width.py", "--ranges"],
            environment: ["PATH": "/usr/bin:/bin"])
        return (run?.stdout ?? "").split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ").compactMap { UInt32($0, radix: 16) }
            return parts.count == 2 ? parts[0]...parts[1] : nil
        }
    }()

    /// The columns of `text` by the data files, for text without marks or joiners.
    package static func columns(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            sum + (wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1)
        }
    }
}
