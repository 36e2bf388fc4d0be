import Foundation
import Testing
import WeatherTestSupport

/// `check --frost` counts members by the rule `chance` and `check --rain` count them by
/// (`EnsembleMemberCount`): a member whose temperatures stop within the day counts when an
/// instant it has is already below 0 °C, and is left out only when none is. Hamburg's answer
/// (members 46–50 stop within Fri 04 Dec): one of the five is already below 0 °C, so Friday's
/// frost is 13 of 47 members (27.7 %) — counted only over the members with every instant it was
/// 12 of 46 (26.1 %), and `check --frost 27%` held not. Expected: Fixtures/brief/check_expected.py
/// over the same answer.
@Suite(.tags(.endToEnd))
struct CheckFrostMemberCountEndToEndTests {
    /// Thu 03 Dec 23:30 CET: today has no hour left, so the reading is Friday's.
    static let now = "2026-12-03T22:30:00Z"
    static let answer = "open-meteo-ensemble/hamburg-ecmwf-ifs025-51-members-hand-written.json"

    @Test func aMemberAlreadyBelowZeroCountsAsFrost() throws {
        let run = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/brief/check_expected.py", Self.now, Self.answer, "Europe/Berlin"],
            environment: ["PATH": "/usr/bin:/bin"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: Any]])
        let frost = try #require(object["frost"])
        let members = try #require(frost["members"] as? Int)
        let of = try #require(frost["of"] as? Int)
        #expect(frost["date"] as? String == "2026-12-04")
        let percent = Double(members) * 100 / Double(of)
        let server = try FixtureServer()
        let held = try runWX(
            ["check", "--frost", "\(Int(percent.rounded(.down)))%", "Hamburg"], home: TemporaryFolder(),
            server: server, now: Self.now)
        #expect(held.status == 0, "\(held.stdout)\(held.stderr)")
        #expect(held.stdout.contains("frost tomorrow \(members) of \(of) members"), "\(held.stdout)")
        let notHeld = try runWX(
            ["check", "--frost", "\(Int(percent.rounded(.up)))%", "Hamburg"], home: TemporaryFolder(),
            server: server, now: Self.now)
        #expect(notHeld.status == 1, "\(notHeld.stdout)\(notHeld.stderr)")
        // `confidence --json` gives Friday's frost out of the same members.
        let json = try runWX(
            ["--json", "-c", "confidence Hamburg"], home: TemporaryFolder(), server: server, now: Self.now)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        let friday = try #require(days.first { $0["date"] as? String == "2026-12-04" }, "\(days)")
        #expect(friday["frost_members"] as? Int == members && friday["frost_of_members"] as? Int == of, "\(friday)")
    }
}
