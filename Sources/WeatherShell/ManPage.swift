import WeatherKit
import WXBasics

/// The manual page `wx(1)` in mdoc, written from the same tables as `help` and `--help`
/// (commands, options, environment variables, services), so that they cannot drift apart.
/// `make docs` writes it to `wx.1`; a test fails when the file and the tables differ.
public enum ManPage {
    /// The date the page carries (`.Dd`): the date of this version.
    public static let date = "November 30, 2026"

    /// The whole page.
    public static func mdoc() -> String {
        var out: [String] = [
            ".\\\" wx(1) is generated from the command table in Sources/WeatherShell: run make docs.",
            ".Dd \(date)",
            ".Dt WX 1",
            ".Os",
            ".Sh NAME",
            ".Nm wx",
            ".Nd weather at the prompt: an interactive weather shell",
            ".Sh SYNOPSIS",
            ".Nm",
            ".Op Fl n",
            ".Op Fl \\-json",
            ".Op Fl \\-offline",
            ".Op Fl \\-home Ar dir",
            ".Op Fl c Ar commands",
            ".Nm",
            ".Op Ar options",
            ".Ar command",
            ".Op Ar argument ...",
            ".Nm",
            ".Cm completions",
            ".Cm bash | zsh | fish",
            ".Sh DESCRIPTION",
        ]
        out += text("""
            wx shows the weather for places you find by name, postcode or coordinates: the conditions now, the next hours and days, a chart, rain to come and air quality. \
            You type commands at a line-editing prompt, keep places as favorites, save snapshots, and call back earlier commands from every session, as in sqlite3 or psql.
            """)
        out.append(".Pp")
        out += text("""
            With a terminal on standard input, wx starts the shell: a banner, the prompt wx>, Tab completion of commands and favorite names, and history on the arrow keys. \
            Ctrl-C cancels the line or the request in flight; Ctrl-D leaves. \
            With standard input not a terminal, wx reads one command a line and prints no banner or prompt (script mode). \
            With -c, or with a command after the options, wx runs it and exits.
            """)
        out.append(".Pp")
        out += text("""
            Several commands go on one line separated by semicolons; quotes keep a semicolon inside an argument. \
            Where a command takes several names (fav rename, compare), names with spaces go in double or single quotes, or take a backslash before the space. \
            A place (find, show, hourly, daily, rain, air) is the rest of the line as typed, with quotes around all of it dropped. \
            A line starting with # is a comment.
            """)
        out += [".Sh OPTIONS", ".Bl -tag -width Ds"]
        for option in Invocation.options {
            var item = ".It " + option.flags.map { "Fl " + escapeFlag($0) }.joined(separator: " , ")
            if let argument = option.argument { item += " Ar " + argument.lowercased() }
            out.append(item)
            out += text(sentence(option.summary))
        }
        out += [".El", ".Sh COMMANDS", ".Bl -tag -width Ds"]
        for spec in CommandTable.all {
            let rest = spec.synopsis.dropFirst(spec.name.count).trimmed
            out.append(".It Cm \(spec.name)" + (rest.isEmpty ? "" : " Ar \(quoted(rest))"))
            out += text(sentence(spec.summary))
            for paragraph in spec.details { out += text(paragraph) }
            if !spec.aliases.isEmpty { out += text("Also: \(spec.aliases.joined(separator: ", ")).") }
        }
        out.append(".It Cm !\\&N")
        out += text("Runs command N of the history again.")
        out += [".El", ".Sh START-UP FILE"]
        out += text("""
            When the interactive shell starts, before its first prompt, wx runs the commands in wxrc in the folder of state.plist ($XDG_CONFIG_HOME/wx/wxrc, or $WX_HOME/wxrc), one a line, as if typed, without adding them to the history. \
            An error there names the file and line and the next line still runs. \
            -n skips the file. \
            Scripts, -c and one-shot commands never run it, so that their output is only what they ask for.
            """)
        out += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        for variable in Configuration.variables {
            out.append(".It " + variable.name.split(separator: ",").map { "Ev " + $0.trimmed }.joined(separator: " , "))
            out += text(variable.effect)
        }
        out += [".El", ".Sh FILES", ".Bl -tag -width Ds"]
        let files: [(String, String)] = [
            ("$XDG_CONFIG_HOME/wx/state.plist", "Favorites and settings: an XML property list with a version key, rewritten whole and atomically. Default folder ~/.config/wx."),
            ("$XDG_CONFIG_HOME/wx/wxrc", "The start-up file."),
            ("$XDG_STATE_HOME/wx/log.jsonl", "Every command, snapshot and snapshot deletion, one JSON object a line (v, ts, kind), appended and never rewritten except by log compact. Default folder ~/.local/state/wx."),
            ("$XDG_CACHE_HOME/wx/", "Service answers, reused while current and offline. Safe to delete. Default ~/.cache/wx."),
            ("$WX_HOME/", "With WX_HOME or --home, state.plist, wxrc and log.jsonl are all in this folder, and the cache in cache/ inside it."),
        ]
        for (path, what) in files {
            out.append(".It Pa \(path)")
            out += text(what)
        }
        out.append(".El")
        out += text("Folders are created 0700 and files 0600. To back up, copy state.plist and log.jsonl.")
        out += [".Sh EXIT STATUS"]
        out += text("0 when every command succeeded, 1 when a command failed (no place found, a service error, a file that cannot be written), 2 on a usage error (an unknown command or option, a bad argument, a bad environment variable).")
        out += [".Sh EXAMPLES"]
        let examples: [(String, String)] = [
            ("Find a place, then show its weather and keep it:", "$ wx\nwx> find Hamburg\nwx> show\nwx> fav"),
            ("The weather for a favorite, from a script, as JSON:", "$ wx --json show Hamburg | jq .current.temperature_celsius"),
            ("When will it rain, in imperial units:", "$ wx -c \"units imperial; rain Hamburg\""),
            ("Favorites side by side, in one request:", "$ wx compare"),
            ("Back up favorites and bring them to another machine:", "$ wx export favorites favorites.csv\n$ wx import favorites favorites.csv"),
            ("Completion for the one-shot form in bash:", "$ source <(wx completions bash)"),
        ]
        for (what, commands) in examples {
            out += text(what)
            out.append(".Bd -literal -offset indent")
            out += commands.split(separator: "\n").map { escapeLine(String($0)) }
            out.append(".Ed")
        }
        out += [".Sh DATA SOURCES"]
        out += text("wx asks these services; their terms ask for the attribution shown here and by the about command.")
        out.append(".Bl -bullet")
        var seen: [String] = []
        for service in Service.allCases where !seen.contains(service.attribution) {
            seen.append(service.attribution)
            out.append(".It")
            out += text(service.attribution)
        }
        out.append(".El")
        out += text("""
            Nominatim is asked at most once a second by all wx processes of a user, with a User-Agent naming wx and its version, and its answers are cached, as its usage policy requires.
            """)
        return out.joined(separator: "\n") + "\n"
    }

