import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// Notices, and changes kept for this session only, as text: what every command may add.
extension TextRenderer {
    /// A line of information that is not an error, dimmed.
    static func notice(_ text: String, style: Style) -> [String] {
        [style.dim(text)]
    }

    /// The effect holds for this session but could not be saved to disk yet: "☆ München removed
    /// from favorites, not saved to disk yet (…): …" when the effect is named. What it says will
    /// happen is what `StateStore` does: the next change that is saved takes it along (the line
    /// `SessionPersistence.persist` gives then says so), else it is gone when wx ends (trial 62:
    /// "for this session only" was later silently untrue). A setting changed while state.plist
    /// cannot be written until “reset state” says so at once: "units imperial: …, for this
    /// session only, not saved: state.plist could not be read, so settings are read-only; …".
    static func notSavedText(_ error: ShellError, change: String?) -> String {
        // Ctrl-C while another process held the lock: undone, not kept (`StateStore.update`).
        if case .store(let failure) = error, failure.lockWaitEnd == .cancelled {
            return
                "cancelled: \(change.map { "“\($0)” " } ?? "")not saved, and undone for this session (\(error.description))"
        }
        // A state.plist wx cannot write until “reset state” (damaged, or a newer wx's): no later
        // change saves this one, only that reset does (`StateStore.reset`), so that is what is
        // promised; said now, with why and what to do (it was said truly only at exit). Only a setting comes here: a change of the favorites
        // is refused whole then (`FavoriteRefusal.stateReadOnly`).
        if case .store(.stateReadOnly(let problem)) = error, problem.lastsUntilReset {
            return
                "\(change ?? "the change"), not saved: \(problem.readOnlyText(of: "settings")); a “reset state” in this session saves it in the fresh file, else it holds for this session only"
        }
        let promise = "not saved to disk yet (\(Self.savedLater)): \(error.description)"
        guard let change else { return "kept in this session, " + promise }
        return "\(change), " + promise
    }

    /// What becomes of a change that could not be saved.
    static let savedLater = "the next change that can be saved saves it too, else it is lost when wx ends"

    /// A change that was not saved, in words that do not say it was ("★ Berlin added to
    /// favorites", not "saved to favorites"): the first line of its own text otherwise.
    static func sessionOnly(_ change: CommandResult, unicode: Bool) -> String {
        switch change {
        case .favoriteAdded(let favorite): return "\(unicode ? "★" : "*") \(favorite.name) added to favorites"
        default:
            // A units change is said in the units it sets.
            var units = UnitPreferences.metric
            if case .units(let setting) = change { units = setting.preferences }
            let context = RenderContext(
                units: units, now: Date(timeIntervalSince1970: 0), colour: false, unicode: unicode, width: .max,
                fitsWidth: false)
            return lines(change, context: context).first ?? ""
        }
    }
}
