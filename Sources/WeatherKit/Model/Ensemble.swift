import FoundationEssentials
import WXBasics

/// An ensemble model of Open-Meteo's Ensemble API (`models=` of `/v1/ensemble`), with how many
/// members it has (the control run included) and how often it runs.
package enum EnsembleModel: String, Hashable, Sendable, CaseIterable {
    /// ECMWF IFS ENS at 0.25°: the control run and 50 perturbed members, 15 days, runs at 00, 06,
    /// 12 and 18 UTC.
    case ecmwfIFS025 = "ecmwf_ifs025"
    /// NOAA GEFS at 0.25°: the control run and 30 perturbed members, runs at 00, 06, 12 and 18 UTC.
    case gfs025 = "gfs025"

    /// "ECMWF IFS ENS", "NOAA GEFS".
    package var displayName: String {
        switch self {
        case .ecmwfIFS025: "ECMWF IFS ENS"
        case .gfs025: "NOAA GEFS"
        }
    }

    /// The members the model computes, the control run included (51, 31).
    package var memberCount: Int {
        switch self {
        case .ecmwfIFS025: 51
        case .gfs025: 31
        }
    }

    /// Hours between two runs (both run four times a day, at 00, 06, 12 and 18 UTC).
    package var runIntervalHours: Int { 6 }

    /// Until when an answer fetched at `now` is the latest this model has: the next run's start
    /// (the next multiple of `runIntervalHours` in UTC). A new run reaches Open-Meteo some hours
    /// after its start, so an answer may be kept a little shorter than it had to be, never longer.
    package func nextRun(after now: Date) -> Date {
        let interval = Double(runIntervalHours * 3_600)
        let seconds = now.timeIntervalSince1970
        return Date(timeIntervalSince1970: ((seconds / interval).rounded(.down) + 1) * interval)
    }
}

/// An hourly variable of Open-Meteo's Ensemble API that wx asks for (`hourly=`), in wx's unit.
///
/// Every ensemble view reads the one answer that carries all of them (`confidence`, `best`,
/// `chance`, `plume`, `watch --rain`), so the request is the same whichever view asks first.
package enum EnsembleVariable: String, Hashable, Sendable, CaseIterable {
    /// `temperature_2m`: the instant's air temperature at 2 m, °C.
    case temperature = "temperature_2m"
    /// `precipitation`: the sum over the preceding hour, mm.
    case precipitation
    /// `wind_speed_10m`: the instant's wind speed at 10 m, km/h.
    case windSpeed = "wind_speed_10m"
    /// `wind_gusts_10m`: the maximum gust of the preceding hour at 10 m, km/h.
    case windGusts = "wind_gusts_10m"
    /// `snowfall`: the snow of the preceding hour, mm of snow depth (Open-Meteo sends cm).
    case snowfall
    /// `cloud_cover`: the instant's total cloud cover, %.
    case cloudCover = "cloud_cover"

    /// Whether an hour's value covers the hour before its time (a sum or maximum) rather than
    /// being the instant (Open-Meteo's variable tables).
    package var coversPrecedingHour: Bool {
        switch self {
        case .precipitation, .windGusts, .snowfall: true
        case .temperature, .windSpeed, .cloudCover: false
        }
    }
}

