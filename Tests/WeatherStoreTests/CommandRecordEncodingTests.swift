import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherStore

/// The command record written by hand (`CommandRecord.sortedJSON`) is byte for byte what
/// JSONEncoder wrote before (keys sorted, slashes not escaped), whatever the line holds.
@Suite(.tags(.unit)) struct CommandRecordEncodingTests {
    static func byEncoder(_ record: CommandRecord) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(record))
    }

    @Test(arguments: [
        "find Hamburg; show", "", "show \"New York\"", #"back\slash and / slash"#, "tab\there\nnewline\r\u{8}\u{C}",
        String(String.UnicodeScalarView((0..<0x80).map { Unicode.Scalar(UInt8($0)) })),
        "é 東京 😀 \u{2028}\u{2029} \u{7F} \u{FEFF}", String(repeating: "\u{1}\"", count: 300),
    ])
    func sameBytesAsJSONEncoder(_ line: String) throws {
        let record = CommandRecord(v: 1, ts: "2026-12-01T10:05:00Z", kind: "command", n: 9_999_999, line: line)
        #expect(record.sortedJSON == (try Self.byEncoder(record)))
        #expect(try EventLog.encoded(record) == (try Self.byEncoder(record)))
    }
}
