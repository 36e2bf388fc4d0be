import WXBasics
import WeatherKit

/// Which days of an answer are the days ahead, by one rule for `confidence` and `models`: a
/// day from today up to the last of the `covered` days the service is asked for (today is the
/// first). A later day is for another time than now (a recording, a clock set wrong): it is
/// left out and counted, and an answer with only such days is refused in one line (trial 59:
/// `models` showed a December 2026 answer as the next 3 days of July 2025, where `confidence`
/// refused the same recording).
struct DaysAhead<Day> {
    /// The days within the range, in the answer's order.
    var within: [Day]
    /// How many days lie after the range.
    var beyond: Int
    /// The first day after the range, nil when none is.
    var firstBeyond: LocalDate?

    /// `days` split at the last of the `covered` days from `today`.
    ///
    /// - Parameters:
    ///   - days: the answer's days, in order, that a report would show (those before today
    ///     already taken out by the caller).
    ///   - date: a day's local date.
    ///   - today: the place's today, at the answer's clock.
    ///   - covered: how many days from today the service is asked for (today counts as one).
    init(_ days: [Day], date: (Day) -> LocalDate, today: LocalDate, covered: Int) {
        let lastDay = today.dayNumber + covered - 1
        within = days.filter { date($0).dayNumber <= lastDay }
        let later = days.filter { date($0).dayNumber > lastDay }
        beyond = later.count
        firstBeyond = later.first.map(date)
    }

    /// The refusal when no day is within the range: "the ECMWF IFS ENS answer starts
    /// 2026-12-02, 493 days from today — beyond the 10 days the ensemble covers, so it says
    /// nothing of the days ahead; " and then `advice` (`EnsembleRetryText.advice`). Nil when a
    /// day is within the range, or none is after it.
    ///
    /// - Parameters:
    ///   - answer: the answer's name after "the" ("ECMWF IFS ENS", "models’").
    ///   - what: what covers the days ("the ensemble", "the models’ forecast").
    func refusal(answer: String, today: LocalDate, covered: Int, what: String, advice: String) -> String? {
        guard within.isEmpty, let first = firstBeyond else { return nil }
        return EnsembleRetryText.startsLater(answer, first: first, today: today)
            + " — beyond the \(covered) days \(what) covers, so it says nothing of the days ahead; " + advice
    }

    /// The note under a report that left days out: "2 days of the answer left out: more than
    /// 10 days from today, beyond what the ensemble covers".
    static func leftOutNote(_ count: Int, covered: Int, what: String) -> String {
        "\(Counting.count(count, "day")) of the answer left out: more than \(covered) days from today, beyond what \(what) covers"
    }
}
