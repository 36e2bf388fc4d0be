import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Lines into the history, without secrets.
extension ShellRunner {
    /// Appends the line to the history, with any API key replaced by `***` (`redacted`); a line the
    /// same as the last one is not added again (bash's `ignoredups`, as the line editor does).
    func record(_ line: String) {
        let line = redacted(line)
        if session.historyList(last: 1).first?.line == line { return }
        recording.onRecord?(line)
        do {
            try session.recordCommand(line)
        } catch {
            guard !recording.warnedAboutLog else { return }
            recording.warnedAboutLog = true
            putError(CommandResult.warningLead + "the history is not being saved: \(error.description)\n")
        }
    }

    /// `text` without secrets, by the one rule set (`Redaction`): the configured OpenWeatherMap
    /// key wherever it appears, and the value of any `appid=`, `api_key=`, `apikey=`, `key=`,
    /// `token=` or `access_token=` typed by hand, each replaced by `***`. The history, error
    /// lines and the JSON error document all pass through here.
    func redacted(_ text: String) -> String {
        Redaction.scrubbed(text, secrets: session.configuration.openWeatherMapKey.map { [$0] } ?? [])
    }
}
