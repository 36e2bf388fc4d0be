import FoundationEssentials

/// When precipitation next starts and stops at a place: the answer to "will it rain in the
/// next hours?".
package struct PrecipitationOutlook: Hashable, Sendable {
    /// Where the answer comes from.
    package enum Resolution: Hashable, Sendable {
        /// Open-Meteo's 15-minute data (`minutely_15`), where the place has it.
        case quarterHours
        /// Hourly data elsewhere.
        case hours
        /// Steps of several hours (OpenWeatherMap's 3-hour forecast).
        case steps(hours: Int)
    }

    package enum Kind: Hashable, Sendable {
        /// Dry for the whole horizon.
        case dry
        /// Wet now, until `end`.
        case now
        /// Dry now, wet from `start` to `end`.
        case later
    }

    /// What falls in the wet spell, from the WMO weather codes of the hours it covers.
    package enum Falls: Hashable, Sendable {
        /// The wet hours' precipitation codes are all rain, drizzle or thunderstorm (51–67, 80–82, 95–99).
        case rain
        /// The wet hours' precipitation codes are all snow (71–77, 85–86).
        case snow
        /// Both, or no wet hour has a precipitation code (real forecasts give light rain hours
        /// "overcast" codes: those say nothing of what falls, and are passed over).
        case unknown

        /// What falls in the hours of `forecast` that touch `start`–`end` (each hour the hour
        /// before its time; hours with 0 mm passed over), by their WMO weather codes: one kind
        /// when all the coded hours agree, else `.unknown`. The one rule for every spell.
        package static func over(_ forecast: Forecast, from start: Date, to end: Date) -> Falls {
            let step = Double(forecast.hourStepSeconds)
            let kinds = forecast.hourly.filter {
                $0.time.addingTimeInterval(-step) < end && $0.time > start
                    && ($0.precipitationMillimetres.map { $0 > 0 } ?? true)
            }.compactMap { of(code: $0.weatherCode) }
            return Set(kinds).count == 1 ? kinds[0] : .unknown
        }

        /// The kind of one WMO weather code; nil for codes that name no precipitation.
        static func of(code: Int?) -> Falls? {
            switch code {
            case (51...67)?, (80...82)?, (95...99)?: .rain
            case (71...77)?, (85...86)?: .snow
            default: nil
            }
        }
    }

    package var kind: Kind
    package var resolution: Resolution
    /// What falls (`.unknown` when dry).
    package var falls: Falls = .unknown
    /// Start of the wet spell (now when it is wet now).
    package var start: Date?
    /// End of the wet spell (nil when it lasts past the data).
    package var end: Date?
    /// Total over the wet spell still to come, mm: of the interval holding now (wet now),
    /// only the part after now, its amount prorated — the amount labelled at the next hour or
    /// step covers the time before it, part of which has passed; likewise of the interval
    /// running past the horizon (a spell not followed), only its part up to the horizon.
    package var totalMillimetres: Double
    /// Highest precipitation probability within the spell — or, when dry, within the horizon
    /// (a 35 % hour under the threshold) — % (Open-Meteo's hourly `precipitation_probability`;
    /// nil where the hours carry none).
    package var probabilityPercent: Double?
    /// How far ahead the data looked, seconds.
    package var horizonSeconds: Double
    /// Where the 15-minute data end and the hourly data carry on, within the horizon; nil when
    /// one resolution serves the whole of it.
    package var hourlyFrom: Date?
    /// Where the intervals read for a wet spell end: the end of the last one in the horizon,
    /// or — `followSpell` — in the data. A spell with no `end` is still wet there. Nil when dry.
    package var readUntil: Date?

    /// Below this an interval counts as dry: mm per 15 minutes, and per hour.
    package static let quarterHourThreshold = 0.05
    package static let hourThreshold = 0.1

    /// Below how many mm an interval of `resolution` counts as dry.
    package var threshold: Double {
        if case .quarterHours = resolution { Self.quarterHourThreshold } else { Self.hourThreshold }
    }

    /// The outlook for the next `horizon` seconds after `now`; nil when the forecast has no
    /// precipitation data covering now.
    ///
    /// An amount or chance belongs to the interval *before* its time: Open-Meteo's hourly
    /// `precipitation` and `precipitation_probability` are the sum and the chance of the
    /// preceding hour, its `minutely_15` values the preceding 15 minutes, and OpenWeatherMap's
    /// `rain.3h` the preceding 3 hours. Hours labelled 13:00–18:00 with rain are rain from
    /// 12:00 to 18:00, so `start` and `end` are the ends of the intervals the amounts cover.
    /// The 15-minute data serve the hours they cover; past their end the hourly data go on
    /// (`hourlyFrom`), so 6 hours of 15-minute data do not end the forecast.
    /// `followSpell`: a spell that starts within the horizon is followed (and totalled) to its
    /// end in the data, not cut at the horizon.
    package init?(forecast: Forecast, now: Date, horizon: Double = 24 * 3_600, followSpell: Bool = false) {
        struct Interval {
            /// When the interval the value covers begins: its time less the interval's length.
            let start: Date
            let length: Double
            let millimetres: Double?
            let probability: Double?
            /// Below how many mm the interval counts as dry.
            let threshold: Double
            var end: Date { start.addingTimeInterval(length) }
            /// The share of the interval inside `from`..<`until`: 1 when it lies within, the part
            /// after `from` of one that holds it (now), the part before `until` of one that runs
            /// past it (the horizon) — its amount is spread evenly over it: nothing says when in
            /// the interval it fell.
            func share(from: Date, until: Date) -> Double {
                let inside = min(end, until).timeIntervalSince(max(start, from))
                return min(1, max(0, inside) / length)
            }
        }
        let step = Double(forecast.hourStepSeconds)
        // 15-minute data where it covers now and has values; hourly otherwise.
        let quarters = forecast.quarterHours.map {
            Interval(
                start: $0.time.addingTimeInterval(-900), length: 900, millimetres: $0.precipitationMillimetres,
                probability: nil, threshold: Self.quarterHourThreshold)
        }
        let hours = forecast.hourly.map {
            Interval(
                start: $0.time.addingTimeInterval(-step), length: step, millimetres: $0.precipitationMillimetres,
                probability: $0.precipitationProbabilityPercent, threshold: Self.hourThreshold)
        }
        // A series covers now when an interval contains it, or when its first interval starts
        // less than one interval after now (an answer whose first value is for the interval
        // after the current one).
        func covers(_ series: [Interval], length: Double) -> Bool {
            series.contains { $0.start <= now && now < $0.start.addingTimeInterval(length) && $0.millimetres != nil }
                || series.first.map {
                    $0.start > now && $0.start.timeIntervalSince(now) <= length && $0.millimetres != nil
                } ?? false
        }
        let series: [Interval]
        if covers(quarters, length: 900) {
            // The hours that begin where the 15-minute data end carry on after them.
            let quartersEnd = quarters.last?.end ?? now
            let later = hours.filter { $0.start >= quartersEnd && $0.millimetres != nil }
            hourlyFrom = later.isEmpty ? nil : quartersEnd
            (series, resolution) = (quarters + later, .quarterHours)
        } else if covers(hours, length: Double(forecast.hourStepSeconds)) {
            let step = forecast.hourStepSeconds
            series = hours
            resolution = step > 3_600 ? .steps(hours: step / 3_600) : .hours
        } else {
            return nil
        }
        let inWindow = series.filter { $0.end > now && $0.start < now.addingTimeInterval(horizon) }
        let last = inWindow.last?.end ?? now
        horizonSeconds = min(horizon, max(0, last.timeIntervalSince(now)))
        if let from = hourlyFrom, from >= now.addingTimeInterval(horizonSeconds) { hourlyFrom = nil }
        guard let firstWet = inWindow.firstIndex(where: { ($0.millimetres ?? 0) >= $0.threshold }) else {
            // The hours' chances over the same span (each the chance of the hour before its
            // time): `rain` says a dry outlook beside a 35 % hour.
            let until = now.addingTimeInterval(min(horizon, max(0, last.timeIntervalSince(now))))
            let chances = forecast.hourly.filter { $0.time > now && $0.time.addingTimeInterval(-step) < until }
                .compactMap(\.precipitationProbabilityPercent)
            (kind, start, end, totalMillimetres, probabilityPercent) = (.dry, nil, nil, 0, chances.max())
            return
        }
        // The spell read on past the window when asked to (`followSpell`).
        let ahead = followSpell ? Array(series.drop { $0.end <= now }) : inWindow
        let first = ahead.firstIndex { $0.start == inWindow[firstWet].start } ?? firstWet
        let spellLast = ahead.last?.end ?? last
        let wetNow = ahead[first].start <= now
        // What is totalled: from now to the horizon (an hour running past it, its part up to
        // it), or to the spell's end when it is followed.
        let totalUntil = followSpell ? Date.distantFuture : now.addingTimeInterval(horizon)
        var total = 0.0
        var probability: Double?
        var stop: Date?
        for interval in ahead[first...] {
            guard (interval.millimetres ?? 0) >= interval.threshold else {
                stop = interval.start
                break
            }
            total += (interval.millimetres ?? 0) * interval.share(from: now, until: totalUntil)
            if let chance = interval.probability { probability = max(probability ?? 0, chance) }
        }
        kind = wetNow ? .now : .later
        start = wetNow ? now : ahead[first].start
        end = stop
        // The hours the wet spell touches, each the hour before its time (the hourly codes
        // also serve the 15-minute data).
        let spellStart = ahead[first].start
        let spellEnd = stop ?? spellLast
        falls = Falls.over(forecast, from: spellStart, to: spellEnd)
        totalMillimetres = total
        probabilityPercent = probability
        readUntil = spellLast
    }
}
