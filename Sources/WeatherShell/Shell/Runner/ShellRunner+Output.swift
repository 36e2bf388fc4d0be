import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// What the runner prints of a result or an error: text or JSON, on stdout or stderr, in the
/// render context of the moment.
extension ShellRunner {
    /// Prints a line from the history before it runs again, like a shell's `!N`.
    func echo(_ line: String) {
        guard format == .text else { return }
        output.write("\(unicode ? "»" : ">") \(TerminalText.sanitized(line))\n")
    }

    /// How `result` is rendered now: units, clock, colour, width.
    func renderContext(for result: CommandResult) -> RenderContext {
        // Units come from state.plist; results that do not show values never make it load.
        let units = result.needsUnits ? session.settings.units : .metric
        var context = RenderContext(
            units: units, now: session.now(at: result.placeCoordinate), colour: styled, unicode: unicode,
            width: width(), fitsWidth: fitsWidth && redirection.file == nil)
        let clocks = session.clocks
        context.recordedNow = { clocks.recordedInstant($0) }
        context.outputIsTerminal = terminal.outputIsTerminal && redirection.file == nil
        return context
    }

    func emit(_ result: CommandResult) {
        if files.quietSettings && result.isSettingReport { return }
        let context = renderContext(for: result)
        switch format {
        case .text:
            let text = TextRenderer.render(errors.saidOnce(result), context: context)
            if case .notSaved = result {
                putError("error: " + text)
            } else if case .notice = result {
                putError(text)
            } else if case .warningBanner(let banner) = result, banner.failure != nil {
                // That the feed failed is a note about the answer, not part of it: stderr, as
                // every note, so that a script reading stdout gets only the weather.
                putError(text)
            } else {
                output.write(text)
            }
        case .json:
            // A notice (a geocoder's fallback, a note about the answer, where the clock went) is
            // about the results, not one of them: on stderr as without --json, never a document
            // of its own, so that stdout holds the command's documents alone — `json.loads` of
            // `wx --json find …` broke on a notice printed before the candidates.
            if case .notice = result {
                var plain = context
                plain.colour = false
                putError(TextRenderer.render(errors.saidOnce(result), context: plain))
                return
            }
            // A change not saved is an error: on stderr too, as every error (README: "as
            // without --json, one line on stderr").
            if case .notSaved = result {
                var plain = context
                plain.colour = false
                putError("error: " + TextRenderer.render(errors.saidOnce(result), context: plain))
            }
            output.write(JSONRenderer.render(result, context: context))
        }
    }

    /// Keeps the look the command just shown left for `changed` (`WeatherSession.keepLook`),
    /// now that its output is written: another wx holding the lock (a long `import`, `log
    /// compact`) is waited for after the weather, not before it. One that cannot be written is
    /// said after the output, on stderr; one whose output could not be written is not kept.
    ///
    /// - Returns: the notices said (for `watch`, which shows them again on a redraw).
    @discardableResult
    func keepLookAfterOutput() -> [CommandResult] {
        let notices = session.keepLook(shown: output.writeFailure == nil)
        for notice in notices { emit(notice) }
        return notices
    }

    /// An error: one line on stderr, always (a person reads it, and `2>/dev/null` hides it);
    /// with `--json` also an error document on stdout, where a script reads the results.
    func report(_ error: ShellError) {
        let text = redacted((errors.context ?? "") + errors.unreachableText(error))
        let shown = errors.saidOnce(error).map { redacted((errors.context ?? "") + $0.description) } ?? text
        putError("error: \(shown)\n")
        if format == .json {
            output.write(JSONRenderer.render(error: error, text: text))
        }
    }
}
