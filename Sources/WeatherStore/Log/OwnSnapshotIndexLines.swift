import FoundationEssentials
import WXBasics
import WeatherKit

/// The values of a snapshot line in wx's own layout that its index line holds, read from the
/// line's bytes (`EventLog.ownSnapshotFields`): numbers as the log wrote them, times as seconds
/// since 1970 (UTC).
struct OwnSnapshotValues {
    var id: Int
    /// `ts`: when `save` ran, seconds since 1970.
    var savedAt: Int
    /// `data_time`: when the reading was valid, seconds since 1970.
    var dataTime: Int
    /// `utc_offset_seconds`.
    var utcOffset: Int
    /// `place.latitude`, `place.longitude`: degrees.
    var latitude: Double
    var longitude: Double
    /// `temperature_celsius` (°C), `precipitation_probability_percent` (%),
    /// `precipitation_millimetres` (mm), `weather_code` (WMO): nil when absent.
    var temperature: Double?
    var probability: Double?
    var amount: Double?
    var weatherCode: Int?
}

/// The fields of a snapshot line in wx's own layout that its index line holds: its values, and
/// where the zone's and the place name's bytes lie in the line.
struct OwnSnapshotFields {
    var values: OwnSnapshotValues
    /// `timezone`'s bytes (printable ASCII), nil when absent.
    var timezone: Range<Int>?
    /// `place.name`'s bytes (printable ASCII).
    var name: Range<Int>
}

extension EventLog {
    /// The fields of a snapshot line in wx's own layout whose snapshot is told from the bytes
    /// alone: both times in wx's 20-byte form (`ISOTime.wholeSecondsUTC`), `utc_offset_seconds`
    /// present (no zone to look up), the place's name and the zone printable ASCII (nothing for
    /// `TerminalText.sanitized` to remove, nothing for `appendText` to escape). Nil for any
    /// other line: `read(_:)` then reads it.
    static func ownSnapshotFields(_ line: UnsafeRawBufferPointer) -> OwnSnapshotFields? {
        guard LogFile.starts(line, with: ownSnapshotStart) else { return nil }
        var reader = OwnRecordReader(line, at: ownSnapshotStart.count - 1)
        guard let dataTime = reader.wholeSecondsTime(), !reader.skip(#","forecast_days":"#), reader.skip(#","id":"#),
            let id = reader.integer(), id > 0, reader.skip(#","kind":"snapshot""#),
            reader.skip(#","place":{"latitude":"#), let latitude = reader.number(), reader.skip(#","longitude":"#),
            let longitude = reader.number(), reader.skip(#","name":"#), let name = reader.printableText(),
            reader.skip("}"),
            let amount = reader.optional(#","precipitation_millimetres":"#, { $0.number() }),
            let probability = reader.optional(#","precipitation_probability_percent":"#, { $0.number() }),
            let temperature = reader.optional(#","temperature_celsius":"#, { $0.number() }),
            let timezone = reader.optional(#","timezone":"#, { $0.printableText() }), reader.skip(#","ts":"#),
            let ts = reader.wholeSecondsTime(), reader.skip(#","utc_offset_seconds":"#),
            let utcOffset = reader.integer(), abs(utcOffset) <= 26 * 3600, reader.skip(#","v":"#),
            reader.integer() != nil, let weatherCode = reader.optional(#","weather_code":"#, { $0.integer() }),
            reader.skip("}"), reader.atEnd, Coordinate(latitude: latitude, longitude: longitude).isValid
        else { return nil }
        return OwnSnapshotFields(
            values: OwnSnapshotValues(
                id: id, savedAt: ts, dataTime: dataTime, utcOffset: utcOffset, latitude: latitude,
                longitude: longitude, temperature: temperature, probability: probability, amount: amount,
                weatherCode: weatherCode),
            timezone: timezone, name: name)
    }

    /// The index line (`SnapshotIndex.appendLine`, without kept days) of a snapshot line in wx's
    /// own layout, written from the line's bytes without making the `Snapshot` (its strings, its
    /// record): appended to `out` with its "\n", and the snapshot's id returned. Nil, with
    /// nothing appended, for a line `ownSnapshotFields` does not read: `read(_:)` then reads it,
    /// as before. The line written is the one `appendLine` writes of `ownSnapshot`'s snapshot
    /// (tests compare the two).
    ///
    /// A rebuild of the index reads tens of thousands of snapshot lines; each cost ~8,000
    /// instructions read into a `Snapshot` and written out again.
    static func ownSnapshotIndexLine(_ line: UnsafeRawBufferPointer, offset: Int, to out: inout [UInt8]) -> Int? {
        guard let fields = ownSnapshotFields(line) else { return nil }
        appendIndexLine(fields, of: line, offset: offset, to: &out)
        return fields.values.id
    }

    /// The index line of `fields`, read from `line`, appended to `out` with its "\n": as
    /// `SnapshotIndex.appendLine` writes them, field for field.
    static func appendIndexLine(
        _ fields: OwnSnapshotFields, of line: UnsafeRawBufferPointer, offset: Int, to out: inout [UInt8]
    ) {
        let values = fields.values
        var piece = IndexLinePiece()
        piece.byte(UInt8(ascii: "s"))
        piece.byte(UInt8(ascii: "\t"))
        piece.integer(values.id)
        piece.byte(UInt8(ascii: "\t"))
        piece.integer(offset)
        piece.byte(UInt8(ascii: "\t"))
        piece.double(Date(timeIntervalSince1970: Double(values.savedAt)).timeIntervalSince1970)
        piece.double(Date(timeIntervalSince1970: Double(values.dataTime)).timeIntervalSince1970)
        piece.byte(UInt8(ascii: "\t"))
        piece.integer(values.utcOffset)
        piece.double(values.latitude)
        piece.double(values.longitude)
        piece.double(values.temperature)
        piece.double(values.probability)
        piece.double(values.amount)
        piece.byte(UInt8(ascii: "\t"))
        if let weatherCode = values.weatherCode { piece.integer(weatherCode) }
        piece.byte(UInt8(ascii: "\t"))
        piece.flush(to: &out)
        if let timezone = fields.timezone { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[timezone])) }
        out.append(UInt8(ascii: "\t"))
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[fields.name]))
        out.append(UInt8(ascii: "\n"))
    }
}
