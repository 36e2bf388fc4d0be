import WeatherKit

/// What one form of a command asks of the services, declared beside the command
/// (`CommandSpec.costs`): `about` and README list these, so that a new command that asks a
/// service states what it costs where it is declared. Open-Meteo's free use is under 10,000
/// calls a day, and it counts a request with many variables, many days or many ensemble
/// members as several.
package struct RequestCost: Hashable, Sendable {
    /// The form that costs this, after the command's name ("verify" for `saved verify`,
    /// "--rain/--frost" for `watch --rain`); nil for the command as such.
    package let form: String?
    /// The services it may ask.
    package let services: [Service]
    /// The requests and how long their answers are kept, in words.
    package let text: String

    package init(_ form: String? = nil, services: [Service], _ text: String) {
        self.form = form
        self.services = services
        self.text = text
    }

    /// The forecast request of `show` and the views built from it: one service of the
    /// provider setting.
    static let forecastServices: [Service] = [.openMeteo, .openWeatherMap]
    /// Every keyless warning feed; one of them covers a place's country.
    static let warningFeeds: [Service] = [.nws, .brightSky, .eccc, .metNorway, .meteoAlarm]
    /// The geocoders `find` asks (the setting's, then the other as a fallback).
    static let geocoders: [Service] = [.nominatim, .openMeteoGeocoding]

    /// The forecast request alone.
    static let forecast = "1 forecast request, none while the answer is current (15 min)"
    /// `show`'s: the forecast, and the warning feed asked alongside it.
    static let forecastAndWarnings =
        "1 forecast request, none while the answer is current (15 min), and 1 to the warning feed that covers the place (kept 10 minutes)"
    /// The ensemble, one answer for every view of it (`confidence`, `best`, `chance`, `plume`,
    /// `watch --rain/--frost`).
    static let ensemble =
        "1 ensemble request per place, shared by all five and kept until the model’s next run (6 h); Open-Meteo counts it as about 300 (6 variables × 51 members)"
    /// `best`'s: the shared ensemble answer, and the forecast `show` asks for the values beside
    /// the odds.
    static let ensembleAndForecast =
        "1 ensemble request per place, the one confidence, chance, plume and watch --rain share (kept until the model’s next run), and 1 forecast request for the values beside the odds, none while the answer is current (15 min)"

    /// The commands, and forms of them, whose declared costs list `service`, in `help`'s order
    /// ("drift", "brief --sure", "saved verify"); `doctor`, which asks every service, is not
    /// among them. What `doctor` says a service that fails affects.
    package static func commands(using service: Service) -> [String] {
        var names: [String] = []
        for spec in Registry.commands where spec.name != CommandSpec.doctor.name {
            for cost in spec.costs where cost.services.contains(service) {
                let name = spec.name + (cost.form.map { " " + $0 } ?? "")
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// `about`'s table: every declared cost in `help`'s order, forms that cost the same on one
    /// row ("show, hourly, daily, rain: …"), the row where its first command stands.
    package static var table: [(commands: String, cost: String)] {
        var rows: [(commands: [String], cost: String)] = []
        for spec in Registry.commands {
            for cost in spec.costs {
                let command = spec.name + (cost.form.map { " " + $0 } ?? "")
                if let index = rows.firstIndex(where: { $0.cost == cost.text }) {
                    rows[index].commands.append(command)
                } else {
                    rows.append(([command], cost.text))
                }
            }
        }
        return rows.map { ($0.commands.joined(separator: ", "), $0.cost) }
    }
}
