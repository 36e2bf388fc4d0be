import WXBasics
import WeatherKit

/// wx's command line read against the flag declarations (`Flag`): the flags given, each with
/// its value, and the command's words. Usage errors (an unknown option, a missing or wrong
/// value) come from the declarations too; the app gives each flag its effect (`Invocation`).
package struct FlagReading: Sendable {
    /// Each flag as given, in order, with its value: the word after it (a value from a list
    /// as the list spells it), nil for a flag that takes none.
    package var flags: [(flag: Flag, value: String?)] = []
    /// The command's words (`show Hamburg` of `wx show Hamburg --json`), and all after `--`.
    package var words: [String] = []
    /// The arguments after a flag that takes them all (`--complete -- WORDS…`, its `--`
    /// dropped); nil when none was given. Reading ends at such a flag.
    package var rest: [String]?

    /// Nothing read yet (`read` fills it).
    private init() {}

    /// Reads the arguments after the program name.
    ///
    /// - Throws: `ShellError.usage` for an unknown option, a flag without its value, or a
    ///   value not among those its flag declares (exit status 2): the first of them.
    package init(_ arguments: [String]) throws(ShellError) {
        let (reading, failure) = Self.read(arguments)
        if let failure { throw failure }
        self = reading
    }

    /// Whether `arguments` ask for `--json`, read as `init` reads them but never failing: an
    /// unknown option or a bad value is passed over, a flag without its value ends the reading.
    /// So a start-up error (`wx --json --bogus`, a bad `WX_TIMEOUT`) is an error document on
    /// standard output too, as every error under `--json` is.
    package static func asksForJSON(_ arguments: [String]) -> Bool {
        read(arguments).reading.flags.contains { $0.flag == .json }
    }

    /// The arguments read to their end, each usage error passed over (an unknown option, a
    /// value not declared) or ending the reading (a flag without its value), and the first of
    /// them: `init` throws it, `asksForJSON` looks past it.
    private static func read(_ arguments: [String]) -> (reading: FlagReading, failure: ShellError?) {
        var reading = FlagReading()
        var failure: ShellError?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            // The end of options: every later argument is a word of the command.
            if reading.words.isEmpty, argument == "--" {
                reading.words.append(contentsOf: arguments[(index + 1)...])
                break
            }
            // "--units=imperial" as "--units imperial".
            var spelling = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                spelling = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            if let declared = Registry.flag(spelled: spelling), attached == nil || declared.placeholder != nil,
                // After a command's words (`wx show Berlin --json`) only the flags that say so,
                // and not one the command takes itself (`line Berlin --json`).
                reading.words.isEmpty
                    || (declared.afterCommandWords
                        && CommandTable.spec(named: reading.words[0])?.takes(spelling) != true)
            {
                switch declared.value {
                case nil:
                    reading.flags.append((declared.flag, nil))
                case .word?:
                    if attached == nil {
                        index += 1
                        guard index < arguments.count else {
                            return (reading, failure ?? .usage("\(spelling) needs a value; see wx --help"))
                        }
                    }
                    do {
                        reading.flags.append((declared.flag, try declared.checked(attached ?? arguments[index])))
                    } catch {
                        failure = failure ?? error
                    }
                case .rest?:
                    var rest = Array(arguments[(index + 1)...])
                    if rest.first == "--" { rest.removeFirst() }
                    reading.flags.append((declared.flag, nil))
                    reading.rest = rest
                    return (reading, failure)
                }
            } else if reading.words.isEmpty, argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                failure = failure ?? .usage("unknown option \(TerminalText.sanitized(argument)); see wx --help")
            } else {
                reading.words.append(argument)
            }
            index += 1
        }
        return (reading, failure)
    }
}

extension FlagSpec {
    /// `value` as this flag takes it: one of its declared words as declared (`--units
    /// IMPERIAL` is "imperial"), any other value as given.
    ///
    /// - Throws: `ShellError.usage` naming the words, for a value not among them.
    func checked(_ value: String) throws(ShellError) -> String {
        guard case .word(_, .words(let words))? = self.value else { return value }
        guard let word = words.first(where: { $0 == value.lowercased() }) else {
            throw .usage(
                "\(spellings.last ?? "") is \(CommandParser.list(words)), not “\(TerminalText.sanitized(value))”; see wx --help"
            )
        }
        return word
    }
}
