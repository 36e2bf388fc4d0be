import Testing

@testable import WeatherShell

/// Which one-shot runs start decoding state.plist in the background: only those with a
/// command that may read favorites or settings (`Command.readsState`), or a line that does not
/// parse.
@Suite(.tags(.unit))
struct StatePreloadTests {
    @Test func commandsThatNeverReadTheStateStartNoDecode() {
        #expect(!WXApp.mayReadState(["saved"]))
        #expect(!WXApp.mayReadState(["history 20", "log"]))
        #expect(!WXApp.mayReadState(["saved 3; saved rm 2"]))
        #expect(!WXApp.mayReadState([""]))
    }

    @Test func aCommandThatReadsTheStateStartsTheDecode() {
        #expect(WXApp.mayReadState(["find Hamburg; show"]))
        #expect(WXApp.mayReadState(["saved", "favs"]))
        #expect(WXApp.mayReadState(["saved; show Berlin"]))
        #expect(WXApp.mayReadState(["export favorites /tmp/f.csv"]))
        #expect(!WXApp.mayReadState(["export history /tmp/h.jsonl"]))
    }

    @Test func aLineThatDoesNotParseStartsTheDecode() {
        #expect(WXApp.mayReadState(["saved; shwo"]))
        #expect(WXApp.mayReadState(["saved \"open"]))
    }
}
