import FoundationEssentials
import WXBasics

/// A test double over another file system (`base`, usually `POSIXFileSystem()`): every
/// operation it does not declare itself is `base`'s own. A double declares only what it changes
/// (counting the opens of one file, stamping a time after a write) and conforms to this rather
/// than `FileSystem`, so no double repeats the forwarding of the other twelve.
package protocol ForwardingFileSystem: FileSystem {
    var base: any FileSystem { get }
}

extension ForwardingFileSystem {
    package func contents(of path: String, limit: Int) throws(FileError) -> Data? {
        try base.contents(of: path, limit: limit)
    }
    package func replace(_ path: String, with data: [UInt8]) throws(FileError) { try base.replace(path, with: data) }
    package func replace(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool {
        try base.replace(path, writing: body)
    }
    package func replaceScratch(_ path: String, writing body: (FileWriter) -> Bool) throws(FileError) -> Bool {
        try base.replaceScratch(path, writing: body)
    }
    package func appendLine(_ line: [UInt8], to path: String, durable: Bool) throws(FileError) {
        try base.appendLine(line, to: path, durable: durable)
    }
    package func lock(_ folder: String, wait: LockWait) throws(FileError) -> FolderLock {
        try base.lock(folder, wait: wait)
    }
    package func rename(_ path: String, to destination: String) throws(FileError) {
        try base.rename(path, to: destination)
    }
    package func remove(_ path: String) throws(FileError) { try base.remove(path) }
    package func names(in folder: String) -> [String] { base.names(in: folder) }
    package func version(of path: String) -> FileVersion? { base.version(of: path) }
    package func kind(at path: String) -> FileKind? { base.kind(at: path) }
    package func openForReading(_ path: String) throws(FileError) -> (any ReadableFile)? {
        try base.openForReading(path)
    }
}
