import Foundation
import Testing
import WeatherTestSupport

/// wx reads back what it wrote (nu61, fault 1): an export of a long history, larger than the
/// 16 MB that `import` read before (400,000 commands exported as 18.6 MB were refused with
/// "larger than 16 MB" and no next step), imports into a new home whole, which then exports
/// the same bytes.
@Suite(.tags(.endToEnd))
struct LargeHistoryImportEndToEndTests {
    /// The cap `import` had for every kind: 16 MB.
    static let oldCapBytes = 16 << 20

    @Test func anExportOfAHistoryLargerThanTheOldCapImportsBackWhole() throws {
        let old = TemporaryFolder()
        // 4,400 commands of ~4,000 characters: an export of ~17.6 MB in few rows (the rows'
        // count, not their length, is what makes an import slow in a debug build).
        let words = String(repeating: "show Hamburg ", count: 307)
        var log = ""
        log.reserveCapacity(4_400 * 4_100)
        for number in 1...4_400 {
            log += #"{"kind":"command","line":"\#(words)\#(number)","n":\#(number),"ts":"2026-02-06T21:40:00Z","v":1}"#
            log += "\n"
        }
        try log.write(toFile: old.path + "/log.jsonl", atomically: true, encoding: .utf8)
        let file = old.path + "/history.csv"
        let export = try runWX(["-c", "export history \(file)"], home: old, timeout: 120)
        #expect(export.status == 0, "\(export.stderr)")
        let exported = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(exported.count > Self.oldCapBytes)

        let new = TemporaryFolder()
        let imported = try runWX(["-c", "import history \(file)"], home: new, timeout: 120)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr == "")
        #expect(imported.stdout == "4400 commands imported from \(file), numbers 1–4400 kept\n")

        let again = new.path + "/again.csv"
        let second = try runWX(["-c", "export history \(again)"], home: new, timeout: 120)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == exported)
    }

    /// A file over the cap that remains is refused with what to do, not only why.
    @Test func aFileOverTheCapSaysWhatToDo() throws {
        let new = TemporaryFolder()
        let file = new.path + "/huge.csv"
        // Sparse: 65 MB long, no bytes written.
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let result = try runWX(["-c", "import history \(file)"], home: new)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: cannot read \(file): larger than 64 MB; split it at line ends into files under 64 MB, each with the header line, and import each (an import adds only what the log does not hold yet)\n"
        )
    }
}
