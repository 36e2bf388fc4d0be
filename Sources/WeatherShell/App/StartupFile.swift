import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let data: Data
        do {
            data = try FileIO.contents(of: path, limit: 1 << 20)
        } catch {
            putError("warning: start-up file not run: \(error.description)\n")
            return .failed
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            putError("warning: start-up file not run: \(path) is not UTF-8 text\n")
            return .failed
        }
        let statusBefore = exitStatus
        quietSettings = true
        defer {
            errorContext = nil
            quietSettings = false
            exitStatus = statusBefore
        }
        var status = LineStatus.succeeded
        // "\r\n" is one Character in Swift: split on either line end.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            if Task.isCancelled { break }
            var line = String(rawLine)
            if index == 0, line.first == "\u{FEFF}" { line.removeFirst() }
            errorContext = "\(path):\(index + 1): "
            guard line.count <= LineSafety.maximumLength else {
                report(.usage("line too long: \(line.count) characters (at most \(LineSafety.maximumLength)); not run"))
                status = .failed
                continue
            }
            let result = await run(commandsOf: line, record: false, nested: false, quitEnds: false)
            if result == .quit { return status }
            status = Self.worse(status, result)
        }
        return status == .succeeded ? .succeeded : .failed
    }
}
