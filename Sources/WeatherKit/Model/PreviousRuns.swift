import FoundationEssentials
import WXBasics

/// How Open-Meteo's Previous Runs API lines up a forecast's lead time with the hour it is for —
/// the one place wx states the rule; `drift`, `skill` and the fixtures follow it.
///
/// Open-Meteo (open-meteo.com/en/docs/previous-runs-api, "API Documentation"): the API "exposes
/// forecast data at fixed lead-time offsets rather than as a seamless time-series.
/// `_previous_day0` is the current model run (equivalent to the live Forecast API).
/// `_previous_day1` is the value that was predicted 24 hours before valid time, `_previous_day2`
/// 48 hours before, and so on up to day 7." So:
///
/// - every column is indexed by the **valid** hour: the value at hour H of
///   `temperature_2m_previous_dayN` is what a run made N days (N × 24 h) before H predicted for
///   H. Nothing is shifted: hour H of every column is the same hour H, and comparing columns
///   hour by hour compares forecasts of the same weather made at different lead times;
/// - a day D's values in column N come from runs issued around D − N days (hours late in D from
///   a run a little later than hours early in D), so "the forecast for D made N days ahead" is
///   column N over D's hours;
/// - a lead whose run had not been made yet (the hours of tomorrow in column 0), or that the
///   model does not reach, is `null`.
///
/// wx asks the plain variable for lead 0 (the same values as `_previous_day0`).
package enum PreviousRunsAlignment {
    /// The lead times wx asks for, in days: 0 (the newest run) to 7.
    package static let leads = 0...7
    /// The lead times `skill` and `saved verify` score: 1 to 7 days ahead.
    package static let scoredLeads = 1...7

    /// The service's name of `variable` at `lead` days: `temperature_2m` for 0,
    /// `temperature_2m_previous_day3` for 3.
    package static func variable(_ variable: String, lead: Int) -> String {
        lead == 0 ? variable : "\(variable)_previous_day\(lead)"
    }

    /// The day a run that forecast `day` at `lead` days was made (about): `day` − `lead`.
    package static func issued(forecastFor day: LocalDate, lead: Int) -> LocalDate {
        CivilCalendar.date(fromDays: day.dayNumber - lead)
    }
}

