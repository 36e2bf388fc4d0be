/// Whether wx colours its output, from the environment's conventions and whether standard
/// output is a terminal, in this order: `NO_COLOR` (no-color.org) set and not empty turns colour
/// off and wins over everything; `CLICOLOR_FORCE` set and not `0` turns it on even in a pipe;
/// `CLICOLOR=0` turns it off (bixense.com/clicolors); `TERM=dumb` turns it off; otherwise it is
/// on exactly when standard output is a terminal.
package struct ColourRule: Hashable, Sendable {
    /// `NO_COLOR` is set and not empty.
    package var noColor = false
    /// `CLICOLOR_FORCE` is set, not empty and not `0`.
    package var forced = false
    /// `CLICOLOR` is `0`.
    package var cliColorOff = false
    /// `TERM` is `dumb`.
    package var dumbTerminal = false

    package init() {}

    /// The rule the environment gives.
    ///
    /// - Parameter variable: looks up one environment variable.
    package init(variable: (String) -> String?) {
        noColor = !(variable("NO_COLOR") ?? "").isEmpty
        let force = variable("CLICOLOR_FORCE") ?? ""
        forced = !force.isEmpty && force != "0"
        cliColorOff = variable("CLICOLOR") == "0"
        dumbTerminal = variable("TERM") == "dumb"
    }

    /// Whether the environment allows colour on a terminal.
    package var allowed: Bool { decide(outputIsTerminal: true).on }

    /// Whether output is coloured, and why, in a few words ("NO_COLOR is set").
    ///
    /// - Parameter outputIsTerminal: whether standard output is a terminal.
    package func decide(outputIsTerminal: Bool) -> (on: Bool, reason: String) {
        if noColor { return (false, "NO_COLOR is set") }
        if forced { return (true, "CLICOLOR_FORCE is set") }
        if cliColorOff { return (false, "CLICOLOR is 0") }
        if dumbTerminal { return (false, "TERM is dumb") }
        if !outputIsTerminal { return (false, "the output is not a terminal") }
        return (true, "the output is a terminal")
    }
}
