import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Where the runner writes: standard output for results, standard error for errors and notes.
package protocol OutputSink: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
    /// Writes `bytes`, valid UTF-8 text, as `write` writes that text: long output made as bytes
    /// (`saved`'s rows) goes out without a string made of it (checking a piece of it as UTF-8 to
    /// make one cost `saved` 12 instructions a byte).
    func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
    /// Why writing results failed (a full disk, a closed file), if it did; nil for a sink that
    /// cannot fail or does not tell.
    var writeFailure: String? { get }
}

extension OutputSink {
    package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { write(String(decoding: bytes, as: UTF8.self)) }
    package var writeFailure: String? { nil }
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
    /// Where results go: standard output, `\o FILE`'s file, `.once FILE`'s.
    let redirection: OutputRedirection
    /// What the terminal is and can do.
    var terminal: TerminalTraits
    /// How error lines are laid out, and what they have said already.
    var errors = ErrorLines()
    /// `\timing`.
    var timing = CommandTiming()
    /// Files of commands while they run (the start-up file, `\i FILE`).
    var files = FileReading()
    /// Lines into the history.
    var recording = HistoryRecording()
    /// History references (`!!`, `!N`, `^old^new`) expanded from the session's history.
    let historyExpansion: HistoryExpansion

    /// Where results go now.
    var output: any OutputSink { redirection.current }
    /// Whether standard output takes colour and bold (a terminal that allows them).
    var colour: Bool { terminal.colour }
    /// Whether what is written now is styled: as `colour`, never into the file of `\o FILE`,
    /// which is not a terminal (and gets lists whole, as a pipe does).
    var styled: Bool { colour && redirection.file == nil }
    var unicode: Bool { terminal.unicode }
    /// The terminal's width now (it can change between commands); 80 when not a terminal.
    var width: () -> Int { terminal.width }
    var fitsWidth: Bool { terminal.fitsWidth }

    // MARK: - Set by the front end (each kept by the part it belongs to)

    /// `HistoryRecording.onRecord`.
    package var onRecord: (@MainActor (String) -> Void)? {
        get { recording.onRecord }
        set { recording.onRecord = newValue }
    }
    /// `HistoryRecording.isOn`.
    package var recordsHistory: Bool {
        get { recording.isOn }
        set { recording.isOn = newValue }
    }
    /// `TerminalTraits.lineEditing`.
    package var lineEditing: (editor: any EditorProgram, command: String)? {
        get { terminal.lineEditing }
        set { terminal.lineEditing = newValue }
    }
    /// `TerminalTraits.textForNextPrompt`.
    package var textForNextPrompt: String? {
        get { terminal.textForNextPrompt }
        set { terminal.textForNextPrompt = newValue }
    }
    /// `TerminalTraits.outputIsTerminal`.
    package var outputIsTerminal: Bool {
        get { terminal.outputIsTerminal }
        set { terminal.outputIsTerminal = newValue }
    }
    /// `TerminalTraits.screenClearing`.
    package var screenClearing: String? {
        get { terminal.screenClearing }
        set { terminal.screenClearing = newValue }
    }
    /// `TerminalTraits.desktopNotification`.
    package var desktopNotification: DesktopNotification? {
        get { terminal.desktopNotification }
        set { terminal.desktopNotification = newValue }
    }
    /// `ErrorLines.width`.
    package var errorWidth: (() -> Int)? {
        get { errors.width }
        set { errors.width = newValue }
    }
    /// `TerminalTraits.terminalResized`.
    package var terminalResized: (@Sendable () async -> Void)? {
        get { terminal.terminalResized }
        set { terminal.terminalResized = newValue }
    }

    /// The exit status so far: 0 while every command succeeded, 1 once one failed, 2 once one
    /// did not parse (the worst wins).
    package internal(set) var exitStatus: Int32 = 0

    package init(
        session: WeatherSession, output: any OutputSink, format: OutputFormat, colour: Bool, unicode: Bool,
        width: @escaping () -> Int = { 80 }, fitsWidth: Bool = true
    ) {
        self.session = session
        historyExpansion = HistoryExpansion(history: session)
        redirection = OutputRedirection(standard: output)
        self.format = format
        session.listsKeptForecasts = format == .json
        terminal = TerminalTraits(colour: colour, unicode: unicode, width: width, fitsWidth: fitsWidth)
    }

