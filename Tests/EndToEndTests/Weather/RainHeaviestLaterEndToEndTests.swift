import Foundation
import Testing
import WeatherTestSupport

/// trial 62 fault 10: `rain` named only the next spell — "precipitation from 08:00, about 0.1 mm,
/// until 09:00" — while 31 mm fell 20:00–22:00 the same day. The next spell stays first; a line
/// under it names the heaviest later spell within the 24 hours, found as `brief` finds them. The
/// words expected come from Fixtures/brief/brief_expected.py (`rain_heaviest_later_said`) over
/// the same bodies.
@Suite(.tags(.endToEnd))
struct RainHeaviestLaterEndToEndTests {
    static let paris = "48.85,2.35"
    /// Fri 23 Oct 07:10 CEST, the trial's instant.
    static let friday = "2026-10-23T05:10:00Z"
    static let threeSpells = "open-meteo-forecast/paris-three-spells-evening-downpour-hand-edited.json"
    static let onAndOff = "open-meteo-forecast/paris-rain-on-and-off-hand-edited.json"

    /// brief_expected.py's rain facts for `file` (under Fixtures/) at `now`, at Paris's clock.
    static func expected(_ file: String, at now: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/brief/brief_expected.py", now, file, "Europe/Paris"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return try #require(document?["rain"] as? [String: Any])
    }

    /// `rain` at Paris with `file` as the forecast's answer, its lines trimmed.
    static func rain(_ file: String, at now: String) throws -> [String] {
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", file: file))
        let result = try runWX(["rain", paris], home: TemporaryFolder(), server: server, now: now)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theHeaviestLaterSpellIsSaidUnderTheNextOne() throws {
        let wanted = try Self.expected(Self.threeSpells, at: Self.friday)
        let said = try #require(wanted["rain_heaviest_later_said"] as? String)
        #expect(said == "heaviest later: rain 20:00–22:00 (31.0 mm)")
        let lines = try Self.rain(Self.threeSpells, at: Self.friday)
        // The next spell first, as before; then the heaviest after it.
        let next = try #require(lines.firstIndex { $0.hasPrefix("precipitation from 08:00, about 0.1 mm") }, "\(lines)")
        #expect(lines.dropFirst(next + 1).first == said, "\(lines)")
    }

    /// `--json`: `heaviest_later` is the script's heaviest later spell (the most mm, the first of
    /// equals), the document valid against the schema.
    @Test func theJSONGivesTheSameSpell() throws {
        let wanted = try Self.expected(Self.threeSpells, at: Self.friday)
        let later = try #require(wanted["later"] as? [[String: Any]])
        var heaviest = try #require(later.first)
        for spell in later
        where (spell["precipitation_millimetres"] as? Double ?? 0)
            > (heaviest["precipitation_millimetres"] as? Double ?? 0)
        {
            heaviest = spell
        }
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/forecast", file: Self.threeSpells))
        let home = TemporaryFolder()
        let json = try runWX(["--json", "rain", Self.paris], home: home, server: server, now: Self.friday)
        #expect(json.status == 0, "\(json.stderr)")
        let check = try validateAgainstSchema(json.stdout, in: home)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let line = try #require(json.stdout.split(separator: "\n").first { $0.contains(#""type":"rain""#) })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let found = try #require(document["heaviest_later"] as? [String: Any], "\(line)")
        for key in ["start", "end", "falls"] { #expect(found[key] as? String == heaviest[key] as? String, "\(key)") }
        #expect(found["precipitation_millimetres"] as? Double == heaviest["precipitation_millimetres"] as? Double)
        #expect(found["still_raining_at_end"] as? Bool == heaviest["still_raining_at_end"] as? Bool)
        #expect(found["later_spells"] as? Int == later.count)
    }

    /// Five spells after the first: the heaviest of them by its sum, as brief names it.
    @Test func ofManyLaterSpellsTheOneWithTheMostIsSaid() throws {
        let wanted = try Self.expected(Self.onAndOff, at: Self.friday)
        let said = try #require(wanted["rain_heaviest_later_said"] as? String)
        #expect((wanted["later"] as? [Any])?.count == 5)
        let lines = try Self.rain(Self.onAndOff, at: Self.friday)
        #expect(lines.last == said, "\(lines)")
    }
}
