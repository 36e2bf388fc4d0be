import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell
@testable import wx_docs

/// Everything a user types is declared once (`Registry`): the commands, the backslash and dot
/// commands and wx's own flags. Enumerating the declarations, each must appear in every place
/// that lists it — `wx --help`, the man page, `help`, completion — and each flag must parse and
/// do something, so that none is listed, completed or parsed by a list of its own.
@Suite(.tags(.unit)) struct RegistryTests {
    static let page = ManPage.mdoc()
    static let help = Invocation.usage

    /// The man page's section `name` (from its `.Sh` line to the next).
    static func section(_ name: String) -> String {
        let start = page.range(of: ".Sh \(name)\n")!.upperBound
        return String(page[start...]).components(separatedBy: "\n.Sh ")[0]
    }

    @Test func everyFlagIsInHelpTheManPageAndCompletionAndParses() throws {
        let offered = Set(ShellCompletion.candidates(words: ["-"], favorites: []))
        let options = Self.section("OPTIONS")
        let synopsis = Self.section("SYNOPSIS")
        for flag in Registry.flags {
            let spellings = flag.spellings.map { "Fl " + ManPage.escapeFlag($0) }.joined(separator: " , ")
            let item = ".It " + spellings + (flag.placeholder.map { " Ar " + $0.lowercased() } ?? "")
            let first = ManPage.escapeFlag(flag.spellings[0])
            // `.Op Fl n` for a setting, `.Fl h | V` for one that prints instead.
            let synopsisLines = synopsis.split(separator: "\n")
            let inSynopsis =
                flag.group == .setting
                ? synopsisLines.contains { $0.hasPrefix(".Op Fl \(first)") }
                : synopsisLines.contains {
                    $0.hasPrefix(".Fl ") && $0.dropFirst(4).split(separator: " | ").contains { $0 == first }
                }
            switch flag.group {
            case .setting, .instead:
                #expect(
                    Self.help.contains("  \(flag.usage)") && Self.help.contains(flag.summary), "--help: \(flag.usage)")
                #expect(options.contains(item + "\n"), "man page OPTIONS: \(item)")
                #expect(inSynopsis, "man page SYNOPSIS: \(flag.spellings[0])")
                for spelling in flag.spellings { #expect(offered.contains(spelling), "completion: \(spelling)") }
            case .hidden:
                for spelling in flag.spellings {
                    #expect(!Self.help.contains(spelling) && !Self.page.contains(ManPage.escapeFlag(spelling)))
                    #expect(!offered.contains(spelling), "\(spelling) is for programs, not offered")
                }
            }
            // What completes after it is what it declares.
            if case .word(_, .words(let words))? = flag.value {
                #expect(ShellCompletion.candidates(words: [flag.spellings[0], ""], favorites: []) == words)
            }
            // Each spelling parses, and does something.
            for spelling in flag.spellings {
                let value: [String] =
                    switch flag.value {
                    case .word(_, .words(let words))?: [words[0]]
                    case .word?: ["x"]
                    case .rest?: ["--", "show", ""]
                    case nil: []
                    }
                #expect(try Invocation.parse([spelling] + value) != Invocation(), "\(spelling) does nothing")
            }
        }
        // Nothing offered after "-" that is not declared.
        #expect(offered == Set(Registry.listedFlags.flatMap(\.spellings)))
    }

    @Test func everyMetaCommandIsInHelpTheManPageAndItsOwnHelp() throws {
        let backslash = Self.section("BACKSLASH COMMANDS")
        let context = RenderContext(units: .metric, now: Date(timeIntervalSince1970: 0), colour: false, unicode: true)
        let list = TextRenderer.help(Registry.commands, context: context).joined(separator: "\n")
        for meta in Registry.metaCommands {
            #expect(backslash.contains(".It Cm " + ManPage.escapeLine(meta.spec.synopsis)), "\(meta.spec.name)")
            for spelling in meta.spellings {
                #expect(try CommandSpec.metaCommandHelp(spelling)?.name == meta.spec.name)
            }
            switch meta.listing {
            case .shared(let form, let brief), .ownRow(let form, let brief):
                #expect(list.contains(form) && list.contains(brief), "help lacks \(form)")
                // The refusal of a word wx does not have names what it has (a sentence of its own).
                let name = String(form.prefix { $0 != " " })
                let said = MetaCommand.meant("\\zz", shown: "\\zz").split(separator: " ").map {
                    $0.trimmingCharacters(in: [","])
                }
                #expect(said.contains(name), "the refusal lacks \(name)")
            case .unlisted:
                #expect(!list.contains(meta.spec.name))
            }
        }
    }

    @Test func everyCommandIsInHelpTheManPageAndTab() {
        let commands = Self.section("COMMANDS")
        let tab = Set(ShellCompletion.candidates(words: [""], favorites: []))
        for spec in Registry.commands {
            #expect(Self.help.contains(spec.synopsis), "--help: \(spec.name)")
            #expect(commands.contains(".It Cm \(spec.name)"), "man page: \(spec.name)")
            #expect(tab.contains(spec.name), "completion: \(spec.name)")
        }
    }
}
