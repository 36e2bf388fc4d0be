// What a comparison of two looks left out, and why — worded once for `changed` (a sentence
// each), `check --changed` (a clause of its one line, in brackets) and `brief` (a clause of its
// last sentence, in brackets), so that the three say it alike.
extension TextRenderer {
    /// Why each day's high, low and rain were not compared (`LookComparison.daysDiffer`), as a
    /// clause: "each day’s high, low and rain were not compared: Open-Meteo gave UTC days then
    /// and the place’s days now, hours apart" — `earlierUTC`: whether the earlier look's (or
    /// check's mark's) days were the UTC days of an answer in GMT, the current answer's the
    /// place's; false: the other way round.
    static func daysNotComparedClause(earlierUTC: Bool) -> String {
        let (then, now) = earlierUTC ? ("UTC days", "the place’s days") : ("the place’s days", "UTC days")
        return
            "each day’s high, low and rain were not compared: Open-Meteo gave \(then) then and \(now) now, hours apart"
    }

    /// Why tomorrow's chance of rain was not compared (`LookComparison.tomorrowChanceNotCompared`),
    /// as a clause: the count it would be compared with was made before the place's midnight,
    /// for the day that is today now.
    static let tomorrowChanceNotComparedClause =
        "tomorrow’s chance of rain was not compared: the earlier count is from before midnight, of the day that is now today"

    /// A clause of this file as a sentence of its own (`changed`'s): its first letter upper-cased,
    /// a full stop after it.
    static func notComparedSentence(_ clause: String) -> String {
        clause.prefix(1).uppercased() + clause.dropFirst() + "."
    }
}
