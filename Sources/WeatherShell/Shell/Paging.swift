import WXBasics

/// Shows text through a pager program (`less -FRX`) at the terminal; the product spawns it.
package protocol PagerProgram: AnyObject {
    /// Runs `command` (a shell command line) with `text` on its standard input, and waits for it.
    ///
    /// - Parameter environment: variables set for the pager on top of wx's own environment
    ///   (`LESSSECURE=1` for the `less` wx chose itself; see `PagingOutput.pagerEnvironment`).
    /// - Returns: false when it could not be started, or its command was not found or not
    /// executable (the shell's exit status 127 or 126): the text is then written as it is.
    func page(_ text: String, command: String, environment: [String: String]) -> Bool
}

/// Long output at the interactive prompt — `help`, `history N`, `favs` — goes through a pager
/// when it does not fit the screen, as in psql. Never in scripts or pipes, nor for other
/// commands (`watch` never ends; results that come bit by bit are not held back).
package final class PagingOutput: AppOutput {
    let inner: any AppOutput
    let pager: any PagerProgram
    let command: String
    /// What the pager gets on top of wx's environment (`pagerEnvironment`).
    let environment: [String: String]
    let rows: () -> Int
    let columns: () -> Int
    /// Output held while a line that may be paged runs.
    private var held: String?
    /// Standard error written while output is held (errors, `\timing`'s "time: …"): it follows
    /// the held output, as it would have unpaged, never comes before it.
    private var heldErrors = ""

    /// The commands whose output may be long enough to page.
    static let pagedCommands: Set<CommandSpec> = [.help, .history, .favs]

    package init(
        inner: any AppOutput, pager: any PagerProgram, command: String, environment: [String: String] = [:],
        rows: @escaping () -> Int, columns: @escaping () -> Int
    ) {
        self.inner = inner
        self.pager = pager
        self.command = command
        self.environment = environment
        self.rows = rows
        self.columns = columns
    }

    package var writeFailure: String? { inner.writeFailure }

    package func write(_ text: String) {
        if held != nil { held! += text } else { inner.write(text) }
    }

    package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if held != nil { held! += String(decoding: bytes, as: UTF8.self) } else { inner.write(utf8: bytes) }
    }

    package func writeError(_ text: String) {
        if held != nil { heldErrors += text } else { inner.writeError(text) }
    }

    /// The pager command, or nil for none: `WX_PAGER` when set (empty: none), else `PAGER`
    /// (empty or `cat`: none), else `less -FRX`.
    package static func pagerCommand(variable: (String) -> String?) -> String? {
        if let chosen = variable("WX_PAGER") { return chosen.trimmed.isEmpty ? nil : chosen }
        if let chosen = variable("PAGER") { return chosen.trimmed.isEmpty || chosen.trimmed == "cat" ? nil : chosen }
        return defaultPager
    }

    /// The pager wx runs when nobody chose one.
    static let defaultPager = "less -FRX"

    /// What the pager's environment gains: `LESSSECURE=1` when wx chose `less` itself (neither
    /// `WX_PAGER` nor `PAGER` set) and the user has not set `LESS` or `LESSSECURE`, so that a
    /// stray key in it cannot write a file (`s`), run a shell (`!`, `|`) or open an editor (`v`);
    /// as systemd's tools do for the pager they pick. Someone who chose the pager, or set up
    /// less with `LESS`, gets it as they set it up. Empty otherwise.
    package static func pagerEnvironment(variable: (String) -> String?) -> [String: String] {
        guard variable("WX_PAGER") == nil, variable("PAGER") == nil, variable("LESS") == nil,
            variable("LESSSECURE") == nil
        else { return [:] }
        return ["LESSSECURE": "1"]
    }

    /// Whether `line` holds only commands whose output may be paged.
    /// Command words are read as the runner reads them (aliases and unique prefixes included).
    static func mayPage(_ line: String) -> Bool {
        guard let commands = try? ShellWords.commands(line), !commands.isEmpty else { return false }
        return commands.allSatisfy { command in
            guard let word = command.words.first?.text, let spec = try? CommandParser.command(named: word) else {
                return false
            }
            return pagedCommands.contains(spec)
        }
    }

    /// Whether `text` fits a screen of `rows` × `columns`, a row left for the prompt after it.
    package static func fits(_ text: String, rows: Int, columns: Int) -> Bool {
        var used = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
        {
            let width = TextLayout.columns(String(line))
            used += max(1, (width + columns - 1) / max(1, columns))
            if used > rows - 1 { return false }
        }
        return true
    }

    /// Before a typed line runs: hold its output if it may be paged.
    func lineWillRun(_ line: String) {
        held = Self.mayPage(line) ? "" : nil
    }

    /// After the line ran: what was held, through the pager when it does not fit the screen.
    func lineDidRun() {
        guard let text = held else { return }
        held = nil
        let errors = heldErrors
        heldErrors = ""
        defer { if !errors.isEmpty { inner.writeError(errors) } }
        if text.isEmpty { return }
        if Self.fits(text, rows: rows(), columns: columns()) { return inner.write(text) }
        if !pager.page(text, command: command, environment: environment) {
            inner.writeError(
                CommandResult.warningLead
                    + "the pager “\(TerminalText.sanitized(command))” could not be started; the output follows unpaged\n"
            )
            inner.write(text)
        }
    }
}
