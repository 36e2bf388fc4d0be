import WXBasics
import WeatherKit

/// The parsed command line of `wx`.
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

    /// Parses the arguments after the program name.
    ///
    /// - Throws: `ShellError.usage` for an unknown option or a missing value (exit status 2).
    package static func parse(_ arguments: [String]) throws(ShellError) -> Invocation {
        var invocation = Invocation()
        var index = 0
        func value(for option: String) throws(ShellError) -> String {
            index += 1
            guard index < arguments.count else { throw .usage("\(option) needs a value; see wx --help") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if invocation.words.isEmpty {
                // Not options of the table: the completion scripts' entry, and the end of options.
                if argument == "--complete" {
                    var rest = Array(arguments[(index + 1)...])
                    if rest.first == "--" { rest.removeFirst() }
                    invocation.action = .complete(rest)
                    return invocation
                }
                if argument == "--" {
                    invocation.words.append(contentsOf: arguments[(index + 1)...])
                    break
                }
            }
            // "--units=imperial" as "--units imperial".
            var flag = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            if let option = options.first(where: { $0.flags.contains(flag) }),
                attached == nil || option.argument != nil,
                // After a command's words (`wx show Berlin --json`) only the options that say so,
                // and not one the command takes itself (`line Berlin --json`).
                invocation.words.isEmpty
                    || (option.afterCommandWords && !Self.command(invocation.words[0], takes: flag))
            {
                var given = attached
                if option.argument != nil, given == nil { given = try value(for: flag) }
                try option.apply(&invocation, given)
            } else if invocation.words.isEmpty, argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                throw .usage("unknown option \(TerminalText.sanitized(argument)); see wx --help")
            } else {
                invocation.words.append(argument)
            }
            index += 1
        }
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

    /// The preset `--units` names.
    ///
    /// - Throws: `ShellError.usage` naming the two presets.
    static func preset(_ word: String) throws(ShellError) -> UnitPreset {
        guard let preset = UnitPreset(rawValue: word.lowercased()) else {
            throw .usage("--units is metric or imperial, not “\(TerminalText.sanitized(word))”; see wx --help")
        }
        return preset
    }

    /// Whether the command named `word` lists `flag` among its own options (its synopsis).
    static func command(_ word: String, takes flag: String) -> Bool {
        CommandTable.spec(named: word)?.takes(flag) == true
    }

    /// One option of `wx`, declared once: its flags ("-n, --no-rc"), its argument ("DIR"), what
    /// it does, and how it sets the invocation. `--help`, the man page, the shell completion
    /// scripts and `parse` all read `options`.
    package struct Option: Sendable {
        package let flags: [String]
        package let argument: String?
        package let summary: String
        /// Whether it is read after a command's words too (`wx show Berlin --json`); the others
        /// are then words of the command.
        let afterCommandWords: Bool
        /// Sets it: the value given is the argument, nil for a flag without one.
        let apply: @Sendable (inout Invocation, String?) throws(ShellError) -> Void

        init(
            flags: [String], argument: String? = nil, summary: String, afterCommandWords: Bool = false,
            apply: @escaping @Sendable (inout Invocation, String?) throws(ShellError) -> Void
        ) {
            self.flags = flags
            self.argument = argument
            self.summary = summary
            self.afterCommandWords = afterCommandWords
            self.apply = apply
        }
    }

    /// Every option, for `--help`, the man page, completion and the parser.
    package static let options: [Option] = [
        Option(
            flags: ["-c", "--command"], argument: "CMDS", summary: "run commands (separated by ;) and exit; may repeat"
        ) { invocation, value throws(ShellError) in invocation.commands.append(value ?? "") },
        Option(flags: ["--json"], summary: "print each result as one JSON document", afterCommandWords: true) {
            invocation, _ throws(ShellError) in invocation.json = true
        },
        Option(flags: ["--home"], argument: "DIR", summary: "keep state, log and cache there (not WX_HOME, XDG)") {
            invocation, value throws(ShellError) in invocation.home = value
        },
        Option(flags: ["--offline"], summary: "make no requests; answer from cached data", afterCommandWords: true) {
            invocation, _ throws(ShellError) in invocation.offline = true
        },
        Option(
            flags: ["--units"], argument: "SYSTEM", summary: "metric or imperial for this run; the saved units stay",
            afterCommandWords: true
        ) { invocation, value throws(ShellError) in invocation.units = try preset(value ?? "") },
        Option(
            flags: ["-n", "--no-rc"], summary: "do not run the start-up file (wxrc) at the prompt",
            afterCommandWords: true
        ) { invocation, _ throws(ShellError) in invocation.skipStartupFile = true },
        Option(flags: ["-h", "--help"], summary: "show this help and exit") { invocation, _ throws(ShellError) in
            invocation.action = .help
        },
        Option(flags: ["-V", "--version"], summary: "show the version and exit") { invocation, _ throws(ShellError) in
            invocation.action = .version
        },
    ]

    /// The text of `wx --help`, built from the option and command tables.
    package static var usage: String {
        var lines = [
            "usage: wx [options]                   start the weather shell",
            "       wx [options] -c \"cmd; cmd\"     run commands and exit",
            "       wx [options] <command> [args]  run one command and exit",
            "       wx completions bash|zsh|fish   print a shell completion script",
            "",
            "options:",
        ]
        for option in options {
            let flags = option.flags.joined(separator: ", ") + (option.argument.map { " \($0)" } ?? "")
            lines.append("  \(TextLayout.pad(flags, to: 18)) \(option.summary)")
        }
        lines += ["", "commands:"] + TextRenderer.commandList(CommandTable.all, width: 80)
        lines += [
            "",
            "With stdin not a terminal, wx reads one command a line (script mode).",
            "Exit status: 0 all commands succeeded, 1 a command failed, 2 usage error.",
            "More in the manual: man wx.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
