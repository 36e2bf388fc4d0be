import Foundation
import Testing
import WeatherTestSupport

/// Issue 38, items 5, 6 and 7: `\o` to a named pipe nobody reads, an API key typed where a
/// place belongs, and core dumps while a key is held.
@Suite(.tags(.endToEnd)) struct KeyAndOutputSafetyTests {
    static let key = "3f2a9c1b7d4e8f6a0b1c2d3e4f5a6b7c"

    /// Every file under `folder`, read whole (the cache, the log, the state).
    func everything(under folder: String) -> String {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return "" }
        var text = ""
        for case let path as String in walker {
            if let data = FileManager.default.contents(atPath: folder + "/" + path) {
                text += String(decoding: data, as: UTF8.self)
            }
        }
        return text
    }

    /// `find KEY`, `find appid=KEY`, `show …&appid=KEY`: one line that does not print it back,
    /// no request to any geocoder, nothing of it in the cache, the log or the history.
    @Test(arguments: [
        "find \(key)", "find appid=\(key)", "show London&appid=\(key)", "find \(key.uppercased())",
        "hourly api_key=abc123",
    ])
    func anAPIKeyTypedAsAPlaceGoesNowhere(_ line: String) throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        // A script: its lines go into the history.
        let run = try runWX([], stdin: "\(line)\nunits\n", home: home, server: server)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr
                == "error: that looks like an API key, not a place: it was not looked up, sent or kept; an OpenWeatherMap key goes in OPENWEATHERMAP_API_KEY\n"
        )
        // The prompt came back: the next line ran.
        #expect(run.stdout.contains("units"))
        let requests = try server.requests()
        #expect(requests.isEmpty, "\(requests.map(\.raw_query))")
        let kept = everything(under: home.path)
        #expect(!kept.lowercased().contains(Self.key))
        #expect(!kept.contains("abc123"))
    }

    /// A place that merely has hex digits in it is still a place.
    @Test func aPlaceWithDigitsIsStillLookedUp() throws {
        let server = try FixtureServer()
        let run = try runWX(["-c", "find 10 Downing Street"], home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try server.requests().contains { $0.path == "/search" })
    }

    /// `\o` to a FIFO nobody reads: the open waited forever (Ctrl-C did nothing). Now refused at
    /// once, as `\i` refuses one, and the next line runs.
    @Test func outputToAFIFOWithNoReaderIsRefusedAtOnce() throws {
        let home = TemporaryFolder()
        let fifo = home.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try runWX([], stdin: "\\o \(fifo)\nunits\n", home: home, timeout: 15)
        #expect(run.status == 1, "\(run.status) \(run.stderr)")
        #expect(run.seconds < 5)
        #expect(
            run.stderr
                == "error: results not sent to \(fifo): it is a named pipe (FIFO) that nobody is reading; choose a file\n"
        )
        #expect(run.stdout.contains("units"))
    }

    /// With an OpenWeatherMap key in the environment, wx sets its core size to 0 and makes itself
    /// not dumpable at start: a crash (here SIGSEGV, with the parent's limit unlimited and
    /// core_pattern writing `core` into the working folder) writes nothing to disk.
    @Test func noCoreDumpWhileAKeyIsHeld() throws {
        let folder = TemporaryFolder()
        // wx reads its script from a FIFO the shell holds open (fd 3) until wx is killed, so
        // that no process outlives the script. SWIFT_BACKTRACE=enable=no: the Swift runtime's
        // crash handler would catch the SIGSEGV (and here never ended) instead of the kernel.
        let script = """
            ulimit -c unlimited 2>/dev/null || ulimit -c 1000000
            cd "\(folder.path)"
            mkfifo input
            SWIFT_BACKTRACE=enable=no OPENWEATHERMAP_API_KEY=\(Self.key) WX_HOME="\(folder.path)/home" "\(TestPaths.wxBinary)" < input > /dev/null 2>&1 &
            pid=$!
            exec 3> input
            for i in $(seq 100); do
              [ "$(readlink /proc/$pid/exe)" = "$(readlink -f "\(TestPaths.wxBinary)")" ] && break; sleep 0.05
            done
            sleep 0.5
            grep "Max core file size" /proc/$pid/limits
            kill -SEGV $pid; wait $pid; echo "status $?"
            exec 3>&-
            ls "\(folder.path)"
            """
        let run = try runProgram("/bin/sh", ["-c", script], environment: ["PATH": "/usr/bin:/bin"], timeout: 30)
        let limits = run.stdout.split(separator: "\n").first { $0.hasPrefix("Max core file size") } ?? ""
        let fields = limits.split(separator: " ", omittingEmptySubsequences: true)
        #expect(fields.count >= 6 && fields[4] == "0" && fields[5] == "0", "\(limits)")
        #expect(run.stdout.contains("status 139"), "\(run.stdout)")
        #expect(!run.stdout.split(separator: "\n").contains { $0.hasPrefix("core") }, "\(run.stdout)")
    }
}
