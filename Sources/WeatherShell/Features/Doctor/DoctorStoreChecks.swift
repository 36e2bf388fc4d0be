import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// What `doctor` is given of state.plist: where it is, why this session holds it read-only, and
/// the entries of it that could not be read.
struct DoctorStateFacts {
    var path: String
    /// Why favorites and settings are read-only this session; nil when they are not.
    var problem: StateProblem?
    /// The entries left out, named as `unreadableEntries(of:path:)` names them.
    var unreadableEntries: [String] = []

    /// The entries of `document` (read from the file at `path`) that could not be read, named
    /// in the file's order: "favorite 3 “Paris”" (its position among the favorites, and its name
    /// when that is a string), "setting units", "favorites (not a list)", "settings (not a
    /// dictionary)"; "N more" for any beyond those.
    static func unreadableEntries(of document: StateDocument, path: String) -> [String] {
        guard document.unreadableEntries > 0 else { return [] }
        var names: [String] = []
        for (index, entry) in document.unreadableFavorites.entries.enumerated() {
            let name = entry.name.map { " “\(TerminalText.sanitized($0))”" } ?? ""
            names.append("favorite \(entry.readableBefore + index + 1)\(name)")
        }
        names += document.settings.unreadableKept.keys.sorted().map { "setting \($0)" }
        // What the document does not keep (a `favorites` that is no list): read again from the file.
        if document.unkeptEntries > 0, let data = FileIO.read(path),
            case .dictionary(let top)? = try? PropertyListDecoder().decode(PlistValue.self, from: data)
        {
            if let favorites = top["favorites"], !favorites.isArray { names.append("favorites (not a list)") }
            if let settings = top["settings"], !settings.isDictionary { names.append("settings (not a dictionary)") }
        }
        if document.unreadableEntries > names.count { names.append("\(document.unreadableEntries - names.count) more") }
        return names
    }
}

extension PlistValue {
    fileprivate var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    fileprivate var isDictionary: Bool {
        if case .dictionary = self { return true }
        return false
    }
}

/// `doctor`'s checks of the two files wx keeps: state.plist and log.jsonl. Each reads them as
/// they are and changes nothing.
extension DoctorLocalChecks {
    /// state.plist: favorites and settings as this session read them. A problem is why the
    /// session holds them read-only (`StateStore.readOnlyReason`), worded as at start, with what
    /// to do; or the entries every command warns are left out, named.
    static func favoritesFile(_ facts: DoctorStateFacts) -> DoctorCheck {
        if let problem = facts.problem {
            return DoctorCheck(.state, "favorites file", .problem, problem.userText, advice: advice(problem))
        }
        guard FileIO.exists(facts.path) else {
            return DoctorCheck(.state, "favorites file", .ok, "none yet (made at the first favorite or setting)")
        }
        let entries = facts.unreadableEntries
        guard !entries.isEmpty else { return DoctorCheck(.state, "favorites file", .ok, "\(facts.path) readable") }
        let one = entries.count == 1 && !entries[0].hasSuffix(" more")
        let (them, are) = one ? ("it", "is") : ("them", "are")
        return DoctorCheck(
            .state, "favorites file", .problem,
            "\(facts.path): \(one ? "an entry" : "entries") could not be read and \(are) left out: \(entries.joined(separator: ", "))",
            advice:
                "correct \(them) in state.plist with an editor, or remove \(them) there (wx leaves \(them) out until then)"
        )
    }

    /// What to do about a state.plist this session holds read-only.
    static func advice(_ problem: StateProblem) -> String? {
        switch problem {
        case .unknownVersion(let version) where version > StateDocument.currentVersion:
            "use the wx that wrote it (a newer one), or “reset state” to start afresh here: the file is moved aside to state.plist.reset-<time>, not deleted"
        case .unknownVersion:
            "“reset state” starts afresh: the file is moved aside to state.plist.reset-<time>, not deleted"
        case .unreadable:
            "“reset state” starts afresh (the copy keeps what the file held), or correct the file with an editor"
        // Said in the finding: what to do depends on the error (`StateProblem.repair`).
        case .notReadable: nil
        }
    }

    /// The log readable, and its index (the snapshot list kept beside it) in step with it; lines
    /// that are no record wx can read counted (`EventLog.unreadableLines`: from the index's
    /// counts, or a sample of the log's ends when there is no index in step).
    static func log(_ log: EventLog, folder: String) -> DoctorCheck {
        if let problem = log.readProblem() {
            return DoctorCheck(.state, "log", .problem, problem.userText)
        }
        let state = log.indexState()
        if let unreadable = log.unreadableLines(), unreadable.count > 0 {
            let lines = unreadable.count == 1 ? "1 line" : "\(unreadable.count) lines"
            let sampled =
                unreadable.wholeLog
                ? "" : " in its first and last MB (the rest not read: no index in step to count from)"
            return DoctorCheck(
                .state, "log", .problem,
                "\(folder)/log.jsonl: \(lines)\(sampled) could not be read: commands skip \(unreadable.count == 1 ? "it" : "them")",
                advice: "“log compact” moves unreadable lines to a file of their own (“log” counts them)")
        }
        switch state {
        case .noLog: return DoctorCheck(.state, "log", .ok, "none yet (made at the first command)")
        case .noIndex: return DoctorCheck(.state, "log", .ok, "\(folder)/log.jsonl readable; no index yet")
        case .agrees: return DoctorCheck(.state, "log", .ok, "\(folder)/log.jsonl readable, its index in step")
        case .behind:
            return DoctorCheck(
                .state, "log", .note,
                "log.jsonl.index is of an earlier log: “saved” reads the log whole once and writes it again")
        case .unreadable:
            return DoctorCheck(
                .state, "log", .note,
                "log.jsonl.index cannot be read: “saved” reads the log whole once and writes it again")
        }
    }
}