    /// Text as mdoc lines: each sentence on a new line (mdoc's rule, so that the formatter can
    /// space sentences), escaped, and wrapped at 80 bytes.
    static func text(_ paragraph: String) -> [String] {
        var sentences: [[Substring]] = []
        var current: [Substring] = []
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
        for (index, word) in words.enumerated() {
            current.append(word)
            let next = index + 1 < words.count ? words[index + 1] : nil
            let endsSentence = (word.hasSuffix(".") || word.hasSuffix("?") || word.hasSuffix("!") || word.hasSuffix(".”") || word.hasSuffix(".)"))
                && next.map { $0.first?.isUppercase == true || $0.first == "“" } ?? true
                && !["e.g.", "i.e.", "etc."].contains(word.lowercased())
            if endsSentence {
                sentences.append(current)
                current = []
            }
        }
        if !current.isEmpty { sentences.append(current) }
        var lines: [String] = []
        for sentence in sentences {
            var line = ""
            for word in sentence.map({ escapeLine(String($0)) }) {
                if !line.isEmpty && line.utf8.count + 1 + word.utf8.count > 80 {
                    lines.append(line)
                    line = word
                } else {
                    line += line.isEmpty ? word : " " + word
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
        // A continuation line may start with a dot or quote too.
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// A summary as a sentence: capitalized, with a full stop.
    static func sentence(_ summary: String) -> String {
        guard let first = summary.first else { return summary }
        let body = first.uppercased() + summary.dropFirst()
        return body.hasSuffix(".") || body.hasSuffix(")") && body.contains(".)") ? body : body + "."
    }

    /// A line of text that roff reads as text: backslashes and non-ASCII characters escaped, a
    /// leading dot or quote protected.
    static func escapeLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// An argument on a macro line, in quotes so that no word in it is read as a macro.
    static func quoted(_ text: String) -> String {
        "\"" + escapeLine(text).replacingQuotes() + "\""
    }

    /// "--json" as `Fl` wants it: without the first dash, the second escaped.
    static func escapeFlag(_ flag: String) -> String {
        let bare = String(flag.dropFirst())
        return bare.hasPrefix("-") ? "\\" + bare : bare
    }
}

extension String {
    /// Double quotes as roff's `\(dq`, for text inside a quoted macro argument.
    fileprivate func replacingQuotes() -> String {
        split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\(dq")
    }
}
