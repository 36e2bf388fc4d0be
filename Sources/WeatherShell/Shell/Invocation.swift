import WXBasics
import WeatherKit

/// The parsed command line of `wx`: what its flags — declared in the language (`Flag`, read by
/// `FlagReading`) — ask of this run, each given its effect here, and the command's words.
package struct Invocation: Hashable, Sendable {
    package enum Action: Hashable, Sendable {
        /// Start the shell, or run `-c` / the command words.
        case run
        case help
        case version
        /// `wx completions bash|zsh|fish`: print that shell's completion script.
        case completions(String)
        /// `wx --complete -- WORDS…` (for the completion scripts): print the candidates for the
        /// last word, one a line.
        case complete([String])
    }

    package var action = Action.run
    /// `--home DIR`: the one folder for state, log and cache.
    package var home: String?
    /// `--json`: results as JSON documents.
    package var json = false
    /// `-c "cmd; cmd"`: commands to run before exiting.
    package var commands: [String] = []
    /// `wx show Hamburg`: one command given as words.
    package var words: [String] = []
    /// `--offline`: no requests; cached data only.
    package var offline = false
    /// `-n`, `--no-rc`: skip the start-up file.
    package var skipStartupFile = false
    /// `--units metric|imperial`: the units of this run, the saved ones left as they are
    /// (trial 15: `wx -c "units imperial; rain Berlin"`, the man page's own example, changed
    /// the units of every later session).
    package var units: UnitPreset?

    package init() {}

    /// Parses the arguments after the program name: the flags as declared (`FlagReading`), each
    /// given its effect here.
    ///
    /// - Throws: `ShellError.usage` for an unknown option, a missing or wrong value, or flags
    ///   that cannot go together (exit status 2).
    package static func parse(_ arguments: [String]) throws(ShellError) -> Invocation {
        let reading = try FlagReading(arguments)
        var invocation = Invocation()
        invocation.words = reading.words
        for (flag, value) in reading.flags { invocation.set(flag, value ?? "", rest: reading.rest ?? []) }
        // The completion scripts' entry takes the rest as they are.
        if case .complete = invocation.action { return invocation }
        if invocation.home?.isEmpty == true { throw .usage("--home needs a folder") }
        if invocation.words.first == "completions" {
            guard invocation.words.count == 2, ShellCompletion.shells.contains(invocation.words[1]) else {
                throw .usage("usage: wx completions bash|zsh|fish")
            }
            invocation.action = .completions(invocation.words[1])
            invocation.words = []
        }
        if !invocation.commands.isEmpty && !invocation.words.isEmpty {
            throw .usage("give commands with -c or as words, not both")
        }
        if invocation.action == .help || invocation.action == .version,
            !invocation.commands.isEmpty || !invocation.words.isEmpty
        {
            throw .usage("\(invocation.action == .help ? "--help" : "--version") runs no commands; see wx --help")
        }
        return invocation
    }

    /// What each of wx's flags (declared in `Flag`) does to the invocation: exhaustive, so that
    /// a new flag does not compile until it does something.
    ///
    /// - Parameters:
    ///   - value: its value as `FlagReading` checked it (empty for a flag that takes none).
    ///   - rest: the arguments after a flag that takes them all.
    private mutating func set(_ flag: Flag, _ value: String, rest: [String]) {
        switch flag {
        case .command: commands.append(value)
        case .json: json = true
        case .home: home = value
        case .offline: offline = true
        // One of the presets' names: the flag declares them (`FlagSpec.checked`).
        case .units: units = UnitPreset(rawValue: value)
        case .noStartupFile: skipStartupFile = true
        case .help: action = .help
        case .version: action = .version
        case .complete: action = .complete(rest)
        }
    }

    /// The text of `wx --help`, built from the declarations of the flags and commands (`Registry`).
    package static var usage: String {
        var lines = [
            "usage: wx [options]                   start the weather shell",
            "       wx [options] -c \"cmd; cmd\"     run commands and exit",
            "       wx [options] <command> [args]  run one command and exit",
            "       wx completions bash|zsh|fish   print a shell completion script",
            "",
            "options:",
        ]
        for flag in Registry.listedFlags {
            lines.append("  \(TextLayout.pad(flag.usage, to: 18)) \(flag.summary)")
        }
        lines += ["", "commands:"] + TextRenderer.commandList(Registry.commands, width: 80)
        lines += [
            "",
            "With stdin not a terminal, wx reads one command a line (script mode).",
            "Exit status: 0 all commands succeeded, 1 a command failed, 2 usage error.",
            "More in the manual: man wx.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
