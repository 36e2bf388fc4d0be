import FoundationEssentials
import WXBasics

/// Where results go: standard output, else the file `\o FILE` named, and for one command the
/// file `.once FILE` named.
@MainActor
final class OutputRedirection {
    /// Standard output (and error), as the front end gave it.
    let standard: any OutputSink
    /// The file `\o FILE` (`.output FILE`) sends results to, until `\o` alone.
    var file: FileOutput?
    /// The file `.once FILE` sends the next command's results to; the command takes it.
    var onceFile: FileOutput?

    init(standard: any OutputSink) { self.standard = standard }

    /// Where results go now.
    var current: any OutputSink { file ?? standard }
}

/// What the terminal is and can do, as the front end found it.
struct TerminalTraits {
    /// Whether standard output takes colour and bold (a terminal that allows them).
    let colour: Bool
    let unicode: Bool
    /// The terminal's width now (it can change between commands); 80 when not a terminal.
    let width: () -> Int
    /// Whether output is fitted to `width` (a terminal, or `COLUMNS` given); false in scripts
    /// and pipes, where lists are printed whole.
    let fitsWidth: Bool
    /// Whether standard output is a terminal (`RenderContext.outputIsTerminal`).
    var outputIsTerminal = false
    /// The editor `\e` opens the last line in, and its command; nil where there is no terminal
    /// (scripts, `wx -c`).
    var lineEditing: (editor: any EditorProgram, command: String)?
    /// The text an editor that could not run was given (Ctrl-X Ctrl-E's line, `\e`'s last line),
    /// for the prompt to put in its next line (`LineReader.keepForNextLine`); the interactive
    /// shell takes it before each prompt.
    var textForNextPrompt: String?
    /// What clears the terminal (`clear`, as Ctrl-L does at the prompt): nil where standard
    /// output is not a terminal, or one that cannot clear (`TERM=dumb`), and `clear` does nothing.
    var screenClearing: String?
    /// How `watch --notify` raises a desktop notification (the terminal's escape, `notify-send`);
    /// nil: only the bell.
    var desktopNotification: DesktopNotification?
    /// Returns when the terminal has been resized (or the task is cancelled): `watch` then draws
    /// its screen again at the new width. Nil where output is no terminal.
    var terminalResized: (@Sendable () async -> Void)?
}

/// How error and warning lines are laid out and what they have said already.
struct ErrorLines {
    /// The terminal's width when standard error is one: error and warning lines are broken
    /// between words to fit it (ErrorWrapping.swift); nil leaves them whole (files, pipes).
    var width: (() -> Int)?
    /// Put before error messages while a file of commands runs ("…/wxrc:3: ").
    var context: String?
    /// The words of the command being run (none between commands; a file's command while
    /// `.read` runs its lines): the paths its errors may name, kept whole when they are wrapped
    /// (`pathsWithSpaces`).
    var commandWords: [String] = []
    /// Whether an error has said that nothing can be reached (then later ones say it short).
    var saidUnreachable = false
    /// The problems with state.plist or log.jsonl said in full so far (a warning's or an
    /// error's text): later commands say them short (RepeatedProblems.swift).
    var explainedProblems: Set<String> = []
}

/// `\timing`: whether each command's time is printed after it, and the clock it is read on.
struct CommandTiming {
    /// Whether each command's time is printed after it (`\timing`, `.timer on`).
    var isOn = false
    /// The time now (a test passes its own).
    var stopwatch: () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// The line `\timing` prints for `elapsed`: milliseconds to a tenth.
    static func line(_ elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let tenths = Int(seconds) * 10_000 + Int(attoseconds / 100_000_000_000_000)
        return "time: \(tenths / 10).\(tenths % 10) ms\n"
    }
}

/// Files of commands (the start-up file, `\i FILE`) while they run.
struct FileReading {
    /// How many `\i FILE` are running inside each other (a file that reads itself stops).
    var depth = 0
    /// While the start-up file runs: settings it makes (`units`, `provider`, `format`…) are not
    /// confirmed on every start.
    var quietSettings = false
}

/// Lines into the history.
struct HistoryRecording {
    /// Whether lines go into the history. Commands given on wx's command line (`wx -c …`,
    /// `wx line Home`) do not: a status bar running `wx line` every minute would bury what was
    /// typed at the prompt (WXApp turns it off for them).
    var isOn = true
    /// Told each line as it goes into the history (references expanded, secrets redacted), and
    /// only then: the prompt adds it to the line editor's history, so that Up recalls exactly
    /// what `history` lists.
    var onRecord: (@MainActor (String) -> Void)?
    /// Whether the warning that the history is not being saved was given (it is given once).
    var warnedAboutLog = false
}
