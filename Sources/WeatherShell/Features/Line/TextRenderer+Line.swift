import WXBasics
import WeatherKit

// `line` as text: the filled format, or waybar's document for `line --json`.
extension TextRenderer {
    static func statusLine(_ line: StatusLineReport, context: RenderContext) -> [String] {
        if line.json { return [JSONRenderer.versioned(JSONRenderer.statusLine(line, context: context)).serialized] }
        let made = StatusLine(
            line.report, format: line.format, now: context.now, units: context.units, unicode: context.unicode)
        // One line (newlines become spaces), whatever the format or a service's place name holds.
        return [TerminalText.sanitized(made.text)]
    }
}
