import FoundationEssentials
import WXBasics
import WeatherKit

extension EventLog {
    /// The index line (`SnapshotIndex.appendLine`, without kept days) of a snapshot line in wx's
    /// own layout, written from the line's bytes without making the `Snapshot` (its strings, its
    /// record): appended to `out` with its "\n", and the snapshot's id returned.
    ///
    /// Only for the lines `ownSnapshot` reads whose snapshot is told from the bytes alone: both
    /// times in wx's 20-byte form (`ISOTime.wholeSecondsUTC`), `utc_offset_seconds` present
    /// (no zone to look up), the place's name and the zone printable ASCII (nothing for
    /// `TerminalText.sanitized` to remove, nothing for `appendText` to escape). Nil, with
    /// nothing appended, for any other line: `read(_:)` then reads it, as before. The line written
    /// is the one `appendLine` writes of `ownSnapshot`'s snapshot (tests compare the two).
    ///
    /// A rebuild of the index reads tens of thousands of snapshot lines; each cost ~8,000
    /// instructions read into a `Snapshot` and written out again.
    static func ownSnapshotIndexLine(_ line: UnsafeRawBufferPointer, offset: Int, to out: inout [UInt8]) -> Int? {
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
        // As `SnapshotIndex.appendLine` writes them, field for field.
        var piece = IndexLinePiece()
        piece.byte(UInt8(ascii: "s"))
        piece.byte(UInt8(ascii: "\t"))
        piece.integer(id)
        piece.byte(UInt8(ascii: "\t"))
        piece.integer(offset)
        piece.byte(UInt8(ascii: "\t"))
        piece.double(Date(timeIntervalSince1970: Double(ts)).timeIntervalSince1970)
        piece.double(Date(timeIntervalSince1970: Double(dataTime)).timeIntervalSince1970)
        piece.byte(UInt8(ascii: "\t"))
        piece.integer(utcOffset)
        piece.double(latitude)
        piece.double(longitude)
        piece.double(temperature)
        piece.double(probability)
        piece.double(amount)
        piece.byte(UInt8(ascii: "\t"))
        if let weatherCode { piece.integer(weatherCode) }
        piece.byte(UInt8(ascii: "\t"))
        piece.flush(to: &out)
        if let timezone { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[timezone])) }
        out.append(UInt8(ascii: "\t"))
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[name]))
        out.append(UInt8(ascii: "\n"))
        return id
    }
}
