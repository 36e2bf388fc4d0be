import FoundationEssentials
import WXBasics

/// Service answers kept on disk, one file per request, so that a repeated `find` or a fresh
/// `show` makes no request (Nominatim's policy asks clients to cache) and old data can be shown
/// when a service cannot be reached.
///
/// An entry is `<folder>/<fnv1a64 of key>.entry`: one JSON header line (`key`, `stored`,
/// `valid_until` as Unix seconds) and then the body bytes as received. The key is the request
/// URL without secrets (never an API key). Entries are written to a temporary file and renamed,
/// so a reader sees a whole entry or none.
package struct ResponseCache: Sendable {
    package let folder: String

    package init(folder: String) { self.folder = folder }

    /// A stored answer.
    package struct Entry: Sendable, Hashable {
        package var body: Data
        /// When it was stored (wx's clock).
        package var stored: Date
        /// Until when the service says the data stays current.
        package var validUntil: Date

        package func isFresh(at now: Date) -> Bool { now < validUntil && now >= stored.addingTimeInterval(-300) }
    }

    /// The entry for `key`, fresh or not; nil when absent or unreadable. The first line is a
    /// JSON header (`key`, `stored` and `valid_until` in seconds since 1970), read with the
    /// product's one JSON reader; the service's body follows as it came.
    package func entry(for key: String) -> Entry? {
        guard let data = FileIO.read(path(for: key)),
            let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONValue.parse(Data(data[data.startIndex..<newline])),
            header["key"]?.string == key, let stored = header["stored"]?.double,
            let validUntil = header["valid_until"]?.double
        else { return nil }
        return Entry(
            body: Data(data[(newline + 1)...]), stored: Date(timeIntervalSince1970: stored),
            validUntil: Date(timeIntervalSince1970: validUntil))
    }

    /// Stores `body` for `key`; failures (full disk, read-only folder) are ignored: the cache is
    /// an optimisation, never a reason for a command to fail.
    package func store(_ body: Data, for key: String, stored: Date, validUntil: Date) {
        let header = JSONOutput.object([
            ("key", .string(key)), ("stored", .number(stored.timeIntervalSince1970)),
            ("valid_until", .number(validUntil.timeIntervalSince1970)),
        ])
        // The header line, then the answer written from where it lies: through a Data, the answer
        // (137 KB for a forecast) was copied three times, the header byte by byte (0.6 M
        // instructions of a `find` + `show`), and through one array of both once more (issue 39).
        var line = header.serialized
        line.append("\n")
        // Not synced into its parent: the entries are not either (a crash may lose the cache,
        // never anything kept); a fsync of WX_HOME here cost a journal commit a cold run (issue 39).
        try? FileIO.ensureFolder(folder, durable: false)
        _ = try? FileIO.replace(path(for: key), durable: false) { writer in
            writer.write(line)
            body.withUnsafeBytes { writer.write($0) }
            return true
        }
    }

    func path(for key: String) -> String { "\(folder)/\(Self.hash(key)).entry" }

    /// FNV-1a, 64 bits, as 16 hex digits: a stable file name for any key.
    static func hash(_ key: String) -> String { FNV1a.hash(utf8: key).paddedHex }
}
