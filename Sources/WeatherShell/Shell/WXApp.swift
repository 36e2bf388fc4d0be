import WXBasics
import WeatherKit

/// What the process gives the app: its environment, its streams, its terminal and how to reach
/// the services. The `wx` executable fills it from the real process; tests from fakes.
@MainActor
package struct AppHost {
    /// Looks up one environment variable (`getenv` in the product).
    package var variable: (String) -> String?
    package var output: any AppOutput
    /// Whether standard input is a terminal: the interactive shell, else script mode.
    package var inputIsTerminal: Bool
    /// Whether standard output is a terminal (colour, clearing the screen in `watch`).
    package var outputIsTerminal: Bool
    /// The terminal's columns now; 80 when standard output is not one.
    package var terminalWidth: () -> Int
    /// The view model on the configured services; `offline` answers from the cache only.
    package var makeSession: (_ configuration: Configuration, _ offline: Bool) -> WeatherSession
    /// Lines of a script (standard input, when it is not a terminal).
    package var standardInput: any LineReader
    /// The interactive prompt (libedit in the product).
    package var prompt: any PromptTerminal
    /// Whether standard error is a terminal (the notice while a request takes long).
    package var errorIsTerminal: Bool
    /// The terminal's rows now; 24 when standard output is not one.
    package var terminalRows: () -> Int
    /// Told of every request by the session's transport (see `ObservedTransport`), or nil.
    package var waitingNotice: WaitingNotice?
    /// Runs `$PAGER` for long output at the prompt, or nil for none.
    package var pager: (any PagerProgram)?
    /// Runs `$EDITOR` for `\e` at the prompt, or nil for none.
    package var editor: (any EditorProgram)?
    /// Runs `notify-send` for `watch --notify`, or nil for none.
    package var notifier: (any NotifierProgram)?
    /// Returns when the terminal standard output is on has been resized (`watch` redraws), or
    /// nil for none.
    package var terminalResized: (@Sendable () async -> Void)?
    /// Called before the session is made when the run is one-shot (commands from `-c` or
    /// words, no prompt, no script): the product then keeps to its first thread.
    package var oneShotBegins: (() -> Void)?

    package init(
        variable: @escaping (String) -> String?, output: any AppOutput, inputIsTerminal: Bool, outputIsTerminal: Bool,
        terminalWidth: @escaping () -> Int, makeSession: @escaping (Configuration, Bool) -> WeatherSession,
        standardInput: any LineReader, prompt: any PromptTerminal, errorIsTerminal: Bool = false,
        terminalRows: @escaping () -> Int = { 24 }, waitingNotice: WaitingNotice? = nil,
        pager: (any PagerProgram)? = nil, editor: (any EditorProgram)? = nil, notifier: (any NotifierProgram)? = nil,
        terminalResized: (@Sendable () async -> Void)? = nil
    ) {
        self.terminalResized = terminalResized
        self.editor = editor
        self.notifier = notifier
        self.errorIsTerminal = errorIsTerminal
        self.terminalRows = terminalRows
        self.waitingNotice = waitingNotice
        self.pager = pager
        self.variable = variable
        self.output = output
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.terminalWidth = terminalWidth
        self.makeSession = makeSession
        self.standardInput = standardInput
        self.prompt = prompt
    }
}

