import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `rain` and `air` as text.
extension TextRenderer {
    /// `rain`: the heading, then when precipitation next starts and stops, then the heaviest
    /// spell after it within the horizon (`heaviestLaterSentence`).
    static func rain(
        _ report: WeatherReport, _ outlook: PrecipitationOutlook?, context: RenderContext, format: ValueFormatter,
        style: Style
    ) -> [String] {
        // A number stays with its unit (trial 14: "under 0.1" / "mm" at 40 columns).
        let keeping = [format.units.precipitation.symbol, "%"]
        let clock = report.forecast.clock
        var lines =
            header(
                WeatherPresentation.heading(report, now: context.now), context: context, format: format, style: style)
            + wrap(
                outlook == nil
                    ? byDaySentence(report.forecast, format: format, now: context.now)
                    : rainSentence(
                        outlook, clock: clock, format: format, now: context.now,
                        steps: report.forecast.stepDescription),
                keeping: keeping, indent: 2, width: context.reportWidth)
        if let outlook,
            let later = heaviestLaterSentence(
                report.forecast, outlook, clock: clock, format: format, now: context.now)
        {
            lines += wrap(later, keeping: keeping, indent: 2, width: context.reportWidth)
        }
        return lines
    }

    /// "heaviest later: rain 20:00–22:00 (31.0 mm)": the heaviest spell after the one `rain`
    /// names (`HeaviestLaterSpell`), with its hours and amount; "later: …" when it is the only
    /// one; a span ending on another day has its day ("22:00–Sat 01:00"), one still wet where
    /// the data end is "from" its start, said so. Nil when there is none.
    static func heaviestLaterSentence(
        _ forecast: Forecast, _ outlook: PrecipitationOutlook, clock: ZoneClock, format: ValueFormatter, now: Date
    ) -> String? {
        guard let found = HeaviestLaterSpell(forecast, outlook, now: now) else { return nil }
        let heaviest = found.spell
        let today = clock.localTime(now).date
        // As the sentence above says a time: "20:00" today, "Sat 20:00" on another day.
        func at(_ date: Date) -> String {
            let local = clock.localTime(date)
            let time = format.clock(local, repeated: clock.isRepeated(date))
            return local.date == today ? time : "\(ValueFormatter.weekdays[local.weekday]) \(time)"
        }
        let noun = heaviest.snow ? "snow" : "rain"
        let amount = "(\(format.precipitation(heaviest.totalMillimetres)))"
        let lead = found.count == 1 ? "later" : "heaviest later"
        guard !heaviest.lastsPastData else {
            return
                "\(lead): \(noun) from \(at(heaviest.start)) \(amount), still \(heaviest.snow ? "snowing" : "raining") when the forecast ends"
        }
        let sameDay = clock.localTime(heaviest.start).date == clock.localTime(heaviest.end).date
        let stop =
            sameDay
            ? format.clock(clock.localTime(heaviest.end), repeated: clock.isRepeated(heaviest.end)) : at(heaviest.end)
        return "\(lead): \(noun) \(at(heaviest.start))–\(stop) \(amount)"
    }

    /// `rain` for a forecast without hours of precipitation to read at now (a recording with
    /// daily data only, or hours that do not reach now): what its days from today say instead,
    /// so that `rain` does not read as dry beside `show`'s 39 % — "no hourly precipitation in
    /// this forecast; by day: today 0 %, Sat 0 %, Sun 39 % 2.1 mm" (each day's chance, from
    /// Open-Meteo's `precipitation_probability_max`, and amount, `precipitation_sum`, where
    /// given). At most the first 3 days; the plain "no precipitation data" when the days carry
    /// neither.
    static func byDaySentence(_ forecast: Forecast, format: ValueFormatter, now: Date) -> String {
        let today = forecast.clock.localTime(now).date
        let days = forecast.daily.filter { $0.date >= today }.prefix(3).filter {
            $0.precipitationProbabilityMaxPercent != nil || $0.precipitationSumMillimetres != nil
        }
        guard !days.isEmpty else { return rainSentence(nil, clock: forecast.clock, format: format, now: now) }
        let parts = days.map { day in
            let name = day.date == today ? "today" : ValueFormatter.weekdays[day.date.weekday]
            let values = [
                day.precipitationProbabilityMaxPercent.map { format.percent($0) },
                day.precipitationSumMillimetres.map { format.precipitation($0) },
            ].compactMap { $0 }
            return ([name] + values).joined(separator: " ")
        }
        let hours = forecast.hourly.contains { $0.precipitationMillimetres != nil } ? " for now" : ""
        return "no hourly precipitation\(hours) in this forecast; by day: \(parts.joined(separator: ", "))"
    }

