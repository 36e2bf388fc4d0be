import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// The five warning feeds read from their recorded answers (Fixtures/warnings), and the shared
/// rules on them and on labelled hand-written bodies. Expected values are read off the bodies
/// by hand.
@Suite(.tags(.unit)) struct WarningFeedTests {
    func json(_ name: String) throws -> JSONValue { try JSONValue.parse(TestPaths.fixture("warnings/" + name)) }
    func date(_ text: String) -> Date { ISOTime.parse(text)! }

    static let lelystad = Place(
        name: "Lelystad", region: "Flevoland, Nederland", countryCode: "nl",
        coordinate: Coordinate(latitude: 52.5185, longitude: 5.4714), displayName: "Lelystad, Flevoland, Nederland")

    @Test func nwsFloodWatchUpdateWithEndsLaterThanExpires() throws {
        let answer = try NWSWarnings.read(try json("nws-alerts-active-zone-portland-flood-watch-2019-12.json"))
        #expect(answer.warnings.count == 1)
        let watch = answer.warnings[0]
        #expect(watch.id == "NWS-IDP-PROD-3965873-3369046")
        #expect(watch.event == "Flood Watch")
        #expect(watch.severity == .severe)
        #expect(watch.level == nil)
        #expect(watch.issuer == "NWS Portland OR")
        #expect(watch.messageType == .update)
        #expect(watch.references.count == 4)
        #expect(watch.references.first == "NWS-IDP-PROD-3964821-3368352")
        #expect(watch.onset == date("2019-12-20T21:34:00Z"))
        #expect(watch.expires == date("2019-12-21T13:30:00Z"))
        #expect(watch.ends == date("2019-12-22T18:00:00Z"))
        #expect(watch.hazard == .rain)
        #expect(
            watch.instruction?.hasPrefix("A Flood Watch means there is a potential for flooding based on\ncurrent")
                == true)
        // In force after `expires` while `ends` is ahead; gone at `ends`.
        #expect(WarningRules.current(answer.warnings, now: date("2019-12-22T17:59:00Z")).count == 1)
        #expect(WarningRules.current(answer.warnings, now: date("2019-12-22T18:00:00Z")).isEmpty)
    }

    @Test func brightSkyFrostInEnglishOrGerman() throws {
        let english = try BrightSkyWarnings.read(try json("brightsky-alerts-berlin-frost-2026-03.json"), language: "en")
        let frost = try #require(english.warnings.first)
        #expect(frost.event == "Frost")
        #expect(frost.severity == .minor)
        #expect(frost.level == .yellow)
        #expect(frost.headline == "Official WARNING of FROST")
        #expect(frost.language == "en")
        #expect(frost.area == "Berl. - Mitte")
        #expect(frost.onset == date("2026-03-07T00:00:00Z"))
        #expect(frost.end == date("2026-03-07T08:00:00Z"))
        #expect(frost.hazard == .frost)
        let german = try BrightSkyWarnings.read(try json("brightsky-alerts-berlin-frost-2026-03.json"), language: "de")
        #expect(german.warnings.first?.headline == "Amtliche WARNUNG vor FROST")
        #expect(german.warnings.first?.description == "Es tritt leichter Frost zwischen -1 °C und -5 °C auf.")
        #expect(german.warnings.first?.language == "de")
        // Announced the evening before, in force at night, gone at 08:00 UTC.
        let evening = WarningRules.current(english.warnings, now: date("2026-03-06T20:00:00Z"))
        #expect(evening.count == 1)
        #expect(WarningRules.inForce(evening, now: date("2026-03-06T20:00:00Z")).isEmpty)
        #expect(WarningRules.inForce(english.warnings, now: date("2026-03-07T03:00:00Z")).count == 1)
        #expect(WarningRules.current(english.warnings, now: date("2026-03-07T08:00:00Z")).isEmpty)
    }

    @Test func ecccKeepsOnlyTheAreaHoldingThePoint() throws {
        let body = try json("eccc-alerts-toronto-freezing-rain-2026-03.json")
        let toronto = try ECCCWarnings.read(
            body, at: Coordinate(latitude: 43.6535, longitude: -79.3839), language: "en")
        #expect(toronto.warnings.count == 1)
        let warning = toronto.warnings[0]
        #expect(warning.area == "City of Toronto")
        #expect(warning.event == "Freezing rain warning")
        #expect(warning.level == .yellow)
        #expect(warning.severity == .moderate)
        #expect(warning.onset == date("2026-03-05T22:00:00Z"))
        #expect(warning.ends == date("2026-03-06T06:00:00Z"))
        #expect(warning.expires == date("2026-03-06T08:04:06.795Z"))
        #expect(warning.headline == "Freezing rain on tap.")
        #expect(warning.hazard == .frost)
        let french = try ECCCWarnings.read(body, at: Coordinate(latitude: 43.6535, longitude: -79.3839), language: "fr")
        #expect(french.warnings.first?.event == "Avertissement de pluie verglaçante")
        #expect(french.warnings.first?.area == "ville de Toronto")
        let hamilton = try ECCCWarnings.read(
            body, at: Coordinate(latitude: 43.2561, longitude: -79.8692), language: "en")
        #expect(hamilton.warnings.map(\.area) == ["City of Hamilton"])
        // Kingston is far outside every polygon of the answer.
        let kingston = try ECCCWarnings.read(body, at: Coordinate(latitude: 44.23, longitude: -76.49), language: "en")
        #expect(kingston.warnings.isEmpty)
    }

    @Test func metNorwayKeepsTheMarineAreaHoldingHammerfest() throws {
        let answer = try MetNorwayWarnings.read(
            try json("metno-alerts-geojson-2026-03.json"), at: Coordinate(latitude: 70.6634, longitude: 23.6821))
        #expect(answer.warnings.count == 1)
        let gale = answer.warnings[0]
        #expect(gale.area == "Torsvåg - Fruholmen")
        #expect(gale.level == .yellow)
        #expect(gale.severity == .moderate)
        #expect(gale.onset == date("2026-03-06T01:00:00Z"))
        #expect(gale.ends == date("2026-03-07T13:00:00Z"))
        #expect(gale.language == "no")
        #expect(gale.hazard == .wind)
        #expect(WarningRules.inForce(answer.warnings, now: date("2026-03-07T06:00:00Z")).count == 1)
    }

    @Test func meteoAlarmGreenEntriesAreNoWarnings() throws {
        let body = try json("meteoalarm-netherlands-green-and-wind-2026-03.json")
        let english = try MeteoAlarmWarnings.read(body, for: Self.lelystad, language: "en")
        #expect(english.warnings.count == 1)
        #expect(english.warnings[0].level == .green)
        #expect(english.warnings[0].headline == "Wind - No warnings for Flevoland - The Netherlands")
        #expect(english.match == "matched by region name: Flevoland")
        #expect(WarningRules.current(english.warnings, now: date("2026-03-07T06:00:00Z")).isEmpty)
        let dutch = try MeteoAlarmWarnings.read(body, for: Self.lelystad, language: "nl")
        #expect(dutch.warnings[0].language == "nl-NL")
        #expect(dutch.warnings[0].issuer == "KNMI")
    }

    @Test func meteoAlarmSaysWhenNoRegionMatches() throws {
        let utrecht = Place(
            name: "Utrecht", region: "Utrecht, Nederland", countryCode: "nl",
            coordinate: Coordinate(latitude: 52.09, longitude: 5.12), displayName: "Utrecht, Utrecht, Nederland")
        let answer = try MeteoAlarmWarnings.read(
            try json("meteoalarm-netherlands-green-and-wind-2026-03.json"), for: utrecht, language: "en")
        #expect(answer.warnings.isEmpty)
        #expect(
            answer.match
                == "no region in the feed has a name from the place’s address (Utrecht, Utrecht, Nederland); wx matches by region name"
        )
    }

    /// Meteoalarm-netherlands-rules-hand-written.json: every shared rule on one feed.
    @Test func sharedRulesOnHandWrittenMeteoAlarmFeed() throws {
        let answer = try MeteoAlarmWarnings.read(
            try json("meteoalarm-netherlands-rules-hand-written.json"), for: Self.lelystad, language: "en")
        // Drenthe's red warning is another region's.
        #expect(!answer.warnings.map(\.id).contains("NL.drenthe.red"))
        let now = date("2026-03-07T06:00:00Z")
        let current = WarningRules.current(answer.warnings, now: now)
        // Orange wind (announced) before the yellow rain update; the rain alert it replaced,
        // the fog and its cancellation, the exercise, the test, the ended ice and green: gone.
        #expect(current.map(\.id) == ["NL.wind.orange", "NL.rain.2"])
        #expect(current[0].headline == "Code orange: severe gusts in Flevoland")
        #expect(current[1].end == date("2026-03-08T05:00:00Z"))
        #expect(WarningRules.inForce(current, now: now).map(\.id) == ["NL.rain.2"])
        let dutch = try MeteoAlarmWarnings.read(
            try json("meteoalarm-netherlands-rules-hand-written.json"), for: Self.lelystad, language: "nl")
        #expect(WarningRules.current(dutch.warnings, now: now).first?.event == "Zware windstoten")
    }

    /// brightsky-alerts-bad-input-hand-written.json: escapes, an unknown severity, a time
    /// without a zone, no end.
    @Test func badInputIsCleanedAndKept() throws {
        let answer = try BrightSkyWarnings.read(
            try json("brightsky-alerts-bad-input-hand-written.json"), language: "en")
        let current = WarningRules.current(answer.warnings, now: date("2026-03-07T03:00:00Z"))
        #expect(current.map(\.id) == ["bad.1"])
        let warning = current[0]
        #expect(warning.severity == .unknown("catastrophic"))
        // Read at the earliest it may be, 14 h before its clock as UTC (nu60), and kept as
        // written to be said (trial 63).
        #expect(warning.onset == date("2026-03-06T10:00:00Z"))
        #expect(warning.onsetWithoutZone == "2026-03-07 00:00")
        #expect(answer.warnings.first { $0.id == "bad.2" }?.onsetWithoutZone == nil)
        #expect(warning.end == nil)
        #expect(warning.isInForce(at: date("2026-03-07T03:00:00Z")))
        // Control sequences go whole, not only their ESC (issue 37 item 6): "ESC [ 5 m blink
        // ESC [ 0 m" is "blink", "Berl. ESC [ 0 m - Mitte" is "Berl. - Mitte", "STORM ESC [ 31 m
        // red CSI 1 m" is "STORM red".
        #expect(warning.description == "Line one\nblink\nLine three reversed")
        #expect(warning.instruction == "Stay inside")
        #expect(warning.area == "Berl. - Mitte")
        #expect(warning.headline == "Official WARNING of STORM red")
        for text in [warning.event, warning.headline ?? "", warning.description ?? "", warning.area ?? ""] {
            #expect(
                !text.unicodeScalars.contains {
                    $0.value < 0x0A || (0x0B...0x1F).contains($0.value) || (0x7F...0x9F).contains($0.value)
                })
        }
    }

    @Test func answersThatAreNotTheDocumentedShape() {
        #expect(throws: ServiceError.malformedResponse(.nws, detail: "no list of alerts")) {
            try NWSWarnings.read(.array([]))
        }
        #expect(throws: ServiceError.malformedResponse(.meteoAlarm, detail: "no list of warnings")) {
            try MeteoAlarmWarnings.read(.object([:]), for: Self.lelystad, language: "en")
        }
    }

    @Test func levelsSeveritiesAndHazards() {
        #expect(WarningLevel("2; yellow; Moderate") == .yellow)
        #expect(WarningLevel("Orange") == .orange)
        #expect(WarningLevel("purple") == nil)
        #expect(WarningSeverity("EXTREME") == .extreme)
        #expect(WarningSeverity("Unknown") == .unknown("Unknown"))
        #expect(WarningHazard(event: "Kuling") == .wind)
        #expect(WarningHazard(event: "Schneefall") == .snow)
        #expect(WarningHazard(event: "Extreme heat warning") == .heat)
        #expect(WarningHazard(event: "Avalanche") == nil)
        #expect(WarningStatus("Exercise") == .notReal)
        #expect(WarningStatus(nil) == .actual)
    }

    @Test func feedByCountry() {
        let context = ServiceContext(
            transport: FakeTransport(), cache: nil, now: { Date(timeIntervalSince1970: 0) }, clock: TestClock())
        let feeds = WarningFeeds(endpoint: { $0.defaultBaseURL }, context: context)
        #expect(feeds.feed(forCountry: "US")?.service == .nws)
        #expect(feeds.feed(forCountry: "de")?.service == .brightSky)
        #expect(feeds.feed(forCountry: "ca")?.service == .eccc)
        #expect(feeds.feed(forCountry: "no")?.service == .metNorway)
        #expect(feeds.feed(forCountry: "nl")?.service == .meteoAlarm)
        #expect(feeds.feed(forCountry: "gb")?.service == .meteoAlarm)
        #expect(feeds.feed(forCountry: "jp") == nil)
        #expect(feeds.feed(forCountry: nil) == nil)
    }
}

/// Issue 37 item 5: an NWS alert without an `id` is still a warning, identified by its fields;
/// one with nothing to tell it by is counted as set aside, never dropped in silence. Expected
/// values are read off nws-alerts-portland-without-ids-hand-written.json by hand.
@Suite(.tags(.unit)) struct WarningWithoutIdTests {
    @Test func anAlertWithoutAnIdIsKeptAndOneWithNothingIsCounted() throws {
        let answer = try NWSWarnings.read(
            try JSONValue.parse(TestPaths.fixture("warnings/nws-alerts-portland-without-ids-hand-written.json")))
        #expect(answer.warnings.map(\.event) == ["Flood Watch"])
        #expect(
            answer.warnings.first?.id.hasPrefix("nws:NWS Portland OR|Flood Watch|2019-12-20T13:34:00-08:00|") == true)
        #expect(answer.setAside == 1)
        #expect(answer.setAsideReason == "no identifier, event, times or area")
    }
}
