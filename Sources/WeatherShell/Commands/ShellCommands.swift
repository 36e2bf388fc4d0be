import WeatherKit

// The shell itself: `help`, `about`, `quit`.
extension CommandSpec {
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
