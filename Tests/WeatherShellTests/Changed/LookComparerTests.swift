import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// `changed`'s rules (BriefRules' change rows), one at a time on hand-made looks: each at its
/// edge and just under it, warnings new and ended by id, the ensemble's chance, rain that came
/// or went, and the order of importance.
@Suite(.tags(.unit)) struct LookComparerTests {
    static let now = Date(timeIntervalSince1970: 1_753_862_400)  // 2025-07-30T08:00:00Z
    static let today = LocalDate(year: 2025, month: 7, day: 30)

    static func look(
        high: Double = 21, low: Double = 14, rain: Double = 0, start: Date? = nil, end: Date? = nil,
        warnings: [LookWarning]? = [], chance: LookChance? = nil, at time: Date = now
    ) -> Look {
        Look(
            placeKey: "52.5170,13.3889", placeName: "Berlin", time: time, command: "show", provider: "openMeteo",
            unitSystem: "metric", answerTime: time, utcOffsetSeconds: 7_200,
            days: [LookDay(date: today, highCelsius: high, lowCelsius: low, precipitationMillimetres: rain)],
            rainStart: start, rainEnd: end, hadHours: true, warnings: warnings, chance: chance)
    }

    func changes(_ earlier: Look, _ current: Look) -> [LookChange] {
        LookComparer.changes(from: earlier, to: current, today: Self.today)
    }

    @Test func highsAndLowsChangeAtTwoDegrees() {
        #expect(changes(Self.look(high: 21), Self.look(high: 22.9)).isEmpty)
        #expect(changes(Self.look(high: 21), Self.look(high: 23)) == [.high(date: Self.today, was: 21, now: 23)])
        #expect(changes(Self.look(low: 14), Self.look(low: 12)) == [.low(date: Self.today, was: 14, now: 12)])
    }

    @Test func rainChangesAtOneMillimetreOrWhenTheDayTurns() {
        #expect(changes(Self.look(rain: 2), Self.look(rain: 2.9)).isEmpty)
        #expect(
            changes(Self.look(rain: 2), Self.look(rain: 3)) == [.rain(date: Self.today, was: 2, now: 3, turned: false)])
        // 0.5 → 1.0 mm: under the 1 mm step, but the day turned wet.
        #expect(
            changes(Self.look(rain: 0.5), Self.look(rain: 1)) == [
                .rain(date: Self.today, was: 0.5, now: 1, turned: true)
            ])
    }

    @Test func rainStartAndEndChangeAtAnHourAndWhenTheRainComesOrGoes() {
        let noon = Self.now.addingTimeInterval(4 * 3_600)
        let evening = Self.now.addingTimeInterval(10 * 3_600)
        let moved = changes(
            Self.look(start: noon, end: evening),
            Self.look(start: noon.addingTimeInterval(-3_600), end: evening.addingTimeInterval(1_800)))
        #expect(moved == [.rainStart(was: noon, now: noon.addingTimeInterval(-3_600))])
        #expect(changes(Self.look(), Self.look(start: noon, end: evening)) == [.rainStart(was: nil, now: noon)])
        #expect(changes(Self.look(start: noon, end: evening), Self.look()) == [.rainStart(was: noon, now: nil)])
        // Begun before now in both: not compared; a spell over by now that went is no change.
        let past = Self.now.addingTimeInterval(-3 * 3_600)
        #expect(
            changes(
                Self.look(start: past, end: evening),
                Self.look(start: Self.now.addingTimeInterval(-3_600), end: evening)
            )
            .isEmpty)
        #expect(changes(Self.look(start: past, end: Self.now.addingTimeInterval(-60)), Self.look()).isEmpty)
    }

    @Test func rainIsComparedOnlyOnTheSameDayAndNotPastAnEndedSpell() {
        // Issue 36. Earlier look: Wed 06:00 CEST (04:00 UTC), rain Wed 14:00–20:00 CEST.
        let earlierTime = Self.now.addingTimeInterval(-4 * 3_600)
        let start = Self.now.addingTimeInterval(4 * 3_600)
        let end = Self.now.addingTimeInterval(10 * 3_600)
        let earlier = Self.look(start: start, end: end, at: earlierTime)
        // Thu 00:00 CEST: the next spell, Thu 02:00–05:00 CEST, on another day: not compared.
        let midnight = Self.now.addingTimeInterval(14 * 3_600)
        let next = Self.look(
            start: midnight.addingTimeInterval(2 * 3_600), end: midnight.addingTimeInterval(5 * 3_600), at: midnight)
        let thursday = LocalDate(year: 2025, month: 7, day: 31)
        #expect(LookComparer.changes(from: earlier, to: next, today: thursday).isEmpty)
        // Wed 22:00 CEST, the same day: Wednesday's spell over, the next one is not it moved.
        let late = Self.now.addingTimeInterval(12 * 3_600)
        let nextLate = Self.look(
            start: late.addingTimeInterval(4 * 3_600), end: late.addingTimeInterval(7 * 3_600), at: late)
        #expect(changes(earlier, nextLate).isEmpty)
        // Still raining at Wed 16:00 CEST by the earlier look but dry until 21:00 now: a change.
        let afternoon = Self.now.addingTimeInterval(6 * 3_600)
        let dryNow = Self.look(
            start: afternoon.addingTimeInterval(3 * 3_600), end: afternoon.addingTimeInterval(5 * 3_600), at: afternoon)
        #expect(changes(earlier, dryNow).first == .rainStart(was: start, now: afternoon.addingTimeInterval(3 * 3_600)))
    }

    @Test func warningsNewAndEndedByIdAndOnlyWhenBothLooksAskedAFeed() {
        let wind = LookWarning(id: "w1", event: "Wind")
        let frost = LookWarning(id: "f1", event: "Frost")
        #expect(
            changes(Self.look(warnings: [frost]), Self.look(warnings: [wind]))
                == [.warningNew(wind), .warningEnded(frost)])
        #expect(changes(Self.look(warnings: nil), Self.look(warnings: [wind])).isEmpty)
    }

    @Test func theChanceChangesAtTenPointsOrWhenItsWordDoes() {
        func chance(_ members: Int) -> LookChance {
            LookChance(
                date: Self.today, members: members, ofMembers: 50,
                from: EnsembleForecast.nextHour(after: Self.now, onGridOf: nil))
        }
        // 40 % → 58 %: possible both, 18 points.
        #expect(
            changes(Self.look(chance: chance(20)), Self.look(chance: chance(29))) == [
                .chance(was: chance(20), now: chance(29), wasLooked: nil)
            ])
        // 60 % → 66 %: 6 points, but "possible" became "likely".
        #expect(
            changes(Self.look(chance: chance(30)), Self.look(chance: chance(33))) == [
                .chance(was: chance(30), now: chance(33), wasLooked: nil)
            ])
        // 40 % → 48 %: neither.
        #expect(changes(Self.look(chance: chance(20)), Self.look(chance: chance(24))).isEmpty)
        #expect(changes(Self.look(chance: nil), Self.look(chance: chance(40))).isEmpty)
    }

    /// Like with like: a look hours before is compared over the later look's span (its count
    /// kept for that hour), never its own longer one; a look that kept only the whole day's
    /// count (an older wx) is not compared with the rest of one.
    @Test func theChanceIsComparedOverTheLaterLooksHours() {
        let next = EnsembleForecast.nextHour(after: Self.now, onGridOf: nil)
        let earlierTime = Self.now.addingTimeInterval(-3 * 3_600)
        let from = EnsembleForecast.nextHour(after: earlierTime, onGridOf: nil)
        // From 3 hours before: 30 of 50; from each later hour: 30, 25, 5 (the rain is past by then).
        let earlier = LookChance(
            date: Self.today, members: 30, ofMembers: 50, from: from,
            later: [30, 25, 5, 5].map { LookChanceCount(members: $0, ofMembers: 50) })
        let now = LookChance(date: Self.today, members: 5, ofMembers: 50, from: next)
        #expect(next.timeIntervalSince(from) == 3 * 3_600)
        #expect(changes(Self.look(chance: earlier, at: earlierTime), Self.look(chance: now)).isEmpty)
        let wetter = LookChance(date: Self.today, members: 30, ofMembers: 50, from: next)
        let was = LookChance(date: Self.today, members: 5, ofMembers: 50, from: next)
        #expect(
            changes(Self.look(chance: earlier, at: earlierTime), Self.look(chance: wetter)) == [
                .chance(was: was, now: wetter, wasLooked: nil)
            ])
        let wholeDay = LookChance(date: Self.today, members: 30, ofMembers: 50)
        #expect(changes(Self.look(chance: wholeDay, at: earlierTime), Self.look(chance: now)).isEmpty)
        // Counted from a later hour than the current look's: not the same hours either.
        let after = LookChance(date: Self.today, members: 5, ofMembers: 50, from: next.addingTimeInterval(3_600))
        #expect(changes(Self.look(chance: after), Self.look(chance: wetter)).isEmpty)
    }

    @Test func theMostImportantComesFirst() {
        let wind = LookWarning(id: "w1", event: "Wind")
        let noon = Self.now.addingTimeInterval(4 * 3_600)
        let found = changes(
            Self.look(high: 21, rain: 0), Self.look(high: 25, rain: 3, start: noon, end: noon, warnings: [wind]))
        #expect(
            found == [
                .warningNew(wind), .rainStart(was: nil, now: noon),
                .rain(date: Self.today, was: 0, now: 3, turned: true),
                .high(date: Self.today, was: 21, now: 25),
            ])
    }

    @Test func anotherProviderIsNotCompared() {
        var earlier = Self.look(high: 10)
        earlier.provider = "openWeatherMap"
        let place = Place(
            name: "Berlin", region: "", countryCode: "de", coordinate: Coordinate(latitude: 52.517, longitude: 13.3889),
            displayName: "Berlin")
        let comparison = LookComparer.compare(
            earlier, Self.look(), place: place,
            zone: ZoneInfo(identifier: "Europe/Berlin", abbreviation: "CEST", utcOffsetSeconds: 7_200),
            today: Self.today)
        #expect(comparison.outcome == .otherProvider("openWeatherMap"))
        #expect(comparison.changes.isEmpty)
    }

    @Test func aLookInAPresetComparedInMixedUnitsNamesTheUnitsThatDiffer() {
        // Issue 36's trial: "You looked in metric units; compared in mixed."
        var mixed = UnitPreferences.metric
        mixed.temperature = .fahrenheit
        #expect(
            TextRenderer.unitsSentence(earlier: "metric", current: mixed)
                == "You looked in metric units; now °F for temperature: compared in yours now.")
        #expect(
            TextRenderer.unitsSentence(earlier: "imperial", current: .metric)
                == "You looked in imperial units; compared in metric.")
    }
}

