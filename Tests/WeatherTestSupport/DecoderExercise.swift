// Feeds bytes to one of wx's decoders and renders whatever it decodes, as text and JSON. Shared
// by the libFuzzer entry point (fuzz/FuzzDecoders.swift, which compiles this file into its one
// module with -D WX_FUZZ) and the regression test over Fixtures/fuzz-regressions/.
import FoundationEssentials
// A module of its own in the fuzz build too (fuzz/build.sh).
import WXBasics

#if canImport(Glibc)
import Glibc
#endif
#if !WX_FUZZ
import WeatherKit
import WeatherShell
import WeatherStore
#endif

package enum DecoderExercise {
    /// Every decoder, by the name `make fuzz` and Fixtures/fuzz-regressions use.
    package static let targets = [
        "json", "nominatim-search", "nominatim-reverse", "open-meteo", "open-meteo-geocoding", "openweathermap", "log",
        "state-plist",
    ]

    static let context = RenderContext(
        units: .metric, now: Date(timeIntervalSince1970: 1_770_414_000), colour: false, unicode: true)
    static let imperial = RenderContext(
        units: .imperial, now: Date(timeIntervalSince1970: 1_753_585_800), colour: true, unicode: false, width: 40)

    static func render(_ result: CommandResult) {
        _ = TextRenderer.render(result, context: context)
        _ = TextRenderer.render(result, context: imperial)
        _ = JSONRenderer.render(result, context: context)
    }

    static func place(_ coordinate: Coordinate) -> Place {
        Place(name: "P", region: "", countryCode: nil, coordinate: coordinate, displayName: "P")
    }

    /// Decodes `data` with `target`'s decoder and renders the result.
    ///
    /// - Parameter folder: a private folder for the file decoders (log, state.plist).
    @MainActor
    package static func run(_ target: String, _ data: Data, folder: String) {
        let asked = Coordinate(latitude: 52.52, longitude: 13.41)
        switch target {
        case "json":
            _ = try? JSONValue.parse(data)
        case "nominatim-search":
            if let json = try? JSONValue.parse(data), let places = try? NominatimGeocoder.places(fromSearch: json) {
                render(.candidates(query: "q", places: places))
            }
        case "nominatim-reverse":
            if let json = try? JSONValue.parse(data),
                let found = try? NominatimGeocoder.place(fromReverse: json, asked: asked)
            {
                render(.currentPlace(found))
            }
        case "open-meteo":
            guard let json = try? JSONValue.parse(data) else { return }
            // Asked where the answer says it is (when it says so), so that its body is read and
            // rendered rather than refused as an answer about another place.
            let first = json.array?.first ?? json
            let here =
                first["latitude"]?.double.flatMap { latitude in
                    first["longitude"]?.double.map { Coordinate(latitude: latitude, longitude: $0) }
                }.flatMap { $0.isValid ? $0 : nil } ?? asked
            for count in [1, 2] {
                guard
                    let forecasts = try? OpenMeteoForecastProvider.forecasts(
                        from: json, requested: Array(repeating: here, count: count))
                else {
                    continue
                }
                let reports = forecasts.map { WeatherReport(place: place(here), forecast: $0, origin: .network) }
                render(.weather(reports[0]))
                render(.comparison(reports, missing: []))
                _ = WeatherSession.snapshotReading(forecasts[0], now: context.now)
            }
        case "open-meteo-geocoding":
            if let json = try? JSONValue.parse(data), let places = try? OpenMeteoGeocoder.places(from: json) {
                render(.candidates(query: "q", places: places))
            }
        case "openweathermap":
            guard let json = try? JSONValue.parse(data) else { return }
            if let forecast = try? OpenWeatherMapProvider.forecast(from: json, requested: asked) {
                render(.weather(WeatherReport(place: place(asked), forecast: forecast, origin: .network)))
            }
            if let found = try? OpenWeatherMapProvider.place(from: json) { render(.currentPlace(found)) }
        case "log":
            let path = folder + "/log.jsonl"
            unlink(path)
            _ = try? FileIO.replace(path, with: [UInt8](data), durable: false)
            let log = EventLog(folder: folder)
            render(.history(log.history(last: 20)))
            render(.snapshots(log.snapshots()))
            _ = log.snapshot(3)
            _ = log.command(number: 2)
            _ = log.commands(in: 1...5)
            render(.logStatistics(log.statistics()))
            // Compaction reads every line whole and writes the unreadable ones aside.
            if let compaction = try? log.compact(now: Date(timeIntervalSince1970: 0)) {
                render(.logCompacted(compaction))
                if let aside = compaction.unreadableLinesFile { unlink(aside) }
            }
        case "state-plist":
            _ = try? FileIO.replace(folder + "/state.plist", with: [UInt8](data), durable: false)
            let store = StateStore(folder: folder, now: { Date(timeIntervalSince1970: 0) })
            _ = store.refresh()
            render(.favorites(store.document.favorites))
            render(.units(store.document.settings.unitSetting))
            // No corrupt copies left between inputs.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.hasPrefix("state.plist.") {
                unlink(folder + "/" + name)
            }
        default:
            fatalError("unknown decoder target \(target)")
        }
    }
}
