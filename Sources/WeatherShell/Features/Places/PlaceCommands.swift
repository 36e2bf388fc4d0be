import WeatherKit

// Finding places: `find` and `use`.
extension CommandSpec {
    static let find = CommandSpec(
        name: "find", synopsis: "find <query | lat,lon>",
        summary: "geocode a place; list up to 5 candidates",
        details: [
            "Free text (“Portland, OR”, “10 Downing Street”), a postcode (“BS7 9EX”) or any script (“München”, “東京”). Candidate 1 becomes the current location; “use N” picks another.",
            "“lat,lon” in decimal degrees (“53.55,9.99”) names the point by reverse geocoding; where the geocoder has no place (open sea, ice) nothing changes, and “show lat,lon” gives the weather there.",
            "“id:N” looks up OpenWeatherMap’s city N (“id:2950159” is Berlin); it needs OPENWEATHERMAP_API_KEY.",
            "Answers are cached, so asking again makes no request.",
        ],
        completion: .favorites,
        costs: [RequestCost(services: RequestCost.geocoders, "1 geocoding request; places kept 30 days")]
    ) { arguments throws(ShellError) in
        try arguments.refuseOptions()
        guard let query = arguments.rest() else { throw arguments.usage() }
        return .find(try CommandParser.place(query))
    }

    static let use = CommandSpec(
        name: "use", synopsis: "use <N>", summary: "make candidate N the current location"
    ) { arguments throws(ShellError) in
        guard let text = arguments.rest() else { throw arguments.usage() }
        return .use(try CommandParser.number(text, what: "the candidate"))
    }
}
