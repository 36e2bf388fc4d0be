import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// `log.jsonl.index`: a `SnapshotCatalog` on disk, so that `saved` need not read the whole log.
/// It is a cache, derived from log.jsonl and never the only copy of anything: deleting it
/// costs one read of the log, which writes it again.
///
/// It names the log it was folded from: the `LogSeal` epoch it was made in, device, inode,
/// length, and a fingerprint of the first and last 4 KiB of that length. One that does not match
/// the log beside it — the log was compacted, replaced, shortened, or changed in any way but by
/// this wx's appends — is not used. Nor is one that cannot be read whole, or whose check (a hash
/// of all after the header) fails: it is then folded afresh from the log.
///
/// Lines of tab-separated fields, strings with `\\`, `\t`, `\n` and `\r` escaped, numbers that
/// are not integers as the 16 hexadecimal digits of their IEEE 754 bits (exact, and read without
/// a locale); an empty field is a value the snapshot does not have:
///
///     wx-snapshot-index  5  epoch  device  inode  covered-bytes  fingerprint  skipped-lines  snapshots
///        deletions  highest-id  commands  snapshot-records  looks  other-records  unreadable-lines
///        highest-snapshot-record-id  unchecked-command-lines  unchecked-bytes  check
///     d  id                                   (the deleted ids, ascending)
///     s  id  record-offset  kept-days  saved-at  data-time  utc-offset-seconds  latitude  longitude  temperature-celsius
///        precipitation-probability-percent  precipitation-millimetres  weather-code  timezone  place-name
///                                             (the snapshots not deleted, ids ascending)
///
/// The counts after the highest id are `LogCounts` of the covered bytes (what `log` reports:
/// with them `log` reads the index and what was appended since, not the log); version 3 had
/// none, and an index of it is made again. Version 5 marks kept days that are UTC days with a
/// `u` before them (`Snapshot.daysAreUTC`); an index of version 4 is made again. Version 6 keeps
/// the command lines a rebuild passed over unchecked (`LogCounts.uncheckedCommands`: `log` checks
/// them once and writes the index again with them counted); an index of version 5 is made again.
///
/// The check is `StreamingChecksum`'s, so an index is checked, and written, a line at a time
/// (`EventLog.checkedIndex`, `EventLog.writeIndex`); the record offset (where the snapshot's
/// line starts in the log; empty when not known) lets `saved N` read one record, not the log;
/// the kept days (the dates of the forecast days it kept, `20260127,20260128`…, `u20260127,…`
/// when they are UTC days) give the range
/// `saved N` asks the archive for without reading the place's other records.
enum SnapshotIndex {
    static let name = "log.jsonl.index"
    static let magic: StaticString = "wx-snapshot-index"
    static let version = 6
    /// The largest index read, bytes (a million snapshots is about 130 MB).
    static let largest = 512 << 20
    /// Bytes folded beyond the index before a listing writes it again: folding this much takes
    /// about a millisecond, writing the index more.
    static let rewriteAfter = 1 << 20

    /// The check the header ends with: `StreamingChecksum` of the header before it (up to its
    /// tab) combined with that of all after the header line.
    static func checksum(header: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StreamingChecksum()
        hash.add(body)
        return StreamingChecksum.combine(header: header, body: hash.value)
    }

    // MARK: - Fingerprint

    /// How many bytes at each end of the covered part the fingerprint reads.
    static let window = 4096

    /// FNV-1a (64 bits) of the covered part's first and last `window` bytes and its length; nil
    /// when they cannot be read (a failed read is also reported to `failures`).
    static func fingerprint(of file: any ReadableFile, coveredBytes: Int, failures: ReadFailures) -> UInt64? {
        var hash = FNV1a()
        for start in [0, max(0, coveredBytes - window)] {
            let count = min(window, coveredBytes - start)
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { buffer -> Int in
                do throws(FileError) { return try file.read(into: buffer, at: start) } catch {
                    failures.record(error)
                    return -1
                }
            }
            guard read == count else { return nil }
            hash.add(bytes)
        }
        withUnsafeBytes(of: UInt64(coveredBytes).littleEndian) { hash.add($0) }
        return hash.value
    }

