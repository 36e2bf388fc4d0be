import Foundation
import Testing
import WeatherTestSupport

/// `doctor` on state.plist and log.jsonl that every command warns about: entries of the wrong
/// type, lines that are no record. It said "✓ favorites file: … readable" and "✓ log: …
/// readable" while every command warned; now each is a ✗ naming what could not be read and
/// what to do. And a state.plist of a newer wx gets its advice.
@Suite(.tags(.endToEnd))
struct DoctorDamagedFilesEndToEndTests {
    /// A state.plist of version 1 with `favorites` (array entries) and `settings` as given.
    static func plist(favorites: String, settings: String = "<dict/>", version: Int = 1) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>version</key><integer>\(version)</integer>
        <key>favorites</key>\(favorites)
        <key>settings</key>\(settings)
        </dict></plist>
        """
    }

    static func favorite(_ name: String, latitude: String = "<real>52.52</real>") -> String {
        "<dict><key>name</key>\(name)<key>latitude</key>\(latitude)<key>longitude</key><real>13.41</real></dict>"
    }

    func doctor(_ home: TemporaryFolder) throws -> WXResult {
        try runWX(["--offline", "doctor"], home: home, environment: ["COLUMNS": "400"])
    }

    /// Favorites with a latitude that is text or out of range, a name that is a number, units
    /// that are a number: each named (its place among the favorites), with the fix; exit 1.
    @Test func entriesOfTheWrongTypeAreNamed() throws {
        let home = TemporaryFolder()
        let favorites =
            "<array>" + Self.favorite("<string>Berlin</string>")
            + Self.favorite("<string>Paris</string>", latitude: "<string>abc</string>")
            + Self.favorite("<string>Lyon</string>", latitude: "<real>152.517</real>")
            + Self.favorite("<integer>5</integer>") + "</array>"
        try Self.plist(favorites: favorites, settings: "<dict><key>units</key><integer>7</integer></dict>")
            .write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let warned = try runWX(["-c", "favs"], home: home)
        #expect(warned.stderr.contains("4 entries of state.plist could not be read"), "\(warned.stderr)")
        let run = try doctor(home)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "✗ favorites file: \(home.path)/state.plist: entries could not be read and are left out: favorite 2 “Paris”, favorite 3 “Lyon”, favorite 4, setting units\n  → correct them in state.plist with an editor, or remove them there (wx leaves them out until then)\n"
            ), "\(run.stdout)")
        #expect(!run.stdout.contains("All is well."))
    }

    /// `favorites` that is a dictionary, not a list: named as such.
    @Test func favoritesThatAreNoListAreNamed() throws {
        let home = TemporaryFolder()
        try Self.plist(favorites: "<dict><key>a</key><string>b</string></dict>")
            .write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let run = try doctor(home)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "✗ favorites file: \(home.path)/state.plist: an entry could not be read and is left out: favorites (not a list)\n  → correct it in state.plist"
            ), "\(run.stdout)")
    }

    /// A state.plist a newer wx wrote (version 9): the finding, then what to do — the newer wx,
    /// or `reset state`, which moves the file aside.
    @Test func aNewerFormatGetsAdvice() throws {
        let home = TemporaryFolder()
        try Self.plist(favorites: "<array>" + Self.favorite("<string>Berlin</string>") + "</array>", version: 9)
            .write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let run = try doctor(home)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "✗ favorites file: state.plist has format version 9, which wx 0.1.0 does not know; favorites and settings are read-only (a newer wx wrote it)\n  → use the wx that wrote it (a newer one), or “reset state” to start afresh here: the file is moved aside to state.plist.reset-<time>, not deleted\n"
            ), "\(run.stdout)")
    }

    /// log.jsonl with random bytes, a 200 KB line, an 8 KiB run of NUL bytes among its
    /// commands: `log` counts the unreadable lines, and doctor says how many, with the fix.
    @Test(arguments: ["random", "long", "nul"])
    func unreadableLogLinesAreCounted(damage: String) throws {
        let home = TemporaryFolder()
        var generator = SystemRandomNumberGenerator()
        let junk: Data =
            switch damage {
            case "random": Data((0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) })
            case "long": Data(String(repeating: "x", count: 200_000).utf8)
            default: Data(count: 8 << 10)
            }
        var log = Data(#"{"kind":"command","line":"show","n":1,"ts":"2026-02-06T21:40:00Z","v":1}"#.utf8 + [10])
        log += junk
        log += Data([10] + #"{"kind":"command","line":"favs","n":2,"ts":"2026-02-06T21:41:00Z","v":1}"#.utf8 + [10])
        try log.write(to: home.url.appendingPathComponent("log.jsonl"))
        let counted = try runWX(["-c", "log"], home: home)
        let unreadable = counted.stdout.split(separator: "\n").first { $0.contains("unreadable") }.map(String.init)
        #expect(unreadable != nil, "\(counted.stdout)")
        let run = try doctor(home)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let lines = counted.stdout.contains("1 unreadable") ? "1 line" : "lines"
        #expect(run.stdout.contains("✗ log: \(home.path)/log.jsonl: "), "\(run.stdout)")
        #expect(run.stdout.contains(" could not be read: commands skip "), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "  → “log compact” moves unreadable lines to a file of their own (“log” counts them)\n"),
            "\(run.stdout) \(lines)")
        #expect(!run.stdout.contains("✓ log:"), "\(run.stdout)")
    }
}