/// One ensemble answer: every member's hourly temperature and precipitation at a place, as
/// Open-Meteo's Ensemble API gives them (`temperature_2m` is the control run,
/// `temperature_2m_member01` … the perturbed members).
///
/// Members are kept as they came, per variable: a member may lack one variable, stop early
/// (nulls, or a shorter array) or have no value at all. What was odd about the answer is in
/// `notes`; the member counts of every figure derived from it are always stated.
package struct EnsembleForecast: Hashable, Sendable {
    package var model: EnsembleModel
    /// The coordinates asked for, rounded as in the request.
    package var coordinate: Coordinate
    package var zone: ZoneInfo
    /// The hours (their start), in order.
    package var times: [Date]
    /// Per member with at least one temperature value (control first, then by member number):
    /// one value per hour of `times`, °C; nil where the member has none.
    package var temperatureMembers: [[Double?]]
    /// The same for hourly precipitation (the hour's sum), mm.
    package var precipitationMembers: [[Double?]]
    /// The other variables' members (wind speed, gusts, snowfall, cloud cover), in the same
    /// shape and order: per member with at least one value, one value per hour of `times` in
    /// the variable's unit (`EnsembleVariable`). A variable the model does not carry is absent.
    package var otherMembers: [EnsembleVariable: [[Double?]]]
    /// Which member each row of a variable's members is (0 the control run, then 1 … for
    /// `_member01` …), in the same order; a variable missing here has rows 0, 1, 2 … So a
    /// member that lacks one variable is still the same member in the others.
    package var memberNumbers: [EnsembleVariable: [Int]]
    /// Which members the answer lists for a variable without any value of it (every value null
    /// or missing), by member number as `memberNumbers`: left out of that variable's rows, and
    /// counted by `notes`' `membersWithoutValues`. So the members the answer lists for a
    /// variable are these and those with values.
    package var membersWithoutValues: [EnsembleVariable: [Int]] = [:]
    /// What was odd about the answer, as facts.
    package var notes: [EnsembleNote]
    /// The variables (by their base name, "precipitation") whose members were declared in a
    /// unit wx does not know (`hourly_units`): those members are left out, the rest read, and
    /// the views say it (case OM-1's rule); empty when there are none.
    package var unknownUnits: [UnknownUnit]

    package init(
        model: EnsembleModel, coordinate: Coordinate, zone: ZoneInfo, times: [Date],
        temperatureMembers: [[Double?]], precipitationMembers: [[Double?]],
        otherMembers: [EnsembleVariable: [[Double?]]] = [:], memberNumbers: [EnsembleVariable: [Int]] = [:],
        notes: [EnsembleNote] = [], unknownUnits: [UnknownUnit] = []
    ) {
        self.unknownUnits = unknownUnits
        self.memberNumbers = memberNumbers
        self.model = model
        self.coordinate = coordinate
        self.zone = zone
        self.times = times
        self.temperatureMembers = temperatureMembers
        self.precipitationMembers = precipitationMembers
        self.otherMembers = otherMembers
        self.notes = notes
    }

    /// The members of `variable` by member number (0 the control run): each with at least one
    /// value, one value per hour of `times`.
    package func membersByNumber(_ variable: EnsembleVariable) -> [Int: [Double?]] {
        let rows = members(variable)
        let numbers = memberNumbers[variable] ?? Array(rows.indices)
        var result: [Int: [Double?]] = [:]
        for (number, row) in zip(numbers, rows) { result[number] = row }
        return result
    }

    /// The members of `variable` (see `temperatureMembers`); empty when the answer has none.
    package func members(_ variable: EnsembleVariable) -> [[Double?]] {
        switch variable {
        case .temperature: temperatureMembers
        case .precipitation: precipitationMembers
        case .windSpeed, .windGusts, .snowfall, .cloudCover: otherMembers[variable] ?? []
        }
    }

    package var clock: ZoneClock { ZoneClock(zone) }

    /// The answer at `place`'s clock: when it came in UTC (Open-Meteo asked with
    /// `timezone=GMT`, as the recorded Berlin answer is), with the tz database's nearest zone to
    /// the place among its country's (`ZoneInfo.nearest`, its offset at the first hour), as a
    /// forecast answered in UTC takes it (`Forecast.takePlacesZone`), so every hour, day and
    /// daylight is at the place's clock as `show` has it. Unchanged when the answer has a zone
    /// of its own, or without the database.
    package func atPlacesClock(_ place: Place) -> EnsembleForecast {
        guard zone.isUTC,
            let own = ZoneInfo.nearest(
                to: place.coordinate, at: times.first ?? Date(timeIntervalSince1970: 0),
                countryCode: place.countryCode)
        else { return self }
        var answer = self
        answer.zone = own
        return answer
    }
}

