import WXBasics
import WeatherKit

// The weather that was: `past` and `normal`.
extension CommandSpec {
    static let past = CommandSpec(
        name: "past", synopsis: "past DATE[..DATE] [place | favorite]",
        summary: "a past day (or up to 31 days): low, high, rain, wind, sun",
        details: [
            "DATE is 2024-07-14, “yesterday”, a weekday (“saturday”, “sat”: the last one before today), or -3 for three days ago; DATE..DATE is a range of up to 31 days. Any day from 1940-01-01 to yesterday.",
            "“today”, “yesterday”, weekdays and days ago are the place’s calendar days, in its time zone: from its forecast when shown, else the zone of the tz database nearest to it, and the answer’s own zone wins. Only without the tz database are they your own (TZ), else UTC.",
            "A single day shows its hours too, as “hourly” does. Days older than five come from Open-Meteo’s archive of ERA5 reanalysis (WX_OPEN_METEO_ARCHIVE_URL); a span that reaches into the last five days comes whole from its forecast API (WX_OPEN_METEO_URL), which keeps 92 days — one request, not two — and one that starts earlier is split between the two; wx says which. Cached for good.",
            "Without a place, for the current location; with one, as “show” does.",
        ],
        completion: .dateThenFavorites,
        costs: [
            RequestCost(
                services: [.openMeteoArchive, .openMeteo],
                "1 request (Historical Weather or forecast API); complete days kept for good")
        ]
    ) { arguments throws(ShellError) in
        guard let word = arguments.next() else { throw arguments.usage(PastDays.note) }
        guard let days = PastDays(parsing: word) else {
            // Shaped like a date but not one (2025-02-30): say so, not only the synopsis.
            if let bad = PastDays.impossibleDate(in: word) {
                throw .usage("\(TerminalText.sanitized(bad)) is not a day of the calendar")
            }
            throw arguments.usage(PastDays.note)
        }
        return .past(days, try CommandParser.optionalPlace(&arguments))
    }

    static let normal = CommandSpec(
        name: "normal", synopsis: "normal [place | favorite]",
        summary: "the 1991–2020 normals for the next 7 days",
        details: [
            "Mean low and high, mean precipitation, and how often it rained (the share of days with at least 1 mm), for the same calendar days in 1991–2020, each the mean over the days within 3 days of it.",
            "One request to Open-Meteo’s archive fetches thirty years of daily values, reduced here and cached for good. Once a place’s normals are known, “show” and “daily” say how its days compare, with no request of their own.",
            "Without a place, for the current location; with one, as “show” does.",
        ],
        completion: .favorites,
        costs: [RequestCost(services: [.openMeteoArchive], "1 request for 30 years of days, once per place")]
    ) { arguments throws(ShellError) in
        .normal(try CommandParser.optionalPlace(&arguments))
    }
}

/// A day as typed after `past`: a calendar date, or a number of days before today.
package enum PastDate: Hashable, Sendable {
    /// `2024-07-14`.
    case date(LocalDate)
    /// `today` (0), `yesterday` (1), `-3` (3).
    case daysAgo(Int)
    /// `saturday`, `sat`: the last such day before today (0 = Sunday … 6 = Saturday).
    case weekday(Int)

    /// Weekday names as typed, full or in three letters, Sunday first.
    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Parses `2024-07-14`, `today`, `yesterday`, a weekday or `-N`; nil for anything else.
    init?(parsing text: Substring) {
        let lower = text.lowercased()
        if lower == "yesterday" {
            self = .daysAgo(1)
        } else if lower == "today" {
            self = .daysAgo(0)
        } else if lower.count >= 3,
            let weekday = Self.weekdayNames.firstIndex(where: { $0 == lower || $0.prefix(3) == lower })
        {
            self = .weekday(weekday)
        } else if lower.hasPrefix("-"), lower.count <= 6, let days = Int(lower.dropFirst()), days >= 1 {
            self = .daysAgo(days)
        } else if text.count == 10, let date = LocalDate(iso: text), date.iso == String(text) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// The calendar day, counted back from `today`.
    package func resolved(today: LocalDate) -> LocalDate {
        switch self {
        case .date(let date): date
        case .daysAgo(let days): CivilCalendar.date(fromDays: today.dayNumber - days)
        case .weekday(let weekday):
            CivilCalendar.date(fromDays: today.dayNumber - ((today.weekday - weekday + 6) % 7 + 1))
        }
    }
}

/// The days `past` shows: one day, or a range `DATE..DATE`.
package struct PastDays: Hashable, Sendable {
    package var first: PastDate
    /// The last day of a range; nil for a single day.
    package var last: PastDate?

    /// The most days one `past` shows.
    package static let maximumDays = 31
    /// The part of `word` shaped `YYYY-MM-DD` that names no day (`2025-02-30`), if any.
    static func impossibleDate(in word: String) -> String? {
        for part in word.components(separatedBy: "..") {
            let bytes = Array(part.utf8)
            let shaped =
                bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
                && bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element) }
            if shaped, PastDate(parsing: Substring(part)) == nil { return part }
        }
        return nil
    }

    /// What follows the synopsis in a usage error.
    static let note = ": DATE is 2024-07-14, yesterday, a weekday or -3 (days ago); DATE..DATE up to 31 days"

    package init(first: PastDate, last: PastDate? = nil) {
        self.first = first
        self.last = last
    }

    /// Parses `DATE` or `DATE..DATE`; nil when either part is not a date.
    init?(parsing word: String) {
        let parts = word.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = PastDate(parsing: parts[0]) else { return nil }
        self.first = first
        if parts.count == 2 {
            guard let last = PastDate(parsing: parts[1]) else { return nil }
            self.last = last
        }
    }
}
