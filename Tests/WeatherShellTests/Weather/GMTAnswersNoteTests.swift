import Testing

@testable import WeatherShell

/// `compare`'s note under rows of answers in GMT: a few named, more summarized (trial 62: sixty
/// favorites made a five-line footnote naming each).
@Suite(.tags(.unit)) struct GMTAnswersNoteTests {
    @Test func namesAFewAndCountsMany() {
        #expect(TextRenderer.gmtAnswersText(["Berlin"], of: 3) == "the answer for Berlin was")
        #expect(TextRenderer.gmtAnswersText(["A", "B", "C"], of: 5) == "the answers for A, B and C were")
        let sixty = (0..<60).map { "City \($0)" }
        #expect(TextRenderer.gmtAnswersText(sixty, of: 60) == "all 60 answers were")
        #expect(TextRenderer.gmtAnswersText(Array(sixty.prefix(59)), of: 60) == "the 59 answers marked * were")
    }
}
