import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Issue 23, kind 9 (the hours): at the end of daylight saving time a wall-clock hour happens
/// twice, and every view that lists hours tells the two apart by their zone. No recording
/// spans a fall-back with hourly data, so the forecasts here are hand-written: one hour every
/// UTC hour across the change, the temperature counting the hours (labelled in each test).
@Suite(.tags(.unit)) struct RepeatedHourTests {
    static func instant(_ text: String) -> Date { ISOTime.parse(text)! }

    /// A hand-written forecast in `zone` with an hour every UTC hour from `start` for `count`
    /// hours: temperature 0, 1, 2…; precipitation 0 mm before `rainFrom`, 1 mm from it.
    static func report(
        zone: String, offset: Int, from start: String, count: Int = 8, rainFrom: String? = nil
    ) -> WeatherReport {
        let first = instant(start)
        let rain = rainFrom.map(instant)
        let hours = (0..<count).map { index -> HourlyForecast in
            var hour = HourlyForecast(time: first.addingTimeInterval(Double(index * 3_600)))
            hour.temperatureCelsius = Double(index)
            hour.precipitationMillimetres = rain.map { hour.time >= $0 ? 1 : 0 } ?? 0
            hour.condition = .code(hour.precipitationMillimetres == 1 ? 61 : 3)  // slight rain, overcast
            hour.precipitationProbabilityPercent = 50
            return hour
        }
        let forecast = Forecast(
            coordinate: Coordinate(latitude: 52.52, longitude: 13.41),
            zone: ZoneInfo(identifier: zone, abbreviation: nil, utcOffsetSeconds: offset), hourly: hours,
            source: .openMeteo)
        return WeatherReport(
            place: Place(
                name: zone, region: "", countryCode: nil, coordinate: forecast.coordinate, displayName: zone),
            forecast: forecast, origin: .network)
    }

    static func text(_ result: CommandResult, at now: String, units: UnitPreferences = .metric) -> String {
        TextRenderer.render(
            result, context: RenderContext(units: units, now: instant(now), colour: false, unicode: true, width: 100))
    }

    /// Europe/Berlin, Sunday 25 October 2026: 03:00 CEST becomes 02:00 CET at 01:00 UTC.
    static let berlin = report(zone: "Europe/Berlin", offset: 7_200, from: "2026-10-24T22:00:00Z")

    @Test func theClockKnowsWhichReadingsRepeat() {
        let clock = Self.berlin.forecast.clock
        let repeated = Self.berlin.forecast.hourly.map { clock.isRepeated($0.time) }
        // 00:00 CEST, 01:00 CEST, 02:00 CEST, 02:00 CET, 03:00 CET…
        #expect(repeated == [false, false, true, true, false, false, false, false])
        // The spring change skips an hour and repeats none (29 March 2026, 01:00 UTC).
        let spring = ZoneClock(ZoneInfo(identifier: "Europe/Berlin", abbreviation: nil, utcOffsetSeconds: 3_600))
        #expect(
            (0..<4).map {
                spring.isRepeated(Self.instant("2026-03-29T00:00:00Z").addingTimeInterval(Double($0 * 3_600)))
            }
                == [false, false, false, false])
        // A fixed offset (no zone identifier) never repeats.
        let fixed = ZoneClock(ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 3_600))
        #expect(!fixed.isRepeated(Self.instant("2026-10-25T01:00:00Z")))
    }

    /// `hourly` (and `past`, which shares its table): "02:00 CEST" and "02:00 CET".
    @Test func hourlyMarksTheRepeatedHourWithItsZone() {
        let text = Self.text(.hourly(Self.berlin, hours: 8), at: "2026-10-24T21:30:00Z")
        #expect(text.contains("    02:00 CEST "), "\(text)")
        #expect(text.contains("    02:00 CET "), "\(text)")
        #expect(!text.contains("01:00 CEST") && !text.contains("03:00 CET"), "\(text)")
        let past = PastReport(
            place: Self.berlin.place,
            weather: PastWeather(
                coordinate: Self.berlin.forecast.coordinate, zone: Self.berlin.forecast.zone, source: .archive,
                requested: LocalDate(iso: "2026-10-25")!...LocalDate(iso: "2026-10-25")!,
                days: [PastDay(date: LocalDate(iso: "2026-10-25")!)],
                hours: Array(Self.berlin.forecast.hourly.dropFirst(2))),
            origin: .network)
        let pastText = Self.text(.past(past), at: "2026-11-01T12:00:00Z")
        #expect(pastText.contains("02:00 CEST") && pastText.contains("02:00 CET "), "\(pastText)")
    }

    /// America/New_York, Sunday 1 November 2026, on the 12-hour clock: 2:00 am EDT becomes
    /// 1:00 am EST at 06:00 UTC.
    @Test func twelveHourClockInNewYork() {
        let report = Self.report(zone: "America/New_York", offset: -14_400, from: "2026-11-01T03:00:00Z")
        let text = Self.text(.hourly(report, hours: 8), at: "2026-11-01T02:30:00Z", units: .imperial)
        #expect(text.contains("1:00 am EDT"), "\(text)")
        #expect(text.contains("1:00 am EST"), "\(text)")
        #expect(!text.contains("12:00 am EDT") && !text.contains("2:00 am EST"), "\(text)")
    }

    /// Australia/Lord_Howe, Sunday 5 April 2026: clocks go back 30 minutes, 02:00 +11 to
    /// 01:30 +10:30, at 15:00 UTC; the tz database has no lettered abbreviation, so the offset.
    @Test func aThirtyMinuteShiftOnLordHowe() {
        let report = Self.report(zone: "Australia/Lord_Howe", offset: 39_600, from: "2026-04-04T13:00:00Z")
        let text = Self.text(.hourly(report, hours: 8), at: "2026-04-04T12:30:00Z")
        // 14:00 UTC is 01:00 +11 (once); 15:00 UTC is 01:30 +10:30, which 14:30 UTC also read.
        #expect(text.contains("    01:00 "), "\(text)")
        #expect(!text.contains("01:00 UTC"), "\(text)")
        #expect(text.contains("    01:30 UTC+10:30 "), "\(text)")
        #expect(!text.contains("02:30 UTC"), "\(text)")
    }

    /// A heading names a zone without a lettered abbreviation by its UTC offset, as the hour
    /// rows do: Asia/Novosibirsk's tz abbreviation is "+07", which the heading showed as it is
    /// while the same place from an answer with only its offset read "UTC+07:00" (trial 10).
    @Test func aHeadingGivesANumberedZoneAsItsUTCOffset() {
        let report = Self.report(zone: "Asia/Novosibirsk", offset: 25_200, from: "2026-04-04T13:00:00Z")
        let text = Self.text(.weather(report), at: "2026-04-04T13:10:00Z")
        #expect(text.hasPrefix("Asia/Novosibirsk · Sat 20:10 UTC+07:00\n"), "\(text)")
        #expect(!text.contains(" +07\n"), "\(text)")
    }

    /// `show`'s row of hours gets a row of zones under the repeated ones; `rain` names the zone
    /// of a repeated start.
    @Test func showAndRainSayTheZone() {
        let show = Self.text(.weather(Self.berlin), at: "2026-10-24T22:10:00Z")
        let lines = show.split(separator: "\n", omittingEmptySubsequences: false)
        let hourRow = lines.firstIndex { $0.hasPrefix("  hour") }
        #expect(hourRow.map { String(lines[$0]) } == "  hour       01   02   02   03   04   05   06", "\(show)")
        #expect(hourRow.map { String(lines[$0 + 1]) } == "  zone          CEST  CET", "\(show)")
        let report = Self.report(
            zone: "Europe/Berlin", offset: 7_200, from: "2026-10-24T22:00:00Z", rainFrom: "2026-10-25T01:00:00Z")
        let now = Self.instant("2026-10-24T22:10:00Z")
        let rain = Self.text(
            .rain(report, PrecipitationOutlook(forecast: report.forecast, now: now)), at: "2026-10-24T22:10:00Z")
        // The first wet amount is labelled 01:00 UTC and is the preceding hour's (issue 37 item
        // 10): rain from 00:00 UTC, the first 02:00 of the night, in CEST.
        #expect(rain.contains("rain from 02:00 CEST,"), "\(rain)")
    }

    /// Old current conditions say when they are of: "as of 2026-10-25 02:00 CET".
    @Test func oldConditionsNameTheZoneOfARepeatedHour() {
        var report = Self.berlin
        var current = CurrentConditions(time: Self.instant("2026-10-25T01:00:00Z"))
        current.temperatureCelsius = 3
        report.forecast.current = current
        let text = Self.text(.weather(report), at: "2026-10-25T04:00:00Z")
        #expect(text.contains("as of 2026-10-25 02:00 CET"), "\(text)")
    }

    /// JSON carries each hour's UTC offset, which tells the two 02:00 apart.
    @Test func jsonCarriesTheOffsetOfEachHour() {
        let document = JSONRenderer.render(
            .hourly(Self.berlin, hours: 8),
            context: RenderContext(
                units: .metric, now: Self.instant("2026-10-24T21:30:00Z"), colour: false, unicode: true))
        #expect(document.contains(#""time":"2026-10-25T00:00:00Z","utc_offset_seconds":7200"#), "\(document)")
        #expect(document.contains(#""time":"2026-10-25T01:00:00Z","utc_offset_seconds":3600"#), "\(document)")
    }
}