    /// Runs the start-up file at `path` (`StartupFile`) at the interactive prompt.
    ///
    /// - Returns: `.failed` when any line failed, else `.succeeded`.
    @discardableResult
    package func runStartupFile(_ path: String) async -> LineStatus { await StartupFile(path: path).run(on: self) }

    /// Rings the terminal's bell (`watch`'s alerts: a chance over its threshold, a warning that
    /// came, went or changed) — the one place that decides where: on standard output when that
    /// is the terminal, else on standard error when that is one — with results going to a file
    /// or a pipe, standard output gets results alone, no control characters (trial 58: "^G⚑
    /// rain …" in a file) — and not at all when neither is a terminal. No renderer writes it.
    func ringBell() {
        if terminal.outputIsTerminal, redirection.file == nil {
            output.write("\u{07}")
        } else if errors.width != nil {
            redirection.standard.writeError("\u{07}")
        }
    }

    /// Writes error and warning lines, which no renderer made: in ASCII without a UTF-8 locale.
    func putError(_ text: String) {
        let text = errors.width.map { Self.wrappedAtWords(text, width: $0(), keeping: pathsWithSpaces) } ?? text
        redirection.standard.writeError(unicode ? text : TextRenderer.ascii(text))
    }

    /// Runs every command on `line` (separated by `;`), stopping at `quit`.
    ///
    /// - Returns: `.quit` when a command asked to leave, `.failed` when any command failed.
    package func run(line: String) async -> LineStatus {
        let text: String
        switch LineSafety.checked(line) {
        case .success(let checked): text = checked
        case .failure(let error): return note(.usageError, after: error)
        }
        let status = await run(commandsOf: text, record: recordsHistory, nested: false)
        if status == .quit { return .quit }
        noteExitStatus(status)
        return status
    }

    /// Makes the exit status at least what `status` gives (2 for a usage error, 1 for a failure).
    func noteExitStatus(_ status: LineStatus) {
        exitStatus = max(exitStatus, status == .usageError ? 2 : status == .failed ? 1 : 0)
    }

    /// `.quit`, the commands run before it on the same line or file (`status`) counted in the
    /// exit status first: `wx -c "bogus; quit"` exits 2 as the same lines piped in do (trial 62:
    /// it exited 0), and a `quit` never resets a failure.
    func quitting(after status: LineStatus) -> LineStatus {
        noteExitStatus(status)
        return .quit
    }

