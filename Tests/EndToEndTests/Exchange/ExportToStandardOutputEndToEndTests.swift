import Foundation
import Testing
import WeatherTestSupport

/// `export KIND /dev/stdout` with wx's output sent to a file by the shell: the file is written
/// where the output stands, after what the shell wrote before, as `cmd > /dev/stdout` writes —
/// never replaced through a temporary file (which lost what came before and sent what came
/// after to a deleted file). The records alone, as `export` without FILE writes them: no
/// "1 favorite exported…" line among them, which a later `import` of the file refused.
@Suite(.tags(.endToEnd)) struct ExportToStandardOutputEndToEndTests {
    static let csv =
        "name,latitude,longitude,display_name,country_code\r\nBerlin,52.517,13.3889,\"Berlin, Deutschland\",de\r\n"

    @Test(arguments: ["/dev/stdout", "/proc/self/fd/1"])
    func exportWritesWhereTheRedirectedOutputStands(target: String) throws {
        let (run, written) = try Self.outFile {
            #"{ echo HEADER; "$WX" -c "export favorites \#(target)"; echo "rc=$?"; echo FOOTER; } > "\#($0)""#
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            written == "HEADER\n" + Self.csv + "rc=0\nFOOTER\n",
            "\(written.debugDescription) \(run.stderr)")
    }

    /// Appended output (`>>`) and the file's own name: the same, at the end of what is there.
    @Test func exportToTheOutputFileByNameAppends() throws {
        let (run, written) = try Self.outFile {
            #"echo HEADER > "\#($0)"; "$WX" -c "export favorites \#($0)" >> "\#($0)"; echo FOOTER >> "\#($0)""#
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            written == "HEADER\n" + Self.csv + "FOOTER\n",
            "\(written.debugDescription)")
    }

    /// The shell's `script`, given the path of a file in a demo home with Berlin a favorite, run
    /// there: the run, and what the file holds after it.
    static func outFile(_ script: (String) -> String) throws -> (WXResult, String) {
        let (home, server) = try demoHomeWithBerlin()
        let out = home.path + "/out.txt"
        let run = try runDemoShell(script(out), home: home, server: server)
        return (run, try String(contentsOfFile: out, encoding: .utf8))
    }
}
