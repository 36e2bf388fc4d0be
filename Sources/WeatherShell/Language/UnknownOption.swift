import WXBasics
import WeatherKit

/// A word written as an option (`-x`, `--xyz`) where a command reads none: one rule for every
/// command's parser (`refuseOptions`, and the parsers of `check`, `brief`, `line` and `watch`
/// that read their options in any order), so that each says the same thing of the same word.
///
/// A fresh user's `warnings 52.52,13.40 -v` was told “unknown option “-v” of warnings; did you
/// mean “-v”?”: the option was the command's own, only after the place, and the suggestion was
/// the word typed. And `show Berlin --offline` was an unknown option of `show`, not one of
/// wx's own given after the command.
extension Arguments {
    /// The options `spec`'s synopsis lists, as it spells them (`-v`, `--rain`), in its order.
    var declaredOptions: [String] {
        spec.synopsis.split(whereSeparator: CommandSpec.separatesSynopsisWords).map(String.init)
            .filter(Self.looksLikeOption)
    }

    /// The usage error for `word`, written as an option, that `spec`'s parser does not read
    /// where it stands (the command's words as typed give the example):
    ///
    /// - one of the command's own options after the place (`warnings Berlin -v`): where it goes,
    ///   as in “warnings -v Berlin”;
    /// - one of wx's own flags (`show Berlin --offline`): that it is wx's, before the command,
    ///   as in “wx --offline show Berlin” (one given alone, `-V`, `--help`: as it is given, and
    ///   `help show` for the command's help);
    /// - else the command's closest option when one is near (“did you mean “-v”?”), or those it
    ///   takes, or that it takes none.
    ///
    /// - Parameters:
    ///   - word: the word as typed.
    ///   - options: the options the command takes; `declaredOptions` when nil.
    ///   - placeFirst: whether the command's options go before the place (`warnings`), so that
    ///     one of them after it is misplaced, not unknown.
    func unknownOption(
        _ word: String, options: [String]? = nil, placeFirst: Bool = true
    ) -> ShellError {
        let options = options ?? declaredOptions
        let shown = "“\(TerminalText.sanitized(String(word.prefix(24))))”"
        var others = typed
        let index = others.firstIndex(of: word)
        if let index { others.remove(at: index) }
        func example(_ head: [String]) -> String {
            TerminalText.sanitized(ShellWords.join(head + others))
        }
        if placeFirst, options.contains(word) {
            return .usage(
                "\(shown) is an option of \(spec.name): put it before the place, as in “\(example([spec.name, word]))”")
        }
        let spelling = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
        if !options.contains(spelling), let flag = Registry.flag(spelled: spelling), flag.isListed {
            if flag.flag == .help {
                return .usage(
                    "\(shown) is an option of wx itself, given alone (wx \(spelling)); for \(spec.name): help \(spec.name)"
                )
            }
            if flag.group == .instead {
                return .usage("\(shown) is an option of wx itself, given alone: wx \(spelling)")
            }
            if flag.flag == .command {
                let line = ShellWords.join([ShellWords.join([spec.name] + others)])
                return .usage(
                    "\(shown) is an option of wx itself: it runs a line of commands, as in “wx -c \(TerminalText.sanitized(line))”"
                )
            }
            // Its value goes with it (`show Berlin --units imperial`), else its placeholder.
            var value: [String] = []
            if spelling == word, let placeholder = flag.placeholder {
                if let index, index < others.count {
                    value = [others.remove(at: index)]
                } else {
                    value = [placeholder]
                }
            }
            return .usage(
                "\(shown) is an option of wx itself, not of \(spec.name): put it before the command, as in “wx \(example([word] + value + [spec.name]))”"
            )
        }
        guard !options.isEmpty else {
            return .usage("unknown option \(shown): “\(spec.name)” takes none (usage: \(spec.synopsis))")
        }
        if let near = WordChoice<String>.closest(to: word.lowercased(), among: options), near != word {
            return .usage("unknown option \(shown) of \(spec.name); did you mean “\(near)”?")
        }
        return .usage("unknown option \(shown) of \(spec.name): it takes \(CommandParser.list(options))")
    }
}