    /// Refuses a typed line whose characters past `LineSafety.maximumLength` the line editor did
    /// not take (`LineReadResult.tooLong`), as `run(line:)` refuses a longer line.
    package func refuseTooLongLine() {
        _ = note(.usageError, after: LineSafety.tooLong(count: nil))
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
    func run(commandsOf typed: String, record: Bool, nested: Bool, quitEnds: Bool = true) async -> LineStatus {
        var line = typed
        var commands: [ShellWords.Command]
        // Whether the line was expanded from the history (`!!`, `^old^new`).
        var expanded = false
        // Where on the expanded line the history's text is: a command starting there runs from
        // the history, one typed beside the reference does not.
        var fromHistory: [Range<Int>] = []
        // `import history FILE`, recorded only once it failed (`ShellRunner.importsHistory`).
        var recordIfFailed = false
        do throws(ShellError) {
            var expansion = nested ? nil : try historyExpansion.quickSubstitution(line)
            commands = expansion == nil ? try ShellWords.commands(line) : []
            if !nested, expansion == nil { expansion = try historyExpansion.expand(line, commands: commands) }
            if let expansion {
                line = expansion.line
                expanded = true
                fromHistory = expansion.inserted
                if record { self.record(line.trimmed) }
                // `!!:p`: the line printed as it would run, and kept in the history, not run (bash).
                if expansion.printOnly {
                    if format == .text { output.write(TerminalText.sanitized(line) + "\n") }
                    return .succeeded
                }
                // A line from the history that runs others is refused before anything runs, by
                // the rule its refusal states (not after its own echo and the next line's).
                if let runsOthers = expansion.runsOthers { return refuseNested(runsOthers) }
                echo(line)
                commands = try ShellWords.commands(line)
            } else if record, !commands.isEmpty, !Self.isQuit(commands) {
                if Self.importsHistory(commands) { recordIfFailed = true } else { self.record(line.trimmed) }
            }
        } catch {
            // A line that does not lex is recorded (to be corrected with Up); a reference that
            // names nothing is not, as in bash.
            if record, !expanded, error.isUsage, ShellWords(lexing: line).unclosed != nil {
                self.record(line.trimmed)
            }
            report(error)
            return error.isUsage ? .usageError : .failed
        }
        var status = LineStatus.succeeded
        for command in commands {
            // Ctrl-C stops the whole line, as in bash: the commands after a cancelled one do not
            // run — also in `wx -c` and scripts, where it was held while a change waited for
            // the lock (`InterruptHold`), and wx ends of it once the line stops.
            if Task.isCancelled || InterruptHold.arrived() { return Self.worse(status, .failed) }
            // `\timing` times commands, not itself or the other backslash words.
            let began = timing.isOn && MetaCommand(typed: command.text, words: []) == nil ? timing.stopwatch() : nil
            // A line run again from the history (`nested`, or named by `!N`: refused above)
            // does not run others, which could go round for ever.
            let start = command.words.first?.start ?? -1
            let result = await run(
                command: command, nested: nested, fromHistory: nested || fromHistory.contains { $0.contains(start) })
            if let began { putError(CommandTiming.line(timing.stopwatch() - began)) }
            if result == .quit {
                if quitEnds { return quitting(after: status) }
                report(
                    .usage(
                        "“quit” is not for the start-up file: it would end wx before its prompt; the rest of the file still runs"
                    ))
                status = Self.worse(status, .failed)
                continue
            }
            status = Self.worse(status, result)
        }
        if recordIfFailed, status != .succeeded { self.record(line.trimmed) }
        return status
    }

    /// Cursor home, then erase the screen: what a terminal's `clear` capability (terminfo `clear`,
    /// termcap `cl`) is for ANSI terminals, and what Ctrl-L sends through libedit.
    package static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// Whether the line is only `quit` (or `exit`), which is not worth recalling: not recorded.
    static func isQuit(_ commands: [ShellWords.Command]) -> Bool {
        guard commands.count == 1, let words = commands.first?.words.map(\.text) else { return false }
        return (try? CommandParser.parse(words: words)) == .quit
    }

    /// Runs one command of a line; `fromHistory`: it is the history's text (a line of
    /// `replay`/`rerun`, or what `!N`, `!!`, `^old^new` put there), where a plain `fav` only
    /// adds (`Command.favoriteFromHistory`).
    private func run(command typed: ShellWords.Command, nested: Bool, fromHistory: Bool) async -> LineStatus {
        let text = typed.text
        let outer = errors.commandWords
        errors.commandWords = typed.words.map(\.text)
        defer { errors.commandWords = outer }
        if let meta = MetaCommand(typed: text, words: typed.words.map(\.text)) { return await run(meta) }
        if let pipe = Self.pipeRefusal(typed) {
            report(pipe)
            return .usageError
        }
        let command: Command?
        do {
            command = try CommandParser.parse(words: ShellWords.keepingMetaBackslash(typed))
        } catch {
            report(error)
            return .usageError
        }
        guard var command else { return .succeeded }
        if fromHistory, command == .favoriteToggle { command = .favoriteFromHistory }
        // `.once FILE`: this command's results go to the file, and no later command's.
        guard let once = redirection.onceFile else { return await run(command, text: text, nested: nested) }
        redirection.onceFile = nil
        let kept = redirection.file
        redirection.file = once
        defer { redirection.file = kept }
        return await run(command, text: text, nested: nested)
    }

    private func run(_ command: Command, text: String, nested: Bool) async -> LineStatus {
        switch command {
        case .quit:
            return .quit
        case .rerun(let number):
            guard !nested else { return refuseNested(text) }
            guard let entry = session.historyEntry(number: number) else {
                report(.noSuchHistoryEntry(number))
                return .failed
            }
            guard !Self.runsOthers(entry.line) else { return refuseNested(entry.line) }
            echo(entry.line)
            return await run(commandsOf: entry.line, record: false, nested: true)
        case .replay(let range, let backward):
            guard !nested else { return refuseNested(text) }
            // A bound, not a question: `replay 3..1000000` re-ran a million lines unasked, and a
            // script has no one to ask. Refused before any of it runs (exit status 2), whatever
            // the history holds: a range over the bound is wrong however long that is.
            let last = session.lastHistoryNumber()
            // `replay 5..2`, refused here rather than by the parser, so that what it suggests
            // is lines the history has (“replay 2..5” with three lines then failed for want of 5).
            guard !backward else {
                report(.usage(Self.replayBackward(range, last: replayableEnd(of: range, last: last))))
                return .usageError
            }
            guard range.count <= Self.replayLimit else {
                report(.usage(Self.replayOverLimit(range, last: replayableEnd(of: range, last: last))))
                return .usageError
            }
            // A range past the end is a mistake to say, not "everything there is" to re-run.
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
            var done = 0
            for entry in entries {
                // Checked before the header: a command that will not run is not announced.
                if Task.isCancelled { break }
                echo(entry.line)
                let result = await run(commandsOf: entry.line, record: false, nested: true)
                if result == .quit { return quitting(after: status) }
                status = Self.worse(status, result)
                // A line Ctrl-C stopped is not counted as run.
                if Task.isCancelled { break }
                done += 1
            }
            // Ctrl-C: where the replay stopped, not silence.
            if done < entries.count {
                report(.notApplicable("replay stopped after \(done) of \(entries.count) lines"))
                return .failed
            }
            return status
        case .source(let path):
            return await run(.read(path))
        case .clear:
            // Never into the file of `\o FILE`: only a terminal is cleared.
            if let screenClearing, redirection.file == nil { output.write(screenClearing) }
            return .succeeded
        case .watch(let minutes):
            var watch = Watch(minutes: minutes)
            return await watch.run(on: self)
        case .watchChance(let minutes, let alerts):
            var watch = Watch(minutes: minutes, alerts: alerts)
            return await watch.run(on: self)
        case .watchNotifying(let minutes, let alerts):
            var watch = Watch(minutes: minutes, alerts: alerts, notify: true)
            return await watch.run(on: self)
        case .format(let newFormat):
            // A switch into or out of JSON answers with a JSON document, the results after it in
            // the new format: under --json, `format text` answered "output format: text", a plain
            // line among the documents; `format json`'s document marks where JSON begins.
            if newFormat == .json { format = .json }
            emit(.format(newFormat ?? format))
            if let newFormat { format = newFormat }
            return .succeeded
        default:
            defer { for note in session.takeNotices() { emit(.notice(note)) } }
            do {
                let results = try await session.execute(command)
                var status = LineStatus.succeeded
                for result in results {
                    switch stream(result) {
                    case nil: emit(result)
                    case .success?: break
                    case .failure(let failure)?:
                        // The log failed under the records already printed: said after them.
                        report(failure)
                        status = .failed
                    }
                    if case .notSaved = result { status = .failed }
                    // `check`'s line not written: it told nobody (exit status 3, never a "no"),
                    // and its mark for --changed stays; written, the mark moves.
                    if case .check(let checked) = result {
                        if output.writeFailure != nil {
                            let mark = checked.markToKeep != nil ? "; its mark for --changed stays" : ""
                            report(.notApplicable("check’s answer could not be written, so it told nobody\(mark)"))
                            exitStatus = max(exitStatus, 3)
                            status = .failed
                            continue
                        }
                        if let mark = checked.markToKeep {
                            do throws(ShellError) { try session.briefHandler.keepMark(mark) } catch {
                                report(error)
                                exitStatus = max(exitStatus, 3)
                                status = .failed
                            }
                        }
                        // None held and some could not be checked: why, after what was read.
                        for unchecked in checked.notChecked { report(unchecked.error) }
                        if !checked.notChecked.isEmpty { exitStatus = max(exitStatus, 3) }
                    }
                    // `check` answers "none held" with exit status 1, no error line.
                    if result.isCheckHoldingNone { status = Self.worse(status, .failed) }
                    // `doctor` found something off: exit status 1, the report said what.
                    if result.isDoctorFindingTrouble { status = Self.worse(status, .failed) }
                    for problem in result.problems {
                        report(.unreadableFile(problem))
                        status = .failed
                    }
                }
                keepLookAfterOutput()
                return status
            } catch {
                // Which command Ctrl-C stopped, not "cancelled" alone (trial 12).
                report(error == .cancelled ? .notApplicable("“\(TerminalText.sanitized(text))” cancelled") : error)
                // Each other part that failed on a line (and a document) of its own.
                for further in session.takeFurtherErrors() { report(further) }
                // `check` could not tell (exit status 3): never a false "none held".
                if !error.isUsage, let failure = command.failureExitStatus { exitStatus = max(exitStatus, failure) }
                return error.isUsage ? .usageError : .failed
            }
        }
    }

    private func refuseNested(_ text: String) -> LineStatus {
        report(
            .usage(
                "“\(TerminalText.sanitized(text))” is not run: a line run again from the history does not run others from it"
            ))
        return .failed
    }
}
