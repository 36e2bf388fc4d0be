import Testing
import WeatherTestSupport

@testable import WeatherStore

/// `DeletionCursor` (how an index being written tells its deleted lines) answers as
/// `Set.contains` does: for ids asked in ascending order (an index's lines), with gaps and
/// repeats, and for ids asked out of order (a log edited by hand), which it looks up by halving.
@Suite(.tags(.unit)) struct DeletionCursorTests {
    @Test func answersAsTheSetOfDeletions() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let deleted = Set(
                (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                    Int.random(in: 1...120, using: &generator)
                })
            var cursor = DeletionCursor(deleted.sorted())
            var asked = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                Int.random(in: 0...130, using: &generator)
            }
            // Most rounds in ascending order, as an index's lines come; the rest as they fell.
            if round % 3 != 0 { asked.sort() }
            for id in asked {
                #expect(cursor.holds(id) == deleted.contains(id), "round \(round), id \(id)")
            }
        }
    }
}
