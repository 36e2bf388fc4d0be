import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherStore

/// The last look with the ensemble's chance is read past later looks without it, and kept by
/// compaction beside a place's last two (trial: a look without the ensemble hid a jump from 3
/// to 30 of 51 from `changed`).
@Suite(.tags(.unit)) struct LookChanceKeptTests {
    let home = TemporaryFolder()
    let start = Date(timeIntervalSince1970: 1_753_855_200)  // 2025-07-30T06:00:00Z

    func look(at minute: Int, members: Int?) -> Look {
        Look(
            placeKey: "52.5200,13.4100", placeName: "Berlin", time: start.addingTimeInterval(Double(minute) * 60),
            command: "show", provider: "openMeteo", unitSystem: "metric", answerTime: start,
            utcOffsetSeconds: 7_200, days: [], rainStart: nil, rainEnd: nil, hadHours: true, warnings: nil,
            chance: members.map {
                LookChance(
                    date: LocalDate(year: 2025, month: 7, day: 30), members: $0, ofMembers: 51,
                    from: start.addingTimeInterval(3_600))
            })
    }

    @Test func theLastLookWithTheChanceIsReadAndKeptPastTwoWithout() throws {
        let log = EventLog(folder: home.path)
        try log.appendLook(look(at: 0, members: 2))
        try log.appendLook(look(at: 10, members: 3))
        try log.appendLook(look(at: 20, members: nil))
        try log.appendLook(look(at: 30, members: nil))
        let now = start.addingTimeInterval(3_600)
        #expect(log.lastLook(at: "52.5200,13.4100", notAfter: now)?.chance == nil)
        #expect(log.lastLook(at: "52.5200,13.4100", notAfter: now) { $0.chance != nil }?.chance?.members == 3)
        _ = try log.compact(now: start)
        // The last two, and the last with the chance; the one before it goes.
        #expect(log.statistics().looks == 3)
        let read = EventLog(folder: home.path)
        #expect(read.lastLook(at: "52.5200,13.4100", notAfter: now) { $0.chance != nil }?.chance?.members == 3)
    }
}

extension LookChanceKeptTests {
    /// `since` stops the reading at the place's first look before it.
    @Test func noLookBeforeSinceIsRead() throws {
        let log = EventLog(folder: home.path)
        try log.appendLook(look(at: 0, members: 3))
        try log.appendLook(look(at: 30, members: nil))
        let now = start.addingTimeInterval(3_600)
        #expect(
            log.lastLook(at: "52.5200,13.4100", notAfter: now, since: start.addingTimeInterval(600)) {
                $0.chance != nil
            } == nil)
        #expect(
            log.lastLook(at: "52.5200,13.4100", notAfter: now, since: start) { $0.chance != nil }?.chance?.members == 3)
    }
}
