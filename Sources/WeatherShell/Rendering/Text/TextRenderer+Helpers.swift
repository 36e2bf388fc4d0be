import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Wording and layout that the text views share.
extension TextRenderer {
    /// "1 snapshot", "2 snapshots".
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Words for a WMO code ("clear night" for code 0 when `isNight`); "unknown" when the
    /// service sent none.
    static func condition(_ code: Int?, isNight: Bool? = nil) -> String {
        code.map { WeatherCode($0).description(isNight: isNight) } ?? "unknown"
    }

    /// "+01:00", "-02:30", "+05:45".
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return "\(sign)\(ValueFormatter.two(minutes / 60)):\(ValueFormatter.two(minutes % 60))"
    }

    /// Words wrapped to `width`, each line indented.
    static func wrap(_ text: String, indent: Int, width: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && indent + TextLayout.columns(candidate) > width {
                lines.append(margin + line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(margin + line) }
        return lines
    }
}
