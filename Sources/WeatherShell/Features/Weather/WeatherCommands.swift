import WXBasics
import WeatherKit

// The weather for a place: `show`, `hourly`, `daily`, `rain`, `air`, `watch`, `compare`.
extension CommandSpec {
    static let show = CommandSpec(
        name: "show", synopsis: "show [place | favorite]",
        summary: "weather now, the next 12 hours, 7 days",
        details: [
            "Without an argument, for the current location. With a favorite’s name, for that favorite; with anything else, finds the place first (“show Paris”) and makes it current.",
            "One request to Open-Meteo fetches everything; an answer still current is shown from the cache. Official warnings in force come first, a line each: its end (“until Sat 09:00”), or without one its onset as “warnings” says it (“since Sat 01:00, no end given”). What it showed is kept as a look for “changed”, written after the weather is printed: another wx holding the lock never holds the weather back.",
        ],
        completion: .favorites,
        costs: [
            RequestCost(
                services: RequestCost.forecastServices + RequestCost.warningFeeds, RequestCost.forecastAndWarnings)
        ]
    ) { arguments throws(ShellError) in
        .show(try CommandParser.optionalPlace(&arguments))
    }

    static let hourly = CommandSpec(
        name: "hourly", synopsis: "hourly [N] [place | favorite]",
        summary: "the next N hours (24) as a table and chart",
        details: [
            "Temperature as a chart over the place’s local time, precipitation probability as bars under it. From the same request as “show”.",
            "Without a place, for the current location; with one, as “show” does (“hourly 12 Home”).",
        ],
        completion: .countThenFavorites,
        costs: [RequestCost(services: RequestCost.forecastServices, RequestCost.forecast)]
    ) { arguments throws(ShellError) in
        let count = try CommandParser.count(&arguments, rule: .hourly)
        return .hourly(count, try CommandParser.optionalPlace(&arguments))
    }

    static let daily = CommandSpec(
        name: "daily", synopsis: "daily [N] [place | favorite]",
        summary: "N days (7, up to 16): high, low, rain, wind",
        details: ["Without a place, for the current location; with one, as “show” does."],
        completion: .countThenFavorites,
        costs: [RequestCost(services: RequestCost.forecastServices, RequestCost.forecast)]
    ) { arguments throws(ShellError) in
        let count = try CommandParser.count(&arguments, rule: .daily)
        return .daily(count, try CommandParser.optionalPlace(&arguments))
    }

    static let rain = CommandSpec(
        name: "rain", synopsis: "rain [place | favorite]",
        summary: "when precipitation next starts and stops",
        details: [
            "From Open-Meteo’s 15-minute data where the place has it, hourly data elsewhere and past the 15-minute data’s end, over the next 24 hours: “rain from 15:30, about 2 mm, until 17:00”; a spell that starts within them is followed to its end. Under it, the heaviest later spell that starts within them, found as “brief” finds its spells (the most mm; each hour’s amount is the hour before its time): “heaviest later: rain 20:00–22:00 (31.0 mm)”, “later: …” when it is the only one. A forecast without hours gives its days’ chance and amount instead.",
            "With a place, for that place, as “show” does.",
        ],
        completion: .favorites,
        costs: [RequestCost(services: RequestCost.forecastServices, RequestCost.forecast)]
    ) { arguments throws(ShellError) in
        .rain(try CommandParser.optionalPlace(&arguments))
    }

    static let air = CommandSpec(
        name: "air", synopsis: "air [place | favorite]",
        summary: "air quality: AQI, particles, ozone, pollen",
        details: [
            "From Open-Meteo’s air-quality service (WX_OPEN_METEO_AIR_QUALITY_URL). Pollen only in Europe.",
            "Without a place, for the current location; with one, for that place, which becomes current.",
        ],
        completion: .favorites,
        costs: [RequestCost(services: [.openMeteoAirQuality], "1 air-quality request, kept an hour")]
    ) { arguments throws(ShellError) in
        .air(try CommandParser.optionalPlace(&arguments))
    }

    static let watch = CommandSpec(
        name: "watch", synopsis: "watch [minutes] [--rain N%] [--frost N%] [--notify]",
        summary: "show again every N minutes (10), to Ctrl-C",
        details: [
            "Asks the service only when the data shown is out of date (Open-Meteo updates every 15 minutes). When the terminal is resized, what is shown is drawn again at the new width at once, without asking.",
            "With --rain 60% (or --frost 30%), rings the bell and prints a line when the share of the ensemble’s members with at least 1 mm of rain over the day, its hours added (or a low below 0 °C), in the rest of today (from the next hour) or tomorrow reaches the threshold, and says when it falls back below. The ensemble (as “confidence”) is fetched at most once per model run.",
            "With --notify, each line that crosses a threshold (and each warning that comes, goes or changes) also raises a desktop notification: on a terminal the escape OSC 777 (“notify”) when TERM starts with rxvt or foot or VTE_VERSION is set (GNOME Terminal, Tilix), else OSC 9 (iTerm2, WezTerm, Windows Terminal, kitty, ghostty); and notify-send when it is on PATH. The bell rings as without it.",
        ],
        costs: [
            RequestCost(
                services: RequestCost.forecastServices + RequestCost.warningFeeds, RequestCost.forecastAndWarnings),
            RequestCost("--rain/--frost", services: [.openMeteoEnsemble], RequestCost.ensemble),
        ]
    ) { arguments throws(ShellError) in
        if arguments.words.contains(where: { $0.hasPrefix("--") || Arguments.looksLikeOption($0) }) {
            return try ChanceAlert.parseWatch(&arguments)
        }
        guard let text = arguments.rest() else { return .watch(10) }
        guard let minutes = DecimalText.parse(text), minutes >= 0.05, minutes <= 1_440 else {
            try ChanceAlert.refusePlace(in: text.split(separator: " ").map(String.init))
            throw arguments.usage(ChanceAlert.minutesRange)
        }
        return .watch(minutes)
    }

    static let compare = CommandSpec(
        name: "compare", synopsis: "compare [favorite …]",
        summary: "favorites side by side, now and today",
        details: [
            "Without names, every favorite. A name with spaces may go in quotes (compare Hamburg \"New York\"); unquoted, words that together are a favorite’s name are read as it (compare Hamburg New York).",
            "Places with a current answer in the cache come from it; Open-Meteo answers for all the others in one request (up to 50 places a request).",
        ],
        completion: .favoriteList,
        costs: [
            RequestCost(
                services: RequestCost.forecastServices + RequestCost.warningFeeds,
                "1 forecast request for all favorites not cached (up to 50 a request), and each favorite’s warning feed as for “show”"
            )
        ]
    ) { arguments throws(ShellError) in
        try arguments.refuseJSONFlag()
        return .compare(arguments.words)
    }
}

/// The most hours `hourly` shows, and days `daily` shows (Open-Meteo's 16-day range): the
/// parser's limit and the handler's.
enum ForecastSpan {
    static let maximumHours = 384
    static let maximumDays = 16
}

extension CountRule {
    /// `hourly [N]`: hours, as far as Open-Meteo forecasts.
    static let hourly = CountRule(what: "the number of hours", maximum: ForecastSpan.maximumHours)
    /// `daily [N]`: days, as far as Open-Meteo forecasts.
    static let daily = CountRule(what: "the number of days", maximum: ForecastSpan.maximumDays)
}
