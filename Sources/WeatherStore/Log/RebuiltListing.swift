import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// The entries of an index as this wx made it from the log, in the order a reading of it gives
/// them: the deletions (ids ascending), then the snapshots not deleted (ids ascending), each as
/// `SnapshotIndex.LineDecoder` decodes its line.
struct RebuiltListing {
    /// The most snapshots kept (~130 bytes each): past them, the listing reads the index back.
    static let most = 50_000

    /// The snapshots' entries in the order their lines were written (ids ascending): those of
    /// lines in wx's own layout as their fields alone (no string, no reference counted), the
    /// rare other decoded whole.
    struct Rows {
        fileprivate struct Row {
            var values: OwnSnapshotValues
            var offset: Int
            /// Indices in `texts`; −1: no zone. `other` ≥ 0: the entry is `others[other]`.
            var zone: Int32
            var place: Int32
            var other: Int32
        }
        fileprivate var rows: [Row] = []
        fileprivate var texts: [String] = []
        fileprivate var others: [SnapshotIndex.Entry] = []
        private var lastZone: (bytes: [UInt8], index: Int32)?
        private var lastPlace: (bytes: [UInt8], index: Int32)?

        /// Keeps the entry of a snapshot line in wx's own layout; false past `most`.
        mutating func keep(_ fields: OwnSnapshotFields, of line: UnsafeRawBufferPointer, offset: Int) -> Bool {
            guard rows.count < RebuiltListing.most else { return false }
            var zone: Int32 = -1
            if let range = fields.timezone, !range.isEmpty {
                zone = Self.text(line[range], &lastZone, into: &texts, sanitize: false)
            }
            let place = Self.text(line[fields.name], &lastPlace, into: &texts, sanitize: true)
            rows.append(Row(values: fields.values, offset: offset, zone: zone, place: place, other: -1))
            return true
        }

        /// Keeps a decoded snapshot entry; false past `most`, or for a deletion.
        mutating func keep(_ entry: SnapshotIndex.Entry) -> Bool {
            guard rows.count < RebuiltListing.most, case .snapshot(let snapshot, _, _) = entry else { return false }
            others.append(entry)
            let values = OwnSnapshotValues(
                id: snapshot.id, savedAt: 0, dataTime: 0, utcOffset: 0, latitude: 0, longitude: 0, temperature: nil,
                probability: nil, amount: nil, weatherCode: nil)
            rows.append(Row(values: values, offset: 0, zone: -1, place: -1, other: Int32(others.count - 1)))
            return true
        }

        /// The index in `texts` of the string of `bytes` (as the index's reading makes it:
        /// sanitized for the terminal when `sanitize`), the last one kept in `memo` (the same
        /// place and zone come again and again).
        private static func text(
            _ bytes: Slice<UnsafeRawBufferPointer>, _ memo: inout (bytes: [UInt8], index: Int32)?,
            into texts: inout [String], sanitize: Bool
        ) -> Int32 {
            let raw = UnsafeRawBufferPointer(rebasing: bytes)
            if let last = memo, last.bytes.count == raw.count,
                last.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, raw.baseAddress!, raw.count) }) == 0
            {
                return last.index
            }
            let text = String(decoding: raw, as: UTF8.self)
            texts.append(sanitize ? TerminalText.sanitized(text) : text)
            memo = (Array(raw), Int32(texts.count - 1))
            return Int32(texts.count - 1)
        }
    }

    /// The index file the entries are of.
    let version: FileVersion
    private let rows: Rows
    private let deletions: [Int]

    /// - Parameter deleted: the ids deleted, whose lines the index leaves out.
    init(version: FileVersion, rows: Rows, deleted: Set<Int>) {
        self.version = version
        self.rows = rows
        self.deletions = deleted.sorted()
    }

    /// Calls `body` with each entry, as `EventLog.scanIndex` does: a snapshot of a line in wx's
    /// own layout made as `SnapshotIndex.LineDecoder.entry` makes it of the line written — the
    /// times through their `Double` seconds, no kept days.
    func forEach(keepingDays: Bool, _ body: (SnapshotIndex.Entry) -> Void) {
        for id in deletions { body(.deletion(id)) }
        var deleted = DeletionCursor(deletions)
        for row in rows.rows where !deleted.holds(row.values.id) {
            if row.other >= 0 {
                let entry = rows.others[Int(row.other)]
                if !keepingDays, case .snapshot(let snapshot, let offset, let days) = entry, !days.isEmpty {
                    body(.snapshot(snapshot, offset: offset, keptDays: []))
                } else {
                    body(entry)
                }
                continue
            }
            let values = row.values
            let snapshot = Snapshot(
                id: values.id, savedAt: Date(timeIntervalSince1970: Double(values.savedAt)),
                placeName: rows.texts[Int(row.place)],
                coordinate: Coordinate(latitude: values.latitude, longitude: values.longitude),
                utcOffsetSeconds: values.utcOffset, timeZone: row.zone < 0 ? nil : rows.texts[Int(row.zone)],
                reading: SnapshotReading(
                    dataTime: Date(timeIntervalSince1970: Double(values.dataTime)),
                    temperatureCelsius: values.temperature,
                    precipitationProbabilityPercent: values.probability, precipitationMillimetres: values.amount,
                    weatherCode: values.weatherCode))
            body(.snapshot(snapshot, offset: row.offset, keptDays: []))
        }
    }
}
