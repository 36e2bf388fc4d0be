import FoundationEssentials
import WXBasics
import WeatherKit

/// The hours of a day the ensemble covers only in part, in words, by one phrase for `check`,
/// `watch`, `brief` and `chance` (`EnsembleForecast.partHours(of:from:variable:)` decides which
/// hours they are).
enum PartDayText {
    /// "23 hours the ensemble covers (of 24, to 23:00)", "18 hours the ensemble covers (of 19,
    /// without 19:00–20:00)": the hours `held` of the day's, the last ending at its
    /// `coveredUntil`, with its `gaps` (the starts of hours inside the day no member has) named.
    ///
    /// - Parameter coversPrecedingHour: whether each value covers the hour before its time (an
    ///   amount: a gap is a span of hours), or is an instant (a gap is a time).
    static func hours(_ held: EnsemblePartHours, coversPrecedingHour: Bool, format: ValueFormatter) -> String {
        "\(Counting.count(held.slots.count, "hour")) the ensemble covers (of \(held.hoursInDay), \(Self.held(held, coversPrecedingHour: coversPrecedingHour, format: format)))"
    }

    /// "to 23:00" (the answer stops within the day), "without 13:00–14:00" (an hour inside the
    /// day no member has; "without 13:00" for an instant), or both: what of a day covered in
    /// part is held.
    static func held(_ held: EnsemblePartHours, coversPrecedingHour: Bool, format: ValueFormatter) -> String {
        let (gaps, until) = (held.gaps, held.coveredUntil)
        // The gaps as spans of consecutive hours, each from its first hour's start to its last's end.
        var spans: [(LocalDateTime, Int)] = []
        for hour in gaps {
            if let last = spans.last, last.0.hour + last.1 == hour.hour, last.0.date == hour.date {
                spans[spans.count - 1].1 += 1
            } else {
                spans.append((hour, 1))
            }
        }
        let without = spans.map { start, count in
            var end = start
            // Amounts: the hours from the first's start to the last's end; instants: the times.
            guard coversPrecedingHour else {
                end.hour += count - 1
                return count == 1 ? format.clock(start) : "\(format.clock(start)) to \(format.clock(end))"
            }
            end.hour = (start.hour + count) % 24
            return "\(format.clock(start))–\(format.clock(end))"
        }
        let endMissing = held.slots.count + gaps.count < held.hoursInDay
        let to = endMissing ? ["to \(format.clock(until))"] : []
        return ((without.isEmpty ? [] : ["without " + Counting.list(without)]) + to).joined(separator: ", ")
    }
}
