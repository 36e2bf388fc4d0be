import Foundation
import Testing
import WeatherTestSupport

/// Trial 54 items 8, 9 and 11 through the built wx and the loopback server (the hand-written
/// Paris ensemble): a limit is echoed as the limit used, Beaufort forces are the WMO table's
/// m/s bounds, and a leading number out of range is a usage error, never a place.
@Suite(.tags(.endToEnd)) struct LimitEchoEndToEndTests {
    static let now = DecisionsEndToEndTests.now
    static let paris = DecisionsEndToEndTests.paris

    func run(_ line: String, json: Bool = false, server: FixtureServer? = nil) throws -> WXResult {
        try runWX(
            (json ? ["--json"] : []) + ["-c", line], home: TemporaryFolder(), server: server ?? FixtureServer(),
            now: Self.now)
    }

    /// Item 8: `temp>10.55` was echoed "temp > 10.6 °C", `temp>298.15` under kelvin "298.2 K",
    /// imperial `dry` "rain < 0.004 in" (the limit is 0.1 mm, 0.0039 in), frost under kelvin
    /// "below 273.2 K": the number as typed, or as many decimals as make it the limit, or the
    /// limit in the unit it is defined in with the figure in yours said to be near.
    @Test func aLimitIsEchoedAsTheLimitUsed() throws {
        let server = try FixtureServer()
        let cases = [
            ("best 2h temp>10.55 \(Self.paris)", "temp > 10.55 °C"),
            ("units temperature K; best 2h temp>298.15 \(Self.paris)", "temp > 298.15 K"),
            ("units temperature K; best 2h temp>25c \(Self.paris)", "temp > 25 °C (298.15 K)"),
            ("units imperial; best 2h dry \(Self.paris)", "dry (rain < 0.1 mm ≈ 0.004 in)"),
            ("units temperature K; chance frost 2 \(Self.paris)", "frost: the night’s low below 273.15 K"),
            ("units temperature K; chance temp<=274.35 2 \(Self.paris)", "temp ≤ 274.35 K in any hour"),
            ("units imperial; chance rain>=1mm 2 \(Self.paris)", "rain ≥ 1 mm (about 0.039 in) in an hour"),
        ]
        for (line, echo) in cases {
            let result = try run(line, server: server)
            #expect(result.status == 0, "\(line): \(result.stderr)")
            #expect(result.stdout.contains(echo), "\(line): \(result.stdout)")
        }
    }

    /// Item 9: `wind<Nbft` is below force N's lowest speed in the WMO table (force 1 from
    /// 0.3 m/s, 2 from 1.6 m/s, 12 from 32.7 m/s), not 0.05 m/s under it, and its km/h in JSON
    /// has no float noise (117.54000000000002). Expected from beaufort_limits_expected.py.
    @Test func beaufortLimitsAreTheWMOTablesBounds() throws {
        let script = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/beaufort_limits_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        let expected = try #require(
            (try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [String: Any])?["kilometres_per_hour"]
                as? [String: Double])
        let forces = Array(1...12)
        let result = try run(
            forces.map { "best 2h wind<\($0)bft \(Self.paris)" }.joined(separator: "; "), json: true)
        #expect(result.status == 0, "\(result.stderr)")
        let documents = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "best" }
        #expect(documents.count == forces.count, "\(result.stdout.prefix(400))")
        for (force, document) in zip(forces, documents) {
            let condition = (document["conditions"] as? [[String: Any]])?.first
            let limit = condition?["limit"] as? Double
            #expect(limit == expected[String(force)], "force \(force): \(String(describing: limit))")
        }
    }

    /// Item 11: `warnings -1 Berlin` and `warnings 99999999999999999999 Berlin` asked the
    /// geocoder for “-1 Berlin” (“no place found”) where `warnings 0` was a usage error: every
    /// leading number out of range is one (exit status 2), before any request.
    @Test func aWarningNumberOutOfRangeIsAUsageError() throws {
        for number in ["-1", "0", "100", "99999999999999999999", "+0"] {
            let result = try runWX(["warnings", number, "Berlin"], home: TemporaryFolder(), now: Self.now)
            #expect(result.status == 2, "\(number): \(result.stderr)")
            #expect(result.stderr.contains("warnings are numbered from 1"), "\(number): \(result.stderr)")
            #expect(!result.stderr.contains("no place"), "\(number): \(result.stderr)")
        }
    }

    /// Item 11: `plume <TAB><TAB>` and `best 2h <TAB><TAB>` listed nothing; as `units` lists its
    /// words, an empty word lists what the position takes, and favorites where a place fits.
    @Test func anEmptyWordListsWhatThePositionTakes() throws {
        let home = TemporaryFolder()
        let file = home.path + "/favs.csv"
        try "name,latitude,longitude\nHome,48.86,2.35\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try runWX(["import", "favorites", file], home: home).status == 0)
        func complete(_ words: [String]) throws -> [String] {
            let result = try runWX(["--complete", "--"] + words, home: home)
            #expect(result.status == 0, "\(words): \(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["plume", ""]) == ["temp", "rain", "gusts", "wind", "Home"])
        #expect(try complete(["plume", "temp", ""]) == ["Home"])
        let best = try complete(["best", "2h", ""])
        for word in ["dry", "wind<", "temp>", "ride", "laundry", "today", "tomorrow", "weekend", "saturday", "Home"] {
            #expect(best.contains(word), "\(word): \(best)")
        }
        #expect(try complete(["best", "2h", "dry", ""]).contains("dry") == false)
        let chance = try complete(["chance", ""])
        #expect(chance.contains("frost") && chance.contains("gusts>=") && chance.last == "Home", "\(chance)")
        #expect(try complete(["chance", "frost", "2", ""]) == ["Home"])
        #expect(try complete(["check", "--rain", "60%", ""]) == ["--frost", "--warnings", "--changed", "Home"])
        #expect(try complete(["check", "--rain", ""]) == [])
    }
}
