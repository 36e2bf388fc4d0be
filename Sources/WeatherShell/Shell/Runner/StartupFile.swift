import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The start-up file (`wxrc`, like psql's `.psqlrc`): its lines run as if typed at the
/// interactive prompt, quietly, outside the history — never for scripts, `-c` or one-shot
/// commands, whose output must be only what they ask for.
///
/// An error names the file and line ("…/wxrc:3: unknown command …") and the next line still
/// runs; errors there do not change the exit status. A missing file is nothing to run. Settings
/// made there are not confirmed (no `units metric: …` line at every start); `quit` there is an
/// error naming the line (it would end wx before its prompt).
@MainActor
struct StartupFile {
    /// Where the file is (`Configuration.startupFile`).
    let path: String

    /// Runs the file's lines on `runner`.
    ///
    /// - Returns: `.failed` when any line failed, else `.succeeded`.
    func run(on runner: ShellRunner) async -> LineStatus {
        guard FileIO.exists(path) else { return .succeeded }
        let statusBefore = runner.exitStatus
        runner.files.quietSettings = true
        defer {
            runner.files.quietSettings = false
            runner.exitStatus = statusBefore
        }
        return await CommandFile(path: path, what: "start-up file", quitEnds: false, unreadable: "warning").run(
            on: runner)
    }
}

/// A file of commands (the start-up file, `\i FILE`): each line run as if typed, outside the
/// history; an error names the file and line and the next line still runs.
@MainActor
struct CommandFile {
    let path: String
    /// The file's kind, for the warning when it cannot be read ("start-up file").
    let what: String
    /// Whether `quit` in the file ends wx (`\i`), or is an error naming its line.
    let quitEnds: Bool
    /// How a file that cannot be read is told: "error" for a file asked for (`\i`, `.read`),
    /// "warning" for the start-up file (wx starts without it).
    var unreadable = "error"

    /// Runs each line on `runner`, its errors prefixed with the file and line.
    ///
    /// - Returns: `.quit` when a line asked to leave, `.failed` when any line failed or the file
    ///   cannot be read, else `.succeeded`.
    func run(on runner: ShellRunner) async -> LineStatus {
        // A file run from a file's line names that line first, as every error there does
        // (trial 62: "error: file not run: cannot read /nonexistent" without “q.wx:2:”).
        let from = runner.errors.context ?? ""
        let data: Data
        do {
            data = try FileIO.contents(of: path, limit: 1 << 20)
        } catch {
            runner.putError("\(unreadable): \(from)\(what) not run: \(error.description)\n")
            return .failed
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            runner.putError("\(unreadable): \(from)\(what) not run: \(path) is not UTF-8 text\n")
            return .failed
        }
        let outerContext = runner.errors.context
        defer { runner.errors.context = outerContext }
        var status = LineStatus.succeeded
        // "\r\n" is one Character in Swift: split on either line end.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            if Task.isCancelled { break }
            runner.errors.context = "\(path):\(index + 1): "
            // Checked as a typed or piped line is (`LineSafety`): a control character was run
            // as part of a command ("unknown command “show”; did you mean “show”?", a new user).
            let line: String
            switch LineSafety.checked(String(rawLine)) {
            case .success(let checked): line = checked
            case .failure(let error):
                runner.report(error)
                status = .failed
                continue
            }
            let result = await runner.run(commandsOf: line, record: false, nested: false, quitEnds: quitEnds)
            // The file's failures before a `quit` count (`quitting`): its error is not undone.
            if result == .quit {
                return quitEnds ? runner.quitting(after: status == .succeeded ? status : .failed) : status
            }
            status = ShellRunner.worse(status, result)
        }
        return status == .succeeded ? .succeeded : .failed
    }
}
