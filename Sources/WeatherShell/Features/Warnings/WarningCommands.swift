import WXBasics
import WeatherKit

// Official warnings: `warnings` (also `alerts`).
extension CommandSpec {
    static let warnings = CommandSpec(
        name: "warnings", aliases: ["alerts"], synopsis: "warnings [-v | N] [place | favorite]",
        summary: "official weather warnings for a place",
        details: [
            "Each warning in force or announced for the place, most severe first: event, level or severity, from and until in the place’s local time, the issuing service and its headline. “-v”, before the place, adds every warning’s description and instruction; “warnings N” shows the Nth in full. Beside a warning about wind, rain, frost, heat or snow, what wx’s own forecast shows for that time.",
            "The feed is chosen by the place’s country: the US National Weather Service (WX_NWS_URL, public domain), Germany’s DWD through Bright Sky (WX_BRIGHTSKY_URL, DWD data, attribution required), Environment Canada (WX_ECCC_URL, Open Government Licence – Canada), MET Norway’s MetAlerts (WX_METNO_URL, CC BY 4.0 / NLOD), and MeteoAlarm for the other European members (WX_METEOALARM_URL; reuse with attribution). MeteoAlarm is per country: a place is matched by region name against its address, never by point, and wx says which region matched. Elsewhere wx says that no keyless feed covers the country.",
            "Texts in the “language” setting where the feed carries it (DWD: German or English; ECCC: English or French; MeteoAlarm: the national language and English; MET Norway: Norwegian or English), else the feed’s own. One request a place (MeteoAlarm: a country) at most every 10 minutes; “show” puts a line per warning in force above the readings, “watch” rings when one appears, is upgraded or ends, “compare” marks favorites with one, and “save” keeps them with the snapshot.",
        ],
        completion: .flagsThenCountThenFavorites(["-v"]),
        costs: [
            RequestCost(
                services: RequestCost.warningFeeds + RequestCost.forecastServices,
                "1 request to the feed that covers the place, kept 10 minutes (MeteoAlarm: one per country), and the forecast as for “show”, for what it shows in the warnings’ hours"
            )
        ]
    ) { arguments throws(ShellError) in
        var request = WarningsRequest()
        while let first = arguments.words.first {
            if first == "-v" || first == "--verbose" {
                request.verbose = true
                _ = arguments.next()
            } else if request.index == nil, Self.readsAsNumber(first) {
                // “warnings 0 Hamburg”, “warnings -1 Hamburg”: a warning's number, never a place
                // “-1 Hamburg” sent to the geocoder (issue 37, trial 54), as `hourly -1` is a count;
                // only coordinates (“-33 151”) start with a number out of range.
                if let index = Int(first), (1...99).contains(index) {
                    request.index = index
                    _ = arguments.next()
                    continue
                }
                if Coordinate(parsing: arguments.words.joined(separator: " ")) != nil { break }
                let shown = TerminalText.sanitized(String(first.prefix(24)))
                if let index = Int(first), index < 1 {
                    throw .usage("warnings are numbered from 1, not “\(shown)”: as in “warnings 1 Hamburg”")
                }
                throw .usage(
                    "warnings are numbered from 1 to 99, not “\(shown)”: as in “warnings 1 Hamburg” (a place whose name starts with a number goes in quotes: warnings \"1600 Pennsylvania Avenue\")"
                )
            } else {
                break
            }
        }
        request.target = try CommandParser.optionalPlace(&arguments)
        return .warnings(request)
    }
}

extension CommandSpec {
    /// Whether `word` is a number as `warnings` reads one after its flags: digits with a sign
    /// or none (“2”, “0”, “-1”, “99999999999999999999”).
    static func readsAsNumber(_ word: String) -> Bool {
        let digits = word.drop { $0 == "-" || $0 == "+" }
        return !digits.isEmpty && digits.count + 1 >= word.count && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
