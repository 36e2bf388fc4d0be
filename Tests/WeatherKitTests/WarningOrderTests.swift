import Foundation
import Testing
import WeatherKit
import WeatherTestSupport

/// The warning that leads (`check`'s line, `brief`'s first sentence, `show`'s first line) is the
/// most severe, then the soonest. A feed's own word for a grade outside CAP's four —
/// "catastrophic" in brightsky-alerts-bad-input-hand-written.json — ranks as the grade it names
/// while it is shown as sent: it had ranked below everything, and a moderate Thaw led a Storm.
@Suite(.tags(.unit)) struct WarningOrderTests {
    let now = Date(timeIntervalSince1970: 1_772_845_200)  // 2026-03-07T01:00Z

    func warning(_ id: String, _ severity: WarningSeverity, onset: TimeInterval? = nil) -> WeatherWarning {
        WeatherWarning(
            id: id, event: id, severity: severity, onset: onset.map { Date(timeIntervalSince1970: $0) }, issuer: "DWD")
    }

    @Test func aCatastrophicWarningLeadsAModerateOne() {
        let ordered = WarningRules.current(
            [warning("thaw", .moderate, onset: 1_772_841_600), warning("storm", WarningSeverity("catastrophic"))],
            now: now)
        #expect(ordered.map(\.id) == ["storm", "thaw"])
        #expect(WarningSeverity("catastrophic").word == "catastrophic")
    }

    @Test(arguments: [("red", 4), ("Catastrophic", 4), ("orange", 3), ("yellow", 2), ("whatever", 0), ("unknown", 0)])
    func aFeedWordRanksAsTheGradeItNames(word: String, rank: Int) {
        #expect(WarningSeverity(word).rank == rank)
    }

    @Test func equalGradesLeadWithTheSoonest() {
        let ordered = WarningRules.current(
            [warning("later", .severe, onset: 1_772_900_000), warning("sooner", .severe, onset: 1_772_850_000)],
            now: now)
        #expect(ordered.map(\.id) == ["sooner", "later"])
    }
}
