import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

extension EventLog {
    /// How a snapshot record wx wrote starts (`SnapshotRecord`, keys sorted: `data_time` first).
    static let ownSnapshotStart = Array(#"{"data_time":""#.utf8)
    /// How a deletion record wx wrote starts (`DeletionRecord`, keys sorted: `id` first).
    static let ownDeletionStart = Array(#"{"id":"#.utf8)

    /// The snapshot a line in wx's own snapshot layout holds, read from its bytes: `{"data_time":
    /// "…","id":N,"kind":"snapshot","place":{"latitude":X,"longitude":X,"name":"…"}`, then
    /// `precipitation_millimetres`, `precipitation_probability_percent`, `temperature_celsius`,
    /// `timezone` when present, `"ts":"…"`, `utc_offset_seconds` when present, `"v":N`, and
    /// `weather_code` when present — keys sorted, no spaces, as `EventLog.encoded` writes a
    /// snapshot without a kept forecast or warnings. The same snapshot `read(_:)` makes of the
    /// line through the JSON parser, at a fraction of the cost (a rebuild of the index reads
    /// tens of thousands of them).
    ///
    /// Nil for any other line — one that does not read, and one that reads but is written
    /// otherwise (a kept forecast, warnings, an escape in a string, a null, a number with an
    /// exponent or more than 15 digits, a space, keys in another order): the parser then decides,
    /// so what is refused, and how, stays the parser's.
    static func ownSnapshot(_ line: UnsafeRawBufferPointer) -> Snapshot? {
        guard LogFile.starts(line, with: ownSnapshotStart) else { return nil }
        var reader = OwnRecordReader(line, at: ownSnapshotStart.count - 1)
        guard let dataTime = reader.time(), !reader.skip(#","forecast_days":"#), reader.skip(#","id":"#),
            let id = reader.integer(), reader.skip(#","kind":"snapshot""#),
            reader.skip(#","place":{"latitude":"#), let latitude = reader.number(), reader.skip(#","longitude":"#),
            let longitude = reader.number(), reader.skip(#","name":"#), let name = reader.string(),
            reader.skip("}"),
            let amount = reader.optional(#","precipitation_millimetres":"#, { $0.number() }),
            let probability = reader.optional(#","precipitation_probability_percent":"#, { $0.number() }),
            let temperature = reader.optional(#","temperature_celsius":"#, { $0.number() }),
            let timezone = reader.optional(#","timezone":"#, { $0.string() }), reader.skip(#","ts":"#),
            let ts = reader.time(), let utcOffset = reader.optional(#","utc_offset_seconds":"#, { $0.integer() }),
            reader.skip(#","v":"#), let v = reader.integer(),
            let weatherCode = reader.optional(#","weather_code":"#, { $0.integer() }), reader.skip("}"), reader.atEnd
        else { return nil }
        // The times' texts are kept only where they are not in wx's own form (read as the record
        // reads them, `ISOTime.parse`); the snapshot takes their dates.
        let record = SnapshotRecord(
            v: v, ts: ts.text ?? "", id: id, place: .init(name: name, latitude: latitude, longitude: longitude),
            utcOffsetSeconds: utcOffset, timezone: timezone, dataTime: dataTime.text ?? "",
            temperatureCelsius: temperature, precipitationProbabilityPercent: probability,
            precipitationMillimetres: amount, weatherCode: weatherCode)
        return record.snapshot(savedAt: ts.date, dataTime: dataTime.date)
    }

    /// The id a line in wx's own deletion layout names, read from its bytes: `{"id":N,"kind":
    /// "snapshot.deleted","ts":"…","v":N}`, keys sorted, no spaces, as `EventLog.encoded` writes
    /// it: the id `read(_:)` takes from the line through the JSON parser. Nil for any other line
    /// (the parser then decides, as for `ownSnapshot`).
    static func ownDeletion(_ line: UnsafeRawBufferPointer) -> Int? {
        guard LogFile.starts(line, with: ownDeletionStart) else { return nil }
        var reader = OwnRecordReader(line, at: ownDeletionStart.count)
        guard let id = reader.integer(), reader.skip(#","kind":"snapshot.deleted","ts":"#), reader.string() != nil,
            reader.skip(#","v":"#), reader.integer() != nil, reader.skip("}"), reader.atEnd
        else { return nil }
        return id
    }
}

extension SnapshotRecord {
    /// A record without a kept forecast or warnings, from its fields (`EventLog.ownSnapshot`).
    init(
        v: Int, ts: String, id: Int, place: PlaceRecord, utcOffsetSeconds: Int?, timezone: String?, dataTime: String,
        temperatureCelsius: Double?, precipitationProbabilityPercent: Double?, precipitationMillimetres: Double?,
        weatherCode: Int?
    ) {
        self.v = v
        self.ts = ts
        self.kind = "snapshot"
        self.id = id
        self.place = place
        self.utc_offset_seconds = utcOffsetSeconds
        self.timezone = timezone
        self.data_time = dataTime
        self.temperature_celsius = temperatureCelsius
        self.precipitation_probability_percent = precipitationProbabilityPercent
        self.precipitation_millimetres = precipitationMillimetres
        self.weather_code = weatherCode
        self.forecast_days = nil
        self.warnings = nil
        self.warnings_not_kept = nil
    }
}

/// Reads the values of a record in wx's own layout from its bytes, each as WeatherKit's JSON
/// parser and `JSONValue`'s record accessors read it, refusing (nil) anything written another
/// way, even where the parser would read it.
struct OwnRecordReader {
    private let line: UnsafeRawBufferPointer
    private var index: Int

    init(_ line: UnsafeRawBufferPointer, at index: Int) {
        self.line = line
        self.index = index
    }

    var atEnd: Bool { index == line.count }

    /// Moves past `text` when the bytes at hand are it; false (not moving) otherwise. Compared
    /// eight bytes at a time (a snapshot's line has a dozen keys to pass).
    @inline(__always)
    mutating func skip(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= line.count, let base = line.baseAddress else { return false }
        let here = base + index
        let there = UnsafeRawPointer(text.utf8Start)
        var at = 0
        while at + 8 <= length {
            guard
                here.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    == there.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            else { return false }
            at += 8
        }
        if at < length, length >= 8 {
            // The last bytes by the word that ends with them (over some compared already): one
            // comparison where a byte at a time took up to seven (a snapshot's line passes ~15
            // keys, 180,000 at 20,000 snapshots).
            guard
                here.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                    == there.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            else { return false }
            at = length
        }
        while at < length {
            guard here.load(fromByteOffset: at, as: UInt8.self) == there.load(fromByteOffset: at, as: UInt8.self)
            else { return false }
            at += 1
        }
        index += length
        return true
    }

    /// The value `read` reads after `key` when the bytes at hand are `key`: `.some(nil)` when
    /// they are not (the member is absent), nil when the value does not read.
    mutating func optional<T>(_ key: StaticString, _ read: (inout Self) -> T?) -> T?? {
        guard skip(key) else { return .some(nil) }
        return read(&self).map { .some($0) }
    }

    /// A string, its opening quote at hand: the bytes up to the closing quote, none of them a
    /// backslash (an escape is the parser's to read) or a control character, valid UTF-8 (as
    /// the parser checks it).
    mutating func string() -> String? {
        guard index < line.count, line[index] == UInt8(ascii: "\""), let base = line.baseAddress else { return nil }
        index += 1
        let start = index
        var ascii = true
        while index < line.count {
            // Eight bytes at a time while none is a quote, a backslash, a control character or
            // beyond ASCII; then the first that is one, by itself.
            if index + 8 <= line.count {
                let special = OwnCommandCheck.specials(
                    UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if special == 0 {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount >> 3
            }
            let byte = line[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: line[start..<index])
                index += 1
                return ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        return nil
    }

    /// A time, its opening quote at hand: the string `string()` reads, as the date
    /// `ISOTime.parse` makes of it — read from the bytes where they are a time in the form wx
    /// writes (`ISOTime.wholeSecondsUTC`, the parse's own first step), else made a string and
    /// parsed (`text`; `date` nil then, also when it is no time).
    mutating func time() -> (date: Date?, text: String?)? {
        let at = index
        guard at + 22 <= line.count, line[at] == UInt8(ascii: "\""), line[at + 21] == UInt8(ascii: "\""),
            let seconds = ISOTime.wholeSecondsUTC(UnsafeRawBufferPointer(rebasing: line[(at + 1)..<(at + 21)]))
        else {
            guard let text = string() else { return nil }
            return (ISOTime.parse(text), text)
        }
        index = at + 22
        return (Date(timeIntervalSince1970: Double(seconds)), nil)
    }

    /// Powers of ten a Double holds exactly, 10^0 … 10^15.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A number in JSON's grammar without an exponent — an optional minus, "0" or digits not
    /// starting with 0, an optional fraction — of at most 15 digits, converted as the parser
    /// converts it (its digits as an integer, divided by the exact power of ten: the nearest
    /// Double); a number `recordDouble` takes (every such number is finite).
    mutating func number() -> Double? {
        guard let base = line.baseAddress else { return nil }
        let count = line.count
        func byte(_ at: Int) -> UInt8 { base.load(fromByteOffset: at, as: UInt8.self) }
        let negative = index < count && byte(index) == UInt8(ascii: "-")
        if negative { index += 1 }
        // The digits, as an integer (wrapping past 15 digits, which are refused).
        var mantissa: UInt64 = 0
        let first = index
        while index < count {
            let digit = byte(index) &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        let whole = index - first
        guard whole > 0, whole <= 15, byte(first) != UInt8(ascii: "0") || whole == 1 else { return nil }
        var fraction = 0
        if index < count, byte(index) == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < count {
                let digit = byte(index) &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            fraction = index - start
            guard fraction > 0, whole + fraction <= 15 else { return nil }
        }
        if index < count, byte(index) == UInt8(ascii: "e") || byte(index) == UInt8(ascii: "E") { return nil }
        let value = Double(mantissa) / Self.powersOfTen[fraction]
        return negative ? -value : value
    }

    /// A number (`number()`) that `recordInt` takes.
    mutating func integer() -> Int? {
        number().flatMap { JSONValue.number($0).recordInt }
    }
}

extension OwnRecordReader {
    /// A string, its opening quote at hand, of printable ASCII alone (0x20 to 0x7E, no quote or
    /// backslash): where its bytes lie in the line. Nil for any other string (`string()` reads it).
    mutating func printableText() -> Range<Int>? {
        guard let base = line.baseAddress, index < line.count, line[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var at = start
        while at < line.count {
            let byte = base.load(fromByteOffset: at, as: UInt8.self)
            if byte == UInt8(ascii: "\"") {
                index = at + 1
                return start..<at
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            at += 1
        }
        return nil
    }

    /// A time in wx's 20-byte form, its opening quote at hand: its seconds since 1970
    /// (`ISOTime.wholeSecondsUTC`); nil for any other string (`time()` reads it).
    mutating func wholeSecondsTime() -> Int? {
        let at = index
        guard at + 22 <= line.count, line[at] == UInt8(ascii: "\""), line[at + 21] == UInt8(ascii: "\""),
            let seconds = ISOTime.wholeSecondsUTC(UnsafeRawBufferPointer(rebasing: line[(at + 1)..<(at + 21)]))
        else { return nil }
        index = at + 22
        return Int(seconds)
    }
}
