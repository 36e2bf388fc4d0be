import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// `doctor`'s checks that ask no service (issue 40), and its text at 40 columns.
@Suite(.tags(.unit))
struct DoctorTests {
    /// A folder on a read-only file system (EROFS from access(2), stood in for here: mounting one
    /// needs privileges; DoctorReadOnlyEndToEndTests mounts one where it can) is said to be on
    /// one, with WX_HOME as the way out: chmod cannot help there. Permission (EACCES) keeps chmod.
    @Test func aReadOnlyFileSystemIsNamedAndChmodIsNotAdvised() throws {
        let home = TemporaryFolder()
        let readOnly = DoctorLocalChecks.folder("state folder", home.path) { _ in EROFS }
        #expect(readOnly.status == .problem)
        #expect(readOnly.finding == "\(home.path) is on a read-only file system: nothing can be saved there")
        #expect(readOnly.advice == "start wx with --home DIR (or set WX_HOME) to a folder on a writable file system")
        let toMake = DoctorLocalChecks.folder("cache folder", home.path + "/cache") { _ in EROFS }
        #expect(
            toMake.finding
                == "\(home.path)/cache does not exist and cannot be made: \(home.path) is on a read-only file system")
        #expect(toMake.advice == readOnly.advice)
        let denied = DoctorLocalChecks.folder("state folder", home.path) { _ in EACCES }
        #expect(denied.finding == "\(home.path) is not writable: nothing can be saved there")
        #expect(denied.advice?.hasPrefix("chmod u+rwx") == true)
        #expect(DoctorLocalChecks.folder("state folder", home.path).status == .ok)
    }

    /// A lock on `.wx.lock` held by another open file (as another process would hold it) is
    /// found without waiting; released, it is free.
    @Test func aLockHeldElsewhereIsFound() throws {
        let home = TemporaryFolder()
        let configuration = try Configuration(environment: ["WX_HOME": home.path, "HOME": home.path])
        let path = home.path + "/.wx.lock"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let holder = open(path, O_RDWR)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let held = DoctorLocalChecks.lock(configuration)
        #expect(held.status == .problem)
        #expect(held.finding == "another process holds \(path): saving waits for it")
        flock(holder, LOCK_UN)
        #expect(DoctorLocalChecks.lock(configuration).status == .ok)
    }

    /// Each line of wxrc as the runner would take it: commands, backslash words, `;` lists.
    @Test func startupLines() {
        #expect(DoctorLocalChecks.startupLineProblem("units metric; \\timing on") == nil)
        #expect(DoctorLocalChecks.startupLineProblem("") == nil)
        #expect(DoctorLocalChecks.startupLineProblem("help \\o") == nil)
        #expect(DoctorLocalChecks.startupLineProblem("shwo Berlin")?.hasPrefix("unknown command “shwo”") == true)
        #expect(DoctorLocalChecks.startupLineProblem("quit") == "“quit” would end wx before its prompt")
        #expect(DoctorLocalChecks.startupLineProblem("find \"Berlin") != nil)
        #expect(DoctorLocalChecks.startupLineProblem("\\d") != nil)
    }

    /// `~/.editrc`: wx's lines and unprefixed ones must start with a libedit command; other
    /// programs' lines are not wx's to judge.
    @Test func editrcLines() throws {
        let home = TemporaryFolder()
        let path = home.path + "/.editrc"
        try "# c\n\nbind -v\nwx:edit on\nsqlite3:anything\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(DoctorLocalChecks.editrc(path).status == .ok)
        try "bind -e\nwx:hist size 9\n".write(toFile: path, atomically: true, encoding: .utf8)
        let check = DoctorLocalChecks.editrc(path)
        #expect(check.status == .problem)
        #expect(check.finding == "\(path) line 2: “hist” is not a libedit command")
        #expect(DoctorLocalChecks.editrc(home.path + "/none").status == .ok)
    }

    /// At 40 columns every line fits, a long address broken before its `&`.
    @Test func fortyColumns() {
        let url = "http://127.0.0.1:40000/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m"
        let report = DoctorReport(checks: [
            DoctorCheck(
                .service, "Open-Meteo (provider)", .ok, "answered in 12 ms",
                request: DoctorRequest(url: url, httpStatus: 200, milliseconds: 12)),
            DoctorCheck(
                .state, "state folder", .problem,
                "/home/someone/.config/wx is not writable: nothing can be saved there",
                advice: "chmod u+rwx /home/someone/.config/wx, or start wx with --home DIR"),
        ])
        let context = RenderContext(units: .metric, now: Date(), colour: false, unicode: true, width: 40)
        let lines = TextRenderer.doctorLines(report, context: context)
        #expect(lines.allSatisfy { TextLayout.columns($0) <= 40 }, "\(lines)")
        #expect(
            Array(lines.prefix(6)) == [
                "✓ Open-Meteo (provider): answered in",
                "  12 ms",
                "  asked",
                "    http://127.0.0.1:40000/v1/forecast",
                "    ?latitude=52.52&longitude=13.41",
                "    &current=temperature_2m",
            ])
        #expect(lines.last == "1 thing is off: state folder.")
        #expect(lines.joined().replacingOccurrences(of: " ", with: "").contains(url))
    }

    /// The last line says what is off in words; only when `doctor` is the whole run (`wx
    /// doctor`) does it name the exit status, which at a prompt means nothing.
    @Test func theSummaryNamesWhatIsOffAndTheStatusOnlyForAWholeRun() {
        let checks = [
            DoctorCheck(.state, "state folder", .problem, "not writable"),
            DoctorCheck(.service, "Nominatim (geocoder)", .problem, "cannot reach it"),
            DoctorCheck(.state, "lock", .ok, "free"),
        ]
        let context = RenderContext(units: .metric, now: Date(), colour: false, unicode: true, width: 80)
        let atPrompt = TextRenderer.doctorLines(DoctorReport(checks: checks), context: context)
        #expect(atPrompt.last == "2 things are off: state folder, Nominatim (geocoder).")
        #expect(!atPrompt.joined(separator: "\n").contains("exit status"))
        let wholeRun = TextRenderer.doctorLines(DoctorReport(checks: checks, endsRun: true), context: context)
        #expect(wholeRun.last == "2 things are off: state folder, Nominatim (geocoder); exit status 1.")
        let well = TextRenderer.doctorLines(DoctorReport(checks: [checks[2]], endsRun: true), context: context)
        #expect(well.last == "All is well.")
    }
}
