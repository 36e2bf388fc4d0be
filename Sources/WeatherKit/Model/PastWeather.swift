import FoundationEssentials
import WXBasics

/// Which Open-Meteo service answered for past days.
package enum PastSource: String, Hashable, Sendable {
    /// The Historical Weather API (`/v1/archive`): ERA5 reanalysis from 1940-01-01, about five
    /// days behind today.
    case archive
    /// The Forecast API with `start_date`/`end_date` (`/v1/forecast`): the last 92 days, up to
    /// yesterday, from the forecast models' own analyses.
    case recentForecast

    /// "Open-Meteo's archive (ERA5)", "Open-Meteo's forecast API (recent days)".
    package var description: String {
        switch self {
        case .archive: "Open-Meteo’s archive (ERA5)"
        case .recentForecast: "Open-Meteo’s forecast API (recent days)"
        }
    }

    /// The earliest day the archive has (ERA5 starts on 1 January 1940).
    package static let firstDay = LocalDate(year: 1940, month: 1, day: 1)
    /// How many days the archive lags today: days this recent come from the forecast API.
    package static let archiveLagDays = 5
    /// How far back the forecast API reaches (`past_days` up to 92).
    package static let forecastReachDays = 92

    /// The service for the days `range`, given the date today (UTC): the forecast API when the
    /// range reaches into the archive's lag (the last five days) and starts within its 92 days;
    /// the archive otherwise (for a range that starts earlier and ends recently, the archive's
    /// answer then ends where its data does, and wx says so).
    package static func choose(for range: ClosedRange<LocalDate>, today: LocalDate) -> PastSource {
        let todayNumber = today.dayNumber
        let recent = range.upperBound.dayNumber > todayNumber - archiveLagDays
        let reachable = range.lowerBound.dayNumber >= todayNumber - forecastReachDays
        return recent && reachable ? .recentForecast : .archive
    }

    /// Which service answers which part of `range`, given the date today (UTC), with the same
    /// bounds as `choose`: the archive up to `today − archiveLagDays`, the forecast API after.
    /// A range the forecast API reaches back to goes to one service whole (one request); one
    /// that starts before its 92 days and ends in the archive's lag is split in two.
    package static func plan(
        for range: ClosedRange<LocalDate>, today: LocalDate
    ) -> [(source: PastSource, days: ClosedRange<LocalDate>)] {
        let archiveLast = CivilCalendar.date(fromDays: today.dayNumber - archiveLagDays)
        if range.upperBound <= archiveLast { return [(.archive, range)] }
        if range.lowerBound.dayNumber >= today.dayNumber - forecastReachDays { return [(.recentForecast, range)] }
        return [
            (.archive, range.lowerBound...archiveLast),
            (.recentForecast, CivilCalendar.date(fromDays: archiveLast.dayNumber + 1)...range.upperBound),
        ]
    }

    /// The service that answers for this source.
    package var service: Service { self == .archive ? .openMeteoArchive : .openMeteo }
}

/// One past day at a place, in canonical units (°C, mm, km/h, s). Any value may be nil: the
/// service sent `null` (a variable the model lacks) or the day's data is incomplete.
package struct PastDay: Hashable, Sendable {
    /// The calendar day in the place's time zone.
    package var date: LocalDate
    /// The day's most severe weather: a WMO 4677 code (Open-Meteo `weather_code`), unknown
    /// for a null code, nil when the answer does not carry `weather_code` at all.
    package var condition: Condition?
    /// The WMO code of `condition`; nil when unknown or not carried.
    package var weatherCode: Int? { condition?.code }
    /// `temperature_2m_min`, °C.
    package var temperatureMinCelsius: Double?
    /// `temperature_2m_max`, °C.
    package var temperatureMaxCelsius: Double?
    /// `temperature_2m_mean`, °C.
    package var temperatureMeanCelsius: Double?
    /// `precipitation_sum`, mm.
    package var precipitationSumMillimetres: Double?
    /// `wind_speed_10m_max`, km/h.
    package var windSpeedMaxKilometresPerHour: Double?
    /// `sunshine_duration`, seconds.
    package var sunshineDurationSeconds: Double?

    package init(date: LocalDate) { self.date = date }

    /// Whether the service gave no value at all for the day (past the end of its data).
    package var isEmpty: Bool {
        weatherCode == nil && temperatureMinCelsius == nil && temperatureMaxCelsius == nil
            && temperatureMeanCelsius == nil && precipitationSumMillimetres == nil
            && windSpeedMaxKilometresPerHour == nil && sunshineDurationSeconds == nil
    }
}

