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
        setlocale(LC_CTYPE, "")
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let output = StandardStreams()
        let invocation: Invocation
        let configuration: Configuration
        do {
            invocation = try Invocation.parse(arguments)
            configuration = try Configuration(environment: environment(), home: invocation.home)
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
        case .run:
            break
        }

        let (session, warning) = WeatherSession.live(
            configuration: configuration, transport: CurlTransport(), offline: invocation.offline)
        if let warning { output.writeError("warning: \(warning)\n") }
        let runner = ShellRunner(
            session: session, output: output, format: invocation.json ? .json : .text,
            colour: isatty(1) == 1 && configuration.colourAllowed, unicode: configuration.unicodeOutput)

        if !invocation.words.isEmpty || !invocation.commands.isEmpty {
            let lines = invocation.words.isEmpty ? invocation.commands : [CommandParser.join(arguments: invocation.words)]
            if !invocation.words.isEmpty {
                // `wx frobnicate`: an unknown command on the command line is a usage error.
                for text in CommandParser.splitCommands(lines[0]) {
                    do { _ = try CommandParser.parse(text) } catch {
                        output.writeError("wx: \(error.description)\n")
                        return 2
                    }
                }
            }
            var failed = false
            for line in lines {
                switch await runner.run(line: line) {
                case .quit: return failed ? 1 : 0
                case .failed: failed = true
                case .succeeded: break
                }
            }
            return failed ? 1 : 0
        }

        if isatty(0) == 1 {
            return await Interactive(runner: runner, output: output).run()
        }
        // Script mode, like sqlite3: no banner, no prompt, one command a line.
        var failed = false
        while let line = readLine(strippingNewline: true) {
            switch await runner.run(line: line) {
            case .quit: return failed ? 1 : 0
            case .failed: failed = true
            case .succeeded: break
            }
        }
        return failed ? 1 : 0
    }

    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// Standard output and error, flushed after every write so that prompts and results interleave
/// right on a terminal and in a pipe.
final class StandardStreams: OutputSink {
    func write(_ text: String) { Self.put(text, fd: 1) }
    func writeError(_ text: String) { Self.put(text, fd: 2) }

    static func put(_ text: String, fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe: nothing more can be said
            }
            bytes = bytes.dropFirst(written)
        }
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

    init(runner: ShellRunner, output: StandardStreams) {
        self.runner = runner
        self.output = output
        let session = runner.session
        self.editor = LineEditor(program: "wx") {
            MainActor.assumeIsolated { session.favorites.map(\.name) }
        }
    }

    func run() async -> Int32 {
        installInterruptHandler()
        for entry in runner.session.log.history(last: 500) { editor.addToHistory(entry.line) }
        output.write("wx \(WXVersion.current) — weather at the prompt. “help” lists commands; Ctrl-D quits.\n")
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
                let task = Task { @MainActor in await runner.run(line: line) }
                running.set(task)
                let status = await task.value
                running.set(nil)
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

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let favoriteNames: () -> [String]

    init(program: String, favoriteNames: @escaping () -> [String]) {
        self.favoriteNames = favoriteNames
        editLine = wx_el_init(program)
        history = history_init()
        wx_history_set_size(history, 1000)
        wx_history_set_unique(history, 1)
        wx_el_set_history(editLine, history)
        wx_el_set_default_prompt(editLine)
        wx_el_set_editor(editLine, "emacs")
        wx_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        wx_el_add_function(editLine, "wx-complete", "complete a command or favorite", completeCallback)
        wx_el_bind(editLine, "^I", "wx-complete")
        el_source(editLine, nil)  // the user's ~/.editrc, as other libedit programs do
    }

    deinit {
        el_end(editLine)
        history_end(history)
    }

    func readLine() -> Input {
        var count: Int32 = 0
        guard let bytes = el_gets(editLine, &count) else {
            return count == -1 && wx_errno() == EINTR ? .interrupted : .end
        }
        if count < 0 { return .interrupted }
        var line = String(cString: bytes)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    func addToHistory(_ line: String) { wx_history_enter(history, line) }

    /// Tab: insert the single completion or the common prefix, or list the options.
    fileprivate func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer else { return UInt8(CC_ERROR) }
        let length = info.cursor - start
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
        let completion = Completer.complete(before, favorites: favoriteNames())
        let typed = String(before.suffix(completion.replacing))
        if let insertion = completion.insertion(typed: typed) {
            el_deletestr(editLine, Int32(typed.unicodeScalars.count))
            el_insertstr(editLine, insertion)
            return UInt8(CC_REFRESH)
        }
        guard completion.options.count > 1 else { return UInt8(CC_REFRESH_BEEP) }
        StandardStreams.put("\n" + completion.options.joined(separator: "   ") + "\n", fd: 1)
        return UInt8(CC_REDISPLAY)
    }
}

private let completeCallback: wx_el_function = { editLine, _ in
    guard let editLine, let data = wx_el_get_clientdata(editLine) else { return UInt8(CC_ERROR) }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete()
}
