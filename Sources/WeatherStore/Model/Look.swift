import FoundationEssentials
import WXBasics
import WeatherKit

/// What wx showed for a place at one look (`show`, `daily`, `hourly`, `brief`, `changed`),
/// kept so that `changed` can say what is different now. Values are metric (°C, mm) whatever
/// the units the look was shown in; `unitSystem` says which those were.
package struct Look: Hashable, Sendable {
    /// The place's key: its coordinate rounded to 4 decimals as text ("53.5507,9.9930"), the
    /// identity favorites, snapshots and the cache use (`Coordinate.rounded`).
    package var placeKey: String
    /// The place's short name as shown.
    package var placeName: String
    /// The instant of the look: "now" for the weather shown (wx's clock, `WX_NOW` in tests, the
    /// recording's time in `make demo`).
    package var time: Date
    /// When the record was written (the record's `ts`: the real clock, as every record's).
    package var recordedAt: Date
    /// The command that looked ("show", "brief"…).
    package var command: String
    /// The forecast's provider, `Service.rawValue` ("openMeteo").
    package var provider: String
    /// "metric", "imperial" or "mixed": the units the look was shown in.
    package var unitSystem: String
    /// When the answer shown was made: the time the service's answer was fetched (the cache's
    /// stored time for a cached answer), which stands for its model run.
    package var answerTime: Date?
    /// The place's UTC offset at the look, seconds east.
    package var utcOffsetSeconds: Int
    /// Each day's high, low and rain as shown, at the place's clock — or over UTC days when
    /// `daysAreUTC`.
    package var days: [LookDay]
    /// Whether the answer's days were UTC days (Open-Meteo answered in GMT though asked for the
    /// place's zone, case OM-11): its dates name 00:00–24:00 UTC, not the place's day, and are
    /// not compared with a look of the place's days (trial58: false changes of 6 °C). False in
    /// a look an older wx kept.
    package var daysAreUTC: Bool
    /// Today's first spell of rain as `brief` finds it: when it starts and when it is dry again;
    /// both nil when the next 24 hours were dry (or the answer had no hours).
    package var rainStart: Date?
    package var rainEnd: Date?
    /// Whether the answer had hours to find rain in (nil start and end then mean dry).
    package var hadHours: Bool
    /// The warnings in force or announced, by id and event; nil when no feed was asked.
    package var warnings: [LookWarning]?
    /// The ensemble's chance of rain for the rest of today, from the look's next hour, when
    /// the look had it (an older look: the whole day's).
    package var chance: LookChance?
    /// The ensemble's chance of rain for the whole of the look's tomorrow (`from` nil), when
    /// the look had it; nil in a look an older wx kept (trial58: a swing in tomorrow's odds,
    /// 27 of 51 to 0 of 51, was never a change).
    package var chanceTomorrow: LookChance?
    /// The ensemble's chance of rain for the whole of the look's today (`from` nil), when the
    /// answer covers the whole day: what is compared with an earlier look's `chanceTomorrow`
    /// of the same date, the first look after midnight (trial59: a fall from 27 of 51 to 0 of
    /// 51 read as "nothing changed"). Not kept in the log: only the newer side of a comparison
    /// uses it.
    package var chanceToday: LookChance?

    /// Whether `other` showed the same answer of the service as this look (the same
    /// `answerTime`: a look moments before, from the cache), so that nothing new can be found
    /// between them; false when either time is unknown.
    package func showsSameAnswer(as other: Look) -> Bool {
        answerTime != nil && answerTime == other.answerTime
    }

    package init(
        placeKey: String, placeName: String, time: Date, recordedAt: Date? = nil, command: String, provider: String,
        unitSystem: String,
        answerTime: Date?, utcOffsetSeconds: Int, days: [LookDay], rainStart: Date?, rainEnd: Date?,
        hadHours: Bool, warnings: [LookWarning]?, chance: LookChance?, chanceTomorrow: LookChance? = nil,
        chanceToday: LookChance? = nil, daysAreUTC: Bool = false
    ) {
        self.placeKey = placeKey
        self.placeName = placeName
        self.time = time
        self.recordedAt = recordedAt ?? time
        self.command = command
        self.provider = provider
        self.unitSystem = unitSystem
        self.answerTime = answerTime
        self.utcOffsetSeconds = utcOffsetSeconds
        self.days = days
        self.rainStart = rainStart
        self.rainEnd = rainEnd
        self.hadHours = hadHours
        self.warnings = warnings
        self.chance = chance
        self.chanceTomorrow = chanceTomorrow
        self.chanceToday = chanceToday
        self.daysAreUTC = daysAreUTC
    }

    /// The key of the place at `coordinate`: "53.5507,9.9930" (rounded to 4 decimals).
    package static func key(_ coordinate: Coordinate) -> String { coordinate.rounded.text }

    /// The most days a look keeps (the longest forecast wx asks for).
    package static let mostDays = 16
    /// The most warnings a look keeps.
    package static let mostWarnings = 20
    /// The longest place name or warning event kept, in characters.
    package static let longestText = 120
}

