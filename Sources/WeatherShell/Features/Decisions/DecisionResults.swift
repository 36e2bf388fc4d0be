import FoundationEssentials
import WXBasics
import WeatherKit

/// A condition as `best` applies it: a variable compared with a limit in the variable's own
/// unit (°C, km/h, mm, %), or daylight.
package struct AppliedCondition: Hashable, Sendable {
    /// nil for daylight.
    package var variable: EnsembleVariable?
    /// How the hour's value must compare with the limit.
    package var comparison: Comparison
    /// The limit in the variable's unit (°C, km/h, mm, %); 0 for daylight.
    package var limit: Double
    /// The limit as typed, when it was a comparison (`wind<12mph`); nil for daylight.
    package var typed: TypedLimit?
    /// The unit its number was read in (`TypedLimit.readIn`: the user's for a bare number);
    /// nil for daylight.
    package var typedUnit: String? = nil

    /// The daylight condition (the sun above the horizon through the window).
    package static let daylight = AppliedCondition(variable: nil, comparison: .above, limit: 0, typed: nil)
}

/// The deterministic forecast's values over a window — the forecast `show` uses (Open-Meteo's
/// `/v1/forecast` hourly `temperature_2m`, `wind_speed_10m`, `wind_gusts_10m`, `precipitation`,
/// or OpenWeatherMap's under that provider) — which `best` shows beside the odds; a field is nil
/// where the forecast lacks one of its hours.
package struct WindowValues: Hashable, Sendable {
    /// The lowest and highest temperature at the window's hours, °C.
    package var temperatureRange: ClosedRange<Double>?
    /// The lowest and highest wind speed at the window's hours, km/h.
    package var windRange: ClosedRange<Double>?
    /// The strongest gust of the hours the window covers, km/h.
    package var gustsMaximum: Double?
    /// The precipitation over the hours the window covers, mm.
    package var precipitationSum: Double?
}

/// One window of `best`: its span and in how many members every condition held in every hour.
package struct BestWindow: Hashable, Sendable {
    /// The span the window's values cover (real hours: `end − start` is the duration).
    package var start: Date
    /// The end of that span (start + the window's hours of real time).
    package var end: Date
    /// Members in which every condition held in every hour.
    package var holding: Int
    /// Members with every value the conditions read for the whole window (what `holding` is of).
    package var members: Int
    /// Member-hours in which every condition held, of `memberHours`: how close a window came
    /// when it held in no member.
    package var memberHoursHolding: Int
    /// Member-hours looked at: the members counted × the window's hours.
    package var memberHours: Int
    /// The deterministic forecast's values over the window; nil when the forecast was not to
    /// be had or has none of the window's hours.
    package var forecast: WindowValues?
    /// How far the window misses, when no hour of any window holds in any member
    /// (`BestWindows.measureMisses`): per condition of the report, the median member's worst
    /// excess beyond its limit in the variable's unit (°C, km/h, mm, %), for daylight the hours
    /// not in daylight; nil otherwise.
    package var misses: [Double]? = nil

    /// `holding` as a share of `members`, percent; nil without members.
    package var percent: Double? { members > 0 ? Double(holding) * 100 / Double(members) : nil }
}

/// `best`: the windows, ranked, and what they were read from.
package struct BestReport: Hashable, Sendable {
    /// Where, as resolved (a favorite under its own name).
    package var place: Place
    /// The ensemble model the members are of (`models=` of the request).
    package var model: EnsembleModel
    /// The answer's time zone: the place's clock for every time shown.
    package var zone: ZoneInfo
    /// The window's length, hours.
    package var hours: Int
    /// The conditions as typed (`dry`, `wind<20`, `ride`).
    package var words: [String]
    /// Whether no condition was typed and `dry` was taken.
    package var defaultedToDry: Bool
    /// The conditions applied, activities' expanded, limits in the variables' units.
    package var conditions: [AppliedCondition]
    /// Each word's own conditions, in the order of `words` (an activity's whole set).
    package var wordConditions: [[AppliedCondition]] = []
    /// The WHEN asked for (the next 3 days when none).
    package var span: DecisionSpan
    /// Where windows were looked for: from `spanStart` to `spanEnd`.
    package var spanStart: Date
    /// The end of the span looked in (windows end by it).
    package var spanEnd: Date
    /// Every window looked at, in time order.
    package var windows: [BestWindow]
    /// The best windows (up to three, none overlapping a better one); those that came closest
    /// when `qualified` is false.
    package var top: [BestWindow]
    /// Whether some window held in at least one member.
    package var qualified: Bool
    /// Whether `top` is ranked by how far the windows miss (no hour of any window held in any
    /// member), each with its `misses`.
    package var closestByMiss: Bool { !qualified && top.contains { $0.misses != nil } }
    /// Members with every variable the conditions read somewhere in the answer.
    package var membersWithVariables: Int
    /// Where the ensemble answer came from: the network, the cache, or a stale copy.
    package var origin: DataOrigin
    /// The members' last hour, for saying so when the span asked reaches past it.
    package var answerEnd: Date? = nil
    /// The deterministic forecast's last hour; nil when there was no forecast.
    package var forecastEnd: Date? = nil
    /// Why the forecast's values are missing (its service's failure, in a sentence); nil when
    /// they came.
    package var forecastMissing: String? = nil
    /// The members the figures are counted over, said in the heading.
    package var counted: CountedMembers
}

