import WXBasics
import WeatherKit

/// A warning kept with a snapshot in `log.jsonl`: the snapshot record's optional `warnings`
/// array, `[{"event":"Frost","level":"yellow","severity":"minor","onset":…,"end":…,
/// "issuer":"DWD","headline":…}]`, times ISO 8601 UTC. Absent in records written before wx
/// kept warnings and for places no feed covers; `[]` when a feed said none was in force.
/// Readers that do not know the field skip it; a malformed one is read as absent rather than
/// making the snapshot unreadable.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct WarningRecord: Encodable {
    var event: String
    var level: String?
    var severity: String
    var onset: String?
    var end: String?
    var issuer: String
    var headline: String?

    init(_ kept: KeptWarning) {
        event = kept.event
        level = kept.level
        severity = kept.severity
        onset = kept.onset.map(ISOTime.string)
        end = kept.end.map(ISOTime.string)
        issuer = kept.issuer
        headline = kept.headline
    }

    /// Nil when `value` is not an object with the required strings.
    init?(_ value: JSONValue) {
        guard let object = value.object, case .string(let event)? = object["event"],
            case .string(let severity)? = object["severity"], case .string(let issuer)? = object["issuer"]
        else { return nil }
        self.event = event
        self.severity = severity
        self.issuer = issuer
        func text(_ key: String) -> String? {
            if case .string(let text)? = object[key] { return text }
            return nil
        }
        level = text("level")
        onset = text("onset")
        end = text("end")
        headline = text("headline")
    }

    /// The `warnings` array of a record; nil when absent or not an array of warnings.
    static func list(_ value: JSONValue?) -> [WarningRecord]? {
        guard let items = value?.array else { return nil }
        let records = items.compactMap(WarningRecord.init)
        return records.count == items.count ? records : nil
    }

    /// The kept warning, its texts made safe for a terminal.
    var kept: KeptWarning {
        KeptWarning(
            event: TerminalText.sanitized(event), level: level.map(TerminalText.sanitized),
            severity: TerminalText.sanitized(severity), onset: onset.flatMap(ISOTime.parse),
            end: end.flatMap(ISOTime.parse), issuer: TerminalText.sanitized(issuer),
            headline: headline.map(TerminalText.sanitized))
    }
}
