import WXBasics
import WeatherKit

/// wx's own flags (`wx --json show Berlin`), one case each, in the order `wx --help` and the
/// man page list them. Each is declared once, in `declaration`: how it is spelled, the value it
/// takes, what it does in a line, and where it may stand. The command-line parser
/// (`FlagParser`), `wx --help`, the man page and the shells' completion read those declarations;
/// the app gives each flag its effect in an exhaustive switch (`Invocation`), so a flag without
/// one does not compile.
package enum Flag: CaseIterable, Hashable, Sendable {
    case command, json, home, offline, units, noStartupFile, help, version
    /// The completion scripts' entry (`wx --complete -- WORDS…`), in no list a person reads.
    case complete

    /// This flag's declaration.
    package var declaration: FlagSpec {
        switch self {
        case .command:
            FlagSpec(
                self, ["-c", "--command"], value: .word("CMDS", completes: .commands),
                summary: "run commands (separated by ;) and exit; may repeat")
        case .json:
            FlagSpec(self, ["--json"], summary: "print each result as one JSON document", afterCommandWords: true)
        case .home:
            FlagSpec(
                self, ["--home"], value: .word("DIR", completes: .fileName),
                summary: "keep state, log and cache there (not WX_HOME, XDG)")
        case .offline:
            FlagSpec(
                self, ["--offline"], summary: "make no requests; answer from cached data", afterCommandWords: true)
        case .units:
            FlagSpec(
                self, ["--units"], value: .word("SYSTEM", completes: .words(UnitPreset.allCases.map(\.rawValue))),
                summary: "metric or imperial for this run; the saved units stay", afterCommandWords: true)
        case .noStartupFile:
            FlagSpec(
                self, ["-n", "--no-rc"], summary: "do not run the start-up file (wxrc) at the prompt",
                afterCommandWords: true)
        case .help:
            FlagSpec(self, ["-h", "--help"], summary: "show this help and exit", group: .instead)
        case .version:
            FlagSpec(self, ["-V", "--version"], summary: "show the version and exit", group: .instead)
        case .complete:
            FlagSpec(
                self, ["--complete"], value: .rest,
                summary:
                    "print the candidates for the last of the words after it, one a line (the completion scripts’ entry)",
                group: .hidden)
        }
    }
}

/// One flag of `wx`, declared once (`Flag.declaration`).
package struct FlagSpec: Hashable, Sendable {
    /// What it takes after it.
    package enum Value: Hashable, Sendable {
        /// One word (`--home DIR`, `--home=DIR`): its placeholder in `--help` and the man page,
        /// and what completes there. A value of `.words` must be one of them (any case).
        case word(String, completes: CompletionKind)
        /// Every argument after it, a `--` first dropped (`--complete -- WORDS…`).
        case rest
    }

    /// Where it is listed.
    package enum Group: Hashable, Sendable {
        /// Sets how this run goes: listed in `--help`, the man page's OPTIONS and SYNOPSIS, and
        /// completed.
        case setting
        /// Prints something instead of running (`--help`, `--version`): listed and completed,
        /// and given alone in the SYNOPSIS.
        case instead
        /// For programs, not people (the completion scripts' entry): read, never listed.
        case hidden
    }

    package let flag: Flag
    /// "-c", "--command": the short spelling first when there is one.
    package let spellings: [String]
    package let value: Value?
    /// One line for `--help` and the man page.
    package let summary: String
    package let group: Group
    /// Whether it is read after a command's words too (`wx show Berlin --json`), unless the
    /// command takes it itself (`line Berlin --json`); the others are then words of the command.
    package let afterCommandWords: Bool

    init(
        _ flag: Flag, _ spellings: [String], value: Value? = nil, summary: String, group: Group = .setting,
        afterCommandWords: Bool = false
    ) {
        self.flag = flag
        self.spellings = spellings
        self.value = value
        self.summary = summary
        self.group = group
        self.afterCommandWords = afterCommandWords
    }

    /// The placeholder of its word ("DIR"); nil when it takes none.
    package var placeholder: String? {
        if case .word(let placeholder, _)? = value { return placeholder }
        return nil
    }

    /// Whether people read of it (`--help`, the man page) and Tab offers it.
    package var isListed: Bool { group != .hidden }

    /// Its spellings and placeholder as `--help` lists them ("-c, --command CMDS").
    package var usage: String {
        spellings.joined(separator: ", ") + (placeholder.map { " \($0)" } ?? "")
    }
}
