import FoundationEssentials

/// A parsed JSON document, read leniently by the providers.
///
/// Services drift: Nominatim sends coordinates and ids as strings, Open-Meteo writes a weather
/// code as `3.0` and puts `null` anywhere, OpenWeatherMap's `cod` is a number or a string. The
/// accessors below absorb that drift so that it stops at the provider.
package enum JSONValue: Sendable, Equatable {
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
    /// - Parameter selection: the members to build (`JSONSelection`); nil builds the whole
    ///   document. A document is refused, and for the same reason, with or without one.
    package static func parse(_ data: Data, selecting selection: JSONSelection? = nil) throws(ParseError) -> JSONValue {
        do {
            return try JSONParser.parse(data, selection: selection)
        } catch {
            throw ParseError(tooManyValues: error.tooManyValues)
        }
    }

    /// The most values (numbers, strings, arrays…) a document may hold: larger ones are refused
    /// while parsing, so memory stays bounded whatever the arrays' lengths.
    package static let maximumValues = JSONParser.maximumValues

    /// The bytes were not a JSON document, or held more than `maximumValues` values.
    package struct ParseError: Error, Equatable {
        /// The document was refused for its count of values, not for its syntax.
        package var tooManyValues = false
    }

    /// Parses `bytes` as one JSON object and gives its members in the order written, without
    /// building a dictionary for it (its values are parsed as `parse` does). For records read by
    /// the tens of thousands, such as log.jsonl's lines; a key written twice comes twice.
    ///
    /// - Throws: `JSONValue.ParseError` when the bytes are not one JSON object, as `parse` would.
    package static func parseObjectMembers(_ bytes: UnsafeRawBufferPointer) throws(ParseError) -> [(
        key: String, value: JSONValue
    )] {
        do {
            return try JSONParser.parseObjectMembers(bytes)
        } catch {
            throw ParseError()
        }
    }

    /// Parses a top-level JSON array element by element, so that one unreadable element does
    /// not hide the others (Open-Meteo answers several places with an array, and writes a bare
    /// `nan` into the element of a place outside a model's area — not JSON, and not accepted
    /// here either).
    ///
    /// The array is split at its top-level commas by a scan that knows strings and nesting
    /// only; each element is then parsed strictly on its own.
    ///
    /// - Returns: one result per element, in order, each failure with the element's text when
    ///   it is short, or a prefix of it; nil when `data` is not an array whose elements can be
    ///   told apart (not starting with `[`, unbalanced brackets, an unterminated string,
    ///   anything after the closing `]`).
    package static func parseElements(_ data: Data) -> [Result<JSONValue, ElementError>]? {
        let bytes = [UInt8](data)
        var position = 0
        func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
        position += 1
        skipWhitespace()
        var results: [Result<JSONValue, ElementError>] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            skipWhitespace()
            return position == bytes.count ? [] : nil
        }
        while true {
            let start = position
            var depth = 0
            var inString = false
            // Finds the comma or bracket that ends this element.
            scan: while position < bytes.count {
                let byte = bytes[position]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        position += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        if depth == 0 { break scan }
                        depth -= 1
                    case UInt8(ascii: ","):
                        if depth == 0 { break scan }
                    default: break
                    }
                }
                position += 1
            }
            guard position < bytes.count, !inString, depth == 0 else { return nil }
            let element = Data(bytes[start..<position])
            do {
                results.append(.success(try JSONParser.parse(element)))
            } catch {
                results.append(.failure(ElementError(element)))
            }
            let end = bytes[position]
            position += 1
            if end == UInt8(ascii: "]") { break }
            guard end == UInt8(ascii: ",") else { return nil }
            skipWhitespace()
        }
        skipWhitespace()
        return position == bytes.count ? results : nil
    }

    /// An element of an array that is not JSON.
    package struct ElementError: Error, Equatable {
        /// The element's first 200 bytes, as text.
        package var text: String
        /// Whether the element writes a bare `nan` (or `NaN`, `inf`, `Infinity`) where a number
        /// belongs, as Open-Meteo does for a place outside a model's area.
        package var hasNonNumber: Bool

        init(_ element: Data) {
            text = String(decoding: element.prefix(200), as: UTF8.self)
            let squeezed = String(decoding: element, as: UTF8.self).filter { !$0.isWhitespace }.lowercased()
            hasNonNumber = [":nan", "[nan", ",nan", ":inf", "[inf", ",inf", ":-inf", "[-inf", ",-inf"].contains {
                squeezed.contains($0)
            }
        }
    }

    @inlinable
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The first key present and not null among `keys` (for renamed fields such as
    /// `weather_code` / `weathercode`).
    package subscript(firstOf keys: [String]) -> JSONValue? {
        for key in keys { if let value = self[key], value != .null { return value } }
        return nil
    }

    /// A number, or a string holding a plain decimal number ("53.5507").
    @inlinable
    package var double: Double? {
        switch self {
        case .number(let value): return value.isFinite ? value : nil
        case .string(let text): return DecimalText.parse(text.trimmed)
        default: return nil
        }
    }

    /// An integral number (`3`, `3.0`, `"3"`); nil for 3.5 or out-of-range values.
    @inlinable
    package var int: Int? {
        guard let value = double, value == value.rounded(), abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// A Unix time (seconds since 1970, a number or a number written as text) as a `Date`; nil
    /// when it is not one or lies more than about 3,000 years from now, so that no later
    /// conversion of it to whole seconds can overflow.
    @inlinable
    package var unixTime: Date? {
        guard let seconds = double, abs(seconds) < 1e11 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// A string, or a number written as text; nil for other kinds.
    package var string: String? {
        switch self {
        case .string(let text): return text
        case .number(let value): return DecimalText.shortest(value)
        default: return nil
        }
    }

    /// A non-empty string after trimming white space.
    package var nonEmptyString: String? {
        guard let text = string?.trimmed, !text.isEmpty else { return nil }
        return text
    }

    @inlinable
    package var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value != 0
        default: return nil
        }
    }

    @inlinable
    package var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    @inlinable
    package var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
