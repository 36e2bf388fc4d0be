// wx: the terminal front end. It parses the command line, wires the view model to libedit (a
// terminal) or to standard input (a script), and turns Ctrl-C into cancelling the running
// command. Everything else lives in WeatherShell and WeatherKit.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CEditLine
import Dispatch
import Glibc
import Synchronization
import WeatherKit
import WeatherShell

@main
struct WX {
    static func main() async {
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let output = StandardStreams()
        let invocation: Invocation
        let configuration: Configuration
        do {
            invocation = try Invocation.parse(arguments)
            configuration = try Configuration(variable: { getenv($0).map { String(cString: $0) } }, home: invocation.home)
        } catch {
            output.writeError("wx: \(error.description)\n")
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
                let typed = try? Configuration(variable: { getenv($0).map { String(cString: $0) } }, home: home)
            {
                folder = typed.configFolder
            }
            let names = WeatherSession.savedFavoriteNames(configFolder: folder)
            for candidate in ShellCompletion.candidates(words: words, favorites: names) { output.write(candidate + "\n") }
            return 0
        case .run:
            break
        }

        let session = WeatherSession.live(configuration: configuration, transport: CurlTransport(), offline: invocation.offline)
        let runner = ShellRunner(
            session: session, output: output, format: invocation.json ? .json : .text,
            colour: isatty(1) == 1 && configuration.colourAllowed, unicode: configuration.unicodeOutput,
            width: terminalWidth)

        if !invocation.words.isEmpty || !invocation.commands.isEmpty {
            let lines = invocation.words.isEmpty ? invocation.commands : [CommandParser.join(arguments: invocation.words)]
            for line in lines where await runner.run(line: line) == .quit { break }
            return output.finish(runner.exitStatus)
        }

        if isatty(0) == 1 {
            // libedit needs the locale's character set to edit UTF-8 (é, ü, 東) right; nothing
            // else in wx reads the C locale, so scripts skip the cost of loading it.
            setlocale(LC_CTYPE, "")
            guard let editor = LineEditor(program: "wx", favoriteNames: { MainActor.assumeIsolated { session.favoriteNamesForCompletion() } }) else {
                output.writeError("wx: \(LineEditor.loadError); install libedit2, or pipe commands into wx\n")
                return 1
            }
            // The start-up file is for the person at the prompt; scripts get only what they ask for.
            let startupFile = invocation.skipStartupFile ? nil : configuration.startupFile
            let foreground = ForegroundGroup.take()
            defer { foreground?.giveBack() }
            return await Interactive(runner: runner, output: output, editor: editor, startupFile: startupFile).run()
        }
        // Script mode, like sqlite3: no banner, no prompt, one command a line.
        while let line = readLine(strippingNewline: true) {
            if await runner.run(line: line) == .quit { break }
        }
        return output.finish(runner.exitStatus)
    }

    /// The terminal's columns (40…200) when standard output is one; 80 otherwise.
    static func terminalWidth() -> Int {
        var size = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return min(200, max(40, Int(size.ws_col)))
    }
}

/// Standard output and error, written at once (no buffering) so that prompts and results
/// interleave right on a terminal and in a pipe.
final class StandardStreams: OutputSink {
    /// Why writing to standard output failed (a full disk, a closed file), if it did.
    private var outputFailure: String?

    func write(_ text: String) {
        if outputFailure == nil, let failure = Self.put(text, fd: 1) { outputFailure = failure }
    }

    func writeError(_ text: String) { _ = Self.put(text, fd: 2) }

    /// The exit status, made 1 when the results could not be written, with a line saying so.
    func finish(_ status: Int32) -> Int32 {
        guard let outputFailure else { return status }
        writeError("wx: cannot write the output: \(outputFailure)\n")
        return max(status, 1)
    }

    /// Writes all of `text`; returns the reason when it could not.
    @discardableResult
    static func put(_ text: String, fd: Int32) -> String? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}

/// The interactive shell: libedit for editing, history and completion; Ctrl-C cancels.
@MainActor
final class Interactive {
    let runner: ShellRunner
    let output: StandardStreams
    let editor: LineEditor
    /// The command running now, for Ctrl-C to cancel.
    let running = RunningCommand()
    var interruptSource: (any DispatchSourceRead)?

    /// Run after the banner, before the first prompt; Ctrl-C stops it.
    let startupFile: String?

    init(runner: ShellRunner, output: StandardStreams, editor: LineEditor, startupFile: String?) {
        self.runner = runner
        self.output = output
        self.editor = editor
        self.startupFile = startupFile
    }

