import FoundationEssentials
import WXBasics
import WeatherKit

/// `log.jsonl.commands`: for each first word of the command lines in the log (the line up to its
/// first space or tab), where the last command starting with it is, so that `!prefix` finds the
/// most recent line starting with `prefix` without reading the log backwards — a prefix that
/// matches nothing, or only early lines, read all 86 MB of a million-line log (issue 39 item 4).
///
/// A cache, derived from log.jsonl and never the only copy of anything: deleting it costs one
/// read of the log, which writes it again. Trusted as `log.jsonl.index` is: only for the log it
/// was made from, sealed in the same epoch (`LogSeal`), with the same device, inode and
/// fingerprint of its covered bytes (`SnapshotIndex.fingerprint`); what was appended since is
/// read forwards from where it ends.
///
/// Text, one header line and then a line per first word:
///
///     wx-command-index  1  epoch  device  inode  covered-bytes  fingerprint  check
///     offset  word            (offset: where that word's last command line starts in the log)
///
/// fields separated by a space in the header and a tab in a word's line; the word's bytes below
/// "!" (controls, space), "%" and DEL are written `%XX`. The check is FNV-1a of everything before
/// it in the header and of every line after the header.
struct CommandIndex: Equatable {
    static let name = "log.jsonl.commands"
    static let magic = "wx-command-index"
    /// The largest index read, bytes: a million different first words is about 20 MB.
    static let largest = 64 << 20

    var epoch: UInt64
    var device: UInt64
    var inode: UInt64
    /// The bytes of the log it describes, from the start: its whole lines.
    var coveredBytes: Int
    var fingerprint: UInt64
    /// Each first word's last command line's offset in the log.
    var lastOffsets: [String: Int] = [:]

    /// The first word of a command line: up to its first space or tab. A line starts with a
    /// prefix holding neither exactly when its first word does.
    static func firstWord(of line: String) -> String {
        String(line.prefix { $0 != " " && $0 != "\t" })
    }

    /// Takes the command line `line`, starting at `offset` in the log (after those taken).
    mutating func take(_ line: String, at offset: Int) { lastOffsets[Self.firstWord(of: line)] = offset }

    /// Where the last command line starting with `prefix` starts (its first word starting with
    /// it); nil when none does. `prefix` holds no space or tab.
    func lastOffset(startingWith prefix: String) -> Int? {
        var found: Int?
        for (word, offset) in lastOffsets where offset > (found ?? -1) && word.hasPrefix(prefix) { found = offset }
        return found
    }

    /// The file's bytes.
    var encoded: [UInt8] {
        var body: [UInt8] = []
        for (word, offset) in lastOffsets.sorted(by: { $0.value < $1.value }) {
            body += String(offset).utf8
            body.append(UInt8(ascii: "\t"))
            for byte in word.utf8 {
                if byte <= 0x20 || byte == UInt8(ascii: "%") || byte == 0x7F {
                    body.append(UInt8(ascii: "%"))
                    body += Array(String(byte >> 4, radix: 16, uppercase: true).utf8)
                    body += Array(String(byte & 0xF, radix: 16, uppercase: true).utf8)
                } else {
                    body.append(byte)
                }
            }
            body.append(UInt8(ascii: "\n"))
        }
        let start = headerStart
        return Array((start + " " + String(Self.check(start, body), radix: 16) + "\n").utf8) + body
    }

    private var headerStart: String {
        "\(Self.magic) 1 \(String(epoch, radix: 16)) \(device) \(inode) \(coveredBytes) \(String(fingerprint, radix: 16))"
    }

    private static func check(_ start: String, _ body: some Collection<UInt8>) -> UInt64 {
        var hash = FNV1a()
        hash.add(start.utf8)
        hash.add(body)
        return hash.value
    }

    init(epoch: UInt64, device: UInt64, inode: UInt64, coveredBytes: Int, fingerprint: UInt64) {
        self.epoch = epoch
        self.device = device
        self.inode = inode
        self.coveredBytes = coveredBytes
        self.fingerprint = fingerprint
    }

    /// The index in `bytes`; nil when they are not one whole index whose check holds.
    init?(_ bytes: [UInt8]) {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let fields = bytes[..<newline].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 8, fields[0] == Self.magic, fields[1] == "1", let epoch = UInt64(fields[2], radix: 16),
            let device = UInt64(fields[3]), let inode = UInt64(fields[4]), let covered = Int(fields[5]),
            let fingerprint = UInt64(fields[6], radix: 16), let check = UInt64(fields[7], radix: 16)
        else { return nil }
        self.init(epoch: epoch, device: device, inode: inode, coveredBytes: covered, fingerprint: fingerprint)
        let body = bytes[(newline + 1)...]
        guard Self.check(fields[..<7].joined(separator: " "), body) == check, body.last ?? 10 == 10 else { return nil }
        for line in body.split(separator: UInt8(ascii: "\n")) {
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")),
                let offset = Int(String(decoding: line[..<tab], as: UTF8.self)),
                let word = Self.unescaped(line[(tab + 1)...])
            else { return nil }
            lastOffsets[word] = offset
        }
    }

    private static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
                else { return nil }
                out.append(byte)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}
