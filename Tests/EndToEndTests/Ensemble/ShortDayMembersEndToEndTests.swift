import Foundation
import Testing
import WeatherTestSupport

/// A daily user: `confidence` with the bad-members answer said "5 members … the figures come
/// from those" while Wed 02 Dec rested on 4 (member 04 stops after 30 hours; the JSON's day said
/// `"members": 4`). A day with fewer members than the answer has is now said, in the text and in
/// the JSON's notes, beside the JSON's own counts; a day with them all says nothing. The note
/// says why the others are left out ("the others do not cover the whole day" said nothing of the
/// rule: a member lacking values counts for the rain when already at 1 mm). Frost counts members
/// by the same rule as the rain (`EnsembleMemberCount`): on Fri 04 Dec a member whose values stop
/// early but is already below 0 °C has its frost, 13 of 47 — it was 12 of 46, counting only the
/// members with every instant. Expected: Fixtures/open-meteo-ensemble/short_day_members_expected.py
/// over the same answers.
@Suite(.tags(.endToEnd))
struct ShortDayMembersEndToEndTests {
    /// One whole day of an answer, as the script counts it.
    struct Day {
        var date: String
        var temperature: Int
        var answerTemperature: Int
        var rain: Int
        var heading: Int
        /// "Wed 02 Dec: 4 of 5 members (the others lack …)"; nil for a day with every member.
        var note: String?
        /// Members with frost, and the members frost is counted over.
        var frost: Int
        var frostOf: Int
    }

    static func expected(_ file: String) throws -> [String: Day] {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/short_day_members_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        var days: [String: Day] = [:]
        for line in run.stdout.split(separator: "\n") {
            let cells = line.split(separator: "\t").map(String.init)
            try #require(cells.count == 10, "\(line)")
            guard cells[0] == file else { continue }
            days[cells[1]] = Day(
                date: cells[1], temperature: Int(cells[2]) ?? -1, answerTemperature: Int(cells[3]) ?? -1,
                rain: Int(cells[4]) ?? -1, heading: Int(cells[6]) ?? -1, note: cells[7] == "none" ? nil : cells[7],
                frost: Int(cells[8]) ?? -1, frostOf: Int(cells[9]) ?? -1)
        }
        return days
    }

    @Test(arguments: [
        ("52.52,13.41", "2026-12-01T06:00:00Z", "bad-members-hand-written.json"),
        ("Hamburg", "2026-12-01T07:10:00Z", "hamburg-ecmwf-ifs025-51-members-hand-written.json"),
    ])
    func aDayWithFewerMembersSaysSoInTextAndJSON(place: String, now: String, file: String) throws {
        let expected = try Self.expected(file)
        let server = try FixtureServer()
        let text = try runWX(["-c", "confidence \(place)"], home: TemporaryFolder(), server: server, now: now)
        #expect(text.status == 0, "\(text.stderr)")
        // Notes wrap at 80 columns: read them as one text.
        let flat = text.stdout.replacingOccurrences(of: "\n  ", with: " ")
        let json = try runWX(
            ["--json", "-c", "confidence \(place)"], home: TemporaryFolder(), server: server, now: now)
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let notes = try #require(document["notes"] as? [String])
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(!days.isEmpty)
        var said = 0
        for day in days {
            let want = try #require(expected[day["date"] as? String ?? ""], "\(day)")
            let high = try #require(day["temperature_max_celsius"] as? [String: Any])
            #expect(high["members"] as? Int == want.temperature)
            #expect(day["rain_of_members"] as? Int == want.rain)
            #expect(day["frost_members"] as? Int == want.frost, "\(day)")
            #expect(day["frost_of_members"] as? Int == want.frostOf, "\(day)")
            if want.frostOf > 0 {
                let percent = Double(want.frost) * 100 / Double(want.frostOf)
                #expect(abs((day["frost_percent"] as? Double ?? -1) - percent) < 1e-9, "\(day)")
            }
            #expect(document["temperature_members"] as? Int == want.answerTemperature)
            #expect(text.stdout.contains("ensemble, \(want.heading) members (Open-Meteo)"), "\(text.stdout)")
            if let note = want.note {
                said += 1
                #expect(flat.contains(note), "\(text.stdout)")
                #expect(notes.contains(note), "\(notes)")
            }
        }
        #expect(said > 0, "each answer has a short day")
        // Every day with all its members says nothing: as many notes as short days.
        #expect(notes.filter { $0.contains("(the others lack ") }.count == said, "\(notes)")
    }
}

/// Trial 63: over the bad-members answer (the control run and members 01–05, member 03 without
/// any temperature), `plume` and `best` said "5 of the model’s 51 members in the answer …; 1
/// member without any value left out" — 4 used, while their tables rest on 5 — and `chance` "6 …;
/// 1 …". Each now says the members the answer lists and, of those, the ones left out, from the
/// one count (`CountedMembers`). Expected: `short_day_members_expected.py members`.
@Suite(.tags(.endToEnd))
struct MembersSaidEndToEndTests {
    @Test func plumeBestAndChanceSayTheMembersAlike() throws {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/short_day_members_expected.py", "members"],
            environment: ["PATH": "/usr/bin:/bin"])
        var expected: [String: (listed: Int, without: Int)] = [:]
        for line in run.stdout.split(separator: "\n") {
            let cells = line.split(separator: "\t").map(String.init)
            try #require(cells.count == 3, "\(line)")
            expected[cells[0]] = (Int(cells[1]) ?? -1, Int(cells[2]) ?? -1)
        }
        let server = try FixtureServer()
        let commands = [
            "plume": "plume temp 3 52.52,13.41", "best": "best 2h 'temp>2' 52.52,13.41",
            "chance": "chance 'temp>=3' 'rain>=1' 2 52.52,13.41",
        ]
        for (name, command) in commands {
            let want = try #require(expected[name])
            let text = try runWX(["-c", command], home: TemporaryFolder(), server: server, now: "2026-12-01T08:10:00Z")
            #expect(text.status == 0, "\(text.stderr)")
            let flat = text.stdout.replacingOccurrences(of: "\n  ", with: " ")
            let members = want.without == 1 ? "member" : "members"
            #expect(
                flat.contains(
                    "\(want.listed) of the model’s 51 members in the answer, the control run one of them; \(want.without) \(members) without any temperature value left out"
                ), "\(name): \(text.stdout)")
        }
    }
}
