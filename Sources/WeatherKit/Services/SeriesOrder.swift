import FoundationEssentials
import WXBasics

/// The one rule for a series of times in a service's answer — Open-Meteo's blocks
/// (`OpenMeteoAnswer.checkOrder`) and OpenWeatherMap's 3-hour steps alike.
enum SeriesOrder {
    /// Refuses a series whose times (instants, or days) are not each later than the one before:
    /// a value belongs to its own time, and an entry out of order or repeated would put one
    /// day's hours among another's (trial 57: Tuesday's afternoon shown as "the next 12 hours"
    /// of a Sunday, the current visibility taken from the stray entry). As for a value no
    /// weather can have (`PhysicalRange`), the whole answer is refused, never one entry quietly
    /// dropped or shifted; a time that cannot be read at all (null) is left out as before.
    ///
    /// - Parameters:
    ///   - times: the series' times in the answer's order, nil where unreadable.
    ///   - raw: the same times as they came, for the message.
    ///   - entry: the name of entry `index` in the answer ("hourly.time[60]", "list[3].dt").
    /// - Throws: `ServiceError.malformedResponse` of `service` naming the entry
    ///   ("hourly.time[60] 2025-07-27T02:00 is not after 2025-07-29T11:00 before it").
    static func check<Time: Comparable>(
        _ times: [Time?], raw: [JSONValue], entry: (Int) -> String, service: Service
    ) throws(ServiceError) {
        var previous: (index: Int, time: Time)?
        for index in times.indices {
            guard let time = times[index] else { continue }
            if let previous, time <= previous.time {
                func text(_ index: Int) -> String {
                    guard index < raw.count else { return "?" }
                    return raw[index].string.map { TerminalText.sanitized($0) }
                        ?? raw[index].double.map { DecimalText.shortest($0) } ?? "?"
                }
                throw .malformedResponse(
                    service, detail: "\(entry(index)) \(text(index)) is not after \(text(previous.index)) before it")
            }
            previous = (index, time)
        }
    }
}
