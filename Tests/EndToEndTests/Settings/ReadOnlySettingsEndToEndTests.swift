import Foundation
import Testing
import WeatherTestSupport

/// A setting changed while state.plist cannot be written until `reset state` (it does not parse,
/// or a newer wx wrote it): the change holds for the session, and the line said at the change
/// promised "the next change that can be saved saves it too" — which none could — so that only
/// the line at exit told the truth. It is now said at the change, in one line: for this session
/// only, not saved, why, and what to do (as `fav` refuses with its reason and `reset state`);
/// the line at exit stays.
@Suite(.tags(.endToEnd))
struct ReadOnlySettingsEndToEndTests {
    static let now = "2026-03-07T03:00:00Z"
    static let imperial = "units imperial: °F, mph, in, inHg, mi, 12h clock"

    /// A state.plist a newer wx wrote (format version 99), as `ReadOnlyFavoritesEndToEndTests` has it.
    static let newer = ReadOnlyFavoritesEndToEndTests.newer

    /// `wx -c LINE` in `home`, standard output and standard error in one transcript, in the
    /// order wx wrote them.
    func transcript(_ line: String, home: TemporaryFolder) throws -> WXResult {
        try runProgram(
            "/bin/sh", ["-c", "exec \"$0\" -c \"$1\" 2>&1", TestPaths.wxBinary, line],
            environment: [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path,
                "XDG_RUNTIME_DIR": home.path + "/run", "WX_NOW": Self.now, "WX_TIMEOUT": "5",
            ])
    }

    @Test(arguments: ["damaged", "newer"])
    func aSettingChangedWhileReadOnlySaysSoAtTheChange(state: String) throws {
        let home = TemporaryFolder()
        let path = home.path + "/state.plist"
        let bytes = state == "damaged" ? "<?xml version=\"1.0\"?><plist><dict><key>version" : Self.newer
        try bytes.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try transcript("units imperial; units", home: home)
        #expect(run.status == 1, "\(run.stdout)")
        let why: String
        let exitWhy: String
        if state == "damaged" {
            let copies = try FileManager.default.contentsOfDirectory(atPath: home.path)
                .filter { $0.hasPrefix("state.plist.corrupt-") }
            #expect(copies.count == 1, "\(copies)")
            why =
                "state.plist could not be read, so settings are read-only; “reset state” starts afresh (the old file stays at \(home.path)/\(copies.first ?? ""))"
            exitWhy = "state.plist could not be read (see above)"
        } else {
            why =
                "state.plist has format version 99, which this wx does not know, so settings are read-only; a newer wx can change them, or “reset state” starts afresh (the old file is moved aside, not deleted)"
            exitWhy = "state.plist has format version 99, which this wx does not know (see above)"
        }
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // The warning at start, then the change's line at once (before `units` shows the units
        // held for the session), then the line at exit.
        #expect(lines.count == 4, "\(run.stdout)")
        #expect(lines.first?.hasPrefix("warning: state.plist ") == true, "\(run.stdout)")
        #expect(
            Array(lines.dropFirst()) == [
                "error: \(Self.imperial), not saved: \(why); a “reset state” in this session saves it in the fresh file, else it holds for this session only",
                Self.imperial,
                "warning: the change kept in memory (units) was not saved to state.plist and is lost as wx ends: \(exitWhy)",
            ], "\(run.stdout)")
        // Nothing written over the file wx cannot use.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == bytes)
    }

    /// What the change's line says of `reset state` holds: the reset saves the setting held
    /// for the session in the fresh state.plist (f1's first wording told the person to set it
    /// again after the reset, which f3's reset made needless).
    @Test(arguments: ["damaged", "newer"])
    func aResetInTheSessionSavesTheSettingHeld(state: String) throws {
        let home = TemporaryFolder()
        let bytes = state == "damaged" ? "<?xml version=\"1.0\"?><plist><dict><key>version" : Self.newer
        try bytes.write(toFile: home.path + "/state.plist", atomically: true, encoding: .utf8)
        let run = try transcript("units imperial; reset state", home: home)
        #expect(run.stdout.contains("starts afresh: units imperial, held in memory, saved in it"), "\(run.stdout)")
        #expect(!run.stdout.contains("is lost as wx ends"), "\(run.stdout)")
        let later = try transcript("units", home: home)
        #expect(later.status == 0, "\(later.stdout)")
        #expect(later.stdout == Self.imperial + "\n", "\(later.stdout)")
    }
}
