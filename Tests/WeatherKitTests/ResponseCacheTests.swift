import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherKit

/// A cache entry written and read back: the body byte for byte at every size around the writer's
/// buffers, its times as stored, and the file one header line followed by exactly the body.
@Suite(.tags(.unit)) struct ResponseCacheTests {
    @Test(arguments: [0, 1, 200, 65_535, 65_536, 137_381, 1_048_577])
    func anEntryReadsBackAsWritten(size: Int) throws {
        let folder = TemporaryFolder()
        let cache = ResponseCache(folder: folder.path + "/cache")
        let key = "http://127.0.0.1:1/v1/forecast?latitude=53.55&longitude=9.99&size=\(size)"
        let body = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let stored = Date(timeIntervalSince1970: 1_785_118_200)
        let validUntil = stored.addingTimeInterval(900)
        cache.store(body, for: key, stored: stored, validUntil: validUntil)

        let entry = try #require(cache.entry(for: key))
        #expect(entry.body == body)
        #expect(entry.stored == stored)
        #expect(entry.validUntil == validUntil)

        let file = try #require(FileManager.default.contents(atPath: cache.path(for: key)))
        let newline = try #require(file.firstIndex(of: UInt8(ascii: "\n")))
        let header = try JSONSerialization.jsonObject(with: file[..<newline]) as? [String: Any]
        #expect(header?["key"] as? String == key)
        #expect(file[(newline + 1)...] == body)
    }

    /// The cache's folder is made without a sync of its parent, but a missing WX_HOME above it is
    /// made as any of wx's folders (0700): the first store of a fresh home makes both.
    @Test func theFirstStoreMakesTheFoldersItNeeds() throws {
        let folder = TemporaryFolder()
        let cache = ResponseCache(folder: folder.path + "/home/cache")
        let key = "http://127.0.0.1:1/search?q=Hamburg"
        cache.store(
            Data("[]".utf8), for: key, stored: Date(timeIntervalSince1970: 0),
            validUntil: Date(timeIntervalSince1970: 60))
        #expect(try #require(cache.entry(for: key)).body == Data("[]".utf8))
        for path in [folder.path + "/home", folder.path + "/home/cache"] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(path)")
        }
    }
}
