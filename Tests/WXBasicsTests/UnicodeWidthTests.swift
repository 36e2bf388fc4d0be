import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

/// Column widths follow Unicode's data (issue 37, item 9): the hand-kept table disagreed with
/// East Asian Width and the emoji data on 8,461 wide characters (🚀, 🚲, ⌚ counted one column)
/// and 231 narrow ones (a bare 🌡 or 🌫 counted two). The expected widths come from
/// scripts/unicode-width.py reading Unicode 16.0's EastAsianWidth.txt and emoji-data.txt, not
/// from the table it generates.
@Suite(.tags(.unit)) struct UnicodeWidthTests {
    /// The wide ranges the script reads from the data files.
    static let wide = UnicodeData.wideRanges

    /// Wide by the data files: W, F or Emoji_Presentation.
    static func wideByTheData(_ value: UInt32) -> Bool { wide.contains { $0.contains(value) } }

    @Test func everyScalarWithAWidthIsWideExactlyWhenTheDataSaysSo() {
        #expect(Self.wide.count > 100, "unicode-width.py did not run")
        var set = Set<UInt32>()
        for range in Self.wide { for value in range { set.insert(value) } }
        var disagreeing: [String] = []
        for value in UInt32(0x300)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let width = TextLayout.width(of: scalar)
            // Marks, joiners and variation selectors take none, whatever their East Asian Width.
            if width == 0 { continue }
            if (width == 2) != set.contains(value) { disagreeing.append(String(value, radix: 16)) }
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.count) disagree, e.g. \(disagreeing.prefix(10))")
    }

    @Test func theIssuesCharactersTakeTheColumnsTheDataGives() {
        // 🚀 🚲 ⌚: Emoji_Presentation; 🌡 🌫: emoji shown as text by default (one column);
        // 漢 and the ideographic space: W and F.
        for (text, columns) in [("🚀", 2), ("🚲", 2), ("⌚", 2), ("🌡", 1), ("🌫", 1), ("漢", 2), ("\u{3000}", 2)] {
            #expect(TextLayout.columns(text) == columns, "\(text)")
            let value = text.unicodeScalars.first!.value
            #expect(Self.wideByTheData(value) == (columns == 2), "\(text) by the data")
        }
        #expect(TextLayout.columns("🚀 Launch pad") == 13)
        #expect(TextLayout.columns("⌚ Uhrturm, Zürich") == 18)
    }
}
