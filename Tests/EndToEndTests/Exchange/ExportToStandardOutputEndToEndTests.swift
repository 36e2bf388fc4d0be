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
        let (home, server) = try demoHomeWithBerlin()
        let out = home.path + "/out.txt"
        let run = try runDemoShell(
            #"{ echo HEADER; "$WX" -c "export favorites \#(target)"; echo "rc=$?"; echo FOOTER; } > "\#(out)""#,
            home: home, server: server)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(
            written == "HEADER\n" + Self.csv + "rc=0\nFOOTER\n",
            "\(written.debugDescription) \(run.stderr)")
    }

    /// Appended output (`>>`) and the file's own name: the same, at the end of what is there.
    @Test func exportToTheOutputFileByNameAppends() throws {
        let (home, server) = try demoHomeWithBerlin()
        let out = home.path + "/out.txt"
        let run = try runDemoShell(
            #"echo HEADER > "\#(out)"; "$WX" -c "export favorites \#(out)" >> "\#(out)"; echo FOOTER >> "\#(out)""#,
            home: home, server: server)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(
            written == "HEADER\n" + Self.csv + "FOOTER\n",
            "\(written.debugDescription)")
    }
}
