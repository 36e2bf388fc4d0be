import Foundation
import Testing
import WeatherTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// What `show` reads of the cached ensemble answer once `confidence` has fetched it: only the
/// rain chances kept beside it (`ensemble_tomorrow`, a look's chance), never the answer itself,
/// whose reading took ~15 M instructions at every `show` (issue 39). Opens are counted by the
/// kernel (inotify), not timed.
@Suite(.tags(.endToEnd)) struct EnsembleCacheReadingTests {
    static let now = EnsembleEndToEndTests.now

    /// Counts the times a file is opened, from the moment it is made (inotify's IN_OPEN).
    final class FileOpens {
        let descriptor: Int32

        init(_ path: String) throws {
            descriptor = inotify_init1(Int32(IN_NONBLOCK))
            guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_OPEN)) >= 0 else {
                throw CocoaError(.fileReadUnknown)
            }
        }

        deinit { close(descriptor) }

        /// The opens since the last call.
        func count() -> Int {
            var opens = 0
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                guard read > 0 else { return opens }
                var offset = 0
                while offset < read {
                    let event = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset, as: inotify_event.self) }
                    if event.mask & UInt32(IN_OPEN) != 0 { opens += 1 }
                    offset += MemoryLayout<inotify_event>.size + Int(event.len)
                }
            }
        }
    }

    /// The cache entry (`ResponseCache`: a JSON header line, then the body) whose key is the
    /// ensemble request's URL.
    func ensembleAnswerEntry(in folder: String) throws -> String? {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".entry") {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
                let header = try JSONSerialization.jsonObject(with: data[..<newline]) as? [String: Any],
                let key = header["key"] as? String
            else { continue }
            if key.hasPrefix("http"), key.contains("/v1/ensemble?") { return folder + "/" + name }
        }
        return nil
    }

    /// `ensemble_tomorrow` of the weather document among `--json`'s documents (one a line).
    func ensembleTomorrow(_ stdout: String) throws -> [String: Any]? {
        for line in stdout.split(separator: "\n") {
            let document = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if document?["type"] as? String == "weather" { return document?["ensemble_tomorrow"] as? [String: Any] }
        }
        return nil
    }

    /// The entry kept beside the answer (`OpenMeteoEnsembleProvider.rainChancesKey`).
    func rainChancesEntry(in folder: String) throws -> String? {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".entry") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            if text.hasPrefix(#"{"key":"rain chances of "#) { return folder + "/" + name }
        }
        return nil
    }

    /// A cache an older wx left (the answer without the chances beside it): the first `show`
    /// reads the answer once and keeps the chances; the next reads only those.
    @Test func anAnswerCachedWithoutItsChancesIsReadOnceAndTheChancesKept() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        #expect(try runWX(["-c", "confidence Hamburg"], home: home, server: server, now: Self.now).status == 0)
        try FileManager.default.removeItem(atPath: try #require(try rainChancesEntry(in: home.path + "/cache")))
        let opens = try FileOpens(try #require(try ensembleAnswerEntry(in: home.path + "/cache")))
        let first = try runWX(["--json", "-c", "show Hamburg"], home: home, server: server, now: Self.now)
        #expect(opens.count() >= 1)
        #expect(try ensembleTomorrow(first.stdout)?["rain_members"] as? Int == 19)
        let second = try runWX(["--json", "-c", "show Hamburg"], home: home, server: server, now: Self.now)
        #expect(opens.count() == 0)
        #expect(try ensembleTomorrow(second.stdout)?["rain_members"] as? Int == 19)
        // (Looked for after counting: the search opens every entry, the answer's too.)
        #expect(try rainChancesEntry(in: home.path + "/cache") != nil)
        #expect(try runWX(["-c", "confidence Hamburg"], home: home, server: server, now: Self.now).status == 0)
        #expect(try server.requests().filter { $0.path == "/v1/ensemble" }.count == 1)
    }

    @Test func showAfterConfidenceDoesNotOpenTheCachedEnsembleAnswerAndKeepsItsChance() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        #expect(try runWX(["-c", "confidence Hamburg"], home: home, server: server, now: Self.now).status == 0)
        let entry = try #require(try ensembleAnswerEntry(in: home.path + "/cache"))
        let opens = try FileOpens(entry)

        let show = try runWX(["--json", "-c", "show Hamburg"], home: home, server: server, now: Self.now)
        #expect(show.status == 0)
        #expect(opens.count() == 0)
        // What show says of the ensemble is still there: tomorrow's 19 of 51 members
        // (Fixtures/open-meteo-ensemble/generate.py), and the look keeps the rest of today's 5
        // of 51 from 09:00 (08:00 UTC), with the same from each later hour.
        let tomorrow = try #require(try ensembleTomorrow(show.stdout))
        #expect(tomorrow["date"] as? String == "2026-12-02")
        #expect(tomorrow["model"] as? String == "ecmwf_ifs025")
        #expect(tomorrow["rain_members"] as? Int == 19)
        #expect(tomorrow["rain_of_members"] as? Int == 51)
        let log = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        let look = try #require(log.split(separator: "\n").last { $0.contains(#""kind":"look""#) })
        #expect(look.contains(#""chance":{"date":"2026-12-01","from":"2026-12-01T08:00:00Z","later":["#), "\(look)")
        #expect(look.contains(#""members":5,"of_members":51}"#), "\(look)")

        // `confidence` again reads the whole answer from the cache (which shows that the opens
        // are seen at all), and asks the service nothing.
        let again = try runWX(["-c", "confidence 2 Hamburg"], home: home, server: server, now: Self.now)
        #expect(again.stdout.contains("19 of 51 members"))
        #expect(opens.count() >= 1)
        #expect(try server.requests().filter { $0.path == "/v1/ensemble" }.count == 1)
    }
}