/// Something about an ensemble answer a reader should know, as facts; the words are the
/// shell's.
package enum EnsembleNote: Hashable, Sendable {
    /// Fewer members of `variable` than the model has (`found` of `expected`).
    case fewerMembers(variable: String, found: Int, expected: Int)
    /// Members of `variable` whose every value is null or missing (left out).
    case membersWithoutValues(variable: String, count: Int)
    /// Member keys for variables not asked for (`relative_humidity_2m_member03`), ignored.
    case unexpectedKeys(count: Int, example: String)
    /// Hours missing from the answer's `time` between two it has (`first` the earliest, UTC),
    /// put back with no member's value: the days they fall in are covered only in part.
    case missingHours(count: Int, first: Date)
}

/// The 10th, 50th and 90th percentiles of one quantity over the members that have it.
package struct EnsembleSpread: Hashable, Sendable {
    package var p10: Double
    package var median: Double
    package var p90: Double
    /// How many members the figures come from.
    package var members: Int

    /// The percentiles of `values` (at least one); nil for none.
    package init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        p10 = Percentile.linear(sorted, 0.10)
        median = Percentile.linear(sorted, 0.50)
        p90 = Percentile.linear(sorted, 0.90)
        members = values.count
    }

    package init(p10: Double, median: Double, p90: Double, members: Int) {
        self.p10 = p10
        self.median = median
        self.p90 = p90
        self.members = members
    }

    /// p90 − p10, in the quantity's unit.
    package var width: Double { p90 - p10 }
}

/// Percentiles as wx computes them.
package enum Percentile {
    /// The `p` quantile (0…1) of `sorted` (ascending, not empty) by linear interpolation between
    /// the closest ranks — numpy's default (`method="linear"`, Hyndman & Fan type 7): with n
    /// values, h = (n − 1)·p, and the result is x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
    package static func linear(_ sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty, "a percentile of nothing")
        let h = Double(sorted.count - 1) * min(max(p, 0), 1)
        let low = Int(h.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
    }
}

/// A day of the ensemble, in the place's calendar: its high and low over the members that cover
/// the whole day, and how many of the members with precipitation for the whole day reach the
/// threshold.
package struct EnsembleDay: Hashable, Sendable {
    package var date: LocalDate
    /// The members' highs (the day's hourly maximum); nil when no member covers the day.
    package var high: EnsembleSpread?
    package var low: EnsembleSpread?
    /// The daily precipitation sums of the members with every hour of the day.
    package var precipitation: EnsembleSpread?
    /// Members whose day's precipitation reaches `EnsembleDay.wetThresholdMillimetres`.
    package var wetMembers: Int
    /// Members with precipitation for the whole day, and those whose amounts stop early but
    /// already reach the threshold (`EnsembleMemberCount`): what `wetMembers` is out of.
    package var precipitationMembers: Int
    /// Members whose day's low is below 0 °C, a member whose temperatures stop within the day
    /// (or have a gap) among them when one it has is already below 0 °C (`EnsembleMemberCount`).
    package var frostMembers: Int
    /// Members with the temperature for the whole day, and those whose temperatures stop early
    /// but are already below 0 °C at an instant: what `frostMembers` is out of. The high and
    /// low (`high`, `low`) come from the first alone.
    package var temperatureMembers: Int

    /// What counts as a wet day for a member: at least 1 mm.
    package static let wetThresholdMillimetres = 1.0

    /// The chance of rain as a share of the members, percent; nil without members.
    package var rainPercent: Double? { EnsembleRainChances.percent(wetMembers, of: precipitationMembers) }

    /// The chance of frost (a low below 0 °C) as a share of the members it is out of
    /// (`temperatureMembers`), percent; nil without members.
    package var frostPercent: Double? {
        guard temperatureMembers > 0 else { return nil }
        return Double(frostMembers) * 100 / Double(temperatureMembers)
    }

    /// How sure the ensemble is about the day, in one word; nil when the figures it rests on
    /// are not there to say one (no member gives the day's high, or its rain, and the other
    /// does not make it uncertain).
    package var agreement: EnsembleAgreement? {
        EnsembleAgreement(highWidthCelsius: high?.width, rainPercent: rainPercent)
    }
}

