import FoundationEssentials
import WXBasics
import WeatherKit

/// What an ensemble view says to do when the model's answer does not reach the hours it needs,
/// by one rule for `confidence`, `best`, `chance`, `plume` and `check --rain`: an answer just
/// fetched (or current in the cache) waits for the model's next run; a saved answer that stands
/// in — under `--offline`, or after the service failed — is said to be that saved answer and
/// how old it is, as `show` says it ("offline: data from 18 days ago"): no run mends it while
/// wx does not ask (trial 58: "try after the next run" under `--offline`).
enum EnsembleRetryText {
    /// The advice after the problem's own words and a "; ": "try again after the next run";
    /// for a saved answer "this is offline: data from 18 days ago; without --offline, wx asks
    /// for the latest run", or "this is saved data from 3 h 0 min ago (REASON)".
    ///
    /// - Parameters:
    ///   - origin: where the ensemble answer came from.
    ///   - now: wx's now, against which the saved answer's age is told.
    static func advice(_ origin: DataOrigin?, now: Date) -> String {
        guard case .stale(let stored, let reason)? = origin else { return "try again after the next run" }
        let age = ValueFormatter.age(seconds: now.timeIntervalSince(stored))
        let saved = "this is " + TextRenderer.staleText(age: age, reason: reason)
        return reason == nil ? saved + "; without --offline, wx asks for the latest run" : saved
    }

    /// "the ECMWF IFS ENS answer starts 2026-12-01, 39 days from today": an answer whose first
    /// day is after the days asked (a recording, a clock set wrong), as `confidence`, `models`
    /// and `best` say it; `answer`: the answer's name after "the" ("ECMWF IFS ENS", "models’").
    static func startsLater(_ answer: String, first: LocalDate, today: LocalDate) -> String {
        "the \(answer) answer starts \(first.iso), \(Counting.count(first.dayNumber - today.dayNumber, "day")) from today"
    }
}
