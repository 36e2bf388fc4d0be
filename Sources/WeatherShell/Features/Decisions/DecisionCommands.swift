import WXBasics
import WeatherKit

// From the ensemble to a decision: `best` (when to go), `chance` (how likely a threshold is)
// and `plume` (the members drawn). Each reads the one ensemble answer `confidence` reads.

/// When `best` looks for windows (its `WHEN`), in the place's calendar.
package enum DecisionSpan: Hashable, Sendable {
    /// The next `days` × 24 hours from the next whole hour (`next 3 days`; the default).
    case next(days: Int)
    /// One calendar day (`today`, `tomorrow`, `sat`, `2026-10-24`); today from the next hour.
    case day(DriftDay)
    /// The coming Saturday and Sunday (this one while it lasts).
    case weekend

    /// The default: the next 3 days from the next hour.
    package static let standard = DecisionSpan.next(days: 3)
}

/// `best DURATION [CONDITIONS | ACTIVITY] [WHEN] [place]`, as parsed.
package struct BestRequest: Hashable, Sendable {
    /// The window's length, hours.
    package var hours: Int
    /// The conditions, activities' included, in the order typed.
    package var terms: [DecisionTerm]
    /// The words as typed (`dry`, `wind<20`, `ride`), for the heading and JSON.
    package var words: [String]
    /// When to look.
    package var span: DecisionSpan
    /// The place (nil: the current location).
    package var target: String?
}

/// One threshold of `chance`: a variable compared with a limit in any hour of a day (or the
/// day's sum or maximum with `/day`), or frost.
package enum ChanceThreshold: Hashable, Sendable {
    /// `gusts>=60`, `rain>=10mm`, `heat>=30` (temp), `rain>=20mm/day`.
    case limit(TypedLimit, perDay: Bool, word: String)
    /// The night's minimum temperature below 0 °C (18:00 to 09:00), filed under the morning it
    /// ends.
    case frost
}

/// `chance THRESHOLD… [DAYS] [place]`, as parsed.
package struct ChanceRequest: Hashable, Sendable {
    /// The thresholds, in the order typed.
    package var thresholds: [ChanceThreshold]
    /// Days from today (nil: 7).
    package var days: Int?
    /// The place (nil: the current location).
    package var target: String?
}

/// `plume [VARIABLE] [HOURS] [place]`, as parsed.
package struct PlumeRequest: Hashable, Sendable {
    /// Temperature (the default), precipitation, gusts or wind speed.
    package var variable: EnsembleVariable
    /// Hours from the next hour (nil: 48).
    package var hours: Int?
    /// The place (nil: the current location).
    package var target: String?
    /// Whether a variable was typed before the place: the place's words are then the place,
    /// and when none is found for them the error is `show`'s, with no hint that a word of them
    /// was a mistyped variable.
    package var variableTyped = false

    /// The variables `plume` draws, with the words that name them (the first as shown).
    static let variables: [(words: [String], variable: EnsembleVariable)] = [
        (["temperature", "temp"], .temperature), (["precipitation", "rain", "precip"], .precipitation),
        (["gusts", "gust"], .windGusts), (["wind"], .windSpeed),
    ]
}

