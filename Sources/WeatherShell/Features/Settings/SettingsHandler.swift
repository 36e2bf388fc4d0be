import FoundationEssentials
import WeatherKit
import WeatherStore

/// Settings: `units`, `provider`, `geocoder`, `language`. Given what they read and write — the
/// settings in force, state.plist (`SessionPersistence`), the service slots and those chosen,
/// the locale's language and the last view (shown again in new units) — and returning that
/// a `units` change ends `wx --units` for the run.
@MainActor
struct SettingsHandler {
    let persistence: SessionPersistence
    /// The settings in force (the saved ones, but for `wx --units`).
    let settings: Settings
    let services: WeatherServices
    /// The forecast provider and geocoder the settings chose.
    let forecastProvider: Service
    let geocoder: Service
    /// The language for names: the setting, else the locale's.
    let language: String
    let localeLanguage: String
    /// The last view shown (`WeatherSession.lastView`), re-shown after a change of units.
    let lastView: CommandResult?

    func persist(_ change: @escaping (inout StateDocument) throws(ShellError) -> Void) -> [CommandResult] {
        persistence.persist(change)
    }

    func acknowledged(_ result: CommandResult, unless saved: [CommandResult]) -> [CommandResult] {
        persistence.acknowledged(result, unless: saved)
    }

    /// `units [CHANGE]`: a change is saved and ends `wx --units` for the run (`endsUnitsForThisRun`);
    /// one quantity (`units wind kn`) is changed in the saved units, which then hold.
    func setUnits(_ change: UnitsChange?) throws(ShellError) -> HandlerOutcome {
        guard let change else { return HandlerOutcome([.units(settings.unitSetting)]) }
        let setting: UnitSetting
        let saved: [CommandResult]
        switch change {
        case .preset(let preset):
            setting = UnitSetting(preset: preset)
            saved = persist { document throws(ShellError) in document.settings.unitSetting = setting }
        case .quantity(let quantity, let word):
            // One quantity changes the SAVED units, never those of `wx --units` for this run
            // (trial 62: `wx --units imperial -c "units wind kn"` saved imperial for good).
            guard let changed = persistence.state.settings.unitSetting.setting(quantity, to: word) else {
                throw .usage("\(quantity.rawValue) is one of \(quantity.choices.joined(separator: ", "))")
            }
            setting = changed
            saved = persist { document throws(ShellError) in
                let units = document.settings.unitSetting
                document.settings.unitSetting = units.setting(quantity, to: word) ?? units
            }
        }
        var results = acknowledged(.units(setting), unless: saved)
        // The last view, with its arguments, in the new units (no request).
        if let lastView { results.append(lastView) }
        var outcome = HandlerOutcome(results)
        outcome.endsUnitsForThisRun = true
        return outcome
    }

    func setProvider(_ word: String?) throws(ShellError) -> [CommandResult] {
        guard let word else {
            let fallback = ServiceFallback.provider(
                saved: settings.provider, used: forecastProvider, available: services.forecastProviders.map(\.service))
            return [
                .setting(name: "provider", value: WeatherServices.word(for: forecastProvider), note: fallback?.note)
            ]
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
        guard let word else {
            let fallback = ServiceFallback.geocoder(
                saved: settings.geocoder, used: geocoder, available: services.geocoders.map(\.service))
            return [.setting(name: "geocoder", value: WeatherServices.word(for: geocoder), note: fallback?.note)]
        }
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
                name: "language", value: value ?? localeLanguage, note: value == nil ? fromLocale : nil),
            unless: saved)
    }
}