    func run() async -> Int32 {
        installInterruptHandler()
        runner.session.preloadState()
        for line in runner.session.recentCommandLines(500) { editor.addToHistory(line) }
        output.write("wx \(WXVersion.current) — weather at the prompt. “help” lists commands; Ctrl-D quits.\n")
        if let startupFile {
            let task = Task { @MainActor in await runner.runStartupFile(startupFile) }
            running.set(task)
            _ = await task.value
            running.set(nil)
        }
        while true {
            switch editor.readLine() {
            case .end:
                output.write("\n")
                return 0
            case .interrupted:
                output.write("\n")
                continue
            case .line(let line):
                if line.trimmed.isEmpty { continue }
                editor.addToHistory(line)
                // While a command runs, keys typed ahead are not echoed (they would show twice:
                // now, and again at the next prompt, where libedit reads them).
                let echo = TerminalEcho.disable()
                let task = Task { @MainActor in await runner.run(line: line) }
                running.set(task)
                let status = await task.value
                running.set(nil)
                echo?.restore()
                if status == .quit { return 0 }
            }
        }
    }

    /// SIGINT → a byte in a pipe → cancel the running command (if any). While el_gets waits,
    /// the same signal makes it return EINTR, which discards the line being typed.
    private func installInterruptHandler() {
        interruptSource = Self.watchInterrupts(cancelling: running)
    }

    /// Nonisolated: the handler runs on the watcher's own queue, never on the main actor.
    private nonisolated static func watchInterrupts(cancelling running: RunningCommand) -> (any DispatchSourceRead)? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        let readEnd = fds[0]
        _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        wx_install_interrupt_handler(fds[1])
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "wx.interrupt"))
        source.setEventHandler { @Sendable in
            var buffer = [UInt8](repeating: 0, count: 64)
            _ = read(readEnd, &buffer, buffer.count)
            running.cancel()
        }
        source.resume()
        return source
    }
}

/// Turns terminal echo off for a while (`tcsetattr`), and back on.
struct TerminalEcho {
    let saved: termios

    static func disable() -> TerminalEcho? {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return nil }
        let saved = settings
        settings.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(0, TCSANOW, &settings) == 0 else { return nil }
        return TerminalEcho(saved: saved)
    }

    func restore() {
        var settings = saved
        tcsetattr(0, TCSANOW, &settings)
    }
}

/// The task of the command running now, shared with the interrupt watcher's queue.
final class RunningCommand: Sendable {
    private let task = Mutex<Task<LineStatus, Never>?>(nil)
    func set(_ value: Task<LineStatus, Never>?) { task.withLock { $0 = value } }
    func cancel() { task.withLock { $0?.cancel() } }
}

/// libedit behind a small Swift surface.
final class LineEditor {
    enum Input {
        case line(String)
        case interrupted
        case end
    }

    /// libedit's entry points, loaded at the first interactive start (see CEditLine/shim.h).
    nonisolated(unsafe) private static let api: UnsafeMutablePointer<wx_editline_api>? = {
        // nonisolated(unsafe): written once by this initialiser, only read afterwards.
        let api = UnsafeMutablePointer<wx_editline_api>.allocate(capacity: 1)
        api.initialize(to: wx_editline_api())
        if wx_editline_load(api) == 0 { return api }
        loadErrorText = String(cString: wx_editline_load_error())
        return nil
    }()
    nonisolated(unsafe) private static var loadErrorText = ""
    static var loadError: String { "libedit could not be loaded (\(loadErrorText))" }

    private let api: UnsafeMutablePointer<wx_editline_api>
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let favoriteNames: () -> [String]

    /// Nil when libedit cannot be loaded.
    init?(program: String, favoriteNames: @escaping () -> [String]) {
        guard let api = Self.api, let editLine = wx_el_init(api, program), let history = api.pointee.history_init() else {
            return nil
        }
        self.api = api
        self.editLine = editLine
        self.history = history
        self.favoriteNames = favoriteNames
        wx_history_set_size(api, history, 1000)
        wx_history_set_unique(api, history, 1)
        wx_el_set_history(api, editLine, history)
        wx_el_set_default_prompt(api, editLine)
        wx_el_set_editor(api, editLine, "emacs")
        wx_el_set_clientdata(api, editLine, Unmanaged.passUnretained(self).toOpaque())
        wx_el_add_function(api, editLine, "wx-complete", "complete a command or favorite", completeCallback)
        wx_el_bind(api, editLine, "^I", "wx-complete")
        wx_el_add_function(api, editLine, "wx-delete-or-eof", "delete the next character, or end on an empty line", deleteOrEndCallback)
        wx_el_bind(api, editLine, "^D", "wx-delete-or-eof")
        _ = api.pointee.el_source(editLine, nil)  // the user's ~/.editrc, as other libedit programs do
    }