/// The members of an ensemble answer a decision counts over, for its heading: those the answer
/// lists for the variables it reads, and of those the ones without any value of one (left out
/// of its figures). `plume`, `best` and `chance` say it in the one sentence
/// (`DecisionText.members`), so the same answer is never "5 of 51" in one and "6 of 51" in
/// another (trial 63).
package struct CountedMembers: Hashable, Sendable {
    /// Members the answer lists for the variables read (the union over them; for `best`, those
    /// listed for every one), with values or not; the control run among them unless
    /// `controlMissing`.
    package var inAnswer: Int
    /// Of `inAnswer`, the members without any value of a variable read: left out of that
    /// variable's figures (for `best`, of every window).
    package var withoutValues: Int
    /// The variables those members lack, in `EnsembleVariable`'s order; empty when none.
    package var lacking: [EnsembleVariable]
    /// Whether the answer lacks the control run (no variable's unsuffixed key).
    package var controlMissing: Bool

    /// The counts of `ensemble` over `variables`: the members listed for any of them, or for
    /// `every` one of them (`best`, whose windows read them all at once).
    package init(_ ensemble: EnsembleForecast, variables: [EnsembleVariable], every: Bool = false) {
        var listed: Set<Int>?
        var without: Set<Int> = []
        var lacking: [EnsembleVariable] = []
        for variable in EnsembleVariable.allCases where variables.contains(variable) {
            let empty = Set(ensemble.membersWithoutValues[variable] ?? [])
            let these = Set(ensemble.membersByNumber(variable).keys).union(empty)
            listed = listed.map { every ? $0.intersection(these) : $0.union(these) } ?? these
            if !empty.isEmpty {
                without.formUnion(empty)
                lacking.append(variable)
            }
        }
        let members = listed ?? []
        inAnswer = members.count
        withoutValues = without.intersection(members).count
        self.lacking = withoutValues > 0 ? lacking : []
        let present = EnsembleVariable.allCases.map { ensemble.membersByNumber($0) }.filter { !$0.isEmpty }
        controlMissing = !present.isEmpty && present.allSatisfy { $0[0] == nil }
    }
}

/// One day of one threshold of `chance`.
package struct ChanceDay: Hashable, Sendable {
    /// The day, in the place's calendar.
    package var date: LocalDate
    /// Members that reach the threshold that day.
    package var reaching: Int
    /// Members with every value of the day's hours (what `reaching` is of).
    package var members: Int
    /// Where it concentrates: each run of consecutive hours whose count of members is at least
    /// half the day's highest, oldest first (two peaks with quiet hours between are two spans);
    /// empty when no member reaches it.
    package var most: [ChanceSpan]
    /// Whether the day counts from the next hour only (today).
    package var fromNextHour: Bool
    /// The hours held of a day the answer stops within (`EnsembleForecast.partHours`), counted
    /// over those: a member reaching the threshold there reaches it that day (every threshold
    /// `chance` counts is reached by an hour, or by an amount the hours missing can only add
    /// to), so `reaching` is a floor; nil for a day counted whole.
    package var part: EnsemblePartHours? = nil

    /// `reaching` as a share of `members`, percent; nil without members.
    package var percent: Double? { members > 0 ? Double(reaching) * 100 / Double(members) : nil }

    /// The span of `most` with the most member-hours (the earliest of equals): --json's
    /// `most_from`/`most_until`, kept for readers of the days before `most` listed every span;
    /// nil when `most` is empty.
    package var busiest: ChanceSpan? {
        most.indices.min { (-most[$0].memberHours, $0) < (-most[$1].memberHours, $1) }.map { most[$0] }
    }
}

