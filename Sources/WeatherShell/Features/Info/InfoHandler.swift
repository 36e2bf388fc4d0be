import WXBasics
import WeatherKit

/// `about`: given what it reads — the service slots, the geocoder and provider in use, and the
/// configuration (endpoints, folders).
struct AboutHandler {
    let services: WeatherServices
    /// The geocoder the settings chose (`PlaceResolver.geocoder`).
    let geocoder: Service
    /// The forecast provider the settings chose (`PlaceResolver.forecastProvider`).
    let forecastProvider: Service
    let configuration: Configuration

    /// `about`: the version, the services this configuration would ask (the geocoder and
    /// provider in use first), their endpoints, and wx's folders.
    func about() -> AboutInfo {
        var used = [geocoder, forecastProvider]
        for other in services.geocoders.map(\.service) where !used.contains(other) { used.append(other) }
        if services.past != nil { used.append(.openMeteoArchive) }
        if services.warnings != nil { used += [.nws, .brightSky, .eccc, .metNorway, .meteoAlarm] }
        if services.previousRuns != nil { used.append(.openMeteoPreviousRuns) }
        if services.ensemble != nil { used.append(.openMeteoEnsemble) }
        return AboutInfo(
            version: WXVersion.current, services: used, endpoints: configuration.endpoints,
            configFolder: configuration.configFolder, stateFolder: configuration.stateFolder,
            cacheFolder: configuration.cacheFolder, startupFile: configuration.startupFile,
            startupFileExists: FileIO.exists(configuration.startupFile), lineEditorFile: configuration.lineEditorFile)
    }
}

/// `help [command]`: reads nothing of the session, so it is given nothing.
enum HelpHandler {
    /// `help [command]`: every command, or one — a unique prefix names it, a typo gets the
    /// closest name, a backslash or dot word its meta command, `!…`/`^…` history references.
    static func help(_ name: String?) throws(ShellError) -> [CommandResult] {
        guard let name = name?.trimmed else { return [.help(CommandTable.all)] }
        if name.hasPrefix("!") || name.hasPrefix("^") { return [.helpCommand(.historyReference)] }
        if let meta = try CommandSpec.metaCommandHelp(name) { return [.helpCommand(meta)] }
        return [.helpCommand(try CommandParser.command(named: name))]
    }
}
