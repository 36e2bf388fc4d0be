import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

extension EventLog {
    enum LineKind { case command, snapshot, deletion, other, unreadable }

    /// The longest record wx writes or reads, in bytes without its "\n": one limit for both, so
    /// that whatever wx acknowledges it reads back. Far above any real record — a snapshot with
    /// 16 forecast days is about 3 KiB, a command line of 4,096 characters at most 24 KiB even
    /// with every character escaped — and small enough that a damaged line is skipped without
    /// being assembled in memory.
    package static let longestRecord = LogFile.longestLine

    /// `record` as one line of the log (sorted keys, no "\n").
    ///
    /// - Throws: `StoreError.recordTooLong` beyond `longestRecord`; `.notEncodable` when the
    ///   encoder fails.
    static func encoded(_ record: some Encodable) throws(StoreError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes: [UInt8]
        do { bytes = try [UInt8](encoder.encode(record)) } catch { throw .notEncodable(.log, detail: "\(error)") }
        return try bounded(bytes)
    }

    /// A command record as one line of the log: the same bytes as the generic `encoded`, written
    /// by hand (`CommandRecord.sortedJSON`).
    ///
    /// - Throws: `StoreError.recordTooLong` beyond `longestRecord`.
    static func encoded(_ record: CommandRecord) throws(StoreError) -> [UInt8] {
        try bounded(record.sortedJSON)
    }

    /// A look record as one line of the log: the same bytes as the generic `encoded`, written by
    /// hand (`LookRecord.sortedJSON`).
    ///
    /// - Throws: `StoreError.recordTooLong` beyond `longestRecord` (not possible within `Look`'s
    ///   bounds).
    static func encoded(_ record: LookRecord) throws(StoreError) -> [UInt8] {
        try bounded(record.sortedJSON)
    }

    private static func bounded(_ bytes: [UInt8]) throws(StoreError) -> [UInt8] {
        guard bytes.count <= longestRecord else { throw .recordTooLong(bytes: bytes.count, limit: longestRecord) }
        return bytes
    }

    /// A record from the object `classify` parsed, else from the line's bytes.
    static func read<Record>(
        _ line: UnsafeRawBufferPointer, _ parsed: RecordFields?, as record: (RecordFields) -> Record?
    ) -> Record? {
        guard let object = parsed ?? jsonObject(line) else { return nil }
        return record(object)
    }

    /// The record kind a line claims, without checking its other fields. wx writes keys sorted
    /// and without spaces, so `{"kind":"command",` at the start tells most lines apart with
    /// one comparison; a line in any other layout — keys in another order, spaces after the
    /// colons, a CR before the newline, as another JSON writer or an editor leaves it — is
    /// asked of a JSON parser.
    static func kind(of line: UnsafeRawBufferPointer) -> LineKind { classify(line).kind }

    /// The kind, as `kind(of:)`, and the line's JSON object when telling the kind took parsing
    /// it (wx's snapshot and deletion records, whose sorted keys put `data_time` or `id` first),
    /// so that the record is read from it rather than parsed again.
    static func classify(_ line: UnsafeRawBufferPointer) -> (kind: LineKind, object: RecordFields?) {
        if LogFile.starts(line, with: sortedCommandPrefix) { return (.command, nil) }
        if LogFile.starts(line, with: sortedDeletionPrefix) { return (.deletion, nil) }
        if LogFile.starts(line, with: sortedSnapshotPrefix) { return (.snapshot, nil) }
        // Another kind in wx's layout counts as a newer wx's record only when it reads as whole
        // JSON with a kind: a torn `{"kind":"c` was kept by `log compact` as one (trial 62).
        guard line.count <= LogFile.longestLine, let object = jsonObject(line), let probe = KindProbe(object) else {
            return (.unreadable, nil)
        }
        switch probe.kind {
        case "command": return (.command, object)
        case "snapshot": return (.snapshot, object)
        case "snapshot.deleted": return (.deletion, object)
        default: return (.other, object)
        }
    }

