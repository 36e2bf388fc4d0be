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
