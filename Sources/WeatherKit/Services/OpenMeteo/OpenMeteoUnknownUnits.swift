import FoundationEssentials
import WXBasics

/// A variable of a forecast answer left out because its declared unit is not one wx knows for
/// it (`DeclaredUnit.conversion`): case OM-1's rule — that variable alone is blank ("—" in text,
/// `null` in `--json`), said once, and the rest of the answer is shown. Read from
/// `hourly_units.temperature_2m` ("°X") and the like.
package struct UnknownUnit: Hashable, Sendable {
    /// The block it is in: "current", "hourly", "daily" or "minutely_15".
    package var block: String
    /// The variable as the answer names it ("temperature_2m"), made safe for a terminal.
    package var variable: String
    /// The unit as the answer declares it ("°X"), made safe for a terminal.
    package var label: String

    /// - Parameters: as the properties, as the answer gives them (made safe here).
    package init(block: String, variable: String, label: String) {
        self.block = block
        self.variable = TerminalText.sanitized(variable)
        self.label = TerminalText.sanitized(label)
    }
}

/// Where the mapping of one forecast answer notes the variables it leaves out for their unit
/// (`Block` and `Reading` given one blank such a variable rather than refuse the answer); each
/// variable of a block once, in the order met.
final class UnknownUnits {
    private(set) var found: [UnknownUnit] = []

    /// Notes `variable` of `block`, declared in `label`.
    func note(block: String, variable: String, label: String?) {
        let unit = UnknownUnit(block: block, variable: variable, label: label ?? "")
        if !found.contains(unit) { found.append(unit) }
    }

    /// The conversion of `label` for `quantity`; when wx does not know it, nil after noting it
    /// here — or, without a place to note it (`notes` nil), the answer's refusal.
    ///
    /// - Throws: `ServiceError.unknownUnit` when the label is unknown and `notes` is nil.
    static func converter(
        _ label: String?, for quantity: DeclaredUnit.Quantity, variable: String, block: String,
        notes: UnknownUnits?
    ) throws(ServiceError) -> ((Double) -> Double)? {
        if let convert = DeclaredUnit.conversion(label, for: quantity) { return convert }
        guard let notes else { throw .unknownUnit(.openMeteo, variable: variable, label: label ?? "") }
        notes.note(block: block, variable: variable, label: label)
        return nil
    }
}
