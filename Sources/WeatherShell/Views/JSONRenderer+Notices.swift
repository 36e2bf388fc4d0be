import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Notices, and changes kept for this session only, as JSON.
extension JSONRenderer {
    /// `{"type":"notice",…}`.
    static func notice(_ text: String) -> JSONOutput {
        .object([("type", .string("notice")), ("message", .string(text))])
    }

    /// `{"type":"error",…}`: the effect holds for this session but was not saved; `change` is
    /// the effect in words ("☆ München removed from favorites"), when the command had one.
    static func notSaved(_ error: ShellError, change: String?) -> JSONOutput {
        .object([
            ("type", .string("error")),
            ("message", .string(TextRenderer.notSavedText(error, change: change))),
        ])
    }
}
