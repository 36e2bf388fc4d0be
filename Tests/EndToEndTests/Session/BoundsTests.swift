import Foundation
import Testing
import WeatherTestSupport

/// Issue 22, "bounded on any input": what wx keeps and shows is bounded by what it asked for,
/// not by what a service or a file sends.
@Suite(.tags(.endToEnd)) struct BoundsTests {
    /// An answer under the 8 MB cap with millions of entries in `hourly.time` is refused while
    /// it is parsed — one clear line, a bounded peak — and is not cached: `--offline` then has
    /// nothing saved. On the old code `show` took over a gigabyte and the answer was cached.
    @Test func anAnswerWithMillionsOfEntriesIsRefusedAndNotCached() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let entries = Array(repeating: "0", count: 1_500_000).joined(separator: ",")
        let body =
            #"{"latitude":52.52,"longitude":13.41,"utc_offset_seconds":0,"hourly":{"time":["#
            + entries + #"],"temperature_2m":[]}}"#
        #expect(body.utf8.count < 8 << 20)
        // Too long for the control request's command line: the server reads it from a file (an
        // absolute path is taken as it is).
        let bodyFile = home.path + "/huge-answer.json"
        try body.write(toFile: bodyFile, atomically: true, encoding: .utf8)
        try server.queue(.init(path: "/v1/forecast", file: bodyFile))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", TestPaths.wxBinary, "-c", "show 52.52,13.41"]
        var environment = server.environment
        environment["WX_HOME"] = home.path
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = errorText.split(separator: "\n")
        #expect(
            lines.first
                == "error: Open-Meteo sent an answer wx cannot read (more than 500,000 values, far more than any answer wx asks for); try again later"
        )
        let kilobytes = try #require(Int(lines.last ?? ""))
        #expect(kilobytes < 120_000, "peak RSS \(kilobytes) KB")
        let offline = try runWX(["--offline", "-c", "show 52.52,13.41"], home: home, server: server)
        #expect(offline.status == 1)
        #expect(offline.stderr.contains("offline, and nothing saved for "))
    }

    /// Item 10: the files wx reads at start are its own too. On the old code `export favorites`
    /// to wxrc replaced the start-up file with CSV, which then ran as commands at the next start.
    @Test func exportRefusesTheFilesReadAtStart() throws {
        let home = TemporaryFolder()
        for name in ["wxrc", ".editrc"] {
            let path = home.path + "/" + name
            try "units imperial\n".write(toFile: path, atomically: true, encoding: .utf8)
            let result = try runWX(["-c", "export favorites \(path)"], home: home)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "error: favorites not exported: \(path) is one of wx’s own files (\(path)); choose another file\n"
            )
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "units imperial\n")
        }
    }
}

/// Trial 16: the refusal held only for a start-up file already there. A new user has no wxrc:
/// `export favorites ~/.config/wx/wxrc` (or `\\o ~/.editrc`) made one, and the CSV rows ran as
/// commands at the next start (a favorite named "x;units imperial" changed the saved units).
@Suite(.tags(.endToEnd)) struct StartupFilesNotYetMadeTests {
    @Test func exportAndOutputRefuseAStartupFileThatIsNotThereYet() throws {
        let home = TemporaryFolder()
        for name in ["wxrc", ".editrc"] {
            let path = home.path + "/" + name
            let export = try runWX(["-c", "export favorites \(path)"], home: home)
            #expect(export.status == 1)
            #expect(
                export.stderr
                    == "error: favorites not exported: \(path) is one of wx’s own files (\(path)); choose another file\n"
            )
            let output = try runWX(stdin: "\\o \(home.path)/./\(name)\nfavs\n", home: home)
            #expect(
                output.stderr.contains(
                    "results not sent to \(home.path)/./\(name): it is one of wx’s own files (\(path)); choose another file"
                ), "\(output.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(name) was made")
        }
        // An ordinary new file beside them is still written.
        #expect(try runWX(["-c", "export favorites \(home.path)/wxrc.csv"], home: home).status == 0)
    }

    /// Without WX_HOME, the XDG start-up file, named through a link to its folder.
    @Test func theXDGStartupFileIsRefusedBeforeItExists() throws {
        let home = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: home.path + "/.config/wx", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: home.path + "/conf", withDestinationPath: home.path + "/.config/wx")
        let result = try runProgram(
            TestPaths.wxBinary, ["-c", "export favorites \(home.path)/conf/wxrc"],
            environment: [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "XDG_RUNTIME_DIR": home.path + "/run",
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is one of wx’s own files (\(home.path)/.config/wx/wxrc)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.config/wx/wxrc"))
    }
}

/// Item 9: ranges outside what a service keeps are refused before the request.
@Suite(.tags(.endToEnd)) struct ServiceRangeTests {
    /// A snapshot dated 1800 (a hand-edited log, a clock gone wrong): on the old code `saved
    /// verify` asked the archive for 225 years in one request and counted the days "to come".
    @Test func aSnapshotBeforeTheArchiveAsksNothingAndSaysWhy() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let saved = try runWX(["-c", "show Hamburg; save"], home: home, server: server, now: "2025-07-27T03:10:00Z")
        #expect(saved.status == 0)
        let logPath = home.path + "/log.jsonl"
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        try log.replacingOccurrences(of: "2025-", with: "1800-").write(
            toFile: logPath, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: logPath + ".index")
        let before = try server.requests().count
        let verify = try runWX(["-c", "saved verify"], home: home, server: server, now: "2025-08-01T12:00:00Z")
        #expect(
            verify.stdout == """
                Elbphilharmonie (53.5413, 9.9842): 1 snapshot, 0 forecast days checked, 0 to
                  come
                  what happened is not available before 1940-01-01, where Open-Meteo’s archive
                  starts

                """)
        #expect(try server.requests().count == before)
    }
}

/// Found by a new user's trial: `export` through a symbolic link to a log wx has not made yet
/// wrote CSV into wx's own log.jsonl, and an export onto a FIFO with no reader hung for good.
@Suite(.tags(.endToEnd)) struct ExportTargetTests {
    @Test func aLinkToAnOwnFileNotMadeYetIsRefused() throws {
        let home = TemporaryFolder()
        let other = TemporaryFolder()
        let link = other.path + "/lnk"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: home.path + "/log.jsonl")
        let result = try runWX(["-c", "export favorites \(link)"], home: home)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: favorites not exported: \(link) is one of wx’s own files (\(home.path)/log.jsonl); choose another file\n"
        )
        let log = (try? String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)) ?? ""
        #expect(!log.contains("name,latitude"))
    }

    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let home = TemporaryFolder()
        let fifo = home.path + "/out.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try runWX(["-c", "export favorites \(fifo)"], home: home, timeout: 20)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: favorites not exported: \(fifo) is a FIFO no program is reading; choose a file\n")
    }
}
