import WXBasics
import WeatherKit

/// What wx says of the variables an Open-Meteo answer declared in a unit wx does not know
/// (`UnknownUnit`, case OM-1's rule): those alone are left out, the rest of the answer used —
/// one line for every answer that reads units (forecast, ensemble, models, previous runs, past,
/// air quality, the normals),
/// on stderr beside what the command shows, in text and `--json` alike.
enum UnknownUnitsText {
    /// "Open-Meteo gave hourly temperature_2m in “°X”, a unit wx does not know: its values are
    /// left out (—), the rest is shown" — every variable of `units` named once, in one line; nil
    /// when there are none.
    ///
    /// - Parameters:
    ///   - service: the service that answered (its display name starts the line).
    ///   - dashes: whether the values show as "—" where they would be (tables); false for an
    ///     answer whose values are counted (the ensemble's members): "the rest is used".
    static func line(_ units: [UnknownUnit], from service: Service, dashes: Bool = true) -> String? {
        guard !units.isEmpty else { return nil }
        let list = Counting.list(units.map { "\($0.block) \($0.variable) in “\($0.label)”" })
        let rest = dashes ? "left out (—), the rest is shown" : "left out, the rest is used"
        return units.count == 1
            ? "\(service.displayName) gave \(list), a unit wx does not know: its values are \(rest)"
            : "\(service.displayName) gave \(list), units wx does not know: their values are \(rest)"
    }

    /// `line` as the warning a handler's outcome carries before its result; none when there
    /// are no such variables.
    static func warnings(_ units: [UnknownUnit], from service: Service, dashes: Bool = true) -> [CommandResult] {
        line(units, from: service, dashes: dashes).map { [.warning($0)] } ?? []
    }

    /// "given in “ligne”, a unit wx does not know" when `variable` of `units` is one of them —
    /// why a command that cannot work without it has none; nil otherwise.
    static func reason(_ variable: String, in units: [UnknownUnit]) -> String? {
        units.first { $0.variable == variable }.map { "given in “\($0.label)”, a unit wx does not know" }
    }
}