    // MARK: - Writing

    /// The line of `snapshot` (ending in "\n"), appended to `out`.
    ///
    /// - Parameters:
    ///   - offset: where its record starts in the log; nil when not known (written empty).
    ///   - keptDays: the dates of the forecast days it kept.
    static func appendLine(_ snapshot: Snapshot, offset: Int?, keptDays: [LocalDate], to out: inout [UInt8]) {
        // Written as bytes, as `paddedHex` and `String(_:)` spell them, a field at a time into a
        // buffer on the stack and appended in pieces (a rebuild writes a line for each of tens of
        // thousands of snapshots: byte by byte, a line cost ~6,000 instructions).
        var piece = IndexLinePiece()
        let reading = snapshot.reading
        piece.byte(UInt8(ascii: "s"))
        piece.byte(UInt8(ascii: "\t"))
        piece.integer(snapshot.id)
        piece.byte(UInt8(ascii: "\t"))
        if let offset { piece.integer(offset) }
        piece.byte(UInt8(ascii: "\t"))
        if snapshot.daysAreUTC { piece.byte(UInt8(ascii: "u")) }
        for (index, day) in keptDays.enumerated() {
            if piece.isNearlyFull { piece.flush(to: &out) }
            if index > 0 { piece.byte(UInt8(ascii: ",")) }
            piece.integer(day.year * 10_000 + day.month * 100 + day.day)
        }
        piece.flush(to: &out)
        piece.double(snapshot.savedAt.timeIntervalSince1970)
        piece.double(reading.dataTime.timeIntervalSince1970)
        piece.byte(UInt8(ascii: "\t"))
        piece.integer(snapshot.utcOffsetSeconds)
        piece.double(snapshot.coordinate.latitude)
        piece.double(snapshot.coordinate.longitude)
        piece.double(reading.temperatureCelsius)
        piece.double(reading.precipitationProbabilityPercent)
        piece.double(reading.precipitationMillimetres)
        piece.byte(UInt8(ascii: "\t"))
        if let code = reading.weatherCode { piece.integer(code) }
        piece.byte(UInt8(ascii: "\t"))
        piece.flush(to: &out)
        appendText(snapshot.timeZone ?? "", to: &out)
        out.append(UInt8(ascii: "\t"))
        appendText(snapshot.placeName, to: &out)
        out.append(UInt8(ascii: "\n"))
    }

    /// `value`'s UTF-8 with `\\`, `\t`, `\n` and `\r` escaped, appended to `out` in runs between them.
    static func appendText(_ value: String, to out: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices {
                let escaped: UInt8
                switch bytes[index] {
                case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
                case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
                case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                out.append(UInt8(ascii: "\\"))
                out.append(escaped)
                run = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }

    /// The line of deleted id `id` (ending in "\n"), appended to `out`.
    static func appendDeletionLine(_ id: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "d"))
        out.append(UInt8(ascii: "\t"))
        out += String(id).utf8
        out.append(UInt8(ascii: "\n"))
    }

    /// The header line, up to and including the tab before its check: what the check is
    /// made of besides the body.
    static func headerStart(_ header: Header) -> [UInt8] {
        var out: [UInt8] = []
        magic.withUTF8Buffer { out += $0 }
        let counts = header.counts
        let fields: [String] = [
            String(version), header.epoch.paddedHex, String(header.device), String(header.inode),
            String(header.coveredBytes), header.fingerprint.paddedHex, String(header.skippedLines),
            String(header.snapshots), String(header.deletions), String(header.highest),
        ]
        let countFields: [String] = [
            String(counts.commands), String(counts.snapshotRecords), String(counts.looks),
            String(counts.otherRecords), String(counts.unreadableLines), String(counts.highestSnapshotID),
            String(counts.uncheckedCommands), String(counts.uncheckedBytes),
        ]
        for value in fields + countFields {
            out.append(UInt8(ascii: "\t"))
            out += value.utf8
        }
        out.append(UInt8(ascii: "\t"))
        return out
    }