    deinit {
        api.pointee.el_end(editLine)
        api.pointee.history_end(history)
    }

    func readLine() -> Input {
        var count: Int32 = 0
        var mask = sigset_t()
        wx_reader_begin(&mask)
        defer { wx_reader_end(&mask) }
        guard let bytes = api.pointee.el_gets(editLine, &count) else {
            return count == -1 && wx_errno() == EINTR ? .interrupted : .end
        }
        if count < 0 { return .interrupted }
        var line = String(cString: bytes)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    func addToHistory(_ line: String) { wx_history_enter(api, history, line) }

    /// Tab: insert the single completion or the common prefix, or list the options.
    fileprivate func complete() -> UInt8 {
        guard let info = api.pointee.el_line(editLine)?.pointee, let start = info.buffer else { return UInt8(CC_ERROR) }
        let length = info.cursor - start
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
        let completion = Completer.complete(before, favorites: favoriteNames())
        let typed = String(before.suffix(completion.replacing))
        if let insertion = completion.insertion(typed: typed) {
            api.pointee.el_deletestr(editLine, Int32(typed.unicodeScalars.count))
            _ = api.pointee.el_insertstr(editLine, insertion)
            return UInt8(CC_REFRESH)
        }
        guard completion.options.count > 1 else { return UInt8(CC_REFRESH_BEEP) }
        StandardStreams.put("\n" + Self.columns(completion.options, width: WX.terminalWidth()), fd: 1)
        return UInt8(CC_REDISPLAY)
    }

    /// Ctrl-D: end of input on an empty line, else delete the character under the cursor.
    /// libedit's own binding echoes a visible "^D" before ending, which no other shell leaves
    /// on the screen.
    fileprivate func deleteOrEnd() -> UInt8 {
        guard let info = api.pointee.el_line(editLine)?.pointee, let start = info.buffer else { return UInt8(CC_ERROR) }
        if info.lastchar == start { return UInt8(CC_EOF) }
        guard info.cursor < info.lastchar else { return UInt8(CC_ERROR) }
        _ = api.pointee.el_cursor(editLine, 1)
        api.pointee.el_deletestr(editLine, 1)
        return UInt8(CC_REFRESH)
    }

    /// Options laid out in columns across `width`, as shells list completions.
    static func columns(_ options: [String], width: Int) -> String {
        let cell = (options.map(TextLayout.columns).max() ?? 0) + 3
        let perRow = max(1, width / cell)
        var text = ""
        for (index, option) in options.enumerated() {
            let last = index % perRow == perRow - 1 || index == options.count - 1
            text += last ? option + "\n" : TextLayout.pad(option, to: cell)
        }
        return text
    }

    /// The editor whose callback is running (from EL_CLIENTDATA).
    fileprivate static func from(_ editLine: OpaquePointer) -> LineEditor? {
        guard let api, let data = wx_el_get_clientdata(api, editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }
}

private let completeCallback: wx_el_function = { editLine, _ in
    guard let editLine, let editor = LineEditor.from(editLine) else { return UInt8(CC_ERROR) }
    return editor.complete()
}

private let deleteOrEndCallback: wx_el_function = { editLine, _ in
    guard let editLine, let editor = LineEditor.from(editLine) else { return UInt8(CC_EOF) }
    return editor.deleteOrEnd()
}

/// Ctrl-C at the prompt is for wx alone. Started by a program that is not a job-control shell
/// (`make run`, `sh -c`), wx shares that program's process group, so the terminal's SIGINT
/// also reached make, which then ended with status 130 once wx quit. Like an interactive
/// shell, wx then takes a process group of its own as the terminal's foreground, and gives
/// the terminal back on the way out.
struct ForegroundGroup {
    let previous: pid_t

    /// Nil when wx leads its own group already (started by bash, zsh, fish) or cannot move.
    static func take() -> ForegroundGroup? {
        let previous = tcgetpgrp(0)
        guard previous == getpgrp(), getpgrp() != getpid(), setpgid(0, 0) == 0 else { return nil }
        // A process outside the foreground group that sets it is sent SIGTTOU: ignored here.
        let old = signal(SIGTTOU, SIG_IGN)
        defer { signal(SIGTTOU, old) }
        guard tcsetpgrp(0, getpid()) == 0 else {
            _ = setpgid(0, previous)
            return nil
        }
        return ForegroundGroup(previous: previous)
    }

    func giveBack() {
        let old = signal(SIGTTOU, SIG_IGN)
        _ = tcsetpgrp(0, previous)
        signal(SIGTTOU, old)
    }
}
