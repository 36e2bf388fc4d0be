import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Renders results as JSON documents, one per result, for scripts (`--json`, `format json`).
///
/// Every document has `"type"`. Values are in SI/metric units named in the keys
/// (`temperature_celsius`, `wind_speed_kilometres_per_hour`), whatever `units` says; times are
/// ISO 8601 UTC; a missing reading is `null`. The keys are listed in README.md.
///
/// Each document is made in its own file, `JSONRenderer+<View>.swift` beside this one, and
/// `document` only chooses it: its switch is exhaustive (no `default:`), so a new
/// `CommandResult` case does not compile until it has a document here.
///
/// The views to come — confidence and models from an ensemble, drift and skill from previous
/// model runs, official warnings — are each one new file here (`JSONRenderer+Confidence.swift`,
/// say) plus one line in this switch, and the same in `TextRenderer`: one file, one line in
/// `lines`. The place, hour and day objects they may reuse are in `JSONRenderer+Places.swift`
/// and `JSONRenderer+Weather.swift`.
package enum JSONRenderer {
    /// One line of JSON for `result`, made whole (`ShellRunner` prints the results read as they
    /// are printed — `export`, `saved` — through `StreamedText` instead, to the same bytes).
    package static func render(_ result: CommandResult, context: RenderContext) -> String {
        versioned(document(result, context: context)).serialized + "\n"
    }

    /// The version of the documents' shapes (schema/wx-result.schema.json), in every document
    /// as `schema_version` after `type`: a script can tell a shape it knows from a newer one.
    /// Raised when a key is removed or changes meaning, not when one is added.
    package static let schemaVersion = 1

    /// `document` with `schema_version` after its `type`.
    static func versioned(_ document: JSONOutput) -> JSONOutput {
        guard case .object(var members) = document else { return document }
        let at = members.firstIndex { $0.0 == "type" }.map { $0 + 1 } ?? 0
        members.insert(("schema_version", .number(Double(schemaVersion))), at: at)
        return .object(members)
    }

    /// The error document: `{"type":"error","message":…}`.
    ///
    /// - Parameter text: the message as shown (with its context, secrets scrubbed); the error's
    ///   own description when nil.
    package static func render(error: ShellError, text: String? = nil) -> String {
        var members: [(String, JSONOutput)] = [
            ("type", .string("error")), ("schema_version", .number(Double(schemaVersion))),
            ("message", .string(text ?? error.description)),
        ]
        if case .service(let failure) = error { members.append(("service", .string(failure.service.displayName))) }
        return JSONOutput.object(members).serialized + "\n"
    }

    /// The document for `result`.
    static func document(_ result: CommandResult, context: RenderContext) -> JSONOutput {
        switch result {
        case .candidates(let query, let places): return candidates(query: query, places: places)
        case .currentPlace(let place): return currentPlace(place)
        case .weather(let report): return weather(report, context: context)
        case .comparison(let reports, let missing): return comparison(reports, missing: missing, context: context)
        case .hourly(let report, let count): return hourly(report, hours: count, context: context)
        case .daily(let report, let count): return daily(report, days: count, context: context)
        case .rain(let report, let outlook): return rain(report, outlook, context: context)
        case .past(let report): return past(report)
        case .normal(let report): return normal(report)
        case .drift(let report): return drift(report)
        case .skill(let report): return skill(report)
        case .confidence(let report): return confidence(report)
        case .models(let report): return models(report)
        case .best(let report): return best(report)
        case .chance(let report): return chance(report)
        case .plume(let report): return plume(report)
        case .chanceAlert(let reading): return chanceAlert(reading)
        case .check(let report): return check(report)
        case .doctor(let report): return doctor(report)
        case .brief(let report): return brief(report, context: context)
        case .changed(let comparison): return changed(comparison, context: context)
        case .air(let place, let air, _): return self.air(place, air)
        case .statusLine(let line): return statusLine(line, context: context)
        case .warnings(let report): return warningsDocument(report, context: context)
        case .warningBanner(let banner): return bannerDocument(banner)
        case .warningMarks(let marks): return marksDocument(marks)
        case .favoriteAdded(let favorite): return favoriteAdded(favorite)
        case .favoriteRemoved(let favorite): return favoriteRemoved(favorite)
        case .favoriteRenamed(let old, let favorite): return favoriteRenamed(from: old, to: favorite)
        case .favorites(let favorites, _): return self.favorites(favorites)
        case .snapshotSaved(let snapshot): return snapshotSaved(snapshot)
        case .snapshotRemoved(let snapshot): return snapshotRemoved(snapshot)
        case .snapshots(let snapshots): return self.snapshots(snapshots)
        case .snapshotList(let snapshots): return self.snapshots(snapshots.collected)
        case .snapshot(let snapshot, let outcome): return self.snapshot(snapshot, outcome)
        case .verification(let places, _): return verification(places)
        case .history(let entries): return history(entries)
        case .units(let setting): return units(setting)
        case .format(let outputFormat): return format(outputFormat)
        case .setting(let name, let value, let note): return setting(name: name, value: value, note: note)
        case .help(let specs): return help(specs)
        case .helpCommand(let spec): return helpCommand(spec)
        case .about(let info): return about(info)
        case .logStatistics(let stats, let tail): return logStatistics(stats, unterminatedBytes: tail)
        case .logCompacted(let compaction): return logCompacted(compaction)
        case .notice(let text): return notice(text)
        case .exported(let kind, let count, let format, let path):
            return exported(kind, count: count, format: format, path: path)
        case .exportData(let kind, let format, let records):
            return exportData(kind, format: format, records: records.collected)
        case .imported(let added, let alreadySaved, let problems, let path):
            return imported(added, alreadySaved: alreadySaved, problems: problems, path: path)
        case .importedRecords(let summary): return imported(summary)
        case .notSaved(let error, let change):
            return notSaved(error, change: change.map { TextRenderer.sessionOnly($0, unicode: true) })
        }
    }
}
