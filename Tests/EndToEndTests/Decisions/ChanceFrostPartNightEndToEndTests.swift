import Foundation
import Testing
import WeatherTestSupport

/// `chance frost` on a night the ensemble covers only in part. A day covered in part was already
/// counted over the hours held, with a note that the count is a floor; a frost night was not: one
/// the answer stops within was left out (Paris, whose members end Fri 30 Oct 23:00 CET, so the
/// night to Sat 31 Oct), and one with an instant no member holds read "no member has values that
/// day" (Hamburg with 03:00 CET of the night to Fri 04 Dec null in every member). Both are now
/// counted over the instants held, by the rule a day is (`EnsembleForecast.partHours(over:)`),
/// and named with them. Piped to the built wx against the loopback server; the counts come from
/// Fixtures/open-meteo-ensemble/frost_part_night_expected.py over the same answers.
@Suite(.tags(.endToEnd))
struct ChanceFrostPartNightEndToEndTests {
    static let script = TestPaths.packageRoot.path + "/Fixtures/open-meteo-ensemble/frost_part_night_expected.py"
    static let hamburgNullAtThree =
        "open-meteo-ensemble/hamburg-ecmwf-ifs025-51-members-03h-temperature-null-hand-edited.json"

    /// The script's figures for the night ending `morning` in `answer` at `now`.
    static func figures(_ answer: String, now: String, zone: String, morning: String) throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3", [script, answer, now, zone, morning], environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// "Sat 31 Oct" of "2026-10-31".
    static func dayName(_ iso: String) -> String { ChancePartDayEndToEndTests.dayName(iso) }

    /// The night's row (its wrapped lines joined) and the notes, flat; and the night in --json.
    static func run(
        place: String, now: String, morning: String, queue file: String? = nil
    ) throws -> (row: String, flat: String, json: [String: Any]) {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        if let file { try server.queue(.init(path: "/v1/ensemble", file: file, times: 2)) }
        let text = try runWX(
            stdin: "chance frost 3 \(place)\n", home: home, server: server, now: now, environment: ["COLUMNS": "200"])
        #expect(text.status == 0, "\(text.stderr)")
        let row = try #require(
            text.stdout.replacing(/\n {16}/, with: " ").split(separator: "\n").first {
                $0.contains(Self.dayName(morning))
            }, "\(text.stdout)")
        let json = try runWX(["--json"], stdin: "chance frost 3 \(place)\n", home: home, server: server, now: now)
        #expect(json.status == 0, "\(json.stderr)")
        let check = try validateAgainstSchema(json.stdout, in: home)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let nights = try #require((document["thresholds"] as? [[String: Any]])?.first?["days"] as? [[String: Any]])
        let night = try #require(nights.first { $0["date"] as? String == morning }, "\(nights)")
        return (String(row), text.stdout.replacing(/\n +/, with: " "), night)
    }

    static let floorNote =
        "a night the members cover only in part is counted over the hours they cover: a member that reaches a threshold in them reaches it that night, and the hours missing may add more"

    @Test func aNightTheAnswerStopsWithinIsCountedOverTheInstantsHeld() throws {
        let morning = "2026-10-31"
        let now = "2026-10-29T12:00:00Z"
        let figures = try Self.figures(
            "paris-ecmwf-ifs025-51-members-all-variables-dst-hand-written.json", now: now, zone: "Europe/Paris",
            morning: morning)
        #expect(figures["ends_early"] as? Bool == true, "\(figures)")
        let covered = try #require(figures["hours_covered"] as? Int)
        let night = try #require(figures["hours_in_night"] as? Int)
        let frost = try #require(figures["frost"] as? Int)
        let of = try #require(figures["of"] as? Int)
        let percent = try #require(figures["percent"] as? Double)
        let end = try #require(figures["end"] as? String)
        let result = try Self.run(place: DecisionsEndToEndTests.paris, now: now, morning: morning)
        #expect(
            result.row.contains(
                " \(frost) of \(of) members (\(String(format: "%.0f", percent)) %) over the \(covered) hours the ensemble covers (of \(night), to \(end))"
            ), "\(result.row)")
        #expect(result.flat.contains(Self.floorNote), "\(result.flat)")
        #expect(result.json["members_reaching"] as? Int == frost && result.json["members"] as? Int == of)
        #expect(result.json["hours_covered"] as? Int == covered && result.json["hours_in_day"] as? Int == night)
        #expect(result.json["covered_until"] as? String == figures["end_utc"] as? String)
    }

    @Test func aNightWithAnInstantNoMemberHoldsIsCountedWithout() throws {
        let morning = "2026-12-04"
        let now = "2026-12-01T12:00:00Z"
        let figures = try Self.figures(
            "hamburg-ecmwf-ifs025-51-members-03h-temperature-null-hand-edited.json", now: now,
            zone: "Europe/Berlin", morning: morning)
        #expect(figures["ends_early"] as? Bool == false, "\(figures)")
        let covered = try #require(figures["hours_covered"] as? Int)
        let night = try #require(figures["hours_in_night"] as? Int)
        let frost = try #require(figures["frost"] as? Int)
        let of = try #require(figures["of"] as? Int)
        let percent = try #require(figures["percent"] as? Double)
        let gaps = try #require(figures["gaps"] as? [String])
        #expect(gaps.count == 1, "\(figures)")
        let result = try Self.run(place: "53.5,10.0", now: now, morning: morning, queue: Self.hamburgNullAtThree)
        #expect(!result.row.contains("no member has values"), "\(result.row)")
        #expect(
            result.row.contains(
                " \(frost) of \(of) members (\(String(format: "%.0f", percent)) %) over the \(covered) hours the ensemble covers (of \(night), without \(gaps[0]))"
            ), "\(result.row)")
        #expect(result.flat.contains(Self.floorNote), "\(result.flat)")
        #expect(result.json["members_reaching"] as? Int == frost && result.json["members"] as? Int == of)
        #expect(result.json["hours_covered"] as? Int == covered && result.json["hours_in_day"] as? Int == night)
    }
}
