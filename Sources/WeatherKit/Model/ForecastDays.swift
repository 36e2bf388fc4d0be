import FoundationEssentials
import WXBasics

extension Forecast {
    /// Gives an answer in UTC (`answeredInUTC`) the place's own zone: the tz database's nearest
    /// to `coordinate` (`ZoneInfo.nearest`), among `countryCode`'s zones when it is known, its
    /// offset at the answer's first time; and says whether the days are then UTC's rather than
    /// the place's (`daysAreUTC`: the place's clock is not UTC's then). The provider calls it
    /// with the coordinates alone, the session again with the place's country. Nothing for an
    /// answer in a zone of its own, or without the database.
    ///
    /// Without the country (the coordinates' name did not come) the zone is the nearest of all
    /// countries' and may be a neighbour's across a border (Delhi read at Kathmandu's +05:45):
    /// `zoneGuessed` says so, for the views to say it.
    package mutating func takePlacesZone(countryCode: String?) {
        guard answeredInUTC else { return }
        let first = current?.time ?? hourly.first?.time ?? quarterHours.first?.time ?? Date(timeIntervalSince1970: 0)
        guard let own = ZoneInfo.nearest(to: coordinate, at: first, countryCode: countryCode) else { return }
        zone = own
        zoneGuessed = countryCode == nil && !own.isUTC
        daysAreUTC = own.utcOffsetSeconds != 0 && !daily.isEmpty
    }

    /// Whether the sun rises and sets on the place's calendar day `date`, and when.
    ///
    /// The day's own `sun` when the days are the place's. When they are UTC's days
    /// (`daysAreUTC`), a UTC day can carry the sunrise of the place's next day (east of
    /// Greenwich) or the sunset of its day before (west of it): the sunrise and the sunset that
    /// fall on `date` at the place are taken from whichever day carries them; a day marked
    /// without sunrise or sunset (polar night, midnight sun) keeps its mark. Nil when no day
    /// has `date`'s sun.
    package func sun(onLocalDay date: LocalDate) -> SunEvents? {
        let own = daily.first { $0.date == date }?.sun
        guard daysAreUTC else { return own }
        if let own, case .times = own {} else if let own { return own }
        var sunrise: Date?
        var sunset: Date?
        for day in daily {
            guard case .times(let rise, let set) = day.sun else { continue }
            if sunrise == nil, let rise, clock.localTime(rise).date == date { sunrise = rise }
            if sunset == nil, let set, clock.localTime(set).date == date { sunset = set }
        }
        guard sunrise != nil || sunset != nil else { return own }
        return .times(sunrise: sunrise, sunset: sunset)
    }

    /// The first and last day the forecast's data covers, in the calendar its days are made in:
    /// the dates of its first and last hour at the place's clock — at UTC's when the days are
    /// UTC's (`daysAreUTC`), as the views say they are — else of its first and last day. Nil
    /// without either. Trial 57: the last hour of a GMT answer (23:00 UTC on 2 Aug, 01:00 CEST on
    /// 3 Aug) made "covers 2025-07-27 to 2025-08-03", a day the answer has no figures for.
    package var dataDays: ClosedRange<LocalDate>? {
        if let first = hourly.first, let last = hourly.last {
            let calendar =
                daysAreUTC ? ZoneClock(ZoneInfo(identifier: nil, abbreviation: nil, utcOffsetSeconds: 0)) : clock
            let dates = [calendar.localTime(first.time).date, calendar.localTime(last.time).date]
            return dates.min()!...dates.max()!
        }
        guard let first = daily.map(\.date).min(), let last = daily.map(\.date).max() else { return nil }
        return first...last
    }
}
