import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// The start-up file (`wxrc`): its lines run as if typed, quietly, outside the history.
extension ShellRunner {
    /// Runs the start-up file (`wxrc`, like psql's `.psqlrc`) at the interactive prompt — never
    /// for scripts, `-c` or one-shot commands, whose output must be only what they ask for:
    /// each line as if typed, but not
    /// added to the history. An error names the file and line ("…/wxrc:3: unknown command …")
    /// and the next line still runs; errors there do not change the exit status. A missing file
    /// is nothing to run. Settings made there are not confirmed (no `units metric: …` line at
    /// every start); `quit` there is an error naming the line (it would end wx before its prompt).
    ///
    /// - Returns: `.failed` when any line failed, else `.succeeded`.
    @discardableResult
    package func runStartupFile(_ path: String) async -> LineStatus {
        guard FileIO.exists(path) else { return .succeeded }
        let statusBefore = exitStatus
        files.quietSettings = true
        defer {
            files.quietSettings = false
            exitStatus = statusBefore
        }
        return await runFile(path, what: "start-up file", quitEnds: false, unreadable: "warning")
    }

    /// Runs each line of the file at `path` as if typed, outside the history (the start-up file,
    /// `\i FILE`): an error names the file and line and the next line still runs.
    ///
    /// - Parameters:
    ///   - what: the file's kind, for the warning when it cannot be read ("start-up file").
    ///   - quitEnds: whether `quit` in the file ends wx (`\i`), or is an error naming its line.
    ///   - unreadable: how a file that cannot be read is told: "error" for a file asked for
    ///     (`\i`, `.read`), "warning" for the start-up file (wx starts without it).
    /// - Returns: `.quit` when a line asked to leave, `.failed` when any line failed or the file
    ///   cannot be read, else `.succeeded`.
    func runFile(_ path: String, what: String, quitEnds: Bool, unreadable: String = "error") async -> LineStatus {
        let data: Data
        do {
            data = try FileIO.contents(of: path, limit: 1 << 20)
        } catch {
            putError("\(unreadable): \(what) not run: \(error.description)\n")
            return .failed
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            putError("\(unreadable): \(what) not run: \(path) is not UTF-8 text\n")
            return .failed
        }
        let outerContext = errors.context
        defer { errors.context = outerContext }
        var status = LineStatus.succeeded
        // "\r\n" is one Character in Swift: split on either line end.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            if Task.isCancelled { break }
            var line = String(rawLine)
            if index == 0, line.first == "\u{FEFF}" { line.removeFirst() }
            errors.context = "\(path):\(index + 1): "
            guard line.count <= LineSafety.maximumLength else {
                report(.usage("line too long: \(line.count) characters (at most \(LineSafety.maximumLength)); not run"))
                status = .failed
                continue
            }
            let result = await run(commandsOf: line, record: false, nested: false, quitEnds: quitEnds)
            if result == .quit { return quitEnds ? .quit : status }
            status = Self.worse(status, result)
        }
        return status == .succeeded ? .succeeded : .failed
    }
}
