import FoundationEssentials
import WeatherKit
import WeatherStore

/// Settings: `units`, `provider`, `geocoder`, `language`.
extension WeatherSession {
    func setUnits(_ change: UnitsChange?) throws(ShellError) -> [CommandResult] {
        guard let change else { return [.units(settings.unitSetting)] }
        let setting: UnitSetting
        switch change {
        case .preset(let preset): setting = UnitSetting(preset: preset)
        case .quantity(let quantity, let word):
            guard let changed = settings.unitSetting.setting(quantity, to: word) else {
                throw .usage("\(quantity.rawValue) is one of \(quantity.choices.joined(separator: ", "))")
            }
            setting = changed
        }
        let saved = persist { document throws(ShellError) in document.settings.unitSetting = setting }
        unitsForThisRun = nil
        var results = acknowledged(.units(setting), unless: saved)
        if let lastWeather { results.append(.weather(lastWeather)) }
        return results
    }

    func setProvider(_ word: String?) throws(ShellError) -> [CommandResult] {
        guard let word else {
            return [.setting(name: "provider", value: WeatherServices.word(for: forecastProvider.service))]
        }
        guard let service = WeatherServices.service(named: word, geocoding: false), service != .nominatim else {
            throw CommandSpec.provider.usage()
        }
        guard services.forecastProviders.contains(where: { $0.service == service }) else {
            throw .service(.missingKey(service))
        }
        let value = WeatherServices.word(for: service)
        return acknowledged(
            .setting(name: "provider", value: value),
            unless: persist { document throws(ShellError) in document.settings.provider = value })
    }

    func setGeocoder(_ word: String?) throws(ShellError) -> [CommandResult] {
        guard let word else { return [.setting(name: "geocoder", value: WeatherServices.word(for: geocoder.service))] }
        let named = WeatherServices.service(named: word, geocoding: true)
        // A geocoder wx has but for a key is the same failure as `provider`'s (exit 1), not a
        // word it does not know (trial 15: `geocoder openweathermap` exited 2, `provider …` 1).
        if named == .openWeatherMap, !services.geocoders.contains(where: { $0.service == .openWeatherMap }) {
            throw .service(.missingKey(.openWeatherMap))
        }
        guard let service = named, services.geocoders.contains(where: { $0.service == service }) else {
            let choices = services.geocoders.map { WeatherServices.word(for: $0.service) }.joined(separator: " | ")
            let keyless = !services.geocoders.contains { $0.service == .openWeatherMap }
            throw .usage(
                "usage: geocoder [\(choices)]" + (keyless ? "; openweathermap needs OPENWEATHERMAP_API_KEY" : ""))
        }
        let value = WeatherServices.word(for: service)
        return acknowledged(
            .setting(name: "geocoder", value: value),
            unless: persist { document throws(ShellError) in document.settings.geocoder = value })
    }

    /// `language de`: names and descriptions in German; `language auto` follows the locale.
    func setLanguage(_ code: String?) -> [CommandResult] {
        let fromLocale = "from the locale"
        guard let code else {
            return [.setting(name: "language", value: language, note: settings.language == nil ? fromLocale : nil)]
        }
        let value: String? = code == "auto" ? nil : code
        let saved = persist { document throws(ShellError) in document.settings.language = value }
        return acknowledged(
            .setting(
                name: "language", value: value ?? configuration.localeLanguage, note: value == nil ? fromLocale : nil),
            unless: saved)
    }
}
