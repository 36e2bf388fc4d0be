import FoundationEssentials
import WXBasics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `state.plist.names`: the favorites' names, one a line in the favorites' order, beside
/// state.plist, for the shell completion scripts (`wx --complete`, at every Tab), which then
/// read a file of names rather than a property list of whole favorites (100,000 favorites: 1.2 MB
/// against 14 MB, read without decoding anything).
///
/// A cache, derived from state.plist and never the only copy of anything. Like git's index,
/// which keeps the `stat` of each file it describes, it names the version of state.plist it was
/// made from — device, inode, size, modification and status-change times to the nanosecond —
/// and is read only while state.plist is still that version: one changed since by anything
/// (another program, an editor, an older wx that does not keep this file, a copy put in its
/// place) is read instead, so a names file is never older than the favorites it stands for.
/// wx writes it whenever it writes state.plist (under the folder's lock, right after), and
/// whenever it reads a state.plist whose names file is missing or of another version — each
/// time through `reading`, so never for a state.plist changed within the file system's current
/// clock step (it could change again there and keep its version).
///
/// The first line: `wx-favorite-names 1 <device> <inode> <size> <modified ns> <changed ns>
/// <count> <check>`, the check being `StreamingChecksum` of all after that line; then each name
/// and "\n". Names holding a control character (none that wx reads: names are made safe for a
/// terminal) are not written: no file is then kept, and completion reads state.plist.
package enum FavoriteNamesFile {
    package static let name = "state.plist.names"
    static let magic = "wx-favorite-names"
    static let version = 1
    /// The largest names file read: bytes.
    static let largest = 64 << 20

    /// The file's bytes for `names`, made from state.plist as `plist` is; nil when a name holds
    /// a control character.
    static func encode(_ names: [String], plist: FileVersion) -> [UInt8]? {
        var body: [UInt8] = []
        body.reserveCapacity(names.count * 16)
        for var name in names {
            // Appended whole from the name's UTF-8 (byte by byte, 100,000 names took 47 M
            // instructions).
            let safe = name.withUTF8 { utf8 in
                guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return false }
                body.append(contentsOf: utf8)
                return true
            }
            guard safe else { return nil }
            body.append(UInt8(ascii: "\n"))
        }
        var hash = StreamingChecksum()
        body.withUnsafeBytes { hash.add($0) }
        return Array(headerLine(plist: plist, count: names.count, check: hash.value).utf8) + body
    }

    /// The first line, with its "\n", of the names file of `count` names whose lines' check
    /// (`StreamingChecksum`) is `check`. Put together by `+`, not `joined(separator:)`, whose
    /// generic types the runtime looked up at its first call (190 k instructions).
    private static func headerLine(plist: FileVersion, count: Int, check: UInt64) -> String {
        var line = magic + " " + String(version) + " " + String(plist.device) + " " + String(plist.inode)
        line += " " + String(plist.size) + " " + String(plist.modifiedNanoseconds)
        line += " " + String(plist.changedNanoseconds) + " " + String(count) + " " + String(check, radix: 16) + "\n"
        return line
    }

    /// Writes the names file of `list`, made from state.plist as `plist` is, to `file`; false,
    /// nothing written, when a name holds a control character. When every name is printable
    /// ASCII its bytes are the file's lines as they lie (each name and its "\n"), written after
    /// the first line without a `String` made for each name or the lines gathered again: the
    /// first `wx --complete` with no names file at 100,000 favorites, which writes it, took
    /// 13.3 ms and 1,690 page faults, where this takes 9.6 ms and 720 (perf stat, 30 runs
    /// interleaved). Its check is the list's own when the scan took it (`FavoriteNameList.check`).
    static func fill(_ file: FileWriter, _ list: FavoriteNameList, plist: FileVersion) -> Bool {
        guard list.isPrintableASCII else {
            guard let bytes = encode(list.strings, plist: plist) else { return false }
            file.write(bytes)
            return true
        }
        file.write(headerLine(plist: plist, count: list.count, check: list.bytesCheck))
        list.bytes.withUnsafeBytes { file.write($0) }
        return true
    }

    /// How long a state.plist on another file system than its folder's (a link to it) is left
    /// unchanged before completion writes its names file: nanoseconds.
    static let settledAfter = 2_000_000_000
    /// The longest `reading(settle: true)` waits for the file system's clock to step past
    /// state.plist's times (a step of 1 to 10 ms; FAT's 2 s is not waited out), and each pause
    /// between looks: nanoseconds.
    static let settleLimit = 20_000_000
    static let settlePause = 500_000

    /// The names `read` gives from state.plist in `folder` (nil when it cannot be read), and the
    /// names file of them written beside it when it is certain to stand for state.plist for as
    /// long as state.plist keeps its version (`list(folder:)` reads it only then).
    ///
    /// A file changed again within one step of the file system's clock can keep its size, inode
    /// and times (git's "racily clean" index entries): a names file of the first contents would
    /// then pass for the second. So the names file is written only when state.plist's
    /// modification and status-change times are both older than its temporary file, which is
    /// made before state.plist is first looked at (`clock`, when given, stands for that time).
    /// The file system stamps every change from one clock that does not go back, so a change
    /// made after that moment bears a time at or after the temporary's — its status-change time
    /// at least, which no program can set — never the one recorded; one made before it is in
    /// the version read, or it changes the version between the looks before and after the read.
    /// Compared on the file system's own times, not the system clock's: no margin is needed for
    /// a coarse step (FAT's 2 s) or a file server's clock. Only a change within the same step
    /// as the Tab (or a time set ahead) leaves the names file unwritten, until the next Tab. A
    /// state.plist on another file system than the folder (a link), stamped by another clock,
    /// is held to the system clock as before: unchanged for `settledAfter`.
    ///
    /// - Parameter settle: wait, up to `settleLimit`, for the file system's clock to step past
    ///   state.plist's times before reading it (the temporary's time taken again,
    ///   `FileWriter.stamp`, until it is later): for wx's own write of state.plist and its read
    ///   at start, which come within the clock step of the change (without it 1 `import` in 5
    ///   left no names file), not for a Tab. A state.plist's time more than `settleLimit` ahead
    ///   (set so) is not waited for.
    static func reading(
        folder: String, _ fileSystem: any FileSystem, clock: Int? = nil, settle: Bool = false,
        _ read: () -> FavoriteNameList?
    ) -> FavoriteNameList? {
        let path = folder + "/" + name
        let plistPath = folder + "/state.plist"
        // Never over something that is not a regular file (not wx's: left as it is).
        guard fileSystem.kind(at: path) ?? .regular == .regular else { return read() }
        var names: FavoriteNameList?
        var didRead = false
        var unwritable = false
        do throws(FileError) {
            // Not synced to the disk (0.35 ms of the Tab): a names file a crash leaves torn or
            // empty fails its count or check and is not read.
            _ = try fileSystem.replaceScratch(path) { file in
                // The file system's time now: the temporary's, made just before.
                var made = file.version
                let before = fileSystem.version(of: plistPath)
                if settle, clock == nil, let before, let first = made, first.device == before.device,
                    max(before.modifiedNanoseconds, before.changedNanoseconds)
                        - min(first.modifiedNanoseconds, first.changedNanoseconds) < settleLimit
                {
                    // The read begins after a time the clock gave later than state.plist's: a
                    // change made after it bears a later time, one made before it is read. (A
                    // time further ahead, set so, is not waited for.)
                    let changed = max(before.modifiedNanoseconds, before.changedNanoseconds)
                    var waited = 0
                    while let now = made, min(now.modifiedNanoseconds, now.changedNanoseconds) <= changed,
                        waited < settleLimit
                    {
                        var pause = timespec(tv_sec: 0, tv_nsec: settlePause)
                        nanosleep(&pause, nil)
                        waited += settlePause
                        made = file.stamp()
                    }
                }
                names = read()
                didRead = true
                guard let names, let before, let made else { return false }
                // A state.plist on another file system (a link to it) is stamped by another
                // clock: there, changed at least `settledAfter` before the system clock's now.
                let now =
                    clock
                    ?? (made.device == before.device
                        ? min(made.modifiedNanoseconds, made.changedNanoseconds)
                        : Int(Date().timeIntervalSince1970 * 1e9) - settledAfter)
                guard max(before.modifiedNanoseconds, before.changedNanoseconds) < now,
                    fileSystem.version(of: plistPath) == before
                else { return false }
                guard fill(file, names, plist: before) else {
                    unwritable = true
                    return false
                }
                return true
            }
        } catch {
            // No temporary file could be made (a folder that takes none): read all the same.
            guard didRead else { return read() }
            unwritable = true
        }
        // So that none of an older state.plist stays.
        if unwritable { try? fileSystem.remove(path) }
        return names
    }

    /// Whether the names file in `folder` was made from state.plist as `plist` is (its first
    /// line read only).
    static func isCurrent(folder: String, plist: FileVersion) -> Bool {
        guard let descriptor = openRegular(folder + "/" + name) else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let newline = bytes[..<count].firstIndex(of: UInt8(ascii: "\n")) else { return false }
        return header(String(decoding: bytes[..<newline], as: UTF8.self))?.plist == plist
    }

    /// The favorites' names in `folder`'s names file, in order; nil when there is none, it is
    /// not a regular file, it was made from another version of state.plist (or there is no
    /// state.plist), or it cannot be read whole with its check and count right.
    package static func names(folder: String) -> [String]? { list(folder: folder)?.strings }

    /// `names(folder:)` as bytes: no `String` made for each name. The lines after the first are
    /// read straight into the list's array, which they are as they lie (each name and its "\n"):
    /// the whole file read into one array, then each name appended to a list growing by copies,
    /// took a Tab at 100,000 favorites 5.7 ms and 1,390 page faults, where this takes 3.7 ms and
    /// 680 (perf stat, 40 runs interleaved).
    static func list(folder: String) -> FavoriteNameList? {
        var plistInfo = stat()
        guard stat(folder + "/state.plist", &plistInfo) == 0 else { return nil }
        let plist = FileVersion(plistInfo)
        guard let descriptor = openRegular(folder + "/" + name) else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0, info.st_size <= largest else { return nil }
        // The first line: of 200 bytes at most (nine fields, the longest 20 digits).
        var first = [UInt8](repeating: 0, count: 256)
        guard let read = readAll(descriptor, into: &first, at: 0, upTo: min(first.count, Int(info.st_size))),
            let newline = first[..<read].firstIndex(of: UInt8(ascii: "\n")),
            let header = header(String(decoding: first[..<newline], as: UTF8.self)), header.plist == plist
        else { return nil }
        let size = Int(info.st_size) - (newline + 1)
        var failed = false
        let body = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            let room = UnsafeMutableRawBufferPointer(buffer)
            var filled = 0
            while filled < size {
                let count = pread(descriptor, room.baseAddress! + filled, size - filled, off_t(newline + 1 + filled))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            failed = filled < size
            initialized = failed ? 0 : size
        }
        guard !failed else { return nil }
        let lines = body.withUnsafeBytes { body -> (ends: [UInt32], printable: Bool)? in
            var hash = StreamingChecksum()
            hash.add(body)
            guard hash.value == header.check, body.last ?? UInt8(ascii: "\n") == UInt8(ascii: "\n") else { return nil }
            var ends: [UInt32] = []
            ends.reserveCapacity(min(header.count, body.count))
            var printable = true
            var start = 0
            while start < body.count,
                let found = memchr(body.baseAddress! + start, Int32(UInt8(ascii: "\n")), body.count - start)
            {
                let end = body.baseAddress!.distance(to: UnsafeRawPointer(found))
                if printable, !FavoriteNameList.isPrintableASCII(UnsafeRawBufferPointer(rebasing: body[start..<end])) {
                    printable = false
                }
                ends.append(UInt32(end))
                start = end + 1
            }
            return ends.count == header.count ? (ends, printable) : nil
        }
        guard let lines else { return nil }
        return FavoriteNameList(bytes: body, ends: lines.ends, isPrintableASCII: lines.printable, check: header.check)
    }

    /// Reads up to `count` bytes at `offset` into the start of `bytes`; how many, or nil on a
    /// failed read.
    private static func readAll(_ descriptor: Int32, into bytes: inout [UInt8], at offset: Int, upTo count: Int)
        -> Int?
    {
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            filled += read
        }
        return filled
    }

    /// The first line's fields; nil when it is not one of this version.
    static func header(_ line: String) -> (plist: FileVersion, count: Int, check: UInt64)? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 9, fields[0] == magic, fields[1] == String(version), let device = UInt64(fields[2]),
            let inode = UInt64(fields[3]), let size = Int(fields[4]), let modified = Int(fields[5]),
            let changed = Int(fields[6]), let count = Int(fields[7]), count >= 0,
            let check = UInt64(fields[8], radix: 16)
        else { return nil }
        let plist = FileVersion(
            device: device, inode: inode, size: size, modifiedNanoseconds: modified, changedNanoseconds: changed)
        return (plist, count, check)
    }

    /// `path` opened for reading when it is a regular file (a FIFO is not waited on); nil otherwise.
    private static func openRegular(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
