import Foundation
import Testing
import WeatherTestSupport

/// `\o /dev/stdout` with wx's output sent to a file by the shell: results go on after what the
/// shell wrote — the file is not opened again and truncated (which lost the lines before and
/// left NUL bytes where they had been).
@Suite(.tags(.endToEnd)) struct RecordingToStandardOutputEndToEndTests {
    @Test func recordingToStandardOutputKeepsWhatCameBefore() throws {
        let (home, server) = try demoHomeWithBerlin()
        let out = home.path + "/out.txt"
        let run = try runDemoShell(
            #"{ echo HEADER; printf '\\o /dev/stdout\nfavs\n' | "$WX"; echo "rc=$?"; echo FOOTER; } > "\#(out)""#,
            home: home, server: server)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(
            written
                == "HEADER\n  ★ Berlin                 Deutschland                     52.5170, 13.3889\nrc=0\nFOOTER\n",
            "\(written.debugDescription)")
    }
}