/// A run of `chance`'s busy hours (`ChanceDay.most`).
package struct ChanceSpan: Hashable, Sendable {
    /// The start of the first busy hour (an instant's own time; an amount's covered hour's start).
    package var from: Date
    /// The last busy instant's time, or the end of the last busy hour of an amount.
    package var until: Date
    /// The members' counts added over the span's hours: what ranks the spans the text lists.
    package var memberHours: Int
}

/// One threshold of `chance` over its days.
package struct ChanceRow: Hashable, Sendable {
    /// The threshold as parsed.
    package var threshold: ChanceThreshold
    /// The variable read (temperature for frost).
    package var variable: EnsembleVariable
    /// How a value (or a day's sum with `perDay`) must compare with `limit`.
    package var comparison: Comparison
    /// In the variable's unit (°C, km/h, mm, mm of snow, %); 0 for frost.
    package var limit: Double
    /// A day's sum (or maximum) rather than any hour.
    package var perDay: Bool
    /// Its days from today, in order; days the answer does not cover whole are left out.
    package var days: [ChanceDay]
    /// Whether the model's answer carries no such variable (the row has no days then).
    package var variableMissing: Bool
    /// Why it is missing when its members were declared in a unit wx does not know ("given in
    /// “ligne”, a unit wx does not know"); nil otherwise.
    package var unknownUnit: String? = nil
    /// Frost only: the morning of the first night shown when this morning's night (to 09:00) is
    /// over (tomorrow's); nil otherwise, the days and nights starting today.
    package var nightsFrom: LocalDate? = nil
}

/// `chance`: each threshold's days.
package struct ChanceReport: Hashable, Sendable {
    /// Where, as resolved (a favorite under its own name).
    package var place: Place
    /// The ensemble model the members are of (`models=` of the request).
    package var model: EnsembleModel
    /// The answer's time zone: the place's clock for every time shown.
    package var zone: ZoneInfo
    /// A row per threshold, in the order typed.
    package var rows: [ChanceRow]
    /// The days asked for (7 when none).
    package var requestedDays: Int
    /// Where the ensemble answer came from: the network, the cache, or a stale copy.
    package var origin: DataOrigin
    /// Today at the place when none of its hours is left to count (late in the evening):
    /// said rather than shown as a day; nil otherwise.
    package var todayWithoutHours: LocalDate? = nil
    /// The members' last hour, for saying where the days stop when fewer than asked are shown.
    package var lastTime: Date? = nil
    /// The members' first hour when it comes after the next hour (an answer made for later
    /// days): the days before it are not counted, and this says why; nil otherwise.
    package var lateStart: Date? = nil
    /// The members the figures are counted over, said in the heading.
    package var counted: CountedMembers
}

/// One hour of `plume`: the members' percentiles.
package struct PlumeHour: Hashable, Sendable {
    /// The start of the hour the values cover (the hour before the value's time for
    /// precipitation and gusts; the instant itself for temperature).
    package var time: Date
    /// The members' 10th, 50th and 90th percentile in the variable's unit, and how many; nil
    /// when no member has a value at the hour (shown as unknown, from 0 members).
    package var spread: EnsembleSpread?
}

/// `plume`: the members' median and 10–90 % band hour by hour.
package struct PlumeReport: Hashable, Sendable {
    /// Where, as resolved (a favorite under its own name).
    package var place: Place
    /// The ensemble model the members are of (`models=` of the request).
    package var model: EnsembleModel
    /// The answer's time zone: the place's clock for every time shown.
    package var zone: ZoneInfo
    /// The variable drawn (temperature, precipitation or gusts).
    package var variable: EnsembleVariable
    /// The hours from the next, up to `requestedHours`, while any member has a value.
    package var hours: [PlumeHour]
    /// The hours asked for (48 when none).
    package var requestedHours: Int
    /// Where the ensemble answer came from: the network, the cache, or a stale copy.
    package var origin: DataOrigin
    /// The first hour shown when the members' hours start after the next hour (an answer
    /// for later days); nil when they start by then.
    package var membersStartLate: Date? = nil
    /// The members the figures are counted over, said in the heading.
    package var counted: CountedMembers
}
