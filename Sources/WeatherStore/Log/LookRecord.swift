import FoundationEssentials
import WXBasics
import WeatherKit

/// A look as one line of `log.jsonl` (kind `look`, format version 1), keys sorted:
///
/// `{"answer_time":…,"chance":{"date":"2026-07-09","from":"2026-07-09T13:00:00Z","later":[[40,51],…],
/// "members":41,"of_members":51},"chance_tomorrow":{"date":"2026-07-10","members":12,"of_members":51},
/// "command":"brief",
/// "days":[{"date":"2026-07-09","high_celsius":23.1,"low_celsius":14.2,"precipitation_millimetres":4.1}],
/// "at":…,"had_hours":true,"kind":"look","place":{"key":"53.5507,9.9930","name":"Hamburg"},
/// "provider":"openMeteo","rain_end":…,"rain_start":…,"ts":…,"unit_system":"metric",
/// "utc_offset_seconds":7200,"v":1,"warnings":[{"event":"Wind","id":"…"}]}`
///
/// Times ISO 8601 UTC; `at` is the instant the look showed the weather for ("now" then), `ts`
/// when the record was written (they differ in `make demo`, whose weather is at its recordings'); `chance`, `answer_time`, `rain_start`, `rain_end` and `warnings` may be
/// absent; `chance` counts the rest of the day from `from` (absent in an older record: the
/// whole day), `later` the same from each later hour; `chance_tomorrow` (absent in an older
/// record) is the next day's whole-day count; `days_utc` is true when the days were UTC days
/// (absent: the place's days). An older wx reads the kind as one it does not know and keeps it; a look record
/// missing a required field, or with one of the wrong type, or a value out of its physical
/// range (`PhysicalRange`), is unreadable (skipped, counted).
// Property names are log.jsonl keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct LookRecord: Encodable {
    static let kindName = "look"

    struct PlaceRecord: Encodable {
        var key: String
        var name: String
    }

    struct DayRecord: Encodable {
        var date: String
        var high_celsius: Double?
        var low_celsius: Double?
        var precipitation_millimetres: Double?
    }

    struct WarningRecord: Encodable {
        var id: String
        var event: String
    }

    struct ChanceRecord: Encodable {
        var date: String
        /// The first hour counted (ISO 8601 UTC); absent in an older record: the whole day.
        var from: String?
        /// The counts from each later hour, one hour apart: [members, of members].
        var later: [[Int]]?
        var members: Int
        var of_members: Int
    }

    var v: Int
    var ts: String
    var at: String
    var kind: String
    var place: PlaceRecord
    var command: String
    var provider: String
    var unit_system: String
    var answer_time: String?
    var utc_offset_seconds: Int
    var days: [DayRecord]
    var days_utc: Bool?
    var rain_start: String?
    var rain_end: String?
    var had_hours: Bool
    var warnings: [WarningRecord]?
    var chance: ChanceRecord?
    var chance_tomorrow: ChanceRecord?

    init(_ look: Look) {
        func cut(_ text: String) -> String { String(text.prefix(Look.longestText)) }
        v = EventLog.formatVersion
        ts = ISOTime.string(look.recordedAt)
        at = ISOTime.string(look.time)
        kind = Self.kindName
        place = PlaceRecord(key: look.placeKey, name: cut(look.placeName))
        command = cut(look.command)
        provider = cut(look.provider)
        unit_system = cut(look.unitSystem)
        answer_time = look.answerTime.map(ISOTime.string)
        utc_offset_seconds = look.utcOffsetSeconds
        // Bounded as the reader bounds them: a value out of its range is not written.
        days = look.days.prefix(Look.mostDays).map(\.bounded).map {
            DayRecord(
                date: $0.date.iso, high_celsius: $0.highCelsius, low_celsius: $0.lowCelsius,
                precipitation_millimetres: $0.precipitationMillimetres)
        }
        days_utc = look.daysAreUTC ? true : nil
        rain_start = look.rainStart.map(ISOTime.string)
        rain_end = look.rainEnd.map(ISOTime.string)
        had_hours = look.hadHours
        warnings = look.warnings?.prefix(Look.mostWarnings).map {
            WarningRecord(id: cut($0.id), event: cut($0.event))
        }
        chance = look.chance.map {
            ChanceRecord(
                date: $0.date.iso, from: $0.from.map(ISOTime.string),
                later: $0.later.isEmpty ? nil : $0.later.map { [$0.members, $0.ofMembers] }, members: $0.members,
                of_members: $0.ofMembers)
        }
        chance_tomorrow = look.chanceTomorrow.map {
            ChanceRecord(date: $0.date.iso, from: nil, later: nil, members: $0.members, of_members: $0.ofMembers)
        }
    }

    /// The look a record holds; nil when a required field is missing or has the wrong type, a
    /// time or date does not parse, or a value is out of its range.
    static func look(_ object: RecordFields) -> Look? {
        guard object["v"]?.recordInt != nil, object["kind"]?.recordString == kindName,
            let ts = object["ts"]?.recordString, let recordedAt = ISOTime.parse(ts),
            let at = object["at"]?.recordString, let time = ISOTime.parse(at),
            let place = object["place"]?.object, case .string(let key)? = place["key"],
            Coordinate(parsing: key) != nil, case .string(let name)? = place["name"],
            let command = object["command"]?.recordString, let provider = object["provider"]?.recordString,
            let units = object["unit_system"]?.recordString,
            let offset = object["utc_offset_seconds"]?.recordInt, abs(offset) <= 26 * 3_600,
            case .bool(let hadHours)? = object["had_hours"], case .array(let dayValues)? = object["days"],
            dayValues.count <= Look.mostDays,
            let answer = optionalField(object, "answer_time", \.recordString),
            let start = optionalField(object, "rain_start", \.recordString),
            let end = optionalField(object, "rain_end", \.recordString),
            let daysUTC = optionalField(object, "days_utc", { if case .bool(let value) = $0 { value } else { nil } })
        else { return nil }
        func instant(_ text: String?) -> Date?? {
            guard let text else { return .some(nil) }
            return ISOTime.parse(text).map { .some($0) }
        }
        guard let answerTime = instant(answer), let rainStart = instant(start), let rainEnd = instant(end) else {
            return nil
        }
        var days: [LookDay] = []
        for value in dayValues {
            guard case .object(let day) = value, case .string(let iso)? = day["date"],
                let date = LocalDate(iso: Substring(iso)),
                let high = optionalField(day, "high_celsius", \.recordDouble),
                let low = optionalField(day, "low_celsius", \.recordDouble),
                let rain = optionalField(day, "precipitation_millimetres", \.recordDouble),
                // Bounded as every field is: a value no weather has (1e308 °C) makes the record
                // unreadable (skipped, counted), never a change "changed" would report.
                high.map(PhysicalRange.temperatureCelsius.contains) ?? true,
                low.map(PhysicalRange.temperatureCelsius.contains) ?? true,
                rain.map(PhysicalRange.precipitationMillimetres.contains) ?? true
            else { return nil }
            days.append(LookDay(date: date, highCelsius: high, lowCelsius: low, precipitationMillimetres: rain))
        }
        var warnings: [LookWarning]?
        if let value = object["warnings"], value != .null {
            guard case .array(let items) = value, items.count <= Look.mostWarnings else { return nil }
            warnings = []
            for item in items {
                guard case .object(let warning) = item, case .string(let id)? = warning["id"],
                    case .string(let event)? = warning["event"]
                else { return nil }
                warnings?.append(LookWarning(id: id, event: TerminalText.sanitized(event)))
            }
        }
        guard let chance = chanceField(object["chance"]), let tomorrow = chanceField(object["chance_tomorrow"]) else {
            return nil
        }
        return Look(
            placeKey: key, placeName: TerminalText.sanitized(name), time: time, recordedAt: recordedAt,
            command: command, provider: provider,
            unitSystem: units, answerTime: answerTime, utcOffsetSeconds: offset, days: days, rainStart: rainStart,
            rainEnd: rainEnd, hadHours: hadHours, warnings: warnings, chance: chance, chanceTomorrow: tomorrow,
            daysAreUTC: daysUTC ?? false)
    }

    /// A `chance` or `chance_tomorrow` field: `.some(nil)` when absent or null, nil when it
    /// does not read (the record is then unreadable).
    static func chanceField(_ value: JSONValue?) -> LookChance?? {
        var chance: LookChance?
        if let value, value != .null {
            guard case .object(let fields) = value, case .string(let iso)? = fields["date"],
                let date = LocalDate(iso: Substring(iso)), let members = fields["members"]?.recordInt,
                let of = fields["of_members"]?.recordInt, members >= 0, of >= members
            else { return nil }
            var from: Date?
            if let value = fields["from"], value != .null {
                guard let text = value.recordString, let time = ISOTime.parse(text) else { return nil }
                from = time
            }
            var later: [LookChanceCount] = []
            if let value = fields["later"], value != .null {
                guard case .array(let items) = value, items.count <= 24 else { return nil }
                for item in items {
                    guard case .array(let pair) = item, pair.count == 2, let wet = pair[0].recordInt,
                        let all = pair[1].recordInt, wet >= 0, all >= wet
                    else { return nil }
                    later.append(LookChanceCount(members: wet, ofMembers: all))
                }
            }
            chance = LookChance(date: date, members: members, ofMembers: of, from: from, later: later)
        }
        return .some(chance)
    }
}

