import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// JSON values for readings that may be missing: `null` then.
extension JSONOutput {
    static func optional(_ value: Double?) -> JSONOutput { value.map { .number($0) } ?? .null }
    static func optional(_ value: Int?) -> JSONOutput { value.map { .number(Double($0)) } ?? .null }
    static func optional(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }
}

extension JSONRenderer {
    /// A figure rounded to 0.01 for JSON: a mean, or an amount summed from hours (0.3, not the
    /// binary sum 0.30000000000000004); the models keep it unrounded for the text's units.
    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