extension LookComparerTests {
    /// A look keeps 20 warnings: with more in force, `changed` listed at most 20 new ones and
    /// stopped, as if those were all. The rest are counted after them, in text and JSON.
    @Test func warningsBeyondWhatALookKeepsAreCounted() {
        let new = (1...20).map { LookWarning(id: "w\($0)", event: "frost \($0)") }
        let place = Place(
            name: "Berlin", region: "Deutschland", countryCode: "de",
            coordinate: Coordinate(latitude: 52.517, longitude: 13.3889), displayName: "Berlin, Deutschland")
        var comparison = LookComparer.compare(
            Self.look(), Self.look(warnings: new), place: place,
            zone: ZoneInfo(identifier: nil, abbreviation: "CEST", utcOffsetSeconds: 7_200), today: Self.today)
        comparison.warningsNotCompared = 1_980
        let context = RenderContext(units: .metric, now: Self.now, colour: false, unicode: true, width: 200)
        let lines = TextRenderer.changedLines(
            comparison, context: context, format: ValueFormatter(units: .metric), style: Style(colour: false))
        #expect(lines.filter { $0.contains("New warning: frost") }.count == 20)
        // Wrapped at the 80 columns of the weather's views, not the 200 of the terminal (trial 55).
        #expect(
            lines.suffix(2) == [
                "  And 1980 more warnings in force, not compared: a look keeps the first 20",
                "  (“warnings” lists them all).",
            ])
        guard case .object(let pairs) = JSONRenderer.changed(comparison, context: context),
            case .number(let count)? = pairs.first(where: { $0.0 == "warnings_not_compared" })?.1
        else {
            Issue.record("no warnings_not_compared")
            return
        }
        #expect(count == 1_980)
    }
}
