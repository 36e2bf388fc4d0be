import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Records read one at a time from where they are kept — the log for snapshots and history,
/// the favorites in memory — and passed on as they are read, so that what is printed or written
/// from them (`export`, `saved --json`) takes memory bounded by one record, not by the list.
///
/// Each `forEachRecord` reads the records again from the start: a caller that needs their number before
/// them (the `count` of `export … --json`) reads them twice. Equal only to itself: two streams
/// are the same result when they are one stream.
package final class RecordStream<Record>: Hashable, @unchecked Sendable {
    // @unchecked: made and read by the session and the runner, on the main actor, one pass at a time.

    /// Calls its argument with each record in turn.
    ///
    /// - Throws: `StoreError` when the records cannot be read on the way (the log became
    ///   unreadable): the argument has seen those before the failure.
    private let source: (_ body: (Record) -> Void) throws(StoreError) -> Void

    /// Records read by `source` at each `forEachRecord`.
    package init(_ source: @escaping (_ body: (Record) -> Void) throws(StoreError) -> Void) {
        self.source = source
    }

    /// Records held in memory already (favorites).
    package convenience init(_ records: [Record]) {
        self.init { body in for record in records { body(record) } }
    }

    /// Calls `body` with each record, in order.
    ///
    /// - Throws: `StoreError` when a read fails on the way; `body` has seen the records before it.
    package func forEachRecord(_ body: (Record) -> Void) throws(StoreError) { try source(body) }

    /// How many records there are (one reading of them all).
    package func count() throws(StoreError) -> Int {
        var count = 0
        try forEachRecord { _ in count += 1 }
        return count
    }

    /// All the records in one array: for a caller that needs them together (a test, a text
    /// view); what was read before a failure when one happens.
    package var collected: [Record] {
        var records: [Record] = []
        try? forEachRecord { records.append($0) }
        return records
    }

    package static func == (a: RecordStream, b: RecordStream) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// The streams the session makes. Made here, outside the main actor: Swift 6.3's region
// analysis (SendNonSendable) crashes on a closure with typed throws made inside the session.
extension RecordStream where Record == Snapshot {
    /// Every snapshot `saved` lists, with its kept forecast, read from `log` at each `forEachRecord`.
    static func snapshots(of log: EventLog) -> RecordStream<Snapshot> {
        RecordStream { body throws(StoreError) in try log.forEachSnapshot { body($0) } }
    }

    /// Every snapshot `saved` lists as text, without kept forecasts: from the log's index and
    /// what was appended since, read at each `forEachRecord`.
    static func listedSnapshots(of log: EventLog) -> RecordStream<Snapshot> {
        RecordStream { body throws(StoreError) in
            log.forEachListedSnapshot { body($0) }
            if let problem = log.readProblem() { throw problem }
        }
    }
}

extension RecordStream where Record == JSONOutput {
    /// The export records of `favorites`.
    static func exportRecords(of favorites: [Favorite]) -> RecordStream<JSONOutput> {
        RecordStream { body in
            for favorite in favorites { body(ExportEncoder.object(FavoriteExportRecord(favorite))) }
        }
    }

    /// The export records of the snapshots or the history in `log`, read at each `forEachRecord`.
    static func exportRecords(_ kind: ExportKind, of log: EventLog) -> RecordStream<JSONOutput> {
        RecordStream { body throws(StoreError) in
            switch kind {
            case .snapshots: try log.forEachSnapshot { body(ExportEncoder.object(SnapshotExportRecord($0))) }
            case .history: try log.forEachCommand { body(ExportEncoder.object(HistoryExportRecord($0))) }
            case .favorites: break  // not in the log: `exportRecords(of:)`
            }
        }
    }
}

/// Text made a piece at a time and handed on in pieces of about `pieceSize` bytes: what streams
/// to standard output (or `\o FILE`) in bounded memory and in few writes.
struct TextPieces {
    /// The size from which the gathered text is handed on: 64 KiB.
    static let pieceSize = 64 << 10
    /// Takes a piece: valid UTF-8.
    let handOn: (UnsafeBufferPointer<UInt8>) -> Void
    private var gathered: [UInt8] = []

    init(handingOn handOn: @escaping (UnsafeBufferPointer<UInt8>) -> Void) { self.handOn = handOn }

    mutating func append(_ text: String) {
        gathered += text.utf8
        if gathered.count >= Self.pieceSize { flush() }
    }

    /// Appends `bytes`, valid UTF-8 text.
    mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        gathered.append(contentsOf: bytes)
        if gathered.count >= Self.pieceSize { flush() }
    }

    /// Hands on what is gathered.
    mutating func flush() {
        guard !gathered.isEmpty else { return }
        gathered.withUnsafeBufferPointer(handOn)
        gathered.removeAll(keepingCapacity: true)
    }
}

