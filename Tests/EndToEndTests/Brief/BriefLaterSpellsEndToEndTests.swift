import Foundation
import Testing
import WeatherTestSupport

/// trial61's faults 1 and 2 in `brief`'s rain sentence, through the built wx and the loopback
/// server: every spell after the first within the 24 hours is named with its amount (31 mm this
/// evening was left out after two 0.1 mm hours, and a second spell never had an amount), more
/// than two said together "on and off" with the heaviest; and a later spell ending inside the
/// 24 hours is said with its end (it read "from tomorrow 02:00" until the dry hour after it came
/// inside them). The spells and the words expected come from Fixtures/brief/brief_expected.py
/// over the same bodies.
@Suite(.tags(.endToEnd))
struct BriefLaterSpellsEndToEndTests {
    static let paris = "48.85,2.35"
    /// Fri 23 Oct 07:10 CEST, the trial's instant.
    static let friday = "2026-10-23T05:10:00Z"
    static let threeSpells = "open-meteo-forecast/paris-three-spells-evening-downpour-hand-edited.json"
    static let onAndOff = "open-meteo-forecast/paris-rain-on-and-off-hand-edited.json"

    /// brief_expected.py's rain facts for `file` (under Fixtures/; nil: Berlin's recording) at `now`.
    static func expected(_ file: String?, at now: String) throws -> [String: Any] {
        let arguments = [TestPaths.packageRoot.path + "/Fixtures/brief/brief_expected.py", now]
        let run = try runProgram(
            "/usr/bin/python3", arguments + (file.map { [$0, "Europe/Paris"] } ?? []),
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return try #require(document?["rain"] as? [String: Any])
    }

    /// `brief` (text, unwrapped) and its --json rain facts (the document checked against the
    /// schema) for `place` at `now`, `file` queued as the forecast's answer when given.
    static func brief(_ place: String, file: String?, at now: String) throws -> (text: String, facts: [String: Any]) {
        let server = try FixtureServer()
        if let file { try server.queue(.init(path: "/v1/forecast", file: file, times: 2)) }
        let text = try runWX(["brief", place], home: TemporaryFolder(), server: server, now: now)
        #expect(text.status == 0, "\(text.stderr)")
        let home = TemporaryFolder()
        let json = try runWX(["--json", "brief", place], home: home, server: server, now: now)
        // The facts as the schema names them.
        let check = try validateAgainstSchema(json.stdout, in: home)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let line = try #require(json.stdout.split(separator: "\n").first { $0.contains(#""type":"brief""#) })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let sentences = document["sentences"] as? [[String: Any]] ?? []
        let rain = try #require(sentences.first { $0["kind"] as? String == "rain" }?["facts"] as? [String: Any])
        let words = text.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return (words.joined(separator: " "), rain)
    }

    /// wx's later spells as the script gives them: each one's start, end, amount, kind, open end.
    func expectSameSpells(_ facts: [String: Any], _ wanted: [String: Any]) throws {
        let later = try #require(facts["later"] as? [[String: Any]])
        let expected = try #require(wanted["later"] as? [[String: Any]])
        #expect(later.count == expected.count, "\(later)")
        for (spell, want) in zip(later, expected) {
            for key in ["start", "end", "falls"] {
                #expect(spell[key] as? String == want[key] as? String, "\(key): \(spell)")
            }
            #expect(spell["precipitation_millimetres"] as? Double == want["precipitation_millimetres"] as? Double)
            #expect(spell["still_raining_at_end"] as? Bool == want["still_raining_at_end"] as? Bool)
        }
    }

    /// C5: 0.1 mm at 08:00–09:00 and 13:00–14:00, then 31 mm 20:00–22:00: all three said, each
    /// with its amount.
    @Test func everySpellIsSaidWithItsAmount() throws {
        let wanted = try Self.expected(Self.threeSpells, at: Self.friday)
        let said = try #require(wanted["later_said"] as? String)
        #expect(said == "rain again 13:00–14:00 (0.1 mm) and 20:00–22:00 (31.0 mm)")
        let (text, facts) = try Self.brief(Self.paris, file: Self.threeSpells, at: Self.friday)
        #expect(
            text.contains("Dry until about 08:00, then rain this morning (0.1 mm), dry again by 09:00, \(said)."),
            "\(text)")
        try expectSameSpells(facts, wanted)
        #expect(facts["later_on_and_off"] as? Bool == false)
    }

    /// Five spells after the first: said together, with their total and the heaviest.
    @Test func moreThanTwoAreSaidOnAndOffWithTheHeaviest() throws {
        let wanted = try Self.expected(Self.onAndOff, at: Self.friday)
        let said = try #require(wanted["later_said"] as? String)
        #expect((wanted["later"] as? [Any])?.count == 5 && said.contains("on and off") && said.contains("heaviest"))
        let (text, facts) = try Self.brief(Self.paris, file: Self.onAndOff, at: Self.friday)
        #expect(text.contains("dry again by 09:00, \(said)."), "\(text)")
        try expectSameSpells(facts, wanted)
        #expect(facts["later_on_and_off"] as? Bool == true)
    }

    /// Berlin's recording: the wet hours labelled 00:00–06:00 UTC on Thu 31 Jul are rain from
    /// 02:00 to 08:00 CEST; the last ends before the 24 hours from 08:30, 08:59 and 09:00 CEST.
    @Test(arguments: ["2025-07-30T06:30:00Z", "2025-07-30T06:59:00Z", "2025-07-30T07:00:00Z"])
    func aLaterSpellEndingInsideTheHoursHasItsEnd(now: String) throws {
        let wanted = try Self.expected(nil, at: now)
        let said = try #require(wanted["later_said"] as? String)
        #expect(said.hasPrefix("rain again tomorrow 02:00–08:00 ("), "\(said)")
        let (text, facts) = try Self.brief("Berlin", file: nil, at: now)
        #expect(text.contains("dry again by 20:00, \(said)."), "\(text)")
        #expect(!text.contains("from tomorrow 02:00"), "\(text)")
        try expectSameSpells(facts, wanted)
    }
}