/// A plain word for how far the members spread. The numbers stay beside it.
package enum EnsembleAgreement: String, Hashable, Sendable {
    /// The 10th–90th percentile range of the high is at most 3 °C and rain is likely in fewer
    /// than 20 % or more than 80 % of members.
    case confident
    /// Neither confident nor uncertain.
    case fairlySure = "fairly sure"
    /// The range of the high is wider than 6 °C, or rain comes in 35–65 % of members.
    case uncertain

    /// The high's 10th–90th percentile range at most this is narrow enough to be confident, °C.
    package static let confidentHighWidthCelsius = 3.0
    /// Wider than this is uncertain, °C.
    package static let uncertainHighWidthCelsius = 6.0
    /// The shares of members with rain the word turns at, percent: under 20 or over 80 can be
    /// confident, 35 to 65 is uncertain.
    package static let rainPercentLimits: [Double] = [20, 35, 65, 80]

    /// The word for a day from the high's 10th–90th percentile range (°C) and the share of
    /// members with rain (percent), each nil when no member gives it for the whole day. Either
    /// figure alone can make a day uncertain; confident and fairly sure need both (a day whose
    /// high is unknown could have any range), so without one of them there is no word: nil.
    package init?(highWidthCelsius: Double?, rainPercent: Double?) {
        let wide = highWidthCelsius.map { $0 > Self.uncertainHighWidthCelsius } ?? false
        let split = rainPercent.map { (35...65).contains($0) } ?? false
        if wide || split {
            self = .uncertain
            return
        }
        guard let width = highWidthCelsius, let rain = rainPercent else { return nil }
        self = width <= Self.confidentHighWidthCelsius && (rain < 20 || rain > 80) ? .confident : .fairlySure
    }
}

/// An hour of the ensemble: the members' temperature spread.
package struct EnsembleHour: Hashable, Sendable {
    package var time: Date
    package var temperature: EnsembleSpread
}

extension EnsembleForecast {
    /// The days the answer covers whole (its hours run from 00:00 to 23:00 local time), from
    /// the first; a member counts for a day only when it has every hour of it.
    ///
    /// The temperatures are instants: a day's high and low are over the hours 00:00–23:00. An
    /// hourly precipitation amount is the sum of the hour *before* its time (Open-Meteo's
    /// `precipitation`), so a day's sum takes the hours that end within the day: 01:00 to the
    /// next day's 00:00. The days are split as `chance` splits them (`slots(of:from:covering:)`,
    /// in `clock`'s calendar: the place's once the answer carries its zone). A day whose last
    /// hour the answer lacks has no precipitation sum.
    /// (Open-Meteo's own daily `precipitation_sum` adds the values labelled 00:00–23:00, which
    /// is the span from 23:00 the evening before; the two differ when rain falls around
    /// midnight.)
    package var days: [EnsembleDay] {
        let clock = self.clock
        var dates: [LocalDate] = []
        for time in times {
            let date = clock.localTime(time).date
            if dates.last != date { dates.append(date) }
        }
        // The day's hours as `chance` splits them (`slots(of:from:covering:)`), from its start.
        return dates.compactMap { day($0, counting: .distantPast) }
    }

    /// Every hour with at least one member's temperature.
    package var hours: [EnsembleHour] {
        times.indices.compactMap { index in
            let values = temperatureMembers.compactMap { index < $0.count ? $0[index] : nil }
            return EnsembleSpread(values).map { EnsembleHour(time: times[index], temperature: $0) }
        }
    }

    /// Each whole day's chance of a wet day (`days`' counts), with, for the answer's first
    /// `EnsembleRainChances.daysWithRest` days (those that can be today while the answer is the
    /// model's latest), the rest of the day's counts from each of its hours.
    package var rainChances: EnsembleRainChances {
        EnsembleRainChances(
            model: model,
            days: days.enumerated().map { index, day in
                EnsembleRainChances.Day(
                    date: day.date, wetMembers: day.wetMembers, precipitationMembers: day.precipitationMembers,
                    rest: index < EnsembleRainChances.daysWithRest ? rest(of: day.date) : [])
            })
    }