/// The text of an export and of `saved --json`, written a record at a time to `out` as the
/// records are read: the one writer behind `export … FILE` (through a `FileWriter`), `export`
/// to standard output, and their `--json` documents. Byte for byte what the whole document made
/// at once was (`DataExchange.text`, `JSONRenderer`).
enum StreamedText {
    /// What an export file holds: one JSON object (`schema_version`, `what` and the `records`)
    /// on one line then a newline, or CSV under its header row (CRLF line ends; the header even when there are no records).
    ///
    /// - Returns: how many records were written.
    /// - Throws: `StoreError` when the records cannot be read on the way; `out` has then had part.
    static func exportData(
        _ records: RecordStream<JSONOutput>, kind: ExportKind, format: ExchangeFormat, to out: (String) -> Void
    ) throws(StoreError) -> Int {
        var count = 0
        let columns = DataExchange.columns(kind)
        out(format == .json ? ExportEncoder.jsonHead(kind) : CSV.encode([columns]))
        try records.forEachRecord { object in
            switch format {
            case .json: out((count > 0 ? "," : "") + object.serialized)
            case .csv: out(csvRow(object, columns: columns))
            }
            count += 1
        }
        if format == .json { out("]}\n") }
        return count
    }

    /// `{"type":"export","what":…,"format":…,"count":N,"records":[…]}` and, for CSV, `"csv"` with
    /// the CSV text as a JSON string: `export` to standard output under `--json`. The records are
    /// read once to count them and once more for each of `records` and `csv`.
    static func exportDocument(
        _ records: RecordStream<JSONOutput>, kind: ExportKind, format: ExchangeFormat, to out: (String) -> Void
    ) throws(StoreError) {
        let head = JSONOutput.object([
            ("type", .string("export")), ("schema_version", .number(Double(JSONRenderer.schemaVersion))),
            ("what", .string(kind.rawValue)), ("format", .string(format.rawValue)),
            ("count", .number(Double(try records.count()))),
        ])
        // The object open after its last member so far (`serialized` ends it with "}").
        out(String(head.serialized.dropLast()) + #","records":["#)
        var first = true
        try records.forEachRecord { object in
            out((first ? "" : ",") + object.serialized)
            first = false
        }
        out("]")
        if format == .csv {
            let columns = DataExchange.columns(kind)
            out(#","csv":""# + jsonStringBody(CSV.encode([columns])))
            try records.forEachRecord { out(jsonStringBody(csvRow($0, columns: columns))) }
            out("\"")
        }
        out("}\n")
    }

    /// `{"type":"snapshots","snapshots":[…]}`: `saved` under `--json`.
    static func snapshotList(_ snapshots: RecordStream<Snapshot>, to out: (String) -> Void) throws(StoreError) {
        out(#"{"type":"snapshots","schema_version":\#(JSONRenderer.schemaVersion),"snapshots":["#)
        var first = true
        try snapshots.forEachRecord { snapshot in
            out((first ? "" : ",") + JSONRenderer.snapshot(snapshot).serialized)
            first = false
        }
        out("]}\n")
    }

    /// One CSV row of `object` under `columns`, as `ExportEncoder.csv` writes it.
    static func csvRow(_ object: JSONOutput, columns: [String]) -> String {
        let cells = Dictionary(
            ExportEncoder.cells(ExportEncoder.fields(object)), uniquingKeysWith: { first, _ in first })
        return CSV.encode([columns.map { cells[$0] ?? "" }])
    }

    /// `text` escaped as inside a JSON string, without the quotes: escaping goes character by
    /// character, so the pieces of a string escaped in turn are the string escaped.
    static func jsonStringBody(_ text: String) -> String {
        let quoted = JSONOutput.string(text).serialized
        return String(quoted.dropFirst().dropLast())
    }
}