/// `wx` itself: parses the command line, then prints help, the version or completions, or runs
/// commands from `-c`, from words, from the interactive prompt or from a script.
///
/// Exit status: 0 when every command succeeded, 1 when one failed (or the results could not be
/// written), 2 for a usage error. The interactive shell ends with 0: its failures were shown.
@MainActor
package struct WXApp {
    let host: AppHost

    package init(host: AppHost) { self.host = host }

    /// Bytes of `wx --complete`'s answer written at a time.
    static let completionPiece = 64 << 10

    /// Runs wx with `arguments` (those after the program name).
    ///
    /// - Returns: the exit status.
    package func run(_ arguments: [String]) async -> Int32 {
        let output = host.output
        let invocation: Invocation
        let configuration: Configuration
        do {
            invocation = try Invocation.parse(arguments)
            configuration = try Configuration(variable: host.variable, home: invocation.home)
        } catch {
            output.writeError(fitted("wx: \(error.description)\n"))
            // Under --json, however early it fails: the error document too, as for every command
            // (a script reading stdout got nothing at all).
            if FlagReading.asksForJSON(arguments) { output.write(JSONRenderer.render(error: error)) }
            return 2
        }
        switch invocation.action {
        case .help:
            output.write(Invocation.usage)
            return 0
        case .version:
            output.write("wx \(WXVersion.current)\n")
            return 0
        case .completions(let shell):
            output.write(ShellCompletion.script(for: shell) ?? "")
            return 0
        case .complete(let words):
            var folder = configuration.configFolder
            if let home = ShellCompletion.home(in: words),
                let typed = try? Configuration(variable: host.variable, home: home)
            {
                folder = typed.configFolder
            }
            let answer = ShellCompletion.answer(
                words: words, loadingFavorites: { WeatherSession.savedFavoriteNames(configFolder: folder) })
            // Written 64 KiB at a time: one write each was a system call each (100,000
            // favorites), and one text of all of them another 1.2 MB held at once. Gathered as
            // bytes: appended to a `String`, 100,000 names took 60 M instructions.
            var text: [UInt8] = []
            text.reserveCapacity(Self.completionPiece + 256)
            func flush() {
                if !text.isEmpty { text.withUnsafeBufferPointer { output.write(utf8: $0) } }
                text.removeAll(keepingCapacity: true)
            }
            switch answer {
            case .names(let lines):
                // The names' lines as they were read: a long run of them (all 100,000 after `show
                // Pla`) written from where it lies, short ones gathered.
                lines.forEachRun { run in
                    if run.count >= Self.completionPiece {
                        flush()
                        output.write(utf8: run)
                        return
                    }
                    text.append(contentsOf: run)
                    if text.count >= Self.completionPiece { flush() }
                }
            case .candidates(let candidates):
                for var candidate in candidates {
                    candidate.withUTF8 { text.append(contentsOf: $0) }
                    text.append(UInt8(ascii: "\n"))
                    if text.count >= Self.completionPiece { flush() }
                }
            }
            flush()
            return 0
        case .run:
            break
        }

        let oneShot = !invocation.words.isEmpty || !invocation.commands.isEmpty
        if oneShot { host.oneShotBegins?() }
        let session = host.makeSession(configuration, invocation.offline)
        // Another process holding a state folder's `.wx.lock`: a change waits for it up to
        // WX_TIMEOUT, saying so on standard error after a moment, and Ctrl-C ends the wait.
        // On a terminal the notice is fitted to its width as error lines are, between words, the
        // later lines indented, "(Ctrl-C cancels)" and the folders kept whole (nu61: the terminal
        // split it as "(Ctrl" / "-C cancels)").
        let errorIsTerminal = host.errorIsTerminal
        // The host's width reads the terminal (an ioctl) and holds no state: safe from the thread
        // that waits.
        nonisolated(unsafe) let errorWidth = host.terminalWidth
        let folders = [configuration.configFolder, configuration.stateFolder, configuration.cacheFolder]
        LockWaiting.policy = LockWaitPolicy(
            bound: configuration.requestTimeoutSeconds,
            notice: { text in
                _ = StandardStreams.put(
                    errorIsTerminal ? Self.fittedNotice(text, width: errorWidth(), folders: folders) : text, fd: 2)
            })
        session.unitsForThisRun = invocation.units.map { UnitSetting(preset: $0) }
        let oneShotLines =
            invocation.words.isEmpty ? invocation.commands : [CommandParser.join(arguments: invocation.words)]
        // state.plist decodes on the other core while the command starts (see `startPreload`);
        // not for `wx saved` and the other commands that never read it, where the decode of
        // 10,000 favorites was a fifth of the process's CPU for nothing.
        if !oneShot || Self.mayReadState(oneShotLines) { session.preloadState() }
        // Where a person watches (the prompt, its results on the terminal or not, or `wx show
        // Hamburg` typed at a terminal; never a script or a pipe): "waiting for …" during a slow
        // request, and long output paged.
        host.waitingNotice?.enable(
            WaitingNotice.applies(
                errorIsTerminal: host.errorIsTerminal, term: host.variable("TERM"), json: invocation.json)
                && (oneShot ? host.outputIsTerminal : host.inputIsTerminal),
            unicode: configuration.unicodeOutput)
        var paging: PagingOutput?
        if !oneShot, host.inputIsTerminal, host.outputIsTerminal, let pager = host.pager,
            let command = PagingOutput.pagerCommand(variable: host.variable)
        {
            paging = PagingOutput(
                inner: output, pager: pager, command: command,
                environment: PagingOutput.pagerEnvironment(variable: host.variable), rows: host.terminalRows,
                columns: host.terminalWidth)
        }
        // A terminal's own width wins; in scripts and pipes `COLUMNS` (a whole number) sets one,
        // and without it the weather's views keep to 80 columns and lists are never cut.
        let columns =
            host.outputIsTerminal ? nil : host.variable("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let colour = configuration.colourRule.decide(outputIsTerminal: host.outputIsTerminal)
        let runner = ShellRunner(
            session: session, output: paging ?? output, format: invocation.json ? .json : .text,
            colour: colour.on,
            unicode: configuration.unicodeOutput,
            width: columns.map { width in { width } } ?? host.terminalWidth,
            fitsWidth: host.outputIsTerminal || columns != nil)
        if host.errorIsTerminal { runner.errorWidth = host.terminalWidth }
        runner.outputIsTerminal = host.outputIsTerminal
        session.doctorEnvironment.terminal.inputIsTerminal = host.inputIsTerminal && !oneShot
        // `wx doctor`, `wx -c doctor`: its exit status is the run's, so its report may name it.
        session.doctorEnvironment.endsRun =
            oneShot && oneShotLines.count == 1 && (try? ShellWords.commands(oneShotLines[0]))?.count == 1
        session.doctorEnvironment.terminal.colour = colour.on
        session.doctorEnvironment.terminal.colourReason = colour.reason
        session.doctorEnvironment.terminal.width = columns ?? host.terminalWidth()
        session.doctorEnvironment.terminal.unicode = configuration.unicodeOutput
        if host.outputIsTerminal, host.variable("TERM") != "dumb" { runner.screenClearing = ShellRunner.clearScreen }
        if host.outputIsTerminal { runner.terminalResized = host.terminalResized }
        runner.desktopNotification = DesktopNotification(
            escape: DesktopNotification.escape(outputIsTerminal: host.outputIsTerminal, variable: host.variable),
            searchPath: { [variable = host.variable] in variable("PATH") },
            program: host.notifier)

        if oneShot {
            runner.recordsHistory = false
            // `wx Berlin`: a place where the command goes is said so, with the command that shows it.
            if let error = CommandParser.placeInsteadOfCommand(invocation.words)
                ?? CommandParser.lineOfCommandsAsArguments(invocation.words)
            {
                runner.report(error)
                return finish(runner, status: 2)
            }
            for line in oneShotLines where await runner.run(line: line) == .quit || InterruptHold.arrived() { break }
            return finish(runner, status: runner.exitStatus)
        }

        if host.inputIsTerminal {
            // Results alone on standard output, whatever it is; the prompt on a terminal.
            let stream = PromptStream(outputIsTerminal: host.outputIsTerminal, errorIsTerminal: host.errorIsTerminal)
            let terminal: (reader: any LineReader, interrupts: any InterruptSource, screen: any OutputSink)
            do {
                terminal = try host.prompt.open(on: stream)
            } catch {
                output.writeError(fitted("wx: \(error.description)\n"))
                if invocation.json { output.write(JSONRenderer.render(error: .notApplicable(error.description))) }
                return 1
            }
            defer { host.prompt.close() }
            if let editor = host.editor {
                runner.lineEditing = (editor, ShellRunner.editorCommand(variable: host.variable))
            }
            if let warning = host.prompt.startupWarning { output.writeError(warning) }
            // The start-up file is for the person at the prompt; scripts get only what they ask for.
            let startupFile = invocation.skipStartupFile ? nil : configuration.startupFile
            let shell = InteractiveShell(
                runner: runner, reader: terminal.reader, interrupts: terminal.interrupts,
                screen: stream == .standardOutput ? output : terminal.screen,
                startupFile: startupFile,
                paging: paging)
            return finish(runner, status: await shell.run())
        }
        // Script mode, like sqlite3: no banner, no prompt, one command a line.
        while case .line(let line) = await host.standardInput.readLine(prompt: "") {
            // Ctrl-C held while a change waited for the lock: the script stops there.
            if await runner.run(line: line) == .quit || InterruptHold.arrived() { break }
        }
        return finish(runner, status: runner.exitStatus)
    }

    /// Whether any command of `lines` (a one-shot run's) may read favorites or settings
    /// (`Command.readsState`): true too for a line that does not parse, whose error the runner
    /// gives after the commands before it have run. Deciding wrongly costs time, never a result:
    /// a state not preloaded is read when first asked for.
    nonisolated static func mayReadState(_ lines: [String]) -> Bool {
        lines.contains { line in
            guard let commands = try? ShellWords.commands(line) else { return true }
            return commands.contains { command in
                do { return try CommandParser.parse(words: command.words.map(\.text))?.readsState ?? false } catch {
                    return true
                }
            }
        }
    }

    /// The lock-wait notice (one line and its line end) fitted to `width` columns as error lines
    /// are (`ShellRunner.wrappedAtWords`), `folders` and "(Ctrl-C cancels)" kept whole.
    nonisolated static func fittedNotice(_ text: String, width: Int, folders: [String]) -> String {
        let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let kept = (folders + ["(Ctrl-C cancels)"]).sorted { $0.count > $1.count }
        return ShellRunner.wrappedAtWords(line, width: width, keeping: kept) + (text.hasSuffix("\n") ? "\n" : "")
    }

    /// `text` (lines of wx's own, naming a file or a variable's value) fitted to standard
    /// error's width when it is a terminal, as the runner's error lines are; whole otherwise.
    /// The folders named in the environment are kept whole, spaces and all (`--home` is one of
    /// the configuration's, which the runner keeps).
    private func fitted(_ text: String) -> String {
        guard host.errorIsTerminal else { return text }
        let folders = ["WX_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HOME"].compactMap(
            host.variable)
        return ShellRunner.wrappedAtWords(text, width: host.terminalWidth(), keeping: folders)
    }

    /// `status`, made 1 with a line saying so when the results could not be written, or when
    /// records of the log kept in memory after a failed write (a full disk, a read-only folder)
    /// are still not on disk as wx ends — for `wx -c` and scripts, the end of the one command or
    /// script.
    private func finish(_ runner: ShellRunner, status: Int32) -> Int32 {
        var status = status
        // History lines held back while another process held the lock a moment: written now,
        // waiting for it as a change does.
        runner.session.writeKeptLogRecords()
        // (Favorites and settings say "else it is lost when wx ends" when they fail; records of
        // the log say they will be written with the next one that can be, which never comes.)
        // Changes to favorites or settings kept in memory and never saved: said once, as wx ends.
        if let unsaved = runner.session.unsavedStateWarning {
            host.output.writeError(fitted(unsaved + "\n"))
            status = max(status, 1)
        }
        if runner.session.hasUnwrittenLogRecords {
            host.output.writeError("wx: records of log.jsonl that could not be written are lost as wx ends\n")
            status = max(status, 1)
        }
        guard let failure = host.output.writeFailure else { return status }
        host.output.writeError(fitted("wx: cannot write the output: \(failure)\n"))
        return max(status, 1)
    }
}
