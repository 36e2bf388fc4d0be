import WeatherKit
import WeatherStore

extension WeatherSession {
    /// The handler for `command`: one line a case, each handler in its feature's folder
    /// (`Features/<Family>/<Family>Handler.swift`, made with only what it reads by
    /// WeatherSession+Handlers.swift, its outcome applied here). The switch is exhaustive, so a
    /// new `Command` case does not compile until it has a handler.
    func perform(_ command: Command) async throws(ShellError) -> [CommandResult] {
        switch command {
        case .find(let query):
            do { return try await apply(placesHandler.find(query)) } catch {
                // The current location stays the one before: a plain `fav` now would toggle it.
                failedFind = FailedFind(query: query, error: error)
                throw error
            }
        case .use(let index):
            do { return try apply(placesHandler.use(index)) } catch {
                // A candidate not chosen: the current location stays the one before, as after a
                // failed `find` (a new user: `find Portland; fav; use 2; fav` — `use 2` failing —
                // removed Portland).
                failedFind = FailedFind(query: String(index), error: error, command: "use")
                throw error
            }
        case .show(let target):
            do { return try await apply(weatherHandler.show(target)) } catch {
                // A place named and not shown (not found, or its forecast failed): the current
                // location stays the one before, as after a failed `find` (a new user on a clean
                // clone: `show 53.55,10.0` failing, then `fav`, removed Berlin). Not after Ctrl-C:
                // the person who pressed it saw the place was not shown.
                if let target, error != .cancelled {
                    failedFind = FailedFind(query: target, error: error, command: "show")
                }
                throw error
            }
        case .favoriteToggle: return try favoritesHandler.toggleFavorite(after: failedFind)
        case .favoriteAdd: return try favoritesHandler.toggleFavorite(removing: false)
        case .favoriteFromHistory:
            return try favoritesHandler.toggleFavorite(removing: false, fromHistory: true, after: failedFind)
        case .favoriteRemove(let name): return try favoritesHandler.removeFavorite(named: name)
        case .favoriteRename(let old, let new): return try apply(favoritesHandler.renameFavorite(old, to: new))
        case .favorites: return try favoritesHandler.favoriteList()
        case .compare(let names): return try await apply(weatherHandler.compare(names))
        case .statusLine(let request): return try await apply(lineHandler.statusLine(request))
        case .hourly(let count, let target): return try await apply(weatherHandler.hourly(count, target))
        case .daily(let count, let target): return try await apply(weatherHandler.daily(count, target))
        case .rain(let target): return try await apply(weatherHandler.rain(target))
        case .past(let days, let target): return try await apply(pastHandler.past(days, target))
        case .normal(let target): return try await apply(pastHandler.normal(target))
        case .drift(let day, let target): return try await apply(runsHandler.drift(day, target))
        case .skill(let days, let target): return try await apply(runsHandler.skill(days, target))
        case .confidence(let count, let target): return try await apply(ensembleHandler.confidence(count, target))
        case .models(let count, let target): return try await apply(ensembleHandler.models(count, target))
        case .best(let request): return try await apply(decisionRouting.best(request))
        case .chance(let request): return try await apply(decisionRouting.chance(request))
        case .plume(let request): return try await apply(decisionRouting.plume(request))
        case .air(let target): return try await apply(weatherHandler.air(target))
        case .warnings(let request): return try await apply(warningsHandler.warnings(request))
        case .check(let request):
            var further: [ShellError] = []
            do { return try await briefHandler.check(request, further: &further) } catch {
                persistence.furtherErrors = further
                throw error
            }
        case .brief(let request): return try await apply(briefHandler.brief(request))
        case .changed(let target): return try await apply(changedHandler.changed(target))
        case .save: return try snapshotsHandler.save()
        case .snapshots: return try snapshotsHandler.snapshotList()
        case .snapshot(let id): return try await snapshotsHandler.showSnapshot(id)
        case .snapshotVerify(let place): return try await snapshotsHandler.verifySnapshots(place)
        case .snapshotRemove(let id): return try snapshotsHandler.deleteSnapshot(id)
        case .history(let count): return try HistoryHandler(persistence: persistence).history(last: count)
        case .units(let change): return try apply(settingsHandler.setUnits(change))
        case .provider(let word): return try settingsHandler.setProvider(word)
        case .geocoder(let word): return try settingsHandler.setGeocoder(word)
        case .language(let code): return settingsHandler.setLanguage(code)
        case .help(let name): return try HelpHandler.help(name)
        case .about: return [.about(aboutHandler.about())]
        case .doctor: return await doctorHandler.doctor()
        case .log(let compact): return try logHandler.logCommand(compact: compact)
        case .export(let kind, let format, let path): return try exchangeHandler.export(kind, format: format, to: path)
        case .importFavorites(let path): return try exchangeHandler.importFavorites(from: path)
        case .importLog(let kind, let path): return try exchangeHandler.importLog(kind, from: path)
        case .resetState: return try logHandler.resetStateCommand()
        case .rerun, .replay, .source, .format, .clear, .quit, .watch, .watchChance, .watchNotifying:
            // Line-level commands: the runner handles them before they reach the view model.
            throw .usage("“\(command.spec.name)” cannot run here")
        }
    }
}