    /// The whole index of `catalog` (for a catalog held in memory; `IndexWriter` writes one from
    /// a stream of records, byte for byte the same).
    static func encode(_ catalog: SnapshotCatalog) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(catalog.snapshots.count * 150 + catalog.deleted.count * 10)
        for id in catalog.deleted.sorted() { appendDeletionLine(id, to: &body) }
        for snapshot in catalog.snapshots {
            appendLine(
                snapshot, offset: catalog.offsets[snapshot.id], keptDays: catalog.keptDays[snapshot.id] ?? [], to: &body
            )
        }
        let header = Header(catalog, snapshots: catalog.snapshots.count, deletions: catalog.deleted.count)
        var out = headerStart(header)
        var hash = StreamingChecksum()
        body.withUnsafeBytes { hash.add($0) }
        let check = out.withUnsafeBytes { StreamingChecksum.combine(header: $0, body: hash.value) }
        out += check.paddedHex.utf8
        out.append(UInt8(ascii: "\n"))
        return out + body
    }

    // MARK: - Reading

    /// What an index's first line says of it.
    struct Header: Equatable {
        var epoch: UInt64
        var device: UInt64
        var inode: UInt64
        var coveredBytes: Int
        var fingerprint: UInt64
        var skippedLines: Int
        /// How many snapshot lines and deletion lines follow.
        var snapshots: Int
        var deletions: Int
        /// The highest id listed or deleted (0 when none).
        var highest: Int
        /// What `log` counts in the covered bytes.
        var counts: LogCounts
        /// The check the line ends with.
        var check: UInt64 = 0
        /// The bytes of the header line, its "\n" included.
        var length = 0

        init(_ catalog: SnapshotCatalog, snapshots: Int, deletions: Int) {
            epoch = catalog.epoch
            device = catalog.device
            inode = catalog.inode
            coveredBytes = catalog.coveredBytes
            fingerprint = catalog.fingerprint
            skippedLines = catalog.skippedLines
            self.snapshots = snapshots
            self.deletions = deletions
            self.highest = max(catalog.snapshots.last?.id ?? 0, catalog.deleted.max() ?? 0)
            counts = catalog.counts
        }

        /// The header `line` (without its "\n") holds; nil when it is not one of this version.
        init?(_ line: UnsafeRawBufferPointer) {
            var reader = Reader(bytes: line)
            guard reader.expect(magic), reader.integer() == version, let epoch = reader.bits(),
                let device = reader.integer(), let inode = reader.integer(), let covered = reader.integer(),
                let fingerprint = reader.bits(), let skipped = reader.integer(), let count = reader.integer(),
                let deletions = reader.integer(), let highest = reader.integer(), let commands = reader.integer(),
                let records = reader.integer(), let looks = reader.integer(), let others = reader.integer(),
                let unreadable = reader.integer(), let highestRecord = reader.integer(),
                let unchecked = reader.integer(), let uncheckedBytes = reader.integer(), uncheckedBytes <= covered,
                let check = reader.bits(), reader.atEnd
            else { return nil }
            self.counts = LogCounts(
                commands: commands, snapshotRecords: records, looks: looks, otherRecords: others,
                unreadableLines: unreadable, highestSnapshotID: highestRecord, uncheckedCommands: unchecked,
                uncheckedBytes: uncheckedBytes)
            self.epoch = epoch
            self.device = UInt64(device)
            self.inode = UInt64(inode)
            self.coveredBytes = covered
            self.fingerprint = fingerprint
            self.skippedLines = skipped
            self.snapshots = count
            self.deletions = deletions
            self.highest = highest
            self.check = check
            self.length = line.count + 1
        }

        /// A catalog with this header's fields and no snapshots.
        var emptyCatalog: SnapshotCatalog {
            var catalog = SnapshotCatalog(device: device, inode: inode)
            catalog.epoch = epoch
            catalog.coveredBytes = coveredBytes
            catalog.fingerprint = fingerprint
            catalog.skippedLines = skippedLines
            catalog.counts = counts
            return catalog
        }
    }

    /// One line after the header.
    enum Entry {
        case snapshot(Snapshot, offset: Int?, keptDays: [LocalDate])
        case deletion(Int)
    }

    /// Reads the lines after the header, one at a time, remembering the last zone and place read
    /// (the same come again and again, and are then not decoded again).
    struct LineDecoder {
        private var lastZone: (bytes: [UInt8], text: String)?
        private var lastPlace: (bytes: [UInt8], text: String)?
        /// Whether a snapshot's entry comes with its kept days; without, they are checked but
        /// not gathered (an empty list).
        let keepingDays: Bool

        init(keepingDays: Bool = true) { self.keepingDays = keepingDays }

        /// The entry `line` (without its "\n") holds; nil when it is not one wx writes.
        mutating func entry(_ line: UnsafeRawBufferPointer) -> Entry? {
            var reader = Reader(bytes: line)
            if line.first == UInt8(ascii: "d") {
                guard reader.expect("d"), let id = reader.integer(), reader.atEnd else { return nil }
                return .deletion(id)
            }
            guard reader.expect("s"), let id = reader.integer(), (1...EventLog.maximumNumber).contains(id),
                let offset = reader.optionalInteger(), (offset ?? 0) >= 0,
                let kept = reader.dates(keeping: keepingDays),
                let saved = reader.double(), let data = reader.double(), let utcOffset = reader.integer(signed: true),
                abs(utcOffset) <= 26 * 3600, let latitude = reader.double(), let longitude = reader.double(),
                let temperature = reader.optionalDouble(), let probability = reader.optionalDouble(),
                let amount = reader.optionalDouble(), let code = reader.optionalInteger(),
                let zone = reader.text(&lastZone, sanitize: false), let place = reader.text(&lastPlace, sanitize: true),
                reader.atEnd
            else { return nil }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { return nil }
            return .snapshot(
                Snapshot(
                    id: id, savedAt: Date(timeIntervalSince1970: saved), placeName: place,
                    coordinate: coordinate, utcOffsetSeconds: utcOffset, timeZone: zone.isEmpty ? nil : zone,
                    reading: SnapshotReading(
                        dataTime: Date(timeIntervalSince1970: data), temperatureCelsius: temperature,
                        precipitationProbabilityPercent: probability, precipitationMillimetres: amount,
                        weatherCode: code), daysAreUTC: kept.utc),
                offset: offset, keptDays: kept.dates)
        }
    }

    /// Checks the entries of an index in the order read: the deletions first, ascending, then
    /// the snapshots, ids ascending, none of them deleted, as many of each as the header says.
    struct OrderCheck {
        let header: Header
        private(set) var snapshots = 0
        private(set) var deletions: Set<Int> = []
        private var lastDeleted = 0
        private var lastSnapshot = 0

        init(_ header: Header) { self.header = header }

        /// Takes the next entry; false when it is out of place.
        mutating func take(_ entry: Entry) -> Bool {
            switch entry {
            case .deletion(let id): take(id: id, deletion: true)
            case .snapshot(let snapshot, _, _): take(id: snapshot.id, deletion: false)
            }
        }

        /// Takes the next entry, a deletion or a snapshot of `id`; false when it is out of place.
        mutating func take(id: Int, deletion: Bool) -> Bool {
            if deletion {
                guard snapshots == 0, id > lastDeleted, id <= header.highest, deletions.count < header.deletions
                else { return false }
                lastDeleted = id
                deletions.insert(id)
            } else {
                guard deletions.count == header.deletions, id > lastSnapshot, id <= header.highest,
                    snapshots < header.snapshots, !deletions.contains(id)
                else { return false }
                lastSnapshot = id
                snapshots += 1
            }
            return true
        }

        /// Whether every entry the header counts was taken.
        var complete: Bool { snapshots == header.snapshots && deletions.count == header.deletions }
    }

    /// The id a line after the header names (`s` or `d`, a tab, its digits), read without
    /// decoding the rest of it; nil when it names none.
    static func id(of line: UnsafeRawBufferPointer) -> Int? {
        guard line.count > 2, line[0] == UInt8(ascii: "s") || line[0] == UInt8(ascii: "d"),
            line[1] == UInt8(ascii: "\t")
        else { return nil }
        var value = 0
        var index = 2
        while index < line.count, line[index] != UInt8(ascii: "\t") {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10, index < 20 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return index > 2 ? value : nil
    }

    /// The catalog `bytes` hold; nil when they are not a whole index of this version, or any
    /// value in it is out of range.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> SnapshotCatalog? {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
            let header = Header(UnsafeRawBufferPointer(rebasing: bytes[..<newline]))
        else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...])
        var hash = StreamingChecksum()
        hash.add(body)
        let start = UnsafeRawBufferPointer(rebasing: bytes[..<(newline - 16)])
        guard StreamingChecksum.combine(header: start, body: hash.value) == header.check, body.last ?? 10 == 10
        else { return nil }
        var catalog = header.emptyCatalog
        var decoder = LineDecoder()
        var order = OrderCheck(header)
        var lineStart = 0
        for index in body.indices where body[index] == UInt8(ascii: "\n") {
            guard let entry = decoder.entry(UnsafeRawBufferPointer(rebasing: body[lineStart..<index])),
                order.take(entry)
            else { return nil }
            switch entry {
            case .deletion(let id): catalog.deleted.insert(id)
            case .snapshot(let snapshot, let offset, let keptDays):
                catalog.add(snapshot, offset: offset)
                catalog.keptDays[snapshot.id] = keptDays.isEmpty ? nil : keptDays
            }
            lineStart = index + 1
        }
        return order.complete ? catalog : nil
    }
}