    /// The snapshot id a line holds, read as far as it can be, so that an id is never given
    /// twice (trial 62: a snapshot line made unreadable by an edit had its id given again, and
    /// once the line was repaired `saved` listed one of the two and `saved rm` deleted both).
    /// For a snapshot record, its `id`; for a line that does not read whole but is a snapshot's
    /// by its kind (`"kind":"snapshot"`) or by wx's own layout (`{"data_time":` first) — a torn
    /// or damaged record — the whole number after its first `"id":`. Nil for other lines, and
    /// when no id between 1 and `maximumNumber` is found.
    static func reservedSnapshotID(_ line: UnsafeRawBufferPointer) -> Int? {
        let (kind, parsed) = classify(line)
        switch kind {
        case .snapshot:
            if let object = parsed ?? jsonObject(line) {
                guard let id = object["id"]?.recordInt, id > 0 else { return nil }
                return id
            }
            return scannedSnapshotID(line)
        case .unreadable:
            guard LogFile.starts(line, with: ownSnapshotStart) || contains(line, snapshotKind) else { return nil }
            return scannedSnapshotID(line)
        case .command, .deletion, .other: return nil
        }
    }

    static let snapshotKind = Array(#""kind":"snapshot""#.utf8)
    static let idKey = Array(#""id":"#.utf8)

    /// The whole number after the first `"id":` of `line` (spaces before it allowed), when it is
    /// between 1 and `maximumNumber`; a JSON string cannot hold those bytes unescaped.
    static func scannedSnapshotID(_ line: UnsafeRawBufferPointer) -> Int? {
        guard let start = firstIndex(of: idKey, in: line) else { return nil }
        var index = start + idKey.count
        while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
        var value = 0
        var digits = 0
        while index < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index]) {
            value = value * 10 + Int(line[index] - UInt8(ascii: "0"))
            digits += 1
            guard digits <= 16, value <= maximumNumber else { return nil }
            index += 1
        }
        return digits > 0 && value > 0 ? value : nil
    }

    /// Whether `line` holds `pattern` followed by anything but a "." (`"kind":"snapshot"` is not
    /// `"kind":"snapshot.deleted"`).
    static func contains(_ line: UnsafeRawBufferPointer, _ pattern: [UInt8]) -> Bool {
        var from = 0
        while let found = firstIndex(of: pattern, in: line, from: from) {
            let after = found + pattern.count
            if after >= line.count || line[after] != UInt8(ascii: ".") { return true }
            from = found + 1
        }
        return false
    }

    /// Where `pattern` first starts in `line` at or after `from`.
    static func firstIndex(of pattern: [UInt8], in line: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
        guard !pattern.isEmpty, line.count >= pattern.count, from <= line.count - pattern.count else { return nil }
        let first = pattern[0]
        var index = from
        while index <= line.count - pattern.count {
            if line[index] == first, pattern.indices.allSatisfy({ line[index + $0] == pattern[$0] }) { return index }
            index += 1
        }
        return nil
    }

