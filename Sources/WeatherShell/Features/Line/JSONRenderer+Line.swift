import WXBasics
import WeatherKit

// `line` as JSON: the document waybar's custom module reads (`"return-type": "json"`).
extension JSONRenderer {
    /// `{"type":"line","text":…,"tooltip":…,"class":…,"alt":…}` on one line. waybar shows
    /// `text` and `tooltip` as Pango markup, so `&`, `<` and `>` in them are written as
    /// entities; `type` is wx's own key, which waybar leaves alone.
    static func statusLine(_ line: StatusLineReport, context: RenderContext) -> JSONOutput {
        let made = StatusLine(
            line.report, format: line.format, now: context.now, units: context.units, unicode: context.unicode)
        return .object([
            ("type", .string("line")), ("text", .string(markup(made.text))), ("tooltip", .string(markup(made.tooltip))),
            ("class", .string(made.className)), ("alt", .string(made.conditionKind)),
        ])
    }

    /// `text` with `&`, `<` and `>` as Pango's entities.
    static func markup(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