/// A run of past days and the service that gave them.
package struct PastSourceDays: Hashable, Sendable {
    package var source: PastSource
    /// The days, in the place's calendar.
    package var days: ClosedRange<LocalDate>

    package init(_ source: PastSource, days: ClosedRange<LocalDate>) {
        self.source = source
        self.days = days
    }
}

/// The weather of past days at a place, as one answer gave it.
///
/// Days and hours end where the service's data ends: hours at the end without a temperature
/// (the archive lags today) are not listed, a day whose hours stop early keeps no aggregates
/// (they would be of part of the day), and `dataEnd` says where the data stops.
package struct PastWeather: Hashable, Sendable {
    /// The coordinate asked for.
    package var coordinate: Coordinate
    package var zone: ZoneInfo
    /// The service asked.
    package var source: PastSource
    /// Which service gave which days, in order, runs of one service made one: one part, `source`
    /// over the days asked for, for one answer; a part each when the days came from answers of
    /// both (in `make demo`, recordings of both joined: `PastWeather.joined`).
    package var sources: [PastSourceDays]
    /// The days asked for, in the place's calendar.
    package var requested: ClosedRange<LocalDate>
    /// The days with data, in order.
    package var days: [PastDay]
    /// The hours with data (only when they were asked for: a single day), in order.
    package var hours: [HourlyForecast]
    /// The series of `hours` and `days` the answer does not carry at all (as for a forecast,
    /// and the days' mean and sunshine): their columns and parts of lines are left out.
    package var uncarried: Set<ForecastSeries> = []
    /// The variables the answer declared in a unit wx does not know: blank (nil), the views
    /// say so (case OM-1's rule); empty when there are none.
    package var unknownUnits: [UnknownUnit] = []
    /// What some of the days' answers carry and others do not, when the days were joined from
    /// several answers (`make demo`'s recordings): the days' condition (`conditionPartly`) and
    /// series (`partlyCarried`, also in `uncarried`); the table leaves their columns out and says
    /// so, naming `wholeDay`, the first day whose answer carries them all. The days keep what
    /// their answer gave (the JSON document has it).
    package var partlyCarried: Set<ForecastSeries> = []
    package var conditionPartly = false
    package var wholeDay: LocalDate?
    /// When the data stops before the end of the days asked for: the end of the last hour with
    /// data (hourly answers), or the start of the first day without data (daily answers).
    package var dataEnd: Date?
    /// The last day with data when the data stops early; nil when the answer is complete.
    package var lastDayWithData: LocalDate?

    package init(
        coordinate: Coordinate, zone: ZoneInfo, source: PastSource, requested: ClosedRange<LocalDate>,
        days: [PastDay], hours: [HourlyForecast] = [], dataEnd: Date? = nil, lastDayWithData: LocalDate? = nil
    ) {
        self.coordinate = coordinate
        self.zone = zone
        self.source = source
        self.sources = [PastSourceDays(source, days: requested)]
        self.requested = requested
        self.days = days
        self.hours = hours
        self.dataEnd = dataEnd
        self.lastDayWithData = lastDayWithData
    }

    /// The place's clock.
    package var clock: ZoneClock { ZoneClock(zone) }

    /// Whether every day asked for has its data.
    package var isComplete: Bool { dataEnd == nil && lastDayWithData == nil && days.count == requestedDayCount }

    /// How many days were asked for.
    package var requestedDayCount: Int { requested.upperBound.dayNumber - requested.lowerBound.dayNumber + 1 }
}
