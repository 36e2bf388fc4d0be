import Foundation
import Testing
import WeatherTestSupport

/// Trial 54. (1) At a +05:30 or +13:45 place the answer's hours are the place's whole hours
/// (xx:30, xx:15 UTC), and every ensemble view rounded "now" up to the next whole UTC hour: at
/// 10:40 IST `confidence` said "rest of today from 11:30" and lost the 11:00 hour, `plume` and
/// `best` started an hour late, and at 22:40 IST `chance` left today out. (2) `chance`'s "most
/// 00:00–23:00" joined two peaks with hours of no member between them. (12) `best` said nothing
/// of the windows no member has values for. Expected: Fixtures/open-meteo-ensemble/
/// hour_grid_spans_expected.py over the same answers.
@Suite(.tags(.endToEnd))
struct HourGridEndToEndTests {
    /// hour_grid_spans_expected.py's output (run once): a JSON object, a key per case.
    static let expectedText: String = {
        let run = try? runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/hour_grid_spans_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        return run?.stdout ?? ""
    }()

    static var expected: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(expectedText.utf8))) as? [String: Any] ?? [:]
    }

    static func documents(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test(arguments: [
        (
            "kolkata", "28.61,77.21", "kolkata-ecmwf-ifs025-51-members-hand-written-from-paris.json",
            "2026-10-23T17:10:00Z"
        ),
        (
            "chatham", "-43.95,-176.56", "chatham-ecmwf-ifs025-51-members-hand-written-from-paris.json",
            "2026-10-23T08:40:00Z"
        ),
    ])
    func everyViewStartsAtTheNextHourOfTheAnswersOwnGrid(key: String, place: String, file: String, late: String)
        throws
    {
        let want = try #require(Self.expected[key] as? [String: Any])
        let next = try #require(want["next_hour"] as? String)
        let local = try #require(want["next_hour_local"] as? String)
        let low = try #require(want["low"] as? [String])
        let wet = try #require(want["wet"] as? [Int])
        let server = try FixtureServer()
        try server.queue(.init(path: "/v1/ensemble", file: "open-meteo-ensemble/\(file)"))
        let home = TemporaryFolder()
        let text = try runWX(["-c", "confidence 4 \(place)"], home: home, server: server, now: "2026-10-23T05:10:00Z")
        #expect(text.status == 0, "\(text.stderr)")
        let flat = text.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(flat.contains("rest of today from \(local)"), "\(text.stdout)")
        #expect(flat.contains("low \(low[0]) °C (\(low[1]) to \(low[2]))"), "\(text.stdout)")
        #expect(flat.contains("\(wet[0]) of \(wet[1])"), "\(text.stdout)")
        // The same answer (kept): plume and best from that hour.
        let json = try runWX(
            ["--json", "-c", "plume gusts 2 \(place); plume 2 \(place); best 1h temp<11.5 \(place) today"], home: home,
            server: server, now: "2026-10-23T05:10:00Z")
        #expect(json.status == 0, "\(json.stderr)")
        let found = Self.documents(json.stdout)
        let plumes = found.filter { $0["type"] as? String == "plume" }
        try #require(plumes.count == 2, "\(json.stdout)")
        let gusts = try #require((plumes[0]["hours"] as? [[String: Any]])?.first)
        let first = try #require(want["plume_gusts_first"] as? [Any])
        // The gusts covering the next hour, by the answer's own time (its end).
        #expect(gusts["time"] as? String == first[0] as? String, "\(gusts)")
        #expect(abs((gusts["median"] as? Double ?? .nan) - ((first[1] as? NSNumber)?.doubleValue ?? .infinity)) < 0.05)
        #expect((plumes[1]["hours"] as? [[String: Any]])?.first?["time"] as? String == next)
        let best = try #require(found.first { $0["type"] as? String == "best" }, "\(json.stdout)")
        #expect(best["span_start"] as? String == next)
        #expect((best["windows"] as? [[String: Any]])?.first?["start"] as? String == next)
        // The last local hour of the day: today is still counted (its last hour's amount).
        let days = try #require(want["chance_late"] as? [[Any]])
        try server.queue(.init(path: "/v1/ensemble", file: "open-meteo-ensemble/\(file)"))
        let chance = try runWX(
            ["--json", "-c", "chance rain>=0.1mm 2 \(place)"], home: TemporaryFolder(), server: server, now: late)
        #expect(chance.status == 0, "\(chance.stderr)")
        let document = try #require(Self.documents(chance.stdout).first { $0["type"] as? String == "chance" })
        let counted = ((document["thresholds"] as? [[String: Any]])?.first?["days"] as? [[String: Any]] ?? []).map {
            [$0["date"] as? String ?? "", $0["members_reaching"] as? Int ?? -1, $0["members"] as? Int ?? -1] as [Any]
        }
        #expect(counted as NSArray == days as NSArray, "\(chance.stdout)")
    }

    @Test(arguments: [
        ("new_york_temp_le_8", "temp<=8 3 40.75,-74.0", "2026-12-01T03:10:00Z"),
        ("hamburg_temp_le_0", "temp<=0 4 Hamburg", "2026-12-01T11:10:00Z"),
    ])
    func chanceSaysEachSpanOfItsBusyHours(key: String, arguments: String, now: String) throws {
        let want = try #require(Self.expected[key] as? [[Any]])
        let server = try FixtureServer()
        let json = try runWX(
            ["--json", "-c", "chance \(arguments)"], home: TemporaryFolder(), server: server, now: now)
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(Self.documents(json.stdout).first { $0["type"] as? String == "chance" })
        let days = (document["thresholds"] as? [[String: Any]])?.first?["days"] as? [[String: Any]] ?? []
        let got = days.map { day -> [Any] in
            [
                day["date"] as? String ?? "", day["members_reaching"] as? Int ?? -1, day["members"] as? Int ?? -1,
                (day["most"] as? [[String: Any]] ?? []).map {
                    [$0["from"] as? String ?? "", $0["until"] as? String ?? ""]
                },
            ]
        }
        #expect(got as NSArray == want.map { Array($0.prefix(4)) } as NSArray, "\(json.stdout)")
        // most_from/most_until stay, as the busiest span (the schema keeps its keys).
        for (day, wanted) in zip(days, want) {
            let busiest = wanted[6] as? [String]
            #expect(day["most_from"] as? String == busiest?[0], "\(day)")
            #expect(day["most_until"] as? String == busiest?[1], "\(day)")
        }
        let text = try runWX(["-c", "chance \(arguments)"], home: TemporaryFolder(), server: server, now: now)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.replacingOccurrences(of: "\n                ", with: " ").split(separator: "\n")
        for day in want {
            guard let name = day[4] as? String, let most = day[5] as? String, !most.isEmpty else { continue }
            let line = lines.first { $0.contains(name) } ?? ""
            #expect(line.hasSuffix(most), "\(text.stdout)")
        }
    }

    @Test func bestSaysTheWindowsNoMemberCanJudge() throws {
        let spans = try #require(Self.expected["paris_south_unjudged"] as? [String])
        try #require(!spans.isEmpty)
        let run = try runWX(
            ["-c", "best 1h temp<12 48.6,2.35 today"], home: TemporaryFolder(), server: FixtureServer(),
            now: "2026-10-23T05:10:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let flat = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        let named = spans.map { "Fri 23 Oct \($0)" }
        let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named.last!
        #expect(
            flat.contains("1-hour windows within \(list) could not be judged: no member has every value they read"),
            "\(run.stdout)")
    }
}
