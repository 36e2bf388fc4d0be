import WXBasics

/// A state.plist or log.jsonl that cannot be used (WX_HOME a file, no permission, a newer format)
/// is explained in full once — the warning at start, or the first error — and in one short line
/// after that, pointing back: trial 9 saw the same long text as `warning:` and again as `error:`
/// for `favs`, and every `favs`, `history` and `saved` after said it whole again.
extension ErrorLines {
    /// `result` as shown now: a warning's text is remembered as said; a `notSaved` whose problem
    /// was said in full already comes short ("not saved to disk, …: /tmp/x is a file, not a
    /// folder (see above)"), and said in full it is remembered.
    mutating func saidOnce(_ result: CommandResult) -> CommandResult {
        switch result {
        case .notice(let text):
            if text.hasPrefix(Self.warningLead) {
                explainedProblems.insert(String(text.dropFirst(Self.warningLead.count)))
            }
            return result
        case .notSaved(.store(.stateReadOnly(let problem)), let change):
            let full = problem.userText
            // One that lasts until “reset state” is said with its reason and what to do each
            // time (`TextRenderer.notSavedText`), as `fav` says it, never as "(see above)".
            guard explainedProblems.contains(full), !problem.lastsUntilReset else {
                explainedProblems.insert(full)
                return result
            }
            return .notSaved(.storage(problem.shortText), change: change)
        default:
            return result
        }
    }

    /// The short form of `error` when its problem with a store's file was said in full already
    /// (`ShellError.shortAfterExplained`); else it is remembered as said, and what is returned is
    /// its full form with what it cost (`ShellError.explainedInFull`), nil to say it as it is.
    mutating func saidOnce(_ error: ShellError) -> ShellError? {
        guard let short = error.shortAfterExplained else { return nil }
        guard explainedProblems.contains(error.description) else {
            explainedProblems.insert(error.description)
            return error.explainedInFull
        }
        return short
    }

    /// What the session puts before a warning's text.
    static let warningLead = CommandResult.warningLead
}
