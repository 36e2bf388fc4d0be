import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `help` and `about` as JSON.
extension JSONRenderer {
    /// `{"type":"help",…}`: every command.
    static func help(_ specs: [CommandSpec]) -> JSONOutput {
        .object([("type", .string("help")), ("commands", .array(specs.map(command)))])
    }

    /// `{"type":"help",…}` with the one command asked about.
    static func helpCommand(_ spec: CommandSpec) -> JSONOutput {
        .object([("type", .string("help")), ("commands", .array([command(spec)]))])
    }

    static func command(_ spec: CommandSpec) -> JSONOutput {
        .object([
            ("name", .string(spec.name)), ("synopsis", .string(spec.synopsis)), ("summary", .string(spec.summary)),
        ])
    }

    /// `{"type":"about",…}`: version, attributions (each once) and wx's files.
    static func about(_ info: AboutInfo) -> JSONOutput {
        .object([
            ("type", .string("about")), ("version", .string(info.version)),
            (
                "attribution",
                .array(
                    info.services.map(\.attribution).reduce(into: [String]()) {
                        if !$0.contains($1) { $0.append($1) }
                    }.map { .string($0) })
            ),
            ("state_plist", .string(info.configFolder + "/state.plist")),
            ("log_jsonl", .string(info.stateFolder + "/log.jsonl")), ("cache", .string(info.cacheFolder)),
            ("wxrc", .string(info.startupFile)), ("wxrc_exists", .bool(info.startupFileExists)),
            ("editrc", .optional(info.lineEditorFile)),
            ("request_costs", requestCosts()),
        ])
    }
}
