import WeatherKit

/// The parsed command line of `wx`.
public struct Invocation: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Start the shell, or run `-c` / the command words.
        case run
        case help
        case version
    }

    public var action = Action.run
    /// `--home DIR`: the one folder for state, log and cache.
    public var home: String?
    /// `--json`: results as JSON documents.
    public var json = false
    /// `-c "cmd; cmd"`: commands to run before exiting.
    public var commands: [String] = []
    /// `wx show Hamburg`: one command given as words.
    public var words: [String] = []
    /// `--offline`: no requests; cached data only.
    public var offline = false
    /// `-n`, `--no-rc`: skip the start-up file.
    public var skipStartupFile = false

    public init() {}

    /// Parses the arguments after the program name.
    ///
    /// - Throws: `ShellError.usage` for an unknown option or a missing value (exit status 2).
    public static func parse(_ arguments: [String]) throws(ShellError) -> Invocation {
        var invocation = Invocation()
        var index = 0
        func value(for option: String) throws(ShellError) -> String {
            index += 1
            guard index < arguments.count else { throw .usage("\(option) needs a value; see wx --help") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if !invocation.words.isEmpty {
                invocation.words.append(argument)
                index += 1
                continue
            }
            switch argument {
            case "-h", "--help": invocation.action = .help
            case "-V", "--version": invocation.action = .version
            case "--json": invocation.json = true
            case "--offline": invocation.offline = true
            case "-n", "--no-rc": invocation.skipStartupFile = true
            case "-c", "--command": invocation.commands.append(try value(for: argument))
            case "--home": invocation.home = try value(for: argument)
            case "--":
                invocation.words.append(contentsOf: arguments[(index + 1)...])
                index = arguments.count
                continue
            default:
                if argument.hasPrefix("--home=") {
                    invocation.home = String(argument.dropFirst("--home=".count))
                } else if argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil {
                    throw .usage("unknown option \(TerminalText.sanitized(argument)); see wx --help")
                } else {
                    invocation.words.append(argument)
                }
            }
            index += 1
        }
        if invocation.home?.isEmpty == true { throw .usage("--home needs a folder") }
        if !invocation.commands.isEmpty && !invocation.words.isEmpty {
            throw .usage("give commands with -c or as words, not both")
        }
        return invocation
    }

    /// The text of `wx --help`, built from the command table.
    public static var usage: String {
        var lines = [
            "usage: wx [options]                 start the weather shell",
            "       wx [options] -c \"cmd; cmd\"   run commands and exit",
            "       wx [options] <command> [args] run one command and exit",
            "",
            "options:",
            "  --json          print each result as one JSON document",
            "  --home DIR      keep state, log and cache in DIR (else WX_HOME, else XDG folders)",
            "  --offline       make no requests; use cached data",
            "  -n, --no-rc     do not run the start-up file",
            "  -h, --help      show this help",
            "  -V, --version   show the version",
            "",
            "commands:",
        ]
        for spec in CommandTable.all {
            if spec.synopsis.count > 36 {
                lines.append("  \(spec.synopsis)")
                lines.append("  \(String(repeating: " ", count: 36)) \(spec.summary)")
            } else {
                lines.append("  \(TextLayout.pad(spec.synopsis, to: 36)) \(spec.summary)")
            }
        }
        lines += [
            "",
            "With stdin not a terminal, wx reads one command a line (script mode).",
            "Exit status: 0 all commands succeeded, 1 a command failed, 2 usage error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
