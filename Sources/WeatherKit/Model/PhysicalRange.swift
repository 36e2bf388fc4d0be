import FoundationEssentials
import WXBasics

/// The values a quantity can physically take, against which every number from the ensemble,
/// previous-runs and models answers is checked before anything is shown or cached (issue 38:
/// ±1e308 made `drift` trap and printed `inf` mm). One value outside its range refuses the
/// whole answer: an answer with impossible values is not trusted, and dropping only the bad
/// members would still show the rest of it as if it were sound.
package enum PhysicalRange {
    /// Air temperature, °C: the records are 56.7 and −89.2.
    package static let temperatureCelsius = -100.0...70.0
    /// Precipitation of an hour or a day, mm: the day's record is 1,825 mm.
    package static let precipitationMillimetres = 0.0...2_000.0

    /// The range of `quantity` with its unit and its name ("temperature", "°C"); nil for
    /// quantities not checked here.
    static func range(of quantity: DeclaredUnit.Quantity) -> (range: ClosedRange<Double>, unit: String, name: String)? {
        switch quantity {
        case .temperature: (temperatureCelsius, "°C", "temperature")
        case .precipitation: (precipitationMillimetres, "mm", "precipitation")
        default: nil
        }
    }

    /// Refuses `values` (canonical units) of the variable `variable` when one is outside the
    /// range of `quantity` or not finite.
    ///
    /// - Throws: `ServiceError.malformedResponse` of `service` naming the variable, the first
    ///   value outside and the range ("temperature_2m_member07 holds 1e+308 °C, which no
    ///   temperature is: −100 to 70 °C").
    static func check(
        _ values: some Sequence<Double?>, variable: String, quantity: DeclaredUnit.Quantity, service: Service
    ) throws(ServiceError) {
        guard let (range, unit, name) = range(of: quantity) else { return }
        try check(values, variable: variable, bound: Bound(range, unit, name), service: service)
    }

    /// What a value of one kind can be: its range (canonical unit), the unit and the kind's name.
    struct Bound {
        let range: ClosedRange<Double>
        let unit: String
        let name: String

        init(_ range: ClosedRange<Double>, _ unit: String, _ name: String) {
            self.range = range
            self.unit = unit
            self.name = name
        }
    }

    /// Refuses `values` of the variable `variable` when one is outside `bound` or not finite.
    ///
    /// - Throws: `ServiceError.malformedResponse` of `service` naming the variable, the first
    ///   value outside and the range.
    static func check(
        _ values: some Sequence<Double?>, variable: String, bound: Bound, service: Service
    ) throws(ServiceError) {
        for case let value? in values where !bound.range.contains(value) {
            let spaced = bound.unit.isEmpty ? "" : " " + bound.unit
            throw .malformedResponse(
                service,
                detail:
                    "\(TerminalText.sanitized(variable)) holds \(Self.text(value))\(spaced), which no \(bound.name) is: \(Self.text(bound.range.lowerBound)) to \(Self.text(bound.range.upperBound))\(spaced)"
            )
        }
    }

    /// A value as the service might have written it, with a real minus sign: "1e+308", "−5",
    /// "2000", "nan".
    static func text(_ value: Double) -> String {
        let plain = value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        return plain.hasPrefix("-") ? "−" + plain.dropFirst() : plain
    }
}