/// Up to 256 bytes of an index line, put together on the stack and appended to the line at
/// once (`SnapshotIndex.appendLine`); the caller flushes it before it could fill up.
struct IndexLinePiece {
    private var storage:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0
    private static let capacity = 256

    /// Whether fewer than 64 bytes are left (room for three more numbers).
    var isNearlyFull: Bool { count > Self.capacity - 64 }

    mutating func byte(_ value: UInt8) {
        withUnsafeMutableBytes(of: &storage) { $0[count] = value }
        count += 1
    }

    /// `value` in decimal, as `String(value)` spells it.
    mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits = 1
        var power: UInt = 10
        while rest >= power, digits < 19 {
            digits += 1
            power &*= 10
        }
        if digits == 19, rest >= power { digits = 20 }
        withUnsafeMutableBytes(of: &storage) { raw in
            var at = count + digits
            repeat {
                at -= 1
                raw[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while at > count
        }
        count += digits
    }

    /// A tab, then, when there is a value, the 16 lower-case hexadecimal digits of its bits
    /// (`paddedHex` of `bitPattern`).
    mutating func double(_ value: Double?) {
        byte(UInt8(ascii: "\t"))
        guard let bits = value?.bitPattern else { return }
        let high = Self.hexDigits(UInt32(truncatingIfNeeded: bits >> 32))
        let low = Self.hexDigits(UInt32(truncatingIfNeeded: bits))
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.storeBytes(of: high, toByteOffset: count, as: UInt64.self)
            raw.storeBytes(of: low, toByteOffset: count + 8, as: UInt64.self)
        }
        count += 16
    }

    /// The eight hexadecimal digits of `value`, most significant first, as the bytes of a word
    /// in memory order: each nibble spread to a byte, then made a digit or a letter (SWAR).
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var nibbles = UInt64(value)
        nibbles = (nibbles | (nibbles << 16)) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | (nibbles << 8)) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | (nibbles << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        // Nibble k is byte k now; 1 in each byte whose nibble is 10 or more.
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        let digits = nibbles &+ 0x3030_3030_3030_3030 &+ letters &* UInt64(UInt8(ascii: "a") - UInt8(ascii: "0") - 10)
        // The most significant digit first in memory.
        return digits.bigEndian
    }

    /// Appends the bytes put so far to `out`, and starts again empty.
    mutating func flush(to out: inout [UInt8]) {
        withUnsafeBytes(of: &storage) { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        count = 0
    }
}