/// One day of a look: the high and low, °C, and the rain, mm, as shown; nil where the answer
/// had none.
package struct LookDay: Hashable, Sendable {
    package var date: LocalDate
    package var highCelsius: Double?
    package var lowCelsius: Double?
    package var precipitationMillimetres: Double?

    package init(date: LocalDate, highCelsius: Double?, lowCelsius: Double?, precipitationMillimetres: Double?) {
        self.date = date
        self.highCelsius = highCelsius
        self.lowCelsius = lowCelsius
        self.precipitationMillimetres = precipitationMillimetres
    }
}

extension LookDay {
    /// The day with each value outside its `PhysicalRange` left out (nil): what a look keeps
    /// and writes, so that a record is never one the reader refuses (1e308 °C).
    package var bounded: LookDay {
        LookDay(
            date: date, highCelsius: highCelsius.flatMap { PhysicalRange.temperatureCelsius.contains($0) ? $0 : nil },
            lowCelsius: lowCelsius.flatMap { PhysicalRange.temperatureCelsius.contains($0) ? $0 : nil },
            precipitationMillimetres: precipitationMillimetres.flatMap {
                PhysicalRange.precipitationMillimetres.contains($0) ? $0 : nil
            })
    }
}

/// A warning a look showed: its feed's id and its event ("Frost").
package struct LookWarning: Hashable, Sendable {
    package var id: String
    package var event: String

    package init(id: String, event: String) {
        self.id = id
        self.event = event
    }
}

/// The ensemble's members whose rain on `date` from `from` to the day's end reaches 1 mm, out
/// of `ofMembers`, as a look had it; with the same counts from each later hour of the day
/// (`later`), so that a later look is compared over its own span, like with like.
package struct LookChance: Hashable, Sendable {
    package var date: LocalDate
    package var members: Int
    package var ofMembers: Int
    /// The first hour counted (UTC, the look's next whole hour); nil: the whole day (a look an
    /// older wx kept, never compared with a rest of the day).
    package var from: Date?
    /// The counts from each hour after `from`, in order, one hour apart: (members, of members).
    package var later: [LookChanceCount]

    package init(date: LocalDate, members: Int, ofMembers: Int, from: Date? = nil, later: [LookChanceCount] = []) {
        self.date = date
        self.members = members
        self.ofMembers = ofMembers
        self.from = from
        self.later = later
    }

    /// The chance over the rest of the day from `hour`: this one when it was counted from
    /// `hour`, else the count kept for it; nil when neither (another span: not comparable).
    package func counted(from hour: Date) -> LookChance? {
        guard let from else { return nil }
        if from == hour { return LookChance(date: date, members: members, ofMembers: ofMembers, from: from) }
        let steps = hour.timeIntervalSince(from) / 3_600
        guard steps >= 1, steps == steps.rounded(), Int(steps) <= later.count else { return nil }
        let count = later[Int(steps) - 1]
        return LookChance(date: date, members: count.members, ofMembers: count.ofMembers, from: hour)
    }

    /// The share of members, percent (0 when there are none).
    package var percent: Double { ofMembers > 0 ? Double(members) * 100 / Double(ofMembers) : 0 }
}

/// A count of members kept in a look for a later hour of the day (`LookChance.later`).
package struct LookChanceCount: Hashable, Sendable {
    package var members: Int
    package var ofMembers: Int

    package init(members: Int, ofMembers: Int) {
        self.members = members
        self.ofMembers = ofMembers
    }
}