extension CommandSpec {
    static let best = CommandSpec(
        name: "best", synopsis: "best DURATION [CONDITIONS | ACTIVITY] [WHEN] [place | favorite]",
        summary: "the best windows of DURATION hours where conditions hold, with odds",
        details: [
            "The windows of DURATION hours (“2h”) in the coming days where the conditions hold, ranked by how many of the ensemble’s members (ECMWF, 51 members, the control run one of them) they hold in. A member counts for a window only if every hour of it meets every condition in that member — hours are not independent, so their chances are not multiplied. The top three windows that do not overlap a better one are shown, ties to the earlier; when none holds in any member, that is said and the closest are given. The deterministic forecast’s values for the window — the forecast “show” uses — stand beside the odds.",
            "CONDITIONS: dry (under 0.1 mm each hour), rain<N, wind<N, gusts<N, temp>N, temp<N, cloud<N, sunny (cloud cover under 30 %, in daylight), daylight (between sunrise and sunset); also <=, >, >=. A bare number is in your units (a Beaufort force under “units wind bft”); a unit after it (20mph, 0.5in, 50F) is converted and the condition said in your units; “bft” after a wind number (wind<4bft) is a Beaufort force in any units. A condition no value can meet (wind<0, cloud>100) is refused with the variable’s range (exit status 2); so is a limit no value can be on the other side of, which every value meets (rain>-1, cloud<101, temp>-100, gusts<1000, wind<13bft): temperature is -90 to 60 °C, wind and gusts 0 to 410 km/h (0 to 12 Bft), rain and snow 0 to 2000 mm, cloud cover 0 to 100 %, each said in your units. A limit at a bound (rain>=0, cloud<=100) is taken. ACTIVITIES, each a set of conditions that others may add to: "
                + DecisionVocabulary.activities.map { "\($0.word) (\($0.summary))" }.joined(separator: "; ") + ".",
            "WHEN: today, tomorrow, a weekday (sat), weekend, a date (2026-10-24) or next N days; without it the next 3 days from the next hour. The first day word is the WHEN, even where a favorite has its name; a day word after the WHEN is the place, so a favorite named “Sunday” is “best 2h dry tomorrow Sunday”. Without a WHEN before the place, one at the end of the line is the WHEN: “best 2h dry 48.85,2.35 tomorrow”. Precipitation and gusts are the sum and maximum of the preceding hour, temperature, wind and cloud instants: a window from 10:00 to 12:00 reads the rain and gusts of 10:00–12:00 and the instants at 10:00, 11:00 and 12:00 — both ends, N + 1 instants for N hours. Windows are counted in real hours across a change of the clocks.",
            "Members that lack a variable a condition reads, or whose values stop before the window ends, are left out of that window and the count says from how many. One ensemble request, the same “confidence” makes and kept as long (until the model’s next run), and the forecast request “show” makes, none while that is current.",
            "Examples: best 2h dry wind<20 sat Home · best 3h ride weekend · best 1h laundry tomorrow Paris",
        ],
        completion: .decisionWords(
            DecisionVocabulary.completions + ["today", "tomorrow", "weekend", "next"] + DriftDay.weekdayNames,
            lead: 1),
        costs: [
            RequestCost(services: [.openMeteoEnsemble] + RequestCost.forecastServices, RequestCost.ensembleAndForecast)
        ]
    ) { arguments throws(ShellError) in
        try DecisionParser.best(&arguments)
    }

