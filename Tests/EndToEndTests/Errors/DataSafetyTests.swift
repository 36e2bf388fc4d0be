import Foundation
import Testing
import WeatherTestSupport

/// Issue 11 through the real binary: what a user sees when wx's own files are hurt — an
/// unreadable or non-regular state.plist, a FIFO for the log, a newer wx's file, an export aimed
/// at wx's own files, numbers at the end of their range, deep nesting, keys wx does not know,
/// and temporary files a killed writer left.
@Suite(.tags(.endToEnd)) struct DataSafetyTests {
    let home = TemporaryFolder()
    let now = "2026-02-06T21:40:00Z"

    /// `commands` as one line of a script, which goes into the history as these tests need
    /// (`wx -c` lines do not).
    func wx(_ commands: String, json: Bool = false) throws -> WXResult {
        try runWX(json ? ["--json"] : [], stdin: commands + "\n", home: home, now: now, timeout: 20)
    }

    var statePath: String { home.path + "/state.plist" }
    var logPath: String { home.path + "/log.jsonl" }

    /// A folder in place of state.plist: never "no favorites yet", never replaced; commands that
    /// need only the defaults still run; writes refuse with how to repair it.
    @Test func aStateFileThatCannotBeReadIsNeverEmptyNorReplaced() throws {
        try FileManager.default.createDirectory(atPath: statePath, withIntermediateDirectories: false)
        let problem =
            "cannot read \(statePath): it is a folder, not a file; move it aside (“reset state” does); favorites and settings are read-only until then"
        let favs = try wx("favs")
        #expect(favs.status == 1)
        #expect(favs.stdout == "")
        // `favs` says what it could not do before why (nu59: the bare problem read as a warning).
        #expect(favs.stderr.contains("error: favorites not read: " + problem))
        let units = try wx("units")
        #expect(units.status == 0)
        #expect(units.stdout.hasPrefix("units metric"))
        #expect(units.stderr == "warning: " + problem + "\n")
        let change = try wx("units imperial")
        #expect(change.status == 1)
        #expect(change.stdout == "")
        // Said in full once (the warning), then short (trial 9: the same text twice).
        #expect(
            change.stderr == "warning: " + problem + "\n"
                + "error: units imperial: °F, mph, in, inHg, mi, 12h clock, not saved to disk yet (the next change that can be saved saves it too, else it is lost when wx ends): \(statePath) cannot be read (see above)\n"
                // As wx ends, that it was never saved (nu59), the problem short again.
                + "warning: the change kept in memory (units) was not saved to state.plist and is lost as wx ends: \(statePath) cannot be read (see above)\n"
        )
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: statePath, isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// A FIFO in place of state.plist or log.jsonl is found without blocking: a clear error, at once.
    @Test(.hangLimit) func aFIFOInPlaceOfAFileIsAnErrorNotAHang() throws {
        #expect(mkfifo(statePath, 0o600) == 0)
        let favs = try wx("favs")
        #expect(favs.status == 1)
        #expect(favs.stderr.contains("cannot read \(statePath): it is a FIFO, not a regular file"))
        #expect(favs.seconds < 10)
        unlink(statePath)
        unlink(logPath)
        #expect(mkfifo(logPath, 0o600) == 0)
        let history = try wx("history")
        #expect(history.status == 1)
        #expect(history.stdout == "")
        #expect(history.stderr.contains("error: cannot read \(logPath): it is a FIFO, not a regular file"))
        #expect(history.stderr.contains("cannot write \(logPath): it is a FIFO, not a regular file"))
        #expect(history.seconds < 10)
    }

    /// `reset state` of a newer wx's file keeps it, byte for byte, and says where.
    @Test func resetStateCopiesANewerFileAside() throws {
        let newer = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>version</key><integer>3</integer><key>favorites</key><array/></dict></plist>

            """.utf8)
        try newer.write(to: URL(fileURLWithPath: statePath))
        let reset = try wx("reset state")
        #expect(reset.status == 0)
        let aside = home.path + "/state.plist.reset-20260206T214000Z"
        #expect(
            reset.stderr.contains(
                "state.plist starts afresh: no favorites, default settings; the old file is at \(aside)"))
        #expect(FileManager.default.contents(atPath: aside) == newer)
        // The new file is readable: nothing to reset (a failure, exit 1: the command was typed
        // right), and the copy stays.
        #expect(try wx("reset state").status == 1)
        #expect(FileManager.default.contents(atPath: aside) == newer)
    }

    /// `export` never writes over wx's own files, however the path names them.
    @Test func exportRefusesWxsOwnFiles() throws {
        #expect(try wx("units imperial; history").status == 0)
        let state = try #require(FileManager.default.contents(atPath: statePath))
        let log = try #require(FileManager.default.contents(atPath: logPath))
        let other = TemporaryFolder()
        let link = other.path + "/link.jsonl"
        let hard = other.path + "/hard.plist"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: logPath)
        #expect(Glibc.link(statePath, hard) == 0)
        for (target, own) in [
            (logPath, logPath), (link, logPath), (hard, statePath), (home.path + "/./state.plist", statePath),
            (home.path + "/.wx.lock", home.path + "/.wx.lock"),
        ] {
            let result = try wx("export favorites --format csv \(target)")
            #expect(result.status == 1, "\(target)")
            #expect(
                result.stderr.contains(
                    "favorites not exported: \(target) is one of wx’s own files (\(own)); choose another file"),
                "\(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: statePath) == state)
        #expect(FileManager.default.contents(atPath: logPath)?.starts(with: log) == true)
        // An ordinary file is still written.
        #expect(try wx("export favorites --format csv \(other.path)/f.csv").status == 0)
    }

    /// Numbers at the end of the range on disk never crash a command, and none is given past it.
    @Test func hugeNumbersOnDiskDoNotCrash() throws {
        let records = [
            #"{"kind":"command","line":"a","n":9223372036854775807,"ts":"2026-02-06T21:40:00Z","v":1}"#,
            #"{"data_time":"2026-02-06T21:30:00Z","id":9223372036854775807,"kind":"snapshot","place":{"latitude":1,"longitude":1,"name":"X"},"ts":"2026-02-06T21:40:00Z","utc_offset_seconds":9223372036854775807,"v":1}"#,
            #"{"data_time":"2026-02-06T21:30:00Z","id":3,"kind":"snapshot","place":{"latitude":1,"longitude":1,"name":"Y"},"ts":"2026-02-06T21:40:00Z","utc_offset_seconds":4503599627370496,"v":1}"#,
            #"{"kind":"snapshot.deleted","id":9223372036854775807,"ts":"2026-02-06T21:40:00Z","v":1}"#,
        ]
        try Data((records.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: logPath))
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>version</key><integer>9223372036854775807</integer><key>favorites</key><array><dict><key>name</key><string>A</string><key>latitude</key><integer>9223372036854775807</integer><key>longitude</key><real>1e308</real></dict></array></dict></plist>
            """.utf8
        ).write(to: URL(fileURLWithPath: statePath))
        for command in ["favs", "about", "saved", "history", "log", "log compact", "reset state", "save", "fav"] {
            let result = try wx(command)
            #expect(result.status == 0 || result.status == 1, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.hasPrefix("error:") || result.stderr.hasPrefix("warning:") || result.status == 0)
        }
        // The history goes on: the unreadable records are skipped, the next command is number 1+.
        #expect(try wx("history").stdout.contains("history"))
        // A record at 2^53 − 1 is the last number there is: nothing past it is written.
        try Data(
            (#"{"kind":"command","line":"b","n":9007199254740991,"ts":"2026-02-06T21:40:00Z","v":1}"# + "\n").utf8
        ).write(to: URL(fileURLWithPath: logPath))
        let full = try wx("about")
        #expect(
            full.stderr.contains(
                "log.jsonl holds the largest n wx gives (9007199254740991); nothing written; move the file aside to start numbering afresh"
            ))
        #expect(home.text("log.jsonl").split(separator: "\n").count == 1)
    }

    /// 10,000 levels of nesting in state.plist (150 KB) or in a log line: an error, no crash.
    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep =
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>version</key><integer>2</integer><key>x</key>"#
            + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
            + "</dict></plist>\n"
        try Data(deep.utf8).write(to: URL(fileURLWithPath: statePath))
        for command in ["favs", "units"] {
            let result = try wx(command)
            #expect(result.status == 0 || result.status == 1, "\(command): \(result.status)")
            #expect(result.stderr.contains("state.plist could not be read (a copy is at "), "\(command)")
        }
        let reset = try wx("reset state")
        #expect(reset.status == 0)
        let line =
            #"{"kind":"command","n":1,"line":"#
            + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            + #","ts":"2026-02-06T21:40:00Z","v":1}"# + "\n"
        try Data(line.utf8).write(to: URL(fileURLWithPath: logPath))
        let history = try wx("history; log")
        #expect(history.status == 0)
        #expect(history.stdout.contains("1 unreadable line"))
    }

    /// Keys a newer wx (or the user) wrote survive this wx's rewrite, with their types.
    @Test func unknownKeysAreKeptOnRewrite() throws {
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>favorites</key><array><dict><key>displayName</key><string>Hamburg, Germany</string>
            <key>latitude</key><real>53.55</real><key>longitude</key><real>9.99</real><key>name</key><string>Hamburg</string>
            <key>pinned</key><true/></dict></array>
            <key>settings</key><dict><key>theme</key><string>dark</string><key>when</key><date>2026-01-01T00:00:00Z</date></dict>
            <key>version</key><integer>2</integer>
            <key>newer</key><dict><key>list</key><array><integer>1</integer><real>1.5</real><data>AAEC</data></array></dict>
            </dict></plist>
            """.utf8
        ).write(to: URL(fileURLWithPath: statePath))
        #expect(try wx("units imperial").status == 0)
        let data = try #require(FileManager.default.contents(atPath: statePath))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let favorite = try #require((plist["favorites"] as? [[String: Any]])?.first)
        #expect(favorite["pinned"] as? Bool == true)
        let settings = try #require(plist["settings"] as? [String: Any])
        #expect(settings["theme"] as? String == "dark")
        #expect(settings["when"] as? Date == Date(timeIntervalSince1970: 1_767_225_600))
        let list = try #require((plist["newer"] as? [String: Any])?["list"] as? [Any])
        #expect(list.count == 3)
        #expect(list[0] as? Int == 1)
        #expect(list[1] as? Double == 1.5)
        #expect(list[2] as? Data == Data([0, 1, 2]))
        #expect((settings["units"] as? [String: Any])?["preset"] as? String == "imperial")
    }

    /// Temporary files a killed writer left are removed at the next write — only stale ones of
    /// wx's own pattern.
    @Test func staleTemporaryFilesAreRemoved() throws {
        #expect(try wx("units metric").status == 0)
        let dead = "state.plist.tmp-\(Int32.max - 1)-12"  // no process has this pid
        let old = "log.jsonl.tmp-1-34"  // pid 1 lives, but the file is an hour old
        let fresh = "state.plist.tmp-1-56"  // pid 1 lives: perhaps a writer right now
        let other = "state.plist.tmp-notours"
        for name in [dead, old, fresh, other] {
            #expect(FileManager.default.createFile(atPath: home.path + "/" + name, contents: Data("x".utf8)))
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3_600)], ofItemAtPath: home.path + "/" + old)
        #expect(try wx("units imperial").status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: home.path)
        #expect(!left.contains(dead))
        #expect(!left.contains(old))
        #expect(left.contains(fresh))
        #expect(left.contains(other))
    }
}
