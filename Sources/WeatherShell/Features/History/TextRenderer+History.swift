import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `history` as text.
extension TextRenderer {
    /// `history`: the numbered lines, or a note when there is none — saying that commands given
    /// with -c are not kept (`wx -c "show Berlin; history"` found none, as bash -c keeps none);
    /// cut to the width only when output is fitted to it (a terminal, or `COLUMNS` given).
    static func history(_ entries: [HistoryEntry], context: RenderContext) -> [String] {
        let width = context.width
        if entries.isEmpty {
            let none = "no commands in the history yet (commands given with -c or as wx’s arguments are not kept)"
            return context.fitsWidth ? TextLayout.wrap(none, indent: 0, continuation: 0, width: width) : [none]
        }
        // The number column fits the widest number (six columns at least): a number is never
        // cut, so that every one shown can be given to `!N`.
        let column = max(6, entries.map { String($0.number).count }.max() ?? 0)
        // In scripts and pipes (`fitsWidth` false) a line is whole: it is what was typed.
        return entries.map {
            let line = TerminalText.sanitized($0.line)
            let shown = context.fitsWidth ? TextLayout.truncate(line, to: width - column - 2) : line
            return "\(TextLayout.pad(String($0.number), to: column, right: true))  \(shown)"
        }
    }
}