    static let sortedKindPrefix = Array(#"{"kind":""#.utf8)
    static let sortedCommandPrefix = Array(#"{"kind":"command","#.utf8)
    static let sortedSnapshotPrefix = Array(#"{"kind":"snapshot","#.utf8)
    static let sortedDeletionPrefix = Array(#"{"kind":"snapshot.deleted","#.utf8)

    /// A line read whole: a record of a kind wx knows counts only when every field it needs is
    /// there with the right type (else it is unreadable, like garbage).
    enum Record: Hashable {
        case command
        case snapshot(id: Int)
        case deletion(id: Int)
        /// A look (`LookRecord`) that reads whole.
        case look
        /// A record of a kind this wx does not know (from a newer wx): kept as it is.
        case other
        case unreadable
    }

    /// `line` as `log` counts it (`read(_:)`).
    static func record(_ line: UnsafeRawBufferPointer) -> Record { read(line).record }
}

// MARK: - Records

// Records are read with WeatherKit's JSON parser (one pass over the bytes into a `JSONValue`)
// and taken apart here as strictly as the Decodable structs they replace were: a field of the
// wrong type makes the record unreadable (a string is not a number, nor a number a string); an
// optional field may be absent or null. Writing stays with JSONEncoder (sorted keys).

/// A line's JSON object; nil when it is not one.
func jsonObject(_ line: UnsafeRawBufferPointer) -> RecordFields? {
    (try? JSONValue.parseObjectMembers(line)).map(RecordFields.init(members:))
}

/// The members of a line's JSON object, looked up by key as a dictionary of them would be (a key
/// written twice has its last value), without building one: a log may hold tens of thousands of
/// snapshot records, and a dictionary for each was most of the time `saved` took.
struct RecordFields {
    var members: [(key: String, value: JSONValue)]

    init(members: [(key: String, value: JSONValue)]) { self.members = members }

    init(_ object: [String: JSONValue]) { members = object.map { ($0.key, $0.value) } }

    subscript(key: String) -> JSONValue? {
        // Lengths first: comparing two different strings costs about a hundred instructions.
        let length = key.utf8.count
        for member in members.reversed() where member.key.utf8.count == length && member.key == key {
            return member.value
        }
        return nil
    }
}

extension JSONValue {
    /// A JSON string, exactly.
    var recordString: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A finite JSON number, exactly.
    var recordDouble: Double? {
        if case .number(let value) = self, value.isFinite { return value }
        return nil
    }

    /// A JSON number without a fraction, below 2^53 in size, where a Double holds every integer
    /// and each only once (9007199254740993 reads as 2^53, so 2^53 is refused: ids and history
    /// numbers are far below; anything beyond is not a record wx wrote).
    var recordInt: Int? {
        guard let value = recordDouble, value == value.rounded(), abs(value) <= Double(EventLog.maximumNumber) else {
            return nil
        }
        return Int(value)
    }
}

/// An optional field: `.some(nil)` when absent or null, nil when present with the wrong type.
func optionalField<T>(_ object: [String: JSONValue], _ key: String, _ read: (JSONValue) -> T?) -> T?? {
    guard let value = object[key], value != .null else { return .some(nil) }
    return read(value).map { .some($0) }
}

func optionalField<T>(_ object: RecordFields, _ key: String, _ read: (JSONValue) -> T?) -> T?? {
    guard let value = object[key], value != .null else { return .some(nil) }
    return read(value).map { .some($0) }
}

struct KindProbe {
    var kind: String
    var id: Int?

    init?(_ object: [String: JSONValue]) { self.init(RecordFields(object)) }

    init?(_ object: RecordFields) {
        guard let kind = object["kind"]?.recordString, let id = optionalField(object, "id", \.recordInt) else {
            return nil
        }
        self.kind = kind
        self.id = id
    }
}

struct CommandRecord: Encodable {
    var v: Int
    var ts: String
    var kind: String
    var n: Int
    var line: String

    init(v: Int, ts: String, kind: String, n: Int, line: String) {
        self.v = v
        self.ts = ts
        self.kind = kind
        self.n = n
        self.line = line
    }

    init?(_ line: UnsafeRawBufferPointer) {
        guard let object = jsonObject(line) else { return nil }
        self.init(object)
    }

    init?(_ object: RecordFields) {
        guard let v = object["v"]?.recordInt, let ts = object["ts"]?.recordString,
            let kind = object["kind"]?.recordString, let n = object["n"]?.recordInt,
            let line = object["line"]?.recordString
        else { return nil }
        self.init(v: v, ts: ts, kind: kind, n: n, line: line)
    }
}

extension CommandRecord {
    /// The record as `EventLog.encoded` writes any other (JSONEncoder, keys sorted, slashes not
    /// escaped), byte for byte, without JSONEncoder (`RecordJSON`): the one record every command
    /// writes.
    var sortedJSON: [UInt8] {
        var json = RecordJSON(capacity: line.utf8.count + ts.utf8.count + kind.utf8.count + 64)
        json.open()
        json.member("kind", kind)
        json.member("line", line)
        json.member("n", n)
        json.member("ts", ts)
        json.member("v", v)
        json.close()
        return json.bytes
    }
}

struct DeletionRecord: Encodable {
    var v: Int
    var ts: String
    var kind: String
    var id: Int

    init(v: Int, ts: String, kind: String, id: Int) {
        self.v = v
        self.ts = ts
        self.kind = kind
        self.id = id
    }

    init?(_ line: UnsafeRawBufferPointer) {
        guard let object = jsonObject(line) else { return nil }
        self.init(object)
    }

    init?(_ object: RecordFields) {
        guard let v = object["v"]?.recordInt, let ts = object["ts"]?.recordString,
            let kind = object["kind"]?.recordString, let id = object["id"]?.recordInt
        else { return nil }
        self.init(v: v, ts: ts, kind: kind, id: id)
    }
}

// Property names are log.jsonl keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct SnapshotRecord: Encodable {
    struct PlaceRecord: Encodable {
        var name: String
        var latitude: Double
        var longitude: Double
    }

    var v: Int
    var ts: String
    var kind: String
    var id: Int
    var place: PlaceRecord
    var utc_offset_seconds: Int?
    var timezone: String?
    var data_time: String
    var temperature_celsius: Double?
    var precipitation_probability_percent: Double?
    var precipitation_millimetres: Double?
    var weather_code: Int?
    var forecast_days: [ForecastDayRecord]?
    var warnings: [WarningRecord]?
    /// How many warnings in force `warnings` leaves out (it keeps the most severe few); absent
    /// when it keeps them all.
    var warnings_not_kept: Int?
    /// True when the kept forecast's days are UTC days (`Snapshot.daysAreUTC`); absent otherwise,
    /// as in every record written before wx kept it (those read as the place's days).
    var days_utc: Bool?

    struct ForecastDayRecord: Encodable {
        var date: String
        var temperature_max_celsius: Double?
        var temperature_min_celsius: Double?
        var precipitation_sum_millimetres: Double?
        var precipitation_probability_max_percent: Double?
        var weather_code: Int?

        init(_ day: KeptForecastDay) {
            date = day.date.iso
            temperature_max_celsius = day.temperatureMaxCelsius
            temperature_min_celsius = day.temperatureMinCelsius
            precipitation_sum_millimetres = day.precipitationSumMillimetres
            precipitation_probability_max_percent = day.precipitationProbabilityMaxPercent
            weather_code = day.weatherCode
        }

        /// Nil when a field has the wrong type or the date is not a calendar day.
        init?(_ value: JSONValue) {
            guard let object = value.object, let date = object["date"]?.recordString,
                LocalDate(iso: Substring(date)) != nil,
                let high = optionalField(object, "temperature_max_celsius", \.recordDouble),
                let low = optionalField(object, "temperature_min_celsius", \.recordDouble),
                let sum = optionalField(object, "precipitation_sum_millimetres", \.recordDouble),
                let probability = optionalField(object, "precipitation_probability_max_percent", \.recordDouble),
                let code = optionalField(object, "weather_code", \.recordInt)
            else { return nil }
            self.date = date
            temperature_max_celsius = high
            temperature_min_celsius = low
            precipitation_sum_millimetres = sum
            precipitation_probability_max_percent = probability
            weather_code = code
        }

        var day: KeptForecastDay? {
            LocalDate(iso: Substring(date)).map {
                KeptForecastDay(
                    date: $0, temperatureMaxCelsius: temperature_max_celsius,
                    temperatureMinCelsius: temperature_min_celsius,
                    precipitationSumMillimetres: precipitation_sum_millimetres,
                    precipitationProbabilityMaxPercent: precipitation_probability_max_percent,
                    weatherCode: weather_code)
            }
        }
    }

    init(_ snapshot: Snapshot) {
        v = EventLog.formatVersion
        ts = ISOTime.string(snapshot.savedAt)
        kind = "snapshot"
        id = snapshot.id
        place = PlaceRecord(
            name: snapshot.placeName, latitude: snapshot.coordinate.latitude, longitude: snapshot.coordinate.longitude)
        utc_offset_seconds = snapshot.utcOffsetSeconds
        timezone = snapshot.timeZone
        data_time = ISOTime.string(snapshot.reading.dataTime)
        temperature_celsius = snapshot.reading.temperatureCelsius
        precipitation_probability_percent = snapshot.reading.precipitationProbabilityPercent
        precipitation_millimetres = snapshot.reading.precipitationMillimetres
        weather_code = snapshot.reading.weatherCode
        forecast_days = snapshot.reading.forecastDays?.map(ForecastDayRecord.init)
        warnings = snapshot.reading.warnings?.map(WarningRecord.init)
        warnings_not_kept = snapshot.reading.warningsNotKept.flatMap { $0 > 0 ? $0 : nil }
        days_utc = snapshot.daysAreUTC ? true : nil
    }

    init?(_ line: UnsafeRawBufferPointer) {
        guard let object = jsonObject(line) else { return nil }
        self.init(object)
    }

    init?(_ object: RecordFields) {
        guard let v = object["v"]?.recordInt, let ts = object["ts"]?.recordString,
            let kind = object["kind"]?.recordString, let id = object["id"]?.recordInt,
            let place = object["place"]?.object, let name = place["name"]?.recordString,
            let latitude = place["latitude"]?.recordDouble, let longitude = place["longitude"]?.recordDouble,
            let dataTime = object["data_time"]?.recordString,
            let utcOffset = optionalField(object, "utc_offset_seconds", \.recordInt),
            let timezone = optionalField(object, "timezone", \.recordString),
            let temperature = optionalField(object, "temperature_celsius", \.recordDouble),
            let probability = optionalField(object, "precipitation_probability_percent", \.recordDouble),
            let amount = optionalField(object, "precipitation_millimetres", \.recordDouble),
            let weatherCode = optionalField(object, "weather_code", \.recordInt),
            let forecastDays = optionalField(
                object, "forecast_days",
                { value -> [ForecastDayRecord]? in
                    guard let items = value.array else { return nil }
                    let days = items.compactMap(ForecastDayRecord.init)
                    return days.count == items.count ? days : nil
                }),
            let daysUTC = optionalField(object, "days_utc", { if case .bool(let value) = $0 { value } else { nil } })
        else { return nil }
        self.v = v
        self.ts = ts
        self.kind = kind
        self.id = id
        self.place = PlaceRecord(name: name, latitude: latitude, longitude: longitude)
        self.utc_offset_seconds = utcOffset
        self.timezone = timezone
        self.data_time = dataTime
        self.temperature_celsius = temperature
        self.precipitation_probability_percent = probability
        self.precipitation_millimetres = amount
        self.weather_code = weatherCode
        self.forecast_days = forecastDays
        self.warnings = WarningRecord.list(object["warnings"])
        self.warnings_not_kept = object["warnings_not_kept"]?.recordInt.flatMap { $0 > 0 ? $0 : nil }
        self.days_utc = daysUTC == true ? true : nil
    }

    var snapshot: Snapshot? { snapshot(savedAt: ISOTime.parse(ts), dataTime: ISOTime.parse(data_time)) }

    /// The snapshot of this record with its times `ts` and `data_time` read already (nil: they
    /// do not read), as `snapshot` reads them (`EventLog.ownSnapshot` reads them from the line's
    /// bytes).
    func snapshot(savedAt: Date?, dataTime: Date?) -> Snapshot? {
        // A UTC offset beyond ±26 hours is no place's: not a record wx wrote.
        guard let saved = savedAt, let dataTime, id > 0, abs(utc_offset_seconds ?? 0) <= 26 * 3600
        else { return nil }
        let coordinate = Coordinate(latitude: place.latitude, longitude: place.longitude)
        guard coordinate.isValid else { return nil }
        // A record written before wx kept the offset has the zone: its rules give the offset then.
        let offset =
            utc_offset_seconds
            ?? timezone.flatMap {
                TimeZoneDatabase.shared.offset(at: Int64(dataTime.timeIntervalSince1970.rounded(.down)), in: $0)?
                    .utcOffsetSeconds
            } ?? 0
        var reading = SnapshotReading(
            dataTime: dataTime, temperatureCelsius: temperature_celsius,
            precipitationProbabilityPercent: precipitation_probability_percent,
            precipitationMillimetres: precipitation_millimetres, weatherCode: weather_code,
            forecastDays: forecast_days.map { $0.compactMap(\.day) }, warnings: warnings?.map(\.kept))
        reading.warningsNotKept = warnings == nil ? nil : warnings_not_kept
        return Snapshot(
            id: id, savedAt: saved, placeName: TerminalText.sanitized(place.name), coordinate: coordinate,
            utcOffsetSeconds: offset, timeZone: timezone, reading: reading, daysAreUTC: days_utc == true)
    }
}
