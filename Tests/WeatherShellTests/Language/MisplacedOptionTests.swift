import Testing
import WXBasics
import WeatherKit

@testable import WeatherShell

/// A new user (note 57, item 2): `warnings 52.52,13.40 -v` said “unknown option “-v” of
/// warnings; did you mean “-v”?” — the word typed offered back as the fix. An option the
/// command takes, typed after the place, is said to go before it; one of wx's own flags after a
/// command is said to be wx's, before the command. Every command's parser says it through one
/// rule (`Arguments.unknownOption`). Expected texts follow from the declarations (the synopsis,
/// `Flag`), not from wx's output.
@Suite(.tags(.unit)) struct MisplacedOptionTests {
    static func message(_ line: String) -> String? {
        do {
            _ = try CommandParser.parse(line)
            return nil
        } catch {
            guard case .usage(let text) = error else { return nil }
            return text
        }
    }

    @Test(arguments: [
        (
            "warnings 52.52,13.40 -v",
            "“-v” is an option of warnings: put it before the place, as in “warnings -v 52.52,13.40”"
        ),
        (
            "warnings 2 New York -v",
            "“-v” is an option of warnings: put it before the place, as in “warnings -v 2 New York”"
        ),
        (
            "show Berlin --offline",
            "“--offline” is an option of wx itself, not of show: put it before the command, as in “wx --offline show Berlin”"
        ),
        (
            "hourly 6 Berlin --home /tmp/h",
            "“--home” is an option of wx itself, not of hourly: put it before the command, as in “wx --home /tmp/h hourly 6 Berlin”"
        ),
        (
            "daily Berlin --home",
            "“--home” is an option of wx itself, not of daily: put it before the command, as in “wx --home DIR daily Berlin”"
        ),
        (
            "daily Berlin --units=imperial",
            "“--units=imperial” is an option of wx itself, not of daily: put it before the command, as in “wx --units=imperial daily Berlin”"
        ),
        (
            "warnings Berlin -n",
            "“-n” is an option of wx itself, not of warnings: put it before the command, as in “wx -n warnings Berlin”"
        ),
        ("warnings Berlin -V", "“-V” is an option of wx itself, given alone: wx -V"),
        (
            "air Berlin --help",
            "“--help” is an option of wx itself, given alone (wx --help); for air: help air"
        ),
        (
            "show Berlin -c",
            #"“-c” is an option of wx itself: it runs a line of commands, as in “wx -c "show Berlin"”"#
        ),
        // The parsers that read their options anywhere go through the same rule.
        (
            "check --rain 60% --offline Berlin",
            "“--offline” is an option of wx itself, not of check: put it before the command, as in “wx --offline check --rain 60% Berlin”"
        ),
        (
            "brief Berlin --units imperial",
            "“--units” is an option of wx itself, not of brief: put it before the command, as in “wx --units imperial brief Berlin”"
        ),
        (
            "line Berlin --offline",
            "“--offline” is an option of wx itself, not of line: put it before the command, as in “wx --offline line Berlin”"
        ),
        (
            "watch 5 --home /tmp/h",
            "“--home” is an option of wx itself, not of watch: put it before the command, as in “wx --home /tmp/h watch 5”"
        ),
        ("watch 5 -x", "unknown option “-x” of watch: it takes --rain, --frost or --notify"),
        // A near miss still gets the closest option.
        ("warnings -x Hamburg", "unknown option “-x” of warnings; did you mean “-v”?"),
        ("brief --sur Berlin", "unknown option “--sur” of brief; did you mean “--sure”?"),
    ])
    func saysWhereTheOptionGoes(line: String, expected: String) {
        #expect(Self.message(line) == expected)
    }

    /// No command offers back the word typed as the fix: for every command, each option its
    /// synopsis lists and each of wx's listed flags, typed after a place.
    @Test(arguments: CommandTable.all.map(\.name))
    func noErrorSuggestsTheWordTyped(_ name: String) {
        let spec = CommandTable.spec(named: name)!
        let options = Arguments([], of: spec).declaredOptions
        let flags = Registry.listedFlags.flatMap(\.spellings)
        for option in options + flags {
            guard let message = Self.message("\(name) Berlin \(option)") else { continue }
            #expect(!message.contains("did you mean “\(option)”"), "\(name) Berlin \(option): \(message)")
        }
    }
}
