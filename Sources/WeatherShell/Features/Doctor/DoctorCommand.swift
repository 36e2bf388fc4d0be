import WeatherKit

// `doctor` (and `wx doctor`): what wx depends on, checked one line each, with what to do.
// Exit status 0 when all is well, 1 when something is off.

extension CommandSpec {
    static let doctor = CommandSpec(
        name: "doctor", synopsis: "doctor",
        summary: "check the state folder, services, key, terminal and files",
        details: [
            "One line per check, each saying what to do when something is off: the state folder (writable, free space, a lock held by another process, the log readable and its index in step), every service your settings, your current location and your favorites would ask (reachable, its answer readable as the commands read it — JSON in UTF-8, not a web page —, how long it took, a certificate not trusted, the proxy in use), the OpenWeatherMap key (set, accepted — never shown), the terminal (colour, width, UTF-8, the line editor), and whether wxrc and ~/.editrc read.",
            "Services asked: the provider (OpenWeatherMap for its current weather and for its forecast, the two requests “show” makes), the geocoder and the one that stands in when it cannot be used (Open-Meteo’s geocoding for Nominatim, Nominatim for Open-Meteo’s), Open-Meteo’s forecast API when another provider is chosen (“models”, “past” and “saved” ask it whatever the provider), the ensemble (“chance”, “check --rain”), the previous runs (“drift”, “skill”, “brief --sure”), the archive (“past”, “normal”, “skill”, “saved”), air quality (“air”), the warning feed “warnings” and “check --warnings” use for the current location and for each favorite, each feed once and named with the places it stands for (MeteoAlarm’s feeds are one per country: at most \(DoctorWarningFeeds.mostMeteoAlarmCountries) asked, the others named in a note; with no such place, NWS, Bright Sky, Environment Canada and MET Norway), and OpenWeatherMap when a key is set — one light request each (one variable at one point for one day, a status page, one feed), at the WX_*_URL base the configuration names, and no other. A service that fails is followed by the commands it affects (“affects: brief --sure, drift, skill”; affects in --json). Offline (--offline) and in make demo nothing is asked.",
            "Exit status: 0 when all is well, 1 when something is off. --json gives one document with each check.",
        ],
        costs: [
            RequestCost(
                services: RequestCost.geocoders + RequestCost.forecastServices + [
                    .openMeteoEnsemble, .openMeteoPreviousRuns, .openMeteoArchive, .openMeteoAirQuality,
                ] + RequestCost.warningFeeds,
                "1 light request to each service in use: the provider, the geocoder and its stand-in, Open-Meteo’s forecast API when another provider is chosen, the ensemble, the previous runs, the archive, air quality, the warning feed of the current location and of each favorite, each feed once (MeteoAlarm once per country, at most \(DoctorWarningFeeds.mostMeteoAlarmCountries) countries) — with no such place, each feed that needs no country — and OpenWeatherMap with a key (2 requests as the provider: its current weather and its forecast)"
            )
        ]
    ) { arguments throws(ShellError) in
        try arguments.alone(.doctor)
    }
}
