import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// What trial 11 found in the parser and the views: wx's `--json` typed at the prompt beside any
/// command, `rain` for a forecast whose days alone carry precipitation, and phrases a line
/// break parted.
@Suite(.tags(.unit)) struct Trial11ViewTests {
    /// `favs --json` said "“favs” takes no arguments" and `--json favs` "unknown command", where
    /// `show --json` said how JSON is had; now every command that does not take the flag itself.
    static let howJSON = "for JSON, “format json”, or wx --json … from the shell"

    @Test(arguments: [
        ("favs --json", "“--json” is not an option of “favs”: \(Self.howJSON)"),
        ("saved --json", "“--json” is not an option of “saved”: \(Self.howJSON)"),
        ("history --json", "“--json” is not an option of “history”: \(Self.howJSON)"),
        ("--json favs", "“--json” is wx’s option, given as it starts (wx --json favs); here, “format json” gives JSON"),
        ("--json", "“--json” is wx’s option, given as it starts (wx --json …); here, “format json” gives JSON"),
        ("--offline", "“--offline” is no command: wx’s options are given as it starts (see wx --help)"),
    ])
    func jsonTypedAtThePromptSaysHowJSONIsHad(_ line: String, _ message: String) {
        #expect(throws: ShellError.usage(message)) { try CommandParser.parse(line) }
    }

    /// `line` takes `--json` itself; the check leaves it alone.
    @Test func lineKeepsItsOwnJSONFlag() throws {
        let parsed = try CommandParser.parse("line Berlin --json")
        guard case .statusLine = parsed else {
            Issue.record("\(String(describing: parsed))")
            return
        }
    }

    static let metric = ValueFormatter(units: .metric)

    /// A forecast at 10:30 on Fri 06 Oct in UTC+05:30 with no hours and three days.
    static func dailyOnly(probabilities: [Double?], sums: [Double?]) -> (Forecast, Date) {
        var forecast = Forecast(
            coordinate: Coordinate(latitude: 9.93, longitude: 76.27),
            zone: ZoneInfo(identifier: "Asia/Kolkata", abbreviation: "IST", utcOffsetSeconds: 19_800),
            source: .openMeteo)
        let first = LocalDate(year: 2023, month: 10, day: 6)
        forecast.daily = zip(probabilities, sums).enumerated().map { index, values in
            var day = DailyForecast(date: CivilCalendar.date(fromDays: first.dayNumber + index))
            day.precipitationProbabilityMaxPercent = values.0
            day.precipitationSumMillimetres = values.1
            return day
        }
        return (forecast, Date(timeIntervalSince1970: 1_696_568_400))  // 2023-10-06T05:00Z, 10:30 IST
    }

    /// Kochi's demo recording has days but no hours: `rain` said "no precipitation data for now"
    /// beside `show`'s 39 % for Sunday; it now gives the days' chances and amounts.
    @Test func rainWithDaysOnlyGivesTheDays() {
        let (forecast, now) = Self.dailyOnly(probabilities: [0, 0, 39, 80], sums: [nil, nil, nil, nil])
        #expect(
            TextRenderer.byDaySentence(forecast, format: Self.metric, now: now)
                == "no hourly precipitation in this forecast; by day: today 0 %, Sat 0 %, Sun 39 %")
        let (amounts, _) = Self.dailyOnly(probabilities: [10, nil], sums: [0.4, 2.25])
        #expect(
            TextRenderer.byDaySentence(amounts, format: ValueFormatter(units: .imperial), now: now)
                == "no hourly precipitation in this forecast; by day: today 10 % 0.02 in, Sat 0.09 in")
        // Hours that end before now: not "no hourly precipitation" at all.
        var ended = forecast
        ended.hourly = [HourlyForecast(time: now.addingTimeInterval(-86_400))]
        ended.hourly[0].precipitationMillimetres = 0.2
        #expect(
            TextRenderer.byDaySentence(ended, format: Self.metric, now: now)
                == "no hourly precipitation for now in this forecast; by day: today 0 %, Sat 0 %, Sun 39 %")
        let (none, _) = Self.dailyOnly(probabilities: [nil, nil], sums: [nil, nil])
        #expect(
            TextRenderer.byDaySentence(none, format: Self.metric, now: now)
                == "no precipitation data for now in this forecast")
    }

    /// A phrase given to `wrap(keeping:)` is never parted, and comes back with plain spaces.
    @Test func keptPhrasesStayOnOneLine() {
        let text = "Warnings by MET Norway (api.met.no MetAlerts), CC BY 4.0 and NLOD 2.0"
        #expect(
            TextLayout.wrap(text, indent: 2, width: 40)
                == ["  Warnings by MET Norway (api.met.no", "  MetAlerts), CC BY 4.0 and NLOD 2.0"])
        #expect(
            TextLayout.wrap(text, indent: 2, width: 34)
                == ["  Warnings by MET Norway", "  (api.met.no MetAlerts), CC BY", "  4.0 and NLOD 2.0"])
        #expect(
            TextLayout.wrap(text, indent: 2, width: 34, keeping: TextRenderer.licenceNames)
                == ["  Warnings by MET Norway", "  (api.met.no MetAlerts),", "  CC BY 4.0 and NLOD 2.0"])
        #expect(!TextLayout.wrap(text, indent: 0, width: 200, keeping: ["CC BY 4.0"])[0].contains("\u{00A0}"))
    }
}