    /// `date`'s counts from each of its hours to its end (`day(_:counting:)`, as `chance`
    /// counts the rest of today from the next hour), oldest first; hours with no member
    /// covering the rest left out.
    func rest(of date: LocalDate) -> [EnsembleRainChances.Rest] {
        let clock = self.clock
        return times.filter { clock.localTime($0).date == date }.compactMap { hour in
            guard let day = day(date, counting: hour), day.precipitationMembers > 0 else { return nil }
            return EnsembleRainChances.Rest(
                from: hour, wetMembers: day.wetMembers, precipitationMembers: day.precipitationMembers)
        }
    }

    /// The last hour with any member's value; nil when no member has one.
    package var lastHour: Date? {
        times.indices.last { index in
            (temperatureMembers + precipitationMembers).contains { index < $0.count && $0[index] != nil }
        }.map { times[$0] }
    }
}

/// The ensemble's chance of a wet day, day by day: of each whole day (`EnsembleForecast.days`),
/// how many members reach `EnsembleDay.wetThresholdMillimetres`, out of how many.
///
/// All that `show` says of a cached ensemble answer (`ensemble_tomorrow`) and all that a look keeps
/// of it (`Look.chance`). The ensemble provider keeps it beside the cached answer
/// (`EnsembleProvider.cachedRainChances`), so that those read a few hundred bytes, not the whole
/// answer (51 members of 6 variables over 240 hours: ~15 M instructions to read and map).
package struct EnsembleRainChances: Hashable, Sendable {
    package var model: EnsembleModel
    /// The whole days, in order.
    package var days: [Day]

    /// One day's counts.
    package struct Day: Hashable, Sendable {
        /// The day in the place's calendar (the answer's zone).
        package var date: LocalDate
        /// Members whose day's precipitation reaches the threshold.
        package var wetMembers: Int
        /// Members counted for the day (`EnsembleDay.precipitationMembers`): what `wetMembers`
        /// is out of.
        package var precipitationMembers: Int

        /// The rest of the day's counts from each of its hours (`Rest`), oldest first; empty
        /// beyond the answer's first `daysWithRest` days, and in an entry an older wx kept.
        package var rest: [Rest]

        package init(date: LocalDate, wetMembers: Int, precipitationMembers: Int, rest: [Rest] = []) {
            self.date = date
            self.wetMembers = wetMembers
            self.precipitationMembers = precipitationMembers
            self.rest = rest
        }

        /// The chance of rain as a share of the members, percent; nil without members.
        package var rainPercent: Double? { EnsembleRainChances.percent(wetMembers, of: precipitationMembers) }

        /// The counts of the rest of the day from `hour` (nil: not kept for that hour).
        package func rest(from hour: Date) -> Rest? { rest.first { $0.from == hour } }
    }

    /// The rest of a day from one of its hours: how many members' amounts over the day's
    /// hours from `from` to its end reach the threshold, out of how many cover them all — what
    /// `chance` says of today from the next hour, and what a look compares.
    package struct Rest: Hashable, Sendable {
        /// The first hour counted (UTC), a whole hour.
        package var from: Date
        package var wetMembers: Int
        package var precipitationMembers: Int

        package init(from: Date, wetMembers: Int, precipitationMembers: Int) {
            self.from = from
            self.wetMembers = wetMembers
            self.precipitationMembers = precipitationMembers
        }
    }

    /// The answer's first days whose rest is counted hour by hour: an answer is the model's
    /// latest for at most `runIntervalHours`, so today is its first or second day.
    package static let daysWithRest = 2

    package init(model: EnsembleModel, days: [Day]) {
        self.model = model
        self.days = days
    }

    /// `members` of `of` as percent; nil when `of` is 0.
    static func percent(_ members: Int, of: Int) -> Double? {
        of > 0 ? Double(members) * 100 / Double(of) : nil
    }
}
