import Testing

@testable import WeatherShell

/// The meta commands are declared once (`MetaCommandSpec.all`): the parser, `help`, Tab and the
/// man page read that one list.
@Suite(.tags(.unit)) struct MetaCommandSpecTests {
    @Test func eachSpellingIsDeclaredOnceAndNamesItsSpec() {
        let spellings = MetaCommandSpec.all.flatMap(\.spellings)
        #expect(Set(spellings).count == spellings.count, "a spelling declared twice: \(spellings)")
        for meta in MetaCommandSpec.all {
            for spelling in meta.spellings {
                #expect(MetaCommandSpec.named(spelling.uppercased())?.spec.name == meta.spec.name)
                #expect((try? CommandSpec.metaCommandHelp(spelling))??.name == meta.spec.name)
                #expect(Completer.fileTakingMetaWords.contains(spelling) == meta.takesFile, "\(spelling)")
                // Typed alone, each runs or says what it needs; none is refused as not wx's.
                if case .refused(let line)? = MetaCommand(typed: spelling, words: [spelling]) {
                    #expect(!line.contains("not wx"), "\(spelling): \(line)")
                }
            }
        }
        #expect(Registry.metaCommandSpecs.map(\.name) == MetaCommandSpec.all.map(\.spec.name))
    }

    @Test func aWordNotDeclaredIsRefusedByParserAndHelpAlike() throws {
        let typed = MetaCommand(typed: "\\dt", words: ["\\dt"])
        guard case .refused(let line)? = typed else {
            Issue.record("\\dt: \(String(describing: typed))")
            return
        }
        #expect(throws: ShellError.usage(line)) { try CommandSpec.metaCommandHelp("\\dt") }
        #expect(MetaCommandSpec.named("\\dt") == nil)
    }
}
