/// Completion for the one-shot form in bash, zsh and fish (`wx show Ham<TAB>`): the scripts
/// `wx completions SHELL` prints, and the candidates they ask `wx --complete` for. Both read
/// the command table through `Completer`, as the interactive shell's Tab does.
package enum ShellCompletion {
    /// The shells there is a script for.
    package static let shells = ["bash", "zsh", "fish"]

    /// The flags of `wx` itself, offered when the word being completed starts with "-": every
    /// spelling of every flag people read of (`Registry.listedFlags`; trial 16: a list of its
    /// own here had no `--command`).
    static let options = Registry.listedFlags.flatMap(\.spellings)

    /// Candidates for the word being completed.
    ///
    /// - Parameters:
    ///   - words: the words after `wx` up to the cursor, as typed (shell quoting is removed
    ///     here, once: each script passes the words with their quoting, as typed); the last is
    ///     the word being completed (empty after a space). bash splits `--format=c` into
    ///     `--format`, `=`, `c`: they are read as one word.
    ///   - favorites: the favorites' names.
    /// - Returns: whole replacements for the last word, one per candidate ("York" for
    ///   `show New Y` and a favorite "New York"; "Elbe Concert Hall" for a last word "Elbe C";
    ///   "csv" for bash's last word "c" after `--format=`). None where a file name goes: the
    ///   script falls back to the shell's own file-name completion.
    package static func candidates(words: [String], favorites: [String]) -> [String] {
        candidates(words: words, loadingFavorites: { CompletionNames(favorites) })
    }

    /// `candidates(words:favorites:)`, the favorites' names asked of `loadingFavorites` only
    /// when what is completed may be one (`wx --complete -- sh` or `-- units im` reads no
    /// state.plist: at 100,000 favorites and no names file, 28 MB read for nothing at a Tab).
    package static func candidates(words: [String], loadingFavorites: () -> CompletionNames) -> [String] {
        answer(words: words, loadingFavorites: loadingFavorites).candidates
    }

    /// What `wx --complete` prints, one candidate a line.
    package enum Answer {
        /// The candidates.
        case candidates([String])
        /// Favorites' names, as the lines of the names read as bytes (`NameLines`).
        case names(NameLines)

        /// The candidates, in order.
        package var candidates: [String] {
            switch self {
            case .candidates(let candidates): candidates
            case .names(let lines): lines.strings
            }
        }
    }

    /// `candidates(words:loadingFavorites:)`, the favorites' names that fit kept as they were
    /// read where they are the answer as they are (`wx --complete -- show Pla`: all 100,000).
    package static func answer(words: [String], loadingFavorites: () -> CompletionNames) -> Answer {
        var words = words.isEmpty ? [""] : words.map(unquoted)
        // bash's words around "=" (COMP_WORDBREAKS): `--format`, `=`, `c` is `--format=c`, and
        // what replaces bash's last word ("c", or "=") is the candidate without what came before.
        var joined = ""
        if words.count >= 2, words[words.count - 2] == "=" || words[words.count - 1] == "=" {
            let equalsLast = words.last == "="
            let start = words.count - (equalsLast ? 2 : 3)
            if start >= 0, words[start].hasPrefix("--") {
                joined = words[start] + (equalsLast ? "" : "=")
                words[start...] = [words[start...].joined()]
            }
        }
        guard !joined.isEmpty else { return answer(unquoted: words, favorites: loadingFavorites) }
        return .candidates(
            answer(unquoted: words, favorites: loadingFavorites).candidates.compactMap { candidate in
                candidate.hasPrefix(joined) ? String(candidate.dropFirst(joined.count)) : nil
            })
    }

    /// `candidates(words:favorites:)` for words already unquoted and joined.
    static func candidates(unquoted: [String], favorites: () -> CompletionNames) -> [String] {
        answer(unquoted: unquoted, favorites: favorites).candidates
    }

    /// `answer(words:loadingFavorites:)` for words already unquoted and joined.
    static func answer(unquoted: [String], favorites: () -> CompletionNames) -> Answer {
        var words = unquoted
        // wx's flags before the command: skipped, with the value of each that takes one (`--units
        // imperial sho`); the word being completed as such a value completes as its flag declares.
        while words.count > 1, let first = words.first, first.hasPrefix("-") {
            let flag = Registry.flag(spelled: first)
            guard flag?.placeholder != nil else {
                words.removeFirst()
                continue
            }
            if words.count == 2, let flag {
                return .candidates(values(of: flag, partial: words[1], favorites: valueFavorites(of: flag, favorites)))
            }
            words.removeFirst(2)
        }
        let current = words.removeLast()
        if words.isEmpty && current.hasPrefix("-") {
            // `--units=im`: the flag's values, each after what was typed before it.
            if let equals = current.firstIndex(of: "="), let flag = Registry.flag(spelled: String(current[..<equals])) {
                let typed = current[...equals]
                return .candidates(
                    values(
                        of: flag, partial: String(current[current.index(after: equals)...]),
                        favorites: valueFavorites(of: flag, favorites)
                    ).map { typed + $0 })
            }
            return .candidates(options.filter { $0.hasPrefix(current) })
        }
        // The shell has split the words already, and quotes what it inserts itself: the values
        // come back bare.
        let arguments = Array(words.dropFirst())
        let offersFavorites =
            words.first.flatMap { try? CommandParser.command(named: $0) }?.completion.mayOfferFavorites ?? false
        let found = Completer.options(
            command: words.first, arguments: arguments, partial: current,
            favorites: offersFavorites ? favorites() : CompletionNames([]))
        guard found.from < arguments.count else { return found.names.map(Answer.names) ?? .candidates(found.values) }
        // A value that began in an earlier word ("New" "Y" for "New York"): only what replaces
        // the current word.
        let before = arguments[found.from...].joined(separator: " ") + " "
        let lowerBefore = before.lowercased()
        return .candidates(
            found.values.compactMap { value in
                value.lowercased().hasPrefix(lowerBefore) ? String(value.dropFirst(before.count)) : nil
            })
    }

    /// The favorites' names from `load` when `flag`'s value may be one; none otherwise.
    private static func valueFavorites(of flag: FlagSpec, _ load: () -> CompletionNames) -> CompletionNames {
        guard case .word(_, let kind)? = flag.value, kind.mayOfferFavorites else { return CompletionNames([]) }
        return load()
    }

    /// What completes `partial` as the value of `flag`: what it declares there (`--units`: metric,
    /// imperial; `-c`: a command's name; `--home`: nothing, the shell's own file names).
    static func values(of flag: FlagSpec, partial: String, favorites: CompletionNames) -> [String] {
        guard case .word(_, let kind)? = flag.value else { return [] }
        return Completer.options(
            [], partial: partial, kind: kind, offset: 0, favorites: favorites, files: { _ in [] }
        ).values
    }

    /// The folder a `--home DIR` (or `--home=DIR`) among `words` names, so that completion
    /// reads the favorites the command will use.
    package static func home(in words: [String]) -> String? {
        let spellings = Flag.home.declaration.spellings
        for (index, word) in words.enumerated() {
            if spellings.contains(word), index + 1 < words.count - 1 { return unquoted(words[index + 1]) }
            if let spelling = spellings.first(where: { word.hasPrefix($0 + "=") }) {
                return unquoted(String(word.dropFirst(spelling.count + 1)))
            }
        }
        return nil
    }

    /// `word` as the shell would pass it: backslash escapes and single or double quotes removed
    /// by POSIX rules (an unclosed quote, as while typing, runs to the end).
    /// Its words gathered by a loop: `joined(separator:)` had the runtime look up its generic
    /// types at its first call, at every Tab (190 k of the 850 k instructions of a
    /// `wx --complete` that reads no names).
    static func unquoted(_ word: String) -> String {
        let lexed = ShellWords(lexing: word, quotesInsideWords: true)
        var text = ""
        var first = true
        for command in lexed.commands {
            for word in command.words {
                if !first { text += " " }
                text += word.text
                first = false
            }
        }
        return text
    }

    /// The completion script for `shell` ("bash", "zsh", "fish"), or nil for another shell.
    package static func script(for shell: String) -> String? {
        switch shell {
        case "bash":
            // The words go to wx as typed (quotes and backslashes included): wx removes the
            // quoting itself, so nothing typed on the line is ever evaluated by the script.
            return """
                # bash completion for wx (wx completions bash)
                _wx() {
                    local candidate quoted cur=${COMP_WORDS[COMP_CWORD]}
                    local -a candidates=()
                    mapfile -t candidates < <(command wx --complete -- "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
                    COMPREPLY=()
                    for candidate in "${candidates[@]}"; do
                        # Inside a quote the user opened, the name goes in that quote, with
                        # what is special there escaped (\\ " $ ` in double quotes; ' in single
                        # quotes as '\\''); elsewhere bash's own escaping.
                        case $cur in
                            \\"*)
                                quoted=${candidate//\\\\/\\\\\\\\}; quoted=${quoted//\\"/\\\\\\"}
                                quoted=${quoted//\\$/\\\\\\$}; quoted=${quoted//\\`/\\\\\\`}
                                COMPREPLY+=("\\"$quoted\\"") ;;
                            \\'*) COMPREPLY+=("'${candidate//\\'/\\'\\\\\\'\\'}'") ;;
                            *) COMPREPLY+=("$(printf '%q' "$candidate")") ;;
                        esac
                    done
                }
                # Nothing from wx (a file name for import or export): bash's own completion.
                complete -o bashdefault -o default -F _wx wx

                """
        case "zsh":
            return """
                #compdef wx
                # zsh completion for wx (wx completions zsh)
                _wx() {
                    local -a candidates
                    # The words as typed, quotes included: wx removes the quoting once.
                    candidates=("${(@f)$(command wx --complete -- "${(@)words[2,CURRENT]}" 2>/dev/null)}")
                    if [[ -n ${candidates[1]} ]]; then compadd -- "${candidates[@]}"; else _files; fi
                }
                if [ "$funcstack[1]" = "_wx" ]; then _wx "$@"; else compdef _wx wx; fi

                """
        case "fish":
            return """
                # fish completion for wx (wx completions fish)
                function __wx_complete
                    # fish gives the earlier words unquoted and the current one as typed: quoted
                    # again, all reach wx as typed, and wx removes the quoting once.
                    set -l candidates (command wx --complete -- (commandline -opc | string escape)[2..-1] (commandline -ct) 2>/dev/null)
                    if set -q candidates[1]
                        printf '%s\\n' $candidates
                    else
                        # Nothing from wx (a file name for import or export): file names.
                        __fish_complete_path (commandline -ct)
                    end
                end
                complete -c wx -f -a '(__wx_complete)'

                """
        default:
            return nil
        }
    }
}
