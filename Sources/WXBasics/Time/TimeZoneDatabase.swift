import FoundationEssentials
import Synchronization

/// The system time-zone database (/usr/share/zoneinfo), read with `TimeZoneFile`.
///
/// Each zone's file is read once and kept. Nothing process-wide changes: the glibc way
/// (`setenv("TZ")` + `tzset` + `localtime_r`) rewrites the environment, which libcurl may read
/// on its own thread at the same moment.
package final class TimeZoneDatabase: Sendable {
    /// The database at /usr/share/zoneinfo.
    package static let shared = TimeZoneDatabase(root: "/usr/share/zoneinfo")

    /// The folder holding the compiled zones.
    package let root: String
    /// Each zone asked for so far: its file, or nil when it has none or the file is unreadable.
    private let zones = Mutex<[String: TimeZoneFile?]>([:])

    package init(root: String) { self.root = root }

    /// The UTC offset and abbreviation in force at `seconds` since the epoch in zone `identifier`.
    ///
    /// - Returns: nil when `identifier` is not a well-formed zone name (see `isValidIdentifier`)
    ///   or the database has no readable file for it.
    package func offset(at seconds: Int64, in identifier: String) -> ZoneOffset? {
        zone(identifier)?.offset(at: seconds)
    }

    /// The wall-clock reading at `seconds` since the epoch in zone `identifier`; nil as for `offset`.
    package func localTime(_ seconds: Int, in identifier: String) -> LocalDateTime? {
        guard let offset = offset(at: Int64(seconds), in: identifier) else { return nil }
        return LocalDateTime(seconds, utcOffsetSeconds: offset.utcOffsetSeconds, abbreviation: offset.abbreviation)
    }

    /// The parsed file for `identifier`, read on first use.
    package func zone(_ identifier: String) -> TimeZoneFile? {
        // Only valid identifiers are ever stored, so a stored one needs no checking again (a
        // list of 20,000 snapshots looks its zone up for each).
        if let known = zones.withLock({ $0[identifier] }) { return known }
        guard Self.isValidIdentifier(identifier) else { return nil }
        // Read outside the lock; two threads reading the same zone at once both get the same answer.
        let file = FileIO.read("\(root)/\(identifier)", limit: 1 << 20).flatMap { try? TimeZoneFile(Array($0)) }
        zones.withLock { $0[identifier] = .some(file) }
        return file
    }

    /// Whether `identifier` has the shape of a zone name ("Europe/Berlin", "UTC", "Etc/GMT+5",
    /// "America/Argentina/Buenos_Aires"). Names come from services and must never reach a path
    /// outside the database: no leading "/", no "." or ".." component, no empty component.
    package static func isValidIdentifier(_ identifier: String) -> Bool {
        let bytes = identifier.utf8
        guard !bytes.isEmpty, bytes.count < 64, bytes.first != UInt8(ascii: "/"), bytes.last != UInt8(ascii: "/")
        else { return false }
        // Read by bytes, as every allowed one is ASCII: no "." at all (so no ".." component), and
        // no "//". (`String.contains` builds a substring searcher, 0.27 M instructions at its
        // first use in a process: issue 39.)
        var previous: UInt8 = 0
        for byte in bytes {
            guard
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "/")
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                !(byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/"))
            else { return false }
            previous = byte
        }
        return true
    }
}
