import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// What a renderer needs besides the result: units, the clock and the terminal's abilities.
package struct RenderContext: Sendable {
    package var units: UnitPreferences
    package var now: Date
    /// ANSI colour allowed (a terminal, `NO_COLOR` unset, `TERM` not dumb).
    package var colour: Bool
    /// UTF-8 output allowed (symbols, "★", "…"); ASCII otherwise.
    package var unicode: Bool
    /// Columns available (at least 40): the terminal's width, `COLUMNS` when output is not a
    /// terminal, else 80. Every view fits it; the weather's views keep to 80 columns at most.
    package var width: Int
    /// Whether lines are fitted to `width` (a terminal, or `COLUMNS` given); false in scripts
    /// and pipes, where `find`'s candidates are printed whole, never cut.
    package var fitsWidth: Bool
    /// Whether results go to a terminal (not a pipe, a file, nor `\o FILE`'s file): a line
    /// scripts take whole (`check`'s) is wrapped between words only here, where the terminal
    /// would otherwise cut it mid-word.
    package var outputIsTerminal = false
    /// With recorded answers: the instant the place at a coordinate was recorded, which is "now" there
    /// (`compare` shows places recorded at different times); nil elsewhere.
    package var recordedNow: (@Sendable (Coordinate) -> Date?)?

    package init(
        units: UnitPreferences, now: Date, colour: Bool, unicode: Bool, width: Int = 80, fitsWidth: Bool = true
    ) {
        self.units = units
        self.now = now
        self.colour = colour
        self.unicode = unicode
        self.width = max(40, width)
        self.fitsWidth = fitsWidth
    }

    /// "Now" at the place at `coordinate`: `now`, or with recorded answers the time the place was recorded.
    package func now(at coordinate: Coordinate) -> Date { recordedNow?(coordinate) ?? now }

    /// The width of the weather's views: the terminal's, at most 80 columns.
    package var reportWidth: Int { min(width, TextRenderer.reportWidth) }
}
