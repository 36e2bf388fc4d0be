import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// The snapshot records of log.jsonl's first `coveredBytes` bytes, folded: each snapshot not
/// deleted (without its kept forecast, which `saved` does not list), the ids deleted and the lines
/// that could not be read.
///
/// A log of a million lines is almost all commands: `saved` lists from this, kept in memory for a
/// session and in `log.jsonl.index` beside the log (`SnapshotIndex`), and folds only what was
/// appended since.
struct SnapshotCatalog: Equatable {
    /// The log it was folded from: device and inode.
    var device: UInt64
    var inode: UInt64
    /// The `LogSeal` epoch of the log it was folded from; 0 when the log was not sealed (changed
    /// by something other than this wx since it last wrote): such a catalog is never kept.
    var epoch: UInt64 = 0
    /// How much of the log is folded: the offset after its last complete line.
    var coveredBytes = 0
    /// `SnapshotIndex.fingerprint` of the covered bytes: a log rewritten in place, same inode and
    /// at least as long, is told apart.
    var fingerprint: UInt64 = 0
    /// Snapshots not deleted, by id ascending (ids grow along the log).
    private(set) var snapshots: [Snapshot] = []
    var deleted: Set<Int> = []
    /// Lines of the covered bytes that could not be read (unreadable, or too long to be a record).
    var skippedLines = 0
    /// Whether snapshots keep `reading.forecastDays` (a fold of the whole log for `--json` and
    /// `export`); never so in the index.
    var keepingForecasts = false
    /// How many entries of `snapshots` were deleted while folding: they stay, their ids in
    /// `deleted`, until `finishFold` removes them all at once (removing each at once would move
    /// the rest of the array for every deletion).
    private var removed = 0

    init(device: UInt64, inode: UInt64, keepingForecasts: Bool = false) {
        self.device = device
        self.inode = inode
        self.keepingForecasts = keepingForecasts
    }

    init(device: UInt64, inode: UInt64, snapshots: [Snapshot]) {
        self.init(device: device, inode: inode)
        self.snapshots = snapshots
    }