extension LookRecord {
    /// The record as `EventLog.encoded` writes any other (JSONEncoder, keys sorted, slashes not
    /// escaped, absent optionals left out), byte for byte, without JSONEncoder (`RecordJSON`):
    /// written at every `show`, `daily`, `hourly`, `brief` and `changed`.
    var sortedJSON: [UInt8] {
        var json = RecordJSON(capacity: 512 + days.count * 100)
        json.open()
        json.member("answer_time", answer_time)
        json.member("at", at)
        if let chance {
            json.key("chance")
            json.open()
            json.member("date", chance.date)
            json.member("from", chance.from)
            if let later = chance.later {
                json.key("later")
                json.array(later) { json, pair in json.array(pair) { $0.int($1) } }
            }
            json.member("members", chance.members)
            json.member("of_members", chance.of_members)
            json.close()
        }
        if let tomorrow = chance_tomorrow {
            json.key("chance_tomorrow")
            json.open()
            json.member("date", tomorrow.date)
            json.member("members", tomorrow.members)
            json.member("of_members", tomorrow.of_members)
            json.close()
        }
        json.member("command", command)
        json.key("days")
        json.array(days) { json, day in
            json.open()
            json.member("date", day.date)
            json.member("high_celsius", day.high_celsius)
            json.member("low_celsius", day.low_celsius)
            json.member("precipitation_millimetres", day.precipitation_millimetres)
            json.close()
        }
        if let daysUTC = days_utc {
            json.key("days_utc")
            json.bool(daysUTC)
        }
        json.key("had_hours")
        json.bool(had_hours)
        json.member("kind", kind)
        json.key("place")
        json.open()
        json.member("key", place.key)
        json.member("name", place.name)
        json.close()
        json.member("provider", provider)
        json.member("rain_end", rain_end)
        json.member("rain_start", rain_start)
        json.member("ts", ts)
        json.member("unit_system", unit_system)
        json.member("utc_offset_seconds", utc_offset_seconds)
        json.member("v", v)
        if let warnings {
            json.key("warnings")
            json.array(warnings) { json, warning in
                json.open()
                json.member("event", warning.event)
                json.member("id", warning.id)
                json.close()
            }
        }
        json.close()
        return json.bytes
    }
}
