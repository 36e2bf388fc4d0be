import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the runner writes: standard output for results, standard error for errors and notes.
package protocol OutputSink: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
}

/// How a line ended.
package enum LineStatus: Hashable, Sendable {
    case succeeded
    /// A command failed (exit status 1).
    case failed
    /// A command did not parse: unknown, or wrong arguments (exit status 2).
    case usageError
    case quit
}

/// Runs lines of text against the view model: splits `a; b`, expands history references (`!!`,
/// `!N`, `!-N`, `!prefix`) and `replay`, records each line as one history entry, and renders
/// results as text or JSON.
///
/// The terminal front end, script mode and `wx -c` all feed lines here.
@MainActor
package final class ShellRunner {
    package let session: WeatherSession
    package var format: OutputFormat {
        didSet { session.listsKeptForecasts = format == .json }
    }
    let output: any OutputSink
    let colour: Bool
    let unicode: Bool
    /// The terminal's width now (it can change between commands); 80 when not a terminal.
    let width: () -> Int
    /// Whether output is fitted to `width` (a terminal, or `COLUMNS` given); false in scripts
    /// and pipes, where lists are printed whole.
    let fitsWidth: Bool
    private var warnedAboutLog = false
    /// Put before error messages while the start-up file runs ("…/wxrc:3: ").
    private var errorContext: String?
    /// While the start-up file runs: settings it makes (`units`, `provider`, `format`…) are not
    /// confirmed on every start.
    private var quietSettings = false

    /// Told each line as it goes into the history (references expanded, secrets redacted), and
    /// only then: the prompt adds it to the line editor's history, so that Up recalls exactly
    /// what `history` lists.
    package var onRecord: (@MainActor (String) -> Void)?

    /// The exit status so far: 0 while every command succeeded, 1 once one failed, 2 once one
    /// did not parse (the worst wins).
    package private(set) var exitStatus: Int32 = 0

    /// The longest line accepted, in characters; longer ones are refused whole.
    package static let maximumLineLength = 4_096
    package init(
        session: WeatherSession, output: any OutputSink, format: OutputFormat, colour: Bool, unicode: Bool,
        width: @escaping () -> Int = { 80 }, fitsWidth: Bool = true
    ) {
        self.session = session
        self.output = output
        self.format = format
        session.listsKeptForecasts = format == .json
        self.colour = colour
        self.unicode = unicode
        self.width = width
        self.fitsWidth = fitsWidth
    }

    /// Writes error and warning lines, which no renderer made: in ASCII without a UTF-8 locale.
    private func putError(_ text: String) {
        output.writeError(unicode ? text : TextRenderer.ascii(text))
    }

    /// Runs every command on `line` (separated by `;`), stopping at `quit`.
    ///
    /// - Returns: `.quit` when a command asked to leave, `.failed` when any command failed.
    package func run(line: String) async -> LineStatus {
        var text = line
        if text.first == "\u{FEFF}" { text.removeFirst() }  // a byte-order mark from an editor
        guard text.count <= Self.maximumLineLength else {
            return note(
                .usageError,
                after: .usage(
                    "line too long: \(text.count) characters (at most \(Self.maximumLineLength)); nothing was run"))
        }
        if text.unicodeScalars.last == "\r" { text.unicodeScalars.removeLast() }  // a CRLF script
        // A NUL or ESC in a line is a mistake (a binary file piped in, a stray key): no command
        // runs with part of it silently removed, or a request is sent with it inside.
        if let control = text.unicodeScalars.first(where: {
            ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }) {
            let code = String(control.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            return note(.usageError, after: .usage("the line has a control character (U+\(padded)); nothing was run"))
        }
        let status = await run(commandsOf: text, record: true, nested: false)
        if status == .quit { return .quit }
        exitStatus = max(exitStatus, status == .usageError ? 2 : status == .failed ? 1 : 0)
        return status
    }

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
            guard line.count <= Self.maximumLineLength else {
                report(.usage("line too long: \(line.count) characters (at most \(Self.maximumLineLength)); not run"))
                status = .failed
                continue
            }
            let result = await run(commandsOf: line, record: false, nested: false, quitEnds: false)
            if result == .quit { return status }
            status = Self.worse(status, result)
        }
        return status == .succeeded ? .succeeded : .failed
    }

    private func note(_ status: LineStatus, after error: ShellError) -> LineStatus {
        report(error)
        exitStatus = max(exitStatus, status == .usageError ? 2 : 1)
        return status
    }

    static func worse(_ a: LineStatus, _ b: LineStatus) -> LineStatus {
        func rank(_ status: LineStatus) -> Int {
            switch status {
            case .succeeded: 0
            case .failed: 1
            case .usageError: 2
            case .quit: 3
            }
        }
        return rank(a) >= rank(b) ? a : b
    }

    /// Runs each command of `line` (separated by `;`) in turn, as `ShellWords` reads them; a
    /// line with an unclosed quote runs nothing (it is a usage error naming the quote).
    ///
    /// Unless `nested`, history references are expanded first, as in bash: the expanded line
    /// is printed, then recorded and run; a reference that names nothing runs and records
    /// nothing. The line (expanded) is one history entry, however many commands it holds.
    ///
    /// - Returns: `.quit` as soon as a command asks to leave, else the worst status.
    /// - Parameter quitEnds: whether `quit` ends the line and wx (the start-up file passes
    ///   false: there `quit` is an error naming its line, and the rest of the file still runs).
    private func run(commandsOf typed: String, record: Bool, nested: Bool, quitEnds: Bool = true) async -> LineStatus {
        var line = typed
        var commands: [ShellWords.Command]
        // Where the expanded line holds text from the history (character offsets).
        var fromHistory: [Range<Int>] = []
        do {
            commands = try ShellWords.commands(line)
            if !nested, let expansion = try expandHistory(line, commands: commands) {
                line = expansion.line
                fromHistory = expansion.inserted
                echo(line)
                if record { self.record(line.trimmed) }
                commands = try ShellWords.commands(line)
            } else if record, !commands.isEmpty, !Self.isQuit(commands) {
                self.record(line.trimmed)
            }
        } catch {
            // A line that does not lex is recorded (to be corrected with Up); a reference that
            // names nothing is not, as in bash.
            if record, fromHistory.isEmpty, case .usage = error, ShellWords(lexing: line).unclosed != nil {
                self.record(line.trimmed)
            }
            report(error)
            if case .usage = error { return .usageError }
            return .failed
        }
        var status = LineStatus.succeeded
        for command in commands {
            // Ctrl-C stops the whole line, as in bash: the commands after a cancelled one do not run.
            if Task.isCancelled { return Self.worse(status, .failed) }
            let start = command.words.first?.start ?? 0
            let repeated = nested || fromHistory.contains { $0.contains(start) }
            let result = await run(command: command, nested: repeated)
            if result == .quit {
                if quitEnds { return .quit }
                report(
                    .usage(
                        "“quit” is not for the start-up file: it would end wx before its prompt; the rest of the file still runs"
                    ))
                status = Self.worse(status, .failed)
                continue
            }
            status = Self.worse(status, result)
        }
        return status
    }

    /// Whether the line is only `quit` (or `exit`), which is not worth recalling: not recorded.
    static func isQuit(_ commands: [ShellWords.Command]) -> Bool {
        guard commands.count == 1, let words = commands.first?.words.map(\.text) else { return false }
        return (try? CommandParser.parse(words: words)) == .quit
    }

    /// A history reference expanded: the line with it replaced, and where the inserted text is.
    struct HistoryExpansion {
        var line: String
        var inserted: [Range<Int>]
    }

    /// `line` with each history reference — the first word of a command, typed without quotes:
    /// `!!` (the last command), `!N` (command N), `!-N` (N commands back) or `!prefix` (the
    /// last command starting with prefix) — replaced by the line it names, as bash does.
    ///
    /// - Returns: nil when the line has no reference.
    /// - Throws: `ShellError.noSuchHistoryEntry` or `.noHistoryMatch` for a reference that names
    ///   no command; `.usage` for a `!` word that is no reference (`!-x`).
    func expandHistory(_ line: String, commands: [ShellWords.Command]) throws(ShellError) -> HistoryExpansion? {
        let characters = Array(line)
        var out: [Character] = []
        var inserted: [Range<Int>] = []
        var copied = 0
        for command in commands {
            guard let word = command.words.first, word.text.count > 1, word.text.first == "!",
                String(characters[word.start..<word.end]) == word.text
            else { continue }
            let entry = try historyEntry(reference: word.text)
            out += characters[copied..<word.start]
            inserted.append(out.count..<out.count + entry.line.count)
            out += Array(entry.line)
            copied = word.end
        }
        guard !inserted.isEmpty else { return nil }
        out += characters[copied...]
        return HistoryExpansion(line: String(out), inserted: inserted)
    }

    /// The command a history reference (`!!`, `!N`, `!-N`, `!prefix`) names.
    private func historyEntry(reference: String) throws(ShellError) -> HistoryEntry {
        let body = reference.dropFirst()
        let isNumber = { (text: Substring) in !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        if body == "!" {
            guard let entry = session.historyList(last: 1).first else { throw .noHistoryMatch(reference) }
            return entry
        }
        if body.first == "-" {
            guard isNumber(body.dropFirst()), let back = Int(body.dropFirst()), back > 0 else {
                throw Self.notAReference(reference)
            }
            let entries = session.historyList(last: back)
            guard entries.count == back, let entry = entries.first else { throw .noHistoryMatch(reference) }
            return entry
        }
        if let first = body.first, first.isASCII, first.isNumber {
            guard isNumber(body), let number = Int(body), number > 0 else { throw Self.notAReference(reference) }
            guard let entry = session.historyEntry(number: number) else { throw .noSuchHistoryEntry(number) }
            return entry
        }
        guard let entry = session.lastHistoryEntry(startingWith: String(body)) else {
            throw .noHistoryMatch(reference)
        }
        return entry
    }

    /// The error for a word starting with "!" that is no history reference (`!-x`, `!3x`).
    static func notAReference(_ word: String) -> ShellError {
        .usage(
            "“\(TerminalText.sanitized(word))” is not a history reference: !! (the last command), !N (command N), !-N (N back) or !prefix (see “help !!”)"
        )
    }

    private func run(command typed: ShellWords.Command, nested: Bool) async -> LineStatus {
        let text = typed.text
        let command: Command?
        do {
            command = try CommandParser.parse(words: typed.words.map(\.text))
        } catch {
            report(error)
            return .usageError
        }
        guard let command else { return .succeeded }
        switch command {
        case .quit:
            return .quit
        case .rerun(let number):
            guard !nested else { return refuseNested(text) }
            guard let entry = session.historyEntry(number: number) else {
                report(.noSuchHistoryEntry(number))
                return .failed
            }
            echo(entry.line)
            return await run(commandsOf: entry.line, record: false, nested: true)
        case .replay(let range):
            guard !nested else { return refuseNested(text) }
            // A range past the end is a mistake to say, not "everything there is" to re-run.
            let last = session.lastHistoryNumber()
            guard range.upperBound <= last else {
                report(.noSuchHistoryEntry(range.upperBound))
                return .failed
            }
            let entries = session.historyEntries(in: range)
            guard !entries.isEmpty else {
                report(.noSuchHistoryEntry(range.lowerBound))
                return .failed
            }
            var status = LineStatus.succeeded
            for entry in entries {
                // Checked before the header: a command that will not run is not announced.
                if Task.isCancelled { return .failed }
                echo(entry.line)
                let result = await run(commandsOf: entry.line, record: false, nested: true)
                if result == .quit { return .quit }
                status = Self.worse(status, result)
            }
            return status
        case .watch(let minutes):
            return await watch(every: minutes)
        case .format(let newFormat):
            if let newFormat { format = newFormat }
            emit(.format(format))
            return .succeeded
        default:
            defer { for note in session.takeNotices() { emit(.notice(note)) } }
            do {
                let results = try await session.execute(command)
                var status = LineStatus.succeeded
                for result in results {
                    emit(result)
                    if case .notSaved = result { status = .failed }
                    for problem in result.problems {
                        report(.unreadableFile(problem))
                        status = .failed
                    }
                }
                return status
            } catch {
                report(error)
                if case .usage = error { return .usageError }
                return .failed
            }
        }
    }

    /// `watch`: `show` for the current location, again every `minutes` (waited on the
    /// session's clock), until cancelled (Ctrl-C cancels the running command's task). On a
    /// terminal the screen is cleared each time.
    private func watch(every minutes: Double) async -> LineStatus {
        guard session.currentPlace != nil else {
            report(.noCurrentLocation)
            return .failed
        }
        session.watchedWarnings = [:]
        defer { session.watchedWarnings = nil }
        while !Task.isCancelled {
            if colour { output.write("\u{1B}[H\u{1B}[2J") }
            do {
                for result in try await session.execute(.show(nil)) { emit(result) }
            } catch {
                if case .cancelled = error { break }
                report(error)
            }
            guard format == .text || !Task.isCancelled else { break }
            emit(.notice("watching every \(DecimalText.shortest(minutes)) min; Ctrl-C stops"))
            do { try await session.clock.sleep(for: .milliseconds(Int64(minutes * 60_000))) } catch { break }
        }
        emit(.notice("stopped watching"))
        return .succeeded
    }

    private func refuseNested(_ text: String) -> LineStatus {
        report(.usage("“\(TerminalText.sanitized(text))” is not run again from the history (it would repeat itself)"))
        return .failed
    }

    /// Prints a line from the history before it runs again, like a shell's `!N`.
    private func echo(_ line: String) {
        guard format == .text else { return }
        output.write("\(unicode ? "»" : ">") \(TerminalText.sanitized(line))\n")
    }

    /// Appends the line to the history, with any API key replaced by `<redacted>`; a line the
    /// same as the last one is not added again (bash's `ignoredups`, as the line editor does).
    private func record(_ line: String) {
        let line = redacted(line)
        if session.historyList(last: 1).first?.line == line { return }
        onRecord?(line)
        do {
            try session.recordCommand(line)
        } catch {
            guard !warnedAboutLog else { return }
            warnedAboutLog = true
            putError("warning: the history is not being saved: \(error.description)\n")
        }
    }

    /// `line` without secrets: the configured OpenWeatherMap key, and the value after any
    /// `appid=`, `api_key=`, `apikey=`, `key=` or `token=` typed by hand (any case), up to the
    /// next space or `&`.
    func redacted(_ line: String) -> String {
        var text = line
        if let key = session.configuration.openWeatherMapKey, key.count >= 4 {
            text = text.split(separator: key, omittingEmptySubsequences: false).joined(separator: Self.redaction)
        }
        let markers = ["api_key=", "apikey=", "appid=", "token=", "key="].map(Array.init)
        let characters = Array(text)
        var out = ""
        var index = 0
        scan: while index < characters.count {
            for marker in markers
            where index + marker.count <= characters.count
                && zip(characters[index..<index + marker.count], marker).allSatisfy({ $0.lowercased() == String($1) })
            {
                out += String(characters[index..<index + marker.count])
                index += marker.count
                let end = characters[index...].firstIndex { $0.isWhitespace || $0 == "&" } ?? characters.count
                let value = String(characters[index..<end])
                if !value.isEmpty { out += value == Self.redaction ? value : Self.redaction }
                index = end
                continue scan
            }
            out.append(characters[index])
            index += 1
        }
        return out
    }

    static let redaction = "<redacted>"

    private func emit(_ result: CommandResult) {
        if quietSettings {
            switch result {
            case .units, .setting, .format: return
            default: break
            }
        }
        // Units come from state.plist; results that do not show values never make it load.
        let units = result.needsUnits ? session.settings.units : .metric
        let context = RenderContext(
            units: units, now: session.now(), colour: colour, unicode: unicode, width: width(),
            fitsWidth: fitsWidth)
        switch format {
        case .text:
            let text = TextRenderer.render(result, context: context)
            if case .notSaved = result {
                putError("error: " + text)
            } else if case .notice = result {
                putError(text)
            } else {
                output.write(text)
            }
        case .json:
            output.write(JSONRenderer.render(result, context: context))
        }
    }

    /// An error: one line on stderr, always (a person reads it, and `2>/dev/null` hides it);
    /// with `--json` also an error document on stdout, where a script reads the results.
    private func report(_ error: ShellError) {
        putError("error: \(errorContext ?? "")\(error.description)\n")
        if format == .json {
            output.write(JSONRenderer.render(error: errorContext.map { .usage($0 + error.description) } ?? error))
        }
    }
}
