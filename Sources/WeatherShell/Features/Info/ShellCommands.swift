import WeatherKit

// The shell itself: `clear`, `help`, `about`, `quit`.
extension CommandSpec {
    static let clear = CommandSpec(
        name: "clear", synopsis: "clear", summary: "clear the screen (Ctrl-L does the same)",
        details: [
            "As the shell’s “clear” and Ctrl-L at the prompt. Where results do not go to a terminal (a script, a pipe, “\\o FILE”), it does nothing."
        ]
    ) { arguments throws(ShellError) in
        try arguments.alone(.clear)
    }

    static let help = CommandSpec(
        name: "help", aliases: ["?"], synopsis: "help [command]",
        summary: "list commands, or describe one", completion: .commands
    ) { arguments throws(ShellError) in
        .help(arguments.rest())
    }

    static let about = CommandSpec(
        name: "about", synopsis: "about", summary: "version, data sources, where files are kept"
    ) { arguments throws(ShellError) in
        try arguments.alone(.about)
    }

    static let quit = CommandSpec(
        name: "quit", aliases: ["exit"], synopsis: "quit", summary: "leave wx (Ctrl-D does the same)"
    ) { arguments throws(ShellError) in
        try arguments.alone(.quit)
    }
}
