import WXBasics

/// Opens text in the user's editor at the terminal and gives back what it left; the product
/// spawns `$EDITOR` (Sources/wx/Terminal/EditorProcess.swift), tests pass a fake.
package protocol EditorProgram: AnyObject {
    /// Writes `text` to a temporary file, runs `command` (a shell command line) on it at the
    /// terminal, waits, and reads the file back.
    ///
    /// - Returns: the file's text after the editor; nil when the editor could not be started,
    ///   was not found, or ended with a failure status (then nothing is to run).
    func edit(_ text: String, command: String) -> String?
}

/// psql's `\e`: the last line in `$EDITOR`, run when the editor ends — what Ctrl-X Ctrl-E does
/// with the line being typed.
extension ShellRunner {
    /// The editor command: `$EDITOR` (as libedit's Ctrl-X Ctrl-E), else `$VISUAL`, else `vi`.
    package static func editorCommand(variable: (String) -> String?) -> String {
        for name in ["EDITOR", "VISUAL"] {
            if let chosen = variable(name), !chosen.trimmed.isEmpty { return chosen }
        }
        return "vi"
    }

    /// `\e`: the last line of the history (not `\e` itself) opens in the editor; each line it
    /// leaves is then shown and run as if typed, and goes into the history. Left as it was (vim's
    /// `:q!`), nothing runs, as in psql: it ran the line again (issue 40), a request repeated.
    func editLastLine() async -> LineStatus {
        guard let (editor, command) = lineEditing else {
            report(.usage("“\\e” edits the last line at the prompt; scripts and wx -c have none to edit"))
            return .usageError
        }
        let last = session.historyList(last: 3).last { entry in
            !["\\e", "\\edit"].contains(entry.line.trimmed.lowercased())
        }
        guard let last else {
            report(.notApplicable("“\\e” edits the last line, and there is none yet"))
            return .failed
        }
        return await run(edited: last.line, editor: editor, command: command, runsUnchanged: false)
    }

    /// Ctrl-X Ctrl-E: `typed`, the line being typed, in the editor; then as `\e`, but run
    /// changed or not, as bash's edit-and-execute-command (the line was not run yet).
    package func editAndRun(_ typed: String) async -> LineStatus {
        guard let (editor, command) = lineEditing else { return .failed }
        return await run(edited: typed, editor: editor, command: command, runsUnchanged: true)
    }

    /// `text` in the editor; each line it leaves is then shown ("» …") and run as if typed, and
    /// goes into the history. When the editor cannot run, `text` waits in the next prompt's line
    /// (`textForNextPrompt`): with `EDITOR` naming no program, Ctrl-X Ctrl-E lost the line being
    /// typed (trial 16).
    /// `runsUnchanged` false (`\e`): a file left as it was runs nothing, and says so.
    private func run(
        edited text: String, editor: any EditorProgram, command: String, runsUnchanged: Bool
    ) async -> LineStatus {
        guard let edited = editor.edit(text + "\n", command: command) else {
            report(.notApplicable("the editor “\(TerminalText.sanitized(command))” failed; nothing was run"))
            if !text.trimmed.isEmpty { textForNextPrompt = text }
            return .failed
        }
        if !runsUnchanged, edited == text + "\n" || edited == text {
            putError("the line came back unchanged; nothing was run\n")
            return .succeeded
        }
        var status = LineStatus.succeeded
        for line in edited.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        where !line.trimmed.isEmpty {
            if Task.isCancelled { return Self.worse(status, .failed) }
            echo(String(line))
            let result = await run(commandsOf: String(line), record: recordsHistory, nested: false)
            if result == .quit { return .quit }
            status = Self.worse(status, result)
        }
        return status
    }
}
