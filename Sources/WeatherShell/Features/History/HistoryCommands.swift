import WeatherKit

// The history: `history`, its references (`!!`, `!N`) and `replay`.
extension CommandSpec {
    static let history = CommandSpec(
        name: "history", synopsis: "history [N]",
        summary: "the last N commands (20), from all sessions",
        details: [
            "A line is one entry, however many commands it holds; a line the same as the one before it is listed once. Up at the prompt recalls these same lines.",
            "“!!”, “!N”, “!-N” and “!prefix” run a line again (see “help !!”); “replay N..M” runs a range, printing each first.",
            "Lines typed at the prompt or read from a script on standard input are kept. Commands given with -c or as wx’s arguments (wx -c \"show Berlin; history\", wx line Home) are not, as bash -c, sqlite3 -cmd and psql -c keep none: a status bar running wx every minute would bury what was typed.",
        ]
    ) { arguments throws(ShellError) in
        .history(
            try arguments.rest().map { text throws(ShellError) in try CommandParser.number(text, what: "the count") })
    }

    /// History references, as in bash: `help !!` (or `help !N`) shows this. Not in the command
    /// table — a reference is expanded in the line before any command is parsed.
    package static let historyReference = CommandSpec(
        name: "!", synopsis: "!! | !N | !-N | !prefix", summary: "run a line from the history again",
        details: [
            "“!!” is the last line, “!N” line N of “history”, “!-N” the line N back (“!-1” is “!!”), and “!prefix” the last line starting with prefix (“!sh” for the last “show …”; case matters).",
            "A reference is the first word of a command, typed without quotes; words after it are added to the line (“!! Paris”). The line is printed with the reference replaced, then run, and that line goes into the history.",
            "“!$” is the last word of the last line, as it was typed (quotes kept), anywhere on a line: “find Hamburg” then “show !$” shows Hamburg (“find Paris, TX” then “show !$” would show TX). “^old^new” runs the last line again with the first “old” replaced by “new” (“^Paris^Lyon”), as in bash.",
            "A reference that names no line runs nothing. “:p” after a reference (“!!:p”, “!-2:p”) prints the line and puts it in the history without running it, as in bash; wx knows no other modifier.",
            "A line run again from the history does not run others from it: a reference naming a line that holds “replay” or “!N” is refused at once, running nothing, and so is such a line within a replay; type the replay again to run it.",
            "A plain “fav” the history puts on the line (“!N”, “!!”, “^old^new”, as “replay” does) only adds, as “fav add” does: the place ends up a favorite as it did then, never removed; a “fav” typed beside the reference (“!3; fav”) toggles.",
        ]
    ) { arguments throws(ShellError) in
        throw arguments.usage()
    }

    static let replay = CommandSpec(
        name: "replay", synopsis: "replay <N..M | N>", summary: "run history commands N to M again",
        details: [
            "Each line is printed before it runs, as “!N” prints it. A range runs at most 100 lines (“replay 1..100”); a larger one is refused before any of it runs (exit status 2), and so is one typed backwards (“replay 5..2”); either refusal suggests only lines the history has.",
            "Ctrl-C stops the line running and the rest of the range, and says after how many of its lines the replay stopped.",
            "A plain “fav” replayed only adds, as “fav add” does: replaying “find Hamburg; fav” leaves Hamburg a favorite, as it was then, and when it is one already says so (“★ Hamburg is a favorite already: a “fav” run from the history adds, never removes”). “fav rm NAME” removes.",
        ]
    ) { arguments throws(ShellError) in
        let text = arguments.rest()
        // "replay 5..2": said as `past` says a backward range of days, not the bare usage line —
        // by the runner, which can see the history (a suggestion from here named lines that
        // need not exist).
        if let (first, last) = text.flatMap(CommandParser.bounds), first > last {
            return .replay(last...first, backward: true)
        }
        guard let text, let range = CommandParser.range(text) else {
            throw arguments.usage(" (history numbers, see “history”)")
        }
        return .replay(range)
    }
}