/// What each of the last runs predicted, hour by hour, from one Previous Runs answer. Canonical
/// units (°C, mm); every value may be nil (`null`: a run not made yet, a model that does not
/// reach so far, data before the service kept it).
package struct PreviousRuns: Hashable, Sendable {
    /// The coordinate asked for (rounded as asked).
    package var coordinate: Coordinate
    package var zone: ZoneInfo
    /// The start of each hour (`hourly.time`, Unix seconds).
    package var times: [Date]
    /// `temperature_2m` by lead (0…7), one value per entry of `times`, °C.
    package var temperatureCelsius: [Int: [Double?]]
    /// `precipitation` (the preceding hour's sum) by lead, mm.
    package var precipitationMillimetres: [Int: [Double?]]
    /// The runs' variables (`temperature_2m_previous_day2`) declared in a unit wx does not
    /// know: their values are blank (nil), the views say so (case OM-1's rule); empty when none.
    package var unknownUnits: [UnknownUnit]
    /// The calendar day (the place's zone) of each entry of `times`, read once.
    let localDates: [LocalDate]

    package init(
        coordinate: Coordinate, zone: ZoneInfo, times: [Date], temperatureCelsius: [Int: [Double?]],
        precipitationMillimetres: [Int: [Double?]], unknownUnits: [UnknownUnit] = []
    ) {
        self.unknownUnits = unknownUnits
        self.coordinate = coordinate
        self.zone = zone
        self.times = times
        self.temperatureCelsius = temperatureCelsius
        self.precipitationMillimetres = precipitationMillimetres
        let clock = ZoneClock(zone)
        self.localDates = times.map { clock.localTime($0).date }
    }

    /// The place's clock.
    package var clock: ZoneClock { ZoneClock(zone) }

    /// The same runs with their days made in `zone`'s calendar (the hours' dates read again).
    package func inZone(_ zone: ZoneInfo) -> PreviousRuns {
        PreviousRuns(
            coordinate: coordinate, zone: zone, times: times, temperatureCelsius: temperatureCelsius,
            precipitationMillimetres: precipitationMillimetres, unknownUnits: unknownUnits)
    }

    /// The calendar days (in the place's zone) the hours fall on, in order.
    package var dates: [LocalDate] {
        var seen: [LocalDate] = []
        for date in localDates where seen.last != date { seen.append(date) }
        return seen
    }

    /// The day `date` as the runs `lead` days before forecast it (`PreviousRunsAlignment`):
    /// the high and low over the day's hours and the sum of their precipitation.
    ///
    /// The temperatures are instants: the high and low are over the hours labelled 00:00–23:00,
    /// given only when every hour of `date` the answer lists (at least 23, for a day that springs
    /// forward) has a value. `precipitation` is the preceding hour's sum, so the day's sum takes
    /// the hours that end within it, 01:00 to the next day's 00:00 (`PrecedingHourDays`): nil
    /// when the answer stops before that 00:00 or any of those hours is `null` — never a figure
    /// of part of a day.
    package func day(_ date: LocalDate, lead: Int) -> RunDay {
        let indices = localDates.indices.filter { localDates[$0] == date }
        func whole(_ series: [Double?]?) -> [Double]? {
            guard let series, indices.count >= 23 else { return nil }
            let values = indices.compactMap { $0 < series.count ? series[$0] : nil }
            return values.count == indices.count ? values : nil
        }
        let temperatures = whole(temperatureCelsius[lead])
        let dayHours = PrecedingHourDays.indices(of: date, times: times, clock: clock)
        let precipitation = precipitationMillimetres[lead].flatMap { series in
            dayHours.flatMap { PrecedingHourDays.sum(series, over: $0) }
        }
        var runDay = RunDay(
            date: date, lead: lead, temperatureMaxCelsius: temperatures?.max(),
            temperatureMinCelsius: temperatures?.min(),
            precipitationSumMillimetres: precipitation.map { ($0 * 100).rounded() / 100 })
        // Part of the day's hours without a sum: how many the run gives, of how many.
        if precipitation == nil, let series = precipitationMillimetres[lead] {
            let covered = times.indices.filter { clock.localTime(times[$0].addingTimeInterval(-3_600)).date == date }
            let given = covered.filter { $0 < series.count && series[$0] != nil }.count
            let of = dayHours?.count ?? 24
            if given > 0 && given < of { runDay.precipitationHours = (given, of) }
        }
        return runDay
    }

    /// Whether the column of `lead` repeats that of `lead − 1`: every hour that has both values
    /// has the same (and at least 12 do). Open-Meteo's GFS has been seen to give one series for
    /// every lead beyond day 6 (open-meteo/open-meteo issue 1335): such a column is not a
    /// forecast of its own, and wx says so rather than score it as one.
    ///
    /// - Parameter dates: the days to compare over (nil: all).
    package func repeatsPreviousLead(_ lead: Int, over dates: Set<LocalDate>? = nil) -> Bool {
        guard lead >= 1, let series = temperatureCelsius[lead], let newer = temperatureCelsius[lead - 1] else {
            return false
        }
        var both = 0
        for index in times.indices where index < series.count && index < newer.count {
            if let dates, !dates.contains(localDates[index]) { continue }
            guard let value = series[index], let other = newer[index] else { continue }
            if value != other { return false }
            both += 1
        }
        return both >= 12
    }
}

/// One day as the runs of one lead time forecast it. Canonical units; nil where the runs did
/// not give the whole day.
package struct RunDay: Hashable, Sendable {
    /// The calendar day forecast, in the place's zone.
    package var date: LocalDate
    /// How many days ahead the forecast was made (0: the newest run).
    package var lead: Int
    /// The highest hourly `temperature_2m` of the day, °C.
    package var temperatureMaxCelsius: Double?
    /// The lowest hourly `temperature_2m` of the day, °C.
    package var temperatureMinCelsius: Double?
    /// The day's hourly `precipitation` summed over the hours that end within it (01:00 to the
    /// next 00:00), mm (rounded to 0.01).
    package var precipitationSumMillimetres: Double?
    /// When the run gives precipitation for part of the day's hours only (no sum then): how
    /// many it gives, of how many the day has (24; 23 or 25 on a day the clocks change, when
    /// the hours reach across it). Nil when it gives all or none.
    package var precipitationHours: (given: Int, of: Int)? {
        get { partialHours.map { ($0[0], $0[1]) } }
        set { partialHours = newValue.map { [$0.given, $0.of] } }
    }
    /// `precipitationHours` as a pair that is `Hashable`.
    private var partialHours: [Int]?

    package init(
        date: LocalDate, lead: Int, temperatureMaxCelsius: Double?, temperatureMinCelsius: Double?,
        precipitationSumMillimetres: Double?
    ) {
        self.date = date
        self.lead = lead
        self.temperatureMaxCelsius = temperatureMaxCelsius
        self.temperatureMinCelsius = temperatureMinCelsius
        self.precipitationSumMillimetres = precipitationSumMillimetres
    }

    /// The day the run was made, about (`PreviousRunsAlignment.issued`).
    package var issued: LocalDate { PreviousRunsAlignment.issued(forecastFor: date, lead: lead) }

    /// Whether the runs gave any figure for the day.
    package var hasValues: Bool {
        temperatureMaxCelsius != nil || temperatureMinCelsius != nil || precipitationSumMillimetres != nil
    }
}
