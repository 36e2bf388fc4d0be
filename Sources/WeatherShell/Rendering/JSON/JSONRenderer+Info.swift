import WXBasics
import WeatherKit
import WeatherStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Settings, `help`, `about`, `log` and notices as JSON.
extension JSONRenderer {
    /// `{"type":"units",…}`: the preset, its overrides and each unit's symbol.
    static func units(_ setting: UnitSetting) -> JSONOutput {
        let units = setting.preferences
        return .object([
            ("type", .string("units")), ("preset", .string(setting.preset.rawValue)),
            (
                "overrides",
                .object(
                    UnitQuantity.allCases.compactMap { quantity in
                        setting.overrides[quantity].map { (quantity.rawValue, .string($0)) }
                    })
            ),
            ("temperature", .string(units.temperature.symbol)), ("wind_speed", .string(units.windSpeed.symbol)),
            ("precipitation", .string(units.precipitation.symbol)), ("pressure", .string(units.pressure.symbol)),
            ("distance", .string(units.distance.symbol)), ("clock", .string(units.clock.rawValue)),
        ])
    }

    /// `{"type":"format",…}`.
    static func format(_ format: OutputFormat) -> JSONOutput {
        .object([("type", .string("format")), ("format", .string(format.rawValue))])
    }

    /// `{"type":"setting",…}`: `note` only when there is one.
    static func setting(name: String, value: String, note: String?) -> JSONOutput {
        .object(
            [("type", .string("setting")), ("name", .string(name)), ("value", .string(value))]
                + (note.map { [("note", .string($0))] } ?? []))
    }

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
            ("request_costs", requestCosts()),
        ])
    }

    /// `{"type":"log",…}`.
    static func logStatistics(_ stats: EventLog.Statistics) -> JSONOutput {
        .object([("type", .string("log"))] + statistics(stats))
    }

    /// `{"type":"log_compacted",…}`: the statistics before and after.
    static func logCompacted(_ compaction: EventLog.Compaction) -> JSONOutput {
        .object([
            ("type", .string("log_compacted")), ("before", .object(statistics(compaction.before))),
            ("after", .object(statistics(compaction.after))),
            ("unreadable_lines_file", compaction.unreadableLinesFile.map { .string($0) } ?? .null),
        ])
    }

    static func statistics(_ stats: EventLog.Statistics) -> [(String, JSONOutput)] {
        [
            ("path", .string(stats.path)), ("bytes", .number(Double(stats.bytes))),
            ("commands", .number(Double(stats.commands))),
            ("snapshots", .number(Double(stats.snapshots))),
            ("deleted_snapshots", .number(Double(stats.deletedSnapshots))),
            ("unreadable_lines", .number(Double(stats.unreadableLines))),
            ("other_records", .number(Double(stats.otherRecords))),
        ]
    }

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
