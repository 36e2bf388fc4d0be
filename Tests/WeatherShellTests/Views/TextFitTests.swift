import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// Text that shows what matters (issue 13 items 2, 8, 9, 10; issue 12 item 12): night skies in
/// night words, headings that keep their time, candidates that keep their region, chart labels
/// that are whole, and every view inside the width it is given without a value broken.
@Suite(.tags(.unit)) struct TextFitTests {
    static let berlin = GoldenViewTests.report
    static let berlinNow = GoldenViewTests.now
    /// The real Nominatim answer for "Brussels" (five places around the Palais Royal).
    static let brussels = Recorded.places("nominatim/search-brussels-palais-royal-five-results.json")
    /// 23:10 CET in Brussels on 2026-11-29, ten minutes after the clear-night body's conditions.
    static let brusselsNight = Date(timeIntervalSince1970: 1_795_990_200)
    static let clearNight = WeatherReport(
        place: brussels[0],
        forecast: Recorded.forecast(
            "cases/om-brussels-clear-night-is-day.json", at: Coordinate(latitude: 50.842, longitude: 4.362)),
        origin: .network)

    static func render(_ result: CommandResult, width: Int = 80, unicode: Bool = true, now: Date = berlinNow)
        -> [String]
    {
        let context = RenderContext(units: .metric, now: now, colour: false, unicode: unicode, width: width)
        return TextRenderer.render(result, context: context).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).dropLast()
    }

    // MARK: - 13.2 clear nights

    @Test func nightWordsAndSymbolsForCodesZeroToTwoOnly() {
        #expect(WeatherCode(0).description(isNight: true) == "clear night")
        #expect(WeatherCode(1).description(isNight: true) == "mainly clear night")
        #expect(WeatherCode(2).description(isNight: true) == "partly cloudy night")
        #expect(WeatherCode(3).description(isNight: true) == "overcast")
        #expect(WeatherCode(61).description(isNight: true) == "slight rain")
        #expect(WeatherCode(0).description(isNight: false) == "clear sky")
        #expect(WeatherCode(0).description(isNight: nil) == "clear sky")
        #expect(WeatherCode(0).symbol(unicode: true, isNight: true) == "☾")
        #expect(WeatherCode(2).symbol(unicode: false, isNight: true) == ")")
        #expect(WeatherCode(0).symbol(unicode: true, isNight: false) == "☀")
        #expect(WeatherCode(3).symbol(unicode: true, isNight: true) == "☁")
    }

    @Test func hourlyIsDayIsDecoded() {
        let hours = Self.clearNight.forecast.hourly
        #expect(hours.count == 48)
        #expect(hours[8].isDay == false)  // 08:00, before the 08:24 sunrise
        #expect(hours[9].isDay == true)
        #expect(hours[23].isDay == false)
        #expect(Self.clearNight.forecast.current?.isDay == false)
    }

    @Test func aClearNightShowsAMoonNotASun() {
        let lines = Self.render(.weather(Self.clearNight), now: Self.brusselsNight)
        #expect(lines[1] == "  1.2 °C, feels like -1.9 °C · ☾ clear night · wind 7 km/h SSW (200°)")
        let ascii = Self.render(.weather(Self.clearNight), unicode: false, now: Self.brusselsNight)
        #expect(ascii[1] == "  1.2 C, feels like -1.9 C | ) clear night | wind 7 km/h SSW (200)")
    }

    @Test func hoursAfterMidnightAreNightUntilSunrise() {
        let lines = Self.render(.hourly(Self.clearNight, hours: 11), now: Self.brusselsNight)
        #expect(
            Array(lines[1...12]) == [
                "  time       condition                 °C  feels  rain    mm  wind",
                "  Mon 00:00  ☾ clear night            1.4   -1.0   0 %   0.0  7 km/h SSW",
                "      01:00  ☾ clear night            0.9   -1.5   0 %   0.0  7 km/h SSW",
                "      02:00  ☾ mainly clear night     0.6   -1.8   0 %   0.0  7 km/h SSW",
                "      03:00  ☾ mainly clear night     0.5   -1.9   0 %   0.0  7 km/h SSW",
                "      04:00  ☾ partly cloudy night    0.6   -1.8   0 %   0.0  7 km/h SSW",
                "      05:00  ☾ partly cloudy night    0.9   -1.5   0 %   0.0  7 km/h SSW",
                "      06:00  ☾ partly cloudy night    1.4   -1.0   0 %   0.0  7 km/h SSW",
                "      07:00  ☁ overcast               2.0   -0.4   0 %   0.0  7 km/h SSW",
                "      08:00  ☁ overcast               2.7    0.3   0 %   0.0  7 km/h SSW",
                "      09:00  ☁ overcast               3.5    1.1   0 %   0.0  7 km/h SSW",
                "      10:00  ☁ overcast               4.3    1.9   0 %   0.0  7 km/h SSW",
            ])
    }

    @Test func withoutIsDayTheSunTimesDecide() throws {
        // The Berlin recording has no hourly is_day: sunset on Sun 27 Jul is 19:06 GMT, sunrise
        // on Mon 28 Jul 03:20.
        let forecast = Self.berlin.forecast
        func hour(_ iso: String) throws -> HourlyForecast {
            let time = try #require(ISOTime.parse(iso))
            return try #require(forecast.hourly.first { $0.time == time })
        }
        #expect(try forecast.isNight(at: hour("2025-07-27T19:00:00Z").time, isDay: nil) == false)
        #expect(try forecast.isNight(at: hour("2025-07-27T20:00:00Z").time, isDay: nil) == true)
        #expect(try forecast.isNight(at: hour("2025-07-28T03:00:00Z").time, isDay: nil) == true)
        #expect(try forecast.isNight(at: hour("2025-07-28T04:00:00Z").time, isDay: nil) == false)
        // The service's flag wins over the sun times.
        #expect(try forecast.isNight(at: hour("2025-07-28T04:00:00Z").time, isDay: false) == true)
        // No day for that time: the sun's elevation decides, never "day" for want of one —
        // 1970-01-01 00:00 UTC is night at Berlin, 1970-06-21 12:00 UTC day.
        #expect(forecast.isNight(at: Date(timeIntervalSince1970: 0), isDay: nil) == true)
        #expect(forecast.isNight(at: Date(timeIntervalSince1970: 14_817_600), isDay: nil) == false)
    }

    // MARK: - 13.8 headings

    @Test(arguments: [40, 60, 80, 100])
    func aLongPlaceNameGivesWayToTheTimeAndZone(width: Int) {
        let heading = Self.render(.weather(Self.clearNight), width: width, now: Self.brusselsNight)[0]
        #expect(heading.hasSuffix("… · Sun 23:10 CET"))
        // Never wider than the weather's views, 80 (trial 55).
        #expect(TextLayout.columns(heading) == min(width, 80))
        #expect(heading.hasPrefix("Palais Royal - "))
    }

    @Test func headingAtForty() {
        #expect(
            Self.render(.weather(Self.clearNight), width: 40, now: Self.brusselsNight)[0]
                == "Palais Royal - Koninkli… · Sun 23:10 CET")
    }

    // MARK: - 13.9 candidates

    @Test func candidatesKeepLocalityRegionAndCountryAtATerminal() {
        let result = CommandResult.candidates(query: "Brussels", places: Self.brussels)
        #expect(
            Array(Self.render(result, width: 100).prefix(4)) == [
                "  1  Palais Royal - Koninklijk Paleis,                                         50.8420, 4.3620",
                "     Ville de Bruxelles - Stad Brussel,",
                "     Région de Bruxelles-Capitale - Brussels Hoofdstedelijk Gewest, België / Belgique / Belgien",
                "  2  Coudenberg,                                                               50.8427, 4.3605",
            ])
        #expect(
            // A region part too long for a line wraps between its words (trial 8: it was cut).
            Array(Self.render(result, width: 40).prefix(7)) == [
                "  1  Palais Royal - Koninklijk Paleis,",
                "     Ville de Bruxelles - Stad Brussel,",
                "     Région de Bruxelles-Capitale -",
                "     Brussels Hoofdstedelijk Gewest,",
                "     België / Belgique / Belgien",
                "     50.8420, 4.3620",
                "  2  Coudenberg,",
            ])
        // A label that fits is as it was: 52 columns, then the coordinates.
        let hamburg = Recorded.places("nominatim/search-hamburg-elbphilharmonie-no-state.json")
        #expect(
            Self.render(.candidates(query: "Hamburg", places: hamburg))
                == ["  1  Elbphilharmonie, Hamburg, Deutschland                 53.5413, 9.9842"])
    }

    @Test func aLongNameIsCutToKeepTheRegionOnItsLine() {
        let place = Place(
            name: "35 Avenue Jean de Bologne - Jean de Bolognelaan", region: "Uccle - Ukkel, Belgique / België",
            countryCode: "be", coordinate: Coordinate(latitude: 50.8033, longitude: 4.3322),
            displayName: "35, Avenue Jean de Bologne - Jean de Bolognelaan, Uccle - Ukkel, Belgique / België")
        #expect(
            Self.render(.candidates(query: "35 Avenue Jean de Bologne", places: [place]), width: 80)
                == ["  1  35 Avenue Jean de…, Uccle - Ukkel, Belgique / België  50.8033, 4.3322"])
    }

    @Test func inScriptsAndPipesCandidatesAreNeverCut() {
        let context = RenderContext(units: .metric, now: Self.berlinNow, colour: false, unicode: true, fitsWidth: false)
        let text = TextRenderer.render(.candidates(query: "Brussels", places: Self.brussels), context: context)
        let lines = text.split(separator: "\n").map(String.init)
        // In 80 columns, as every view in a pipe: the label whole, wrapped between its words,
        // the coordinates beside its first line.
        #expect(lines.allSatisfy { TextLayout.columns($0) <= 80 }, "\(lines)")
        #expect(lines[0].hasPrefix("  1  Palais Royal - Koninklijk Paleis,") && lines[0].hasSuffix("  50.8420, 4.3620"))
        let label = lines.prefix { !$0.hasPrefix("  2  ") }.enumerated().map { index, line in
            index == 0 ? String(line.dropFirst(5).dropLast(16)).trimmed : line.trimmed
        }
        #expect(
            label.joined(separator: " ")
                == "Palais Royal - Koninklijk Paleis, Ville de Bruxelles - Stad Brussel, Région de Bruxelles-Capitale - Brussels Hoofdstedelijk Gewest, België / Belgique / Belgien"
        )
        #expect(!text.contains("…"))
    }

    // MARK: - 13.10 chart labels

    @Test func sevenCharacterScaleLabelsAreWhole() {
        let start = Date(timeIntervalSince1970: 1_764_460_800)
        let hours = [-11.2, -10.4, -9.1, -8.0].enumerated().map { index, celsius in
            var hour = HourlyForecast(time: start.addingTimeInterval(Double(index) * 3_600))
            hour.temperatureCelsius = celsius
            hour.precipitationProbabilityPercent = 0
            return hour
        }
        let lines = TemperatureChart.lines(
            hours, clock: ZoneClock(ZoneInfo(identifier: "UTC", abbreviation: "UTC", utcOffsetSeconds: 0)),
            format: ValueFormatter(units: .metric), unicode: true)
        // Two spaces before the longest label (trial 9); every chance 0 %: no band of two empty rows.
        #expect(lines.first == "   -8.0 °C ┤   █")
        #expect(lines[5] == "  -11.2 °C ┤▁███")
        #expect(lines.count == 7)
        #expect(lines.last == "            00")
    }

    // MARK: - 12.12 narrow terminals

    static let favorites = [
        Favorite(name: "Elbphilharmonie", place: berlin.place),
        Favorite(name: "Palais Royal - Koninklijk Paleis", place: brussels[0]),
    ]

    static let views: [(String, CommandResult)] = [
        ("show", .weather(berlin)), ("hourly", .hourly(berlin, hours: 48)), ("daily", .daily(berlin, days: 16)),
        ("compare", .comparison([berlin, clearNight], missing: [])), ("favs", .favorites(favorites)),
        ("find", .candidates(query: "Brussels", places: brussels)),
        ("saved", .snapshots(ExportFormatTests.snapshots)), ("use", .currentPlace(brussels[0])),
    ]

    @Test(arguments: [40, 60, 80, 100])
    func everyViewFitsItsWidthWithoutBreakingAValue(width: Int) {
        for (name, result) in Self.views {
            let lines = Self.render(result, width: width)
            for line in lines {
                #expect(TextLayout.columns(line) <= width, "\(name) at \(width): \(line)")
                // A cut value would end in a digit, a unit or a compass point before "…".
                let cutValue = ["0…", "1…", "2…", "3…", "4…", "5…", "6…", "7…", "8…", "9…", ",…", ".…", "%…"]
                #expect(!cutValue.contains(where: line.contains), "\(name) at \(width): \(line)")
            }
        }
    }

    @Test func narrowTablesDropColumnsRatherThanCutValues() {
        // A condition's words give way first, all of a column's together: then the values fit.
        #expect(
            Array(Self.render(.hourly(Self.berlin, hours: 2), width: 40).prefix(4)) == [
                "Berlin, Deutschland · Sun 05:10 CEST",
                "  time          °C rain  mm wind",
                "  Sun 06:00 ☁ 16.3  0 % 0.0 2 km/h WNW",
                "      07:00 ☁ 16.8  0 % 0.0 2 km/h NNW",
            ])
        #expect(
            Array(Self.render(.daily(Self.berlin, days: 2), width: 40)) == [
                "Berlin, Deutschland · Sun 05:10 CEST",
                "  day          low °C high °C rain  mm",
                "  Sun 27 Jul ☁   16.3    24.1 20 % 0.0",
                "  Mon 28 Jul ☂   17.1    21.9 35 % 0.2",
                "  left out for the width: wind max",
                // The recording is in GMT: its days are UTC's, and said to be (trial 15).
                "  days are UTC days (02:00–02:00 CEST):",
                "  Open-Meteo answered in GMT",
            ])
        #expect(
            Self.render(.favorites(Self.favorites), width: 40) == [
                "  ★ Elbphilharmonie     52.5200, 13.4100",
                "  ★ Palais Royal - Kon… 50.8420, 4.3620",
                "  left out for the width: region",
            ])
        #expect(
            Self.render(.comparison([Self.berlin, Self.clearNight], missing: []), width: 60) == [
                "  place        now °C  condition             today °C  rain",
                "  Berlin         16.5  overcast          16.3 … 24.1*  20 %",
                // No today for Brussels here: no chance for it (trial 55: "0 %" was its
                // conditions' hour, 16 months off).
                "  Palais Roya…    1.2  clear night                 —      —",
                "  left out for the width: wind",
                "  * over the UTC day: the answer for Berlin was in GMT",
                // Shown at Berlin's recorded time, the Brussels reading is far ahead of it.
                "  Palais Royal - Koninklijk Paleis: conditions for",
                "  2026-11-29 23:00 CET, 16 months after now — not now",
            ])
        #expect(
            Self.render(.snapshots(ExportFormatTests.snapshots), width: 40) == [
                "3 2025-07-27 05:00 Elbphilharmo… 16.5 °C",
                "4 2025-07-27 03:30 Nowhere       -0.3 °C",
                "  left out for the width: rain chance,",
                "  precipitation, condition",
            ])
        #expect(
            Self.render(.snapshots(ExportFormatTests.snapshots), width: 80) == [
                // The name whole: "overcast" leaves the condition's column spare (trial61).
                "    3  2025-07-27 05:00  Elbphilharmonie  16.5 °C  20 %   0.0 mm  overcast",
                // No code kept: "—", as the forecast it came from may have carried none.
                "    4  2025-07-27 03:30  Nowhere          -0.3 °C     —        —  —",
            ])
        // None (none saved, or all deleted): no "yet" after a `saved rm` (trial 11).
        #expect(Self.render(.snapshots([]), width: 80) == ["no snapshots: “save” keeps the last weather shown"])
        // The place's coordinates stay whole; its name gives way.
        #expect(
            Self.render(.currentPlace(Self.brussels[0]), width: 40) == [
                "current location: Palais Royal - Konink…", "  (50.8420, 4.3620)",
            ])
        #expect(
            Self.render(.currentPlace(Self.brussels[0]), width: 80) == [
                "current location: Palais Royal - Koninklijk Paleis, Ville de … (50.8420, 4.3620)"
            ])
        // The show view's hour columns: as many as 40 columns hold.
        let show = Self.render(.weather(Self.berlin), width: 40)
        #expect(show.contains("  hour       06   07   08   09   10   11"))
        #expect(show.contains("  °C         16   17   18   20   21   22"))
    }
}