    /// Where `id` is in `snapshots`, or where it would go.
    private func position(of id: Int) -> Int {
        var low = 0
        var high = snapshots.count
        while low < high {
            let middle = (low + high) / 2
            if snapshots[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Takes in a snapshot record, unless its id was deleted before it; a second record with the
    /// same id replaces the first.
    mutating func add(_ snapshot: Snapshot) {
        guard !deleted.contains(snapshot.id) else { return }
        var listed = snapshot
        if !keepingForecasts { listed.reading.forecastDays = nil }
        guard let last = snapshots.last, last.id >= snapshot.id else {
            snapshots.append(listed)
            return
        }
        // Not in order: a log an older wx wrote, or edited by hand.
        let index = position(of: snapshot.id)
        if index < snapshots.count, snapshots[index].id == snapshot.id {
            snapshots[index] = listed
        } else {
            snapshots.insert(listed, at: index)
        }
    }

    mutating func delete(_ id: Int) {
        guard deleted.insert(id).inserted else { return }
        let index = position(of: id)
        if index < snapshots.count, snapshots[index].id == id { removed += 1 }
    }

    /// Drops the entries deleted while folding.
    mutating func finishFold() {
        guard removed > 0 else { return }
        snapshots.removeAll { deleted.contains($0.id) }
        removed = 0
    }
}

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
///     wx-snapshot-index  2  epoch  device  inode  covered-bytes  fingerprint  skipped-lines  snapshots
///        deletions  check
///     s  id  saved-at  data-time  utc-offset-seconds  latitude  longitude  temperature-celsius
///        precipitation-probability-percent  precipitation-millimetres  weather-code  timezone  place-name
///     d  id
enum SnapshotIndex {
    static let name = "log.jsonl.index"
    static let magic: StaticString = "wx-snapshot-index"
    static let version = 2
    /// The largest index read, bytes (a million snapshots is about 130 MB).
    static let largest = 512 << 20
    /// Bytes folded beyond the index before a listing writes it again: folding this much takes
    /// about a millisecond, writing the index more.
    static let rewriteAfter = 1 << 20

    /// The check the header ends with: `checksum` of the header before it (up to its tab) and of
    /// all after the header line.
    static func checksum(header: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer) -> UInt64 {
        (checksum(header) &* 0x9e37_79b9_7f4a_7c15) ^ checksum(body)
    }

    /// A 64-bit hash of `bytes`, eight at a time: what the header's check is made of, so that a
    /// damaged index, or one edited by hand, is not read. (Not a signature: the user may forge it.)
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
            hash ^= hash >> 29
        }
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var last: UInt64 = 0
        for byte in bytes[offset...].reversed() { last = last << 8 | UInt64(byte) }
        mix(last)
        return hash
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

    static func encode(_ catalog: SnapshotCatalog) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + catalog.snapshots.count * 140 + catalog.deleted.count * 10)
        func text(_ value: String) {
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                default: out.append(byte)
                }
            }
        }
        func field(_ value: String) {
            out.append(UInt8(ascii: "\t"))
            out += value.utf8
        }
        func integer(_ value: some BinaryInteger) { field(String(value)) }
        func double(_ value: Double?) { field(value.map { $0.bitPattern.paddedHex } ?? "") }
        for snapshot in catalog.snapshots {
            let reading = snapshot.reading
            out.append(UInt8(ascii: "s"))
            integer(snapshot.id)
            double(snapshot.savedAt.timeIntervalSince1970)
            double(reading.dataTime.timeIntervalSince1970)
            integer(snapshot.utcOffsetSeconds)
            double(snapshot.coordinate.latitude)
            double(snapshot.coordinate.longitude)
            double(reading.temperatureCelsius)
            double(reading.precipitationProbabilityPercent)
            double(reading.precipitationMillimetres)
            field(reading.weatherCode.map(String.init) ?? "")
            out.append(UInt8(ascii: "\t"))
            text(snapshot.timeZone ?? "")
            out.append(UInt8(ascii: "\t"))
            text(snapshot.placeName)
            out.append(UInt8(ascii: "\n"))
        }
        for id in catalog.deleted.sorted() {
            out.append(UInt8(ascii: "d"))
            integer(id)
            out.append(UInt8(ascii: "\n"))
        }
        // The header goes first, ending in a check of the rest of it and of all that follows.
        let body = out
        out = []
        magic.withUTF8Buffer { out += $0 }
        integer(version)
        field(catalog.epoch.paddedHex)
        integer(catalog.device)
        integer(catalog.inode)
        integer(catalog.coveredBytes)
        field(catalog.fingerprint.paddedHex)
        integer(catalog.skippedLines)
        integer(catalog.snapshots.count)
        integer(catalog.deleted.count)
        out.append(UInt8(ascii: "\t"))
        let checked = out.withUnsafeBytes { header in body.withUnsafeBytes { checksum(header: header, body: $0) } }
        out += checked.paddedHex.utf8
        out.append(UInt8(ascii: "\n"))
        out += body
        return out
    }

    // MARK: - Reading

    /// The catalog `bytes` hold; nil when they are not a whole index of this version, or any
    /// value in it is out of range.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> SnapshotCatalog? {
        var reader = Reader(bytes: bytes)
        guard reader.expect(magic), reader.integer() == version, let epoch = reader.bits(),
            let device = reader.integer(), let inode = reader.integer(), let covered = reader.integer(),
            let fingerprint = reader.bits(), let skipped = reader.integer(), let count = reader.integer(),
            let deletions = reader.integer(), case let checkStart = reader.position + 1, let check = reader.bits(),
            reader.endOfLine(),
            checksum(
                header: UnsafeRawBufferPointer(rebasing: bytes[..<checkStart]),
                body: UnsafeRawBufferPointer(rebasing: bytes[reader.position...])) == check
        else { return nil }
        var snapshots: [Snapshot] = []
        snapshots.reserveCapacity(min(count, bytes.count / 40))
        var lastZone: (range: Range<Int>, text: String)?
        var lastPlace: (range: Range<Int>, text: String)?
        var sanitizedPlace: (raw: String, text: String)?
        for _ in 0..<count {
            guard reader.expect("s"), let id = reader.integer(), (1...EventLog.maximumNumber).contains(id),
                let saved = reader.double(), let data = reader.double(), let offset = reader.integer(signed: true),
                abs(offset) <= 26 * 3600, let latitude = reader.double(), let longitude = reader.double(),
                let temperature = reader.optionalDouble(), let probability = reader.optionalDouble(),
                let amount = reader.optionalDouble(), let code = reader.optionalInteger(),
                let zone = reader.text(&lastZone), let place = reader.text(&lastPlace), reader.endOfLine()
            else { return nil }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            // In the order of their ids, each once.
            guard coordinate.isValid, id > (snapshots.last?.id ?? 0) else { return nil }
            if place != sanitizedPlace?.raw { sanitizedPlace = (place, TerminalText.sanitized(place)) }
            snapshots.append(
                Snapshot(
                    id: id, savedAt: Date(timeIntervalSince1970: saved), placeName: sanitizedPlace!.text,
                    coordinate: coordinate, utcOffsetSeconds: offset, timeZone: zone.isEmpty ? nil : zone,
                    reading: SnapshotReading(
                        dataTime: Date(timeIntervalSince1970: data), temperatureCelsius: temperature,
                        precipitationProbabilityPercent: probability, precipitationMillimetres: amount,
                        weatherCode: code)))
        }
        var deleted = Set<Int>(minimumCapacity: min(deletions, bytes.count / 4))
        for _ in 0..<deletions {
            guard reader.expect("d"), let id = reader.integer(), reader.endOfLine() else { return nil }
            deleted.insert(id)
        }
        // A deleted snapshot is not listed.
        guard reader.atEnd, deleted.isEmpty || !snapshots.contains(where: { deleted.contains($0.id) }) else {
            return nil
        }
        var catalog = SnapshotCatalog(device: UInt64(device), inode: UInt64(inode), snapshots: snapshots)
        catalog.epoch = epoch
        catalog.coveredBytes = covered
        catalog.fingerprint = fingerprint
        catalog.skippedLines = skipped
        catalog.deleted = deleted
        return catalog
    }

    /// Reads the fields of the index in order. Every read fails (nil) on anything unexpected.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        /// Whether the next field is the line's first (no tab before it).
        var lineStart = true

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        /// The raw bytes of the next field.
        private mutating func next() -> Range<Int>? {
            if !lineStart {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\t") else { return nil }
                position += 1
            }
            lineStart = false
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\t"), bytes[position] != UInt8(ascii: "\n") {
                position += 1
            }
            return start..<position
        }

        mutating func endOfLine() -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else { return false }
            position += 1
            lineStart = true
            return true
        }

        /// Whether the next field is `literal`.
        mutating func expect(_ literal: StaticString) -> Bool {
            guard let range = next(), range.count == literal.utf8CodeUnitCount else { return false }
            return literal.withUTF8Buffer {
                memcmp(bytes.baseAddress! + range.lowerBound, $0.baseAddress!, $0.count) == 0
            }
        }

        /// A decimal integer of at most 18 digits (so that it cannot overflow), `-` first only
        /// when `signed`.
        mutating func integer(signed: Bool = false) -> Int? {
            guard let range = next() else { return nil }
            return Self.integer(bytes[range], signed: signed)
        }

        mutating func optionalInteger() -> Int?? {
            guard let range = next() else { return nil }
            if range.isEmpty { return .some(nil) }
            return Self.integer(bytes[range], signed: true).map { .some($0) }
        }

        private static func integer(_ digits: Slice<UnsafeRawBufferPointer>, signed: Bool) -> Int? {
            var digits = digits[...]
            let negative = signed && digits.first == UInt8(ascii: "-")
            if negative { digits = digits.dropFirst() }
            guard (1...18).contains(digits.count) else { return nil }
            var value = 0
            for byte in digits {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return negative ? -value : value
        }

        /// 16 hexadecimal digits.
        mutating func bits() -> UInt64? { nextBits() ?? next().flatMap(bits(in:)) }

        /// A finite number from its bits.
        mutating func double() -> Double? {
            guard let bits = bits() else { return nil }
            return Self.finite(bits)
        }

        mutating func optionalDouble() -> Double?? {
            if let bits = nextBits() { return Self.finite(bits).map { .some($0) } }
            guard let range = next() else { return nil }
            if range.isEmpty { return .some(nil) }
            return bits(in: range).flatMap(Self.finite).map { .some($0) }
        }

        private static func finite(_ bits: UInt64) -> Double? {
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : nil
        }

        /// The next field when it is 16 hexadecimal digits, taken without looking for its end
        /// (most fields are); nil, reading nothing, when it is not.
        private mutating func nextBits() -> UInt64? {
            guard !lineStart, position + 17 < bytes.count, bytes[position] == UInt8(ascii: "\t") else { return nil }
            let start = position + 1
            guard bytes[start + 16] == UInt8(ascii: "\t") || bytes[start + 16] == UInt8(ascii: "\n"),
                let value = bits(in: start..<(start + 16))
            else { return nil }
            position = start + 16
            return value
        }

        private func bits(in range: Range<Int>) -> UInt64? {
            guard range.count == 16, let base = bytes.baseAddress else { return nil }
            // Loaded from the buffer directly: through a slice and a table, a field took about 300
            // instructions, and a listing reads seven for each of tens of thousands of snapshots.
            var value: UInt64 = 0
            for offset in range {
                let byte = base.load(fromByteOffset: offset, as: UInt8.self)
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
                default: return nil
                }
                value = value << 4 | UInt64(digit)
            }
            return value
        }

        /// An escaped string.
        ///
        /// - Parameter memo: the last string read into it, and its bytes' range: the same place
        ///   and zone come again and again, and are then not decoded again.
        mutating func text(_ memo: inout (range: Range<Int>, text: String)?) -> String? {
            guard let range = next() else { return nil }
            let raw = bytes[range]
            if let last = memo, last.range.count == range.count,
                memcmp(bytes.baseAddress! + last.range.lowerBound, bytes.baseAddress! + range.lowerBound, range.count)
                    == 0
            {
                return last.text
            }
            guard let text = Self.unescaped(raw) else { return nil }
            memo = (range, text)
            return text
        }

        private static func unescaped(_ raw: Slice<UnsafeRawBufferPointer>) -> String? {
            guard raw.contains(UInt8(ascii: "\\")) else {
                return String(decoding: UnsafeRawBufferPointer(rebasing: raw), as: UTF8.self)
            }
            var out: [UInt8] = []
            var escaped = false
            for byte in raw {
                if escaped {
                    switch byte {
                    case UInt8(ascii: "\\"): out.append(byte)
                    case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                    case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                    default: return nil
                    }
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else {
                    out.append(byte)
                }
            }
            return escaped ? nil : String(decoding: out, as: UTF8.self)
        }
    }
}
