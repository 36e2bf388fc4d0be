// Running a file of commands: `source` (psql's `\i`, sqlite3's `.read`).
extension CommandSpec {
    static let source = CommandSpec(
        name: "source", synopsis: "source <file>",
        summary: "run a file’s lines as typed (\\i, .read)",
        details: [
            "As bash’s “source”, psql’s “\\i FILE” and sqlite3’s “.read FILE”, which wx also takes: the lines run in order, “quit” in the file ends wx, and an error names the file and line. “~/” is the home folder. Its lines are not put in the history; “source FILE” itself is."
        ],
        completion: .fileName
    ) { arguments throws(ShellError) in
        guard let path = arguments.rest() else { throw arguments.usage() }
        return .source(path)
    }
}
