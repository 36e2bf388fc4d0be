#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A parsed JSON document, read leniently by the providers.
///
/// Services drift: Nominatim sends coordinates and ids as strings, Open-Meteo writes a weather
/// code as `3.0` and puts `null` anywhere, OpenWeatherMap's `cod` is a number or a string. The
/// accessors below absorb that drift so that it stops at the provider.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `data` as JSON.
    ///
    /// - Throws: `JSONValue.ParseError` when the bytes are not JSON (HTML, plain text, invalid
    ///   UTF-8, truncated); the decoder's own message is kept out of what users see.
    public static func parse(_ data: Data) throws(ParseError) -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            throw ParseError()
        }
    }

    /// The bytes were not a JSON document.
    public struct ParseError: Error, Equatable {}

    @inlinable
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The first key present and not null among `keys` (for renamed fields such as
    /// `weather_code` / `weathercode`).
    public subscript(firstOf keys: [String]) -> JSONValue? {
        for key in keys { if let value = self[key], value != .null { return value } }
        return nil
    }

    /// A number, or a string holding a plain decimal number ("53.5507").
    @inlinable
    public var double: Double? {
        switch self {
        case .number(let value): return value.isFinite ? value : nil
        case .string(let text): return DecimalText.parse(text.trimmed)
        default: return nil
        }
    }

    /// An integral number (`3`, `3.0`, `"3"`); nil for 3.5 or out-of-range values.
    @inlinable
    public var int: Int? {
        guard let value = double, value == value.rounded(), abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// A Unix time (seconds since 1970, a number or a number written as text) as a `Date`; nil
    /// when it is not one or lies more than about 3,000 years from now, so that no later
    /// conversion of it to whole seconds can overflow.
    @inlinable
    public var unixTime: Date? {
        guard let seconds = double, abs(seconds) < 1e11 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// A string, or a number written as text; nil for other kinds.
    public var string: String? {
        switch self {
        case .string(let text): return text
        case .number(let value): return DecimalText.shortest(value)
        default: return nil
        }
    }

    /// A non-empty string after trimming white space.
    public var nonEmptyString: String? {
        guard let text = string?.trimmed, !text.isEmpty else { return nil }
        return text
    }

    @inlinable
    public var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value != 0
        default: return nil
        }
    }

    @inlinable
    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    @inlinable
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