    /// "rain from 15:30, about 2 mm, until 17:00" and the like ("snow from …", or "precipitation
    /// from …" when the weather codes are mixed or missing; "under 0.1 mm" for an amount under
    /// the data's precision, "under 0.1 mm (about 0.004 in)" in inches, as every threshold is
    /// said); `steps` is what the hourly entries are when not whole hours one after another
    /// (`Forecast.stepDescription`).
    static func rainSentence(
        _ outlook: PrecipitationOutlook?, clock: ZoneClock, format: ValueFormatter, now: Date, steps: String? = nil
    ) -> String {
        guard let outlook else { return "no precipitation data for now in this forecast" }
        let source =
            switch outlook.resolution {
            // Past the 15-minute data's end the hourly data carry on.
            case .quarterHours: outlook.hourlyFrom == nil ? "15-minute data" : "15-minute data, then hourly data"
            case .hours: steps ?? "hourly data"
            case .steps(let hours): steps ?? "\(hours)-hour steps"
            }
        let horizon = Int.saturating((outlook.horizonSeconds / 3_600).rounded(.down))
        func time(_ date: Date) -> String {
            let local = clock.localTime(date)
            let today = clock.localTime(now).date
            let time = format.clock(local, repeated: clock.isRepeated(date))
            return local.date == today ? time : "\(ValueFormatter.weekdays[local.weekday]) \(time)"
        }
        // An amount under the data's 0.1 mm is said as under it, as the dry line below says its
        // limit (a daily user: "about 0.003 mm" at 04:59, a minute left of an hour of 0.2 mm).
        let amount =
            outlook.totalMillimetres < PrecipitationOutlook.hourThreshold
            ? "under \(format.precipitationThreshold(PrecipitationOutlook.hourThreshold))"
            : "about \(format.precipitation(outlook.totalMillimetres))"
        let chance = outlook.probabilityPercent.map { " (\(DecimalText.fixed($0, digits: 0)) % likely)" } ?? ""
        let until = outlook.end.map { "until \(time($0))" } ?? "past the end of the forecast"
        // Say what falls: "rain" only when the hours' weather codes say rain.
        let (noun, now) =
            switch outlook.falls {
            case .rain: ("rain", "raining now")
            case .snow: ("snow", "snowing now")
            case .unknown: ("precipitation", "precipitation now")
            }
        switch outlook.kind {
        case .dry:
            // A chance shown by `hourly` is not denied unremarked: the amounts stay under the
            // threshold (trial 12: "no rain expected" beside a 35 % hour of 0.0 mm).
            guard let chance = outlook.probabilityPercent, chance >= 1 else {
                return "no rain expected in the next \(horizon) h (\(source))"
            }
            let interval =
                switch outlook.resolution {
                case .quarterHours: "15 minutes"
                case .hours: "hour"
                case .steps(let hours): "\(hours)-hour step"
                }
            var threshold = format.precipitationThreshold(outlook.threshold)
            if outlook.hourlyFrom != nil {
                threshold +=
                    " and every hour after under \(format.precipitationThreshold(PrecipitationOutlook.hourThreshold))"
            }
            return
                "no rain expected in the next \(horizon) h (\(source)): every \(interval) under \(threshold), though up to \(DecimalText.fixed(chance, digits: 0)) % likely"
        case .now: return "\(now), \(amount)\(chance), \(until) (\(source))"
        case .later: return "\(noun) from \(time(outlook.start!)), \(amount)\(chance), \(until) (\(source))"
        }
    }

    /// `air`: the heading ("Enschede, Overijssel, Nederland · air at Sat 14:00 CEST", the time of
    /// the values at the place), then the air-quality indexes, pollutants, UV and pollen.
    static func airLines(
        _ place: Place, _ air: AirQuality, origin: DataOrigin, context: RenderContext, format: ValueFormatter,
        style: Style
    ) -> [String] {
        // The time of the values, as every view's heading has one (trial 9); the place gives way.
        let when = air.zone.map { "air at " + timeText(ZoneClock($0).localTime(air.time), format: format) } ?? "air"
        var lines = [style.bold(placeHeading(place.label, when, width: context.width))]
        lines += offlineNote(origin, context: context, style: style)
        var indexes: [String] = []
        if let value = air.europeanAQI {
            indexes.append(
                "European AQI \(DecimalText.fixed(value, digits: 0)) (\(AirQuality.europeanCategory(value)))")
        }
        if let value = air.usAQI {
            indexes.append("US AQI \(DecimalText.fixed(value, digits: 0)) (\(AirQuality.usCategory(value)))")
        }
        // Why there is none wrapped between words: a reason is a sentence, not a value to cut.
        lines.append(
            contentsOf: indexes.isEmpty
                ? TextLayout.wrap(noIndex(air), indent: 2, width: context.reportWidth)
                : TextLayout.flow(indexes, indent: 2, width: context.reportWidth))
        func micrograms(_ value: Double?) -> String {
            value.map { "\(DecimalText.fixed($0, digits: 1)) µg/m³" } ?? ValueFormatter.missing
        }
        lines.append(
            contentsOf: TextLayout.flow(
                [
                    "PM2.5 \(micrograms(air.pm25MicrogramsPerCubicMetre))",
                    "PM10 \(micrograms(air.pm10MicrogramsPerCubicMetre))",
                    "ozone \(micrograms(air.ozoneMicrogramsPerCubicMetre))",
                    "NO₂ \(micrograms(air.nitrogenDioxideMicrogramsPerCubicMetre))",
                    "UV \(air.uvIndex.map { "\(DecimalText.fixed($0, digits: 1)) (\(UVIndex.category($0)))" } ?? ValueFormatter.missing)",
                ], indent: 2, width: context.reportWidth))
        if !air.pollenGrainsPerCubicMetre.isEmpty {
            lines.append(
                contentsOf: TextLayout.flow(
                    ["pollen (grains/m³)"]
                        + air.pollenGrainsPerCubicMetre.map { "\($0.plant) \(DecimalText.fixed($0.value, digits: 1))" },
                    indent: 2, width: context.reportWidth))
        }
        return lines
    }

    /// Why `air` shows no index: "no air-quality index for this place", or, when an index was
    /// left out for its unit (`AirQuality.unknownUnits`), "no air-quality index wx can read —
    /// european_aqi given in “ppb”, a unit wx does not know".
    static func noIndex(_ air: AirQuality) -> String {
        let reasons = ["european_aqi", "us_aqi"].compactMap { variable in
            UnknownUnitsText.reason(variable, in: air.unknownUnits).map { "\(variable) \($0)" }
        }
        guard !reasons.isEmpty else { return "no air-quality index for this place" }
        return "no air-quality index wx can read — " + reasons.joined(separator: "; ")
    }
}