    static let chance = CommandSpec(
        name: "chance", synopsis: "chance THRESHOLD… [DAYS] [place | favorite]",
        summary: "the ensemble’s chance of thresholds per day, and when",
        details: [
            "For each threshold and day, how many of the ensemble’s members (ECMWF, 51 members, the control run one of them) reach it, and the hours it concentrates in: “gusts ≥ 60 km/h · Sun 25 Oct: 31 of 51 members (61 %), most 01:00–06:00”. Those hours are the ones with at least half the day’s most members; each run of them is a span of its own (“most 00:00–02:00 and 18:00–23:00”: two peaks with quiet hours between are not one), the three busiest named and the others counted; --json’s “most” lists every span, {from, until}.",
            "THRESHOLD: " + ChanceVocabulary.forms.joined(separator: ", ")
                + " (heat is temperature; frost below). Amounts are per hour (“in an hour”: any hour of the day reaches it) unless written per day (“over the day”): rain>=20mm/day, snow>=5cm/day, a day’s amount being its hours added as the decimals Open-Meteo gives (0.3 + 0.3 + 0.3 + 0.1 mm is 1 mm), as “confidence”, “check --rain” and “brief --sure” count it. Frost is the night’s minimum below 0 °C, from 18:00 to 09:00 (6:00 pm to 9:00 am under the 12-hour clock, as the rows say it), filed under the morning it ends; after 09:00 the nights start with tonight’s, DAYS of them. A bare number is in your units; snow in cm (in under imperial). A threshold no value can reach (gusts>=500) is refused with the variable’s range (exit status 2); so is one every value reaches, a limit no value can be on the other side of (rain>=-5mm, temp>=-100), by best’s rule and ranges.",
            "DAYS: how many days from today (7). Today counts from the next hour. Members without a variable are left out; a member whose values stop before the day ends counts as reaching a threshold when those it has already reach it (an hour past the limit, an amount at or over it), and is otherwise left out of that day, the count saying from how many. The day the ensemble’s answer stops within is shown, counted over the hours it covers and naming them (“over the 23 hours the ensemble covers (of 24, to 23:00)”, hours_covered in --json), as check --rain reads such a day: a member that reaches a threshold in those hours reaches it that day, and the hours missing may add more. A frost night is counted by the same rule when the answer stops within it or an instant of it is null in every member (“over the 6 hours the ensemble covers (of 16, to 23:00)”, “(of 16, without 03:00)”): a member below 0 °C at an instant held has its frost, so the count is a floor. One ensemble request, shared with “confidence”, “best” and “plume”.",
            "Examples: " + ChanceVocabulary.examples.joined(separator: " · "),
        ],
        completion: .decisionWords(
            ChanceVocabulary.forms.map { $0.hasSuffix("N") ? String($0.dropLast()) : $0 }, countEnds: true),
        costs: [RequestCost(services: [.openMeteoEnsemble], RequestCost.ensemble)]
    ) { arguments throws(ShellError) in
        try DecisionParser.chance(&arguments)
    }

    static let plume = CommandSpec(
        name: "plume", synopsis: "plume [temp | rain | gusts | wind] [HOURS] [place | favorite]",
        summary: "the ensemble’s members as a chart: median and 10–90 % band",
        details: [
            "The median of the ensemble’s members (ECMWF, 51 members, the control run one of them) and the band from the 10th to the 90th percentile, hour by hour at the place’s clock, for the next HOURS hours (48, up to the answer’s end): temperature (the default), precipitation, gusts or wind speed. Where the band widens, the members fan out.",
            "At a terminal with colour it is a chart fitted to the width (40 to 200 columns: an hour a column, or several when narrow); piped, under NO_COLOR or TERM=dumb it is a table with the 10th, 50th and 90th percentile and the members for each hour. Precipitation and gusts are named by the hour they cover (the preceding hour of their time).",
            "Example: plume gusts 24 Home",
        ],
        completion: .decisionWords(["temp", "rain", "gusts", "wind"], once: true, countEnds: true),
        costs: [RequestCost(services: [.openMeteoEnsemble], RequestCost.ensemble)]
    ) { arguments throws(ShellError) in
        try DecisionParser.plume(&arguments)
    }
}

/// The thresholds `chance` knows: one declaration its help, Tab and errors read.
enum ChanceVocabulary {
    /// The threshold forms as listed.
    static var forms: [String] { examplesByForm.map(\.form) + ["frost"] }

    /// Its examples, as `help chance` and its errors give them (the last with a count of days).
    static let examples = ["chance gusts>=60 frost", "chance rain>=10mm/day 3 Home"]

    /// Each comparison form with its variable and an example, for an error about a bare name.
    static let examplesByForm: [(form: String, variable: EnsembleVariable, example: String)] = [
        ("rain>=N", .precipitation, "rain>=1"), ("snow>=N", .snowfall, "snow>=1cm"),
        ("gusts>=N", .windGusts, "gusts>=60"),
        ("wind>=N", .windSpeed, "wind>=40"), ("temp>=N", .temperature, "temp>=25"),
        ("temp<=N", .temperature, "temp<=-5"),
        ("heat>=N", .temperature, "heat>=30"),
    ]

    /// Every word a threshold may start with, for the did-you-mean.
    static var names: [String] { ["frost", "heat"] + DecisionVocabulary.quantities.map(\.0) }
}
