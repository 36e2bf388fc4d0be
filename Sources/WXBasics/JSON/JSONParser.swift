import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// An RFC 8259 JSON parser that builds a `JSONValue` directly.
///
/// Why not JSONDecoder: building a dynamic tree through `Decodable` cost ~280 instructions a byte
/// (each value tried as several types, every miss a thrown error); a forecast answer was half of
/// the CPU of `find` + `show` (BENCHMARKS.md). This parser does one pass over the bytes. It is
/// strict: invalid UTF-8, control characters in strings, leading zeros, trailing commas, lone
/// surrogates in escapes, nesting deeper than 512 and anything after the document are errors.
struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    /// Which members of the top-level object(s) to build; nil builds all.
    private var selection: JSONSelection?
    var position = 0
    var depth = 0
    /// Values read so far (every number, string, literal, array and object counts one).
    var values = 0
    /// The length of the array member before this one in the object being read, for the
    /// array `value()` reads next; 0 when there is none. Set by `object()` for each member,
    /// taken (and cleared) by `array()`.
    private var siblingArrayCount = 0
    static let maximumDepth = 512
    /// The most values one document may hold. Memory follows the count of values, not the
    /// bytes (4,000,000 times in 8 MB took 1.1 GB), so the count is bounded while parsing,
    /// before any of it is kept or cached. The largest answer wx asks for, 30 years of daily
    /// normals, holds about 70,000; an ensemble's 51 members of three variables over 15 days
    /// of hours about 60,000.
    static let maximumValues = 500_000

    struct Failure: Error {
        /// The document holds more than `maximumValues` values.
        var tooManyValues = false
    }

    /// Parses a whole document; with a `selection`, the members it leaves out are checked as
    /// strictly as the rest and counted, but not built.
    static func parse(_ data: Data, selection: JSONSelection? = nil) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure> = data.withUnsafeBytes { bytes in
            var parser = JSONParser(bytes: bytes)
            parser.selection = selection
            do throws(Failure) {
                parser.skipWhitespace()
                let value = try parser.value(top: selection != nil)
                parser.skipWhitespace()
                guard parser.position == bytes.count else { throw Failure() }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The members of the one object `bytes` hold, in order (see `JSONValue.parseObjectMembers`).
    static func parseObjectMembers(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> [(key: String, value: JSONValue)]
    {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: "{") else { throw Failure() }
        // As `object()`, into an array.
        try parser.enter()
        parser.position += 1
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(16)
        parser.skipWhitespace()
        if parser.current == UInt8(ascii: "}") {
            parser.position += 1
            parser.depth -= 1
        } else {
            members: while true {
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: "\"") else { throw Failure() }
                let key = try parser.string()
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: ":") else { throw Failure() }
                parser.position += 1
                parser.skipWhitespace()
                members.append((key, try parser.value()))
                parser.skipWhitespace()
                switch parser.current {
                case UInt8(ascii: ","): parser.position += 1
                case UInt8(ascii: "}"):
                    parser.position += 1
                    parser.depth -= 1
                    break members
                default: throw Failure()
                }
            }
        }
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw Failure() }
        return members
    }

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The byte at `index`, or 0 past the end (0 is no byte of JSON's grammar outside strings,
    /// so it stops every scan as the end does, and is then refused where the end would be).
    @inline(__always) func byte(at index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// Moves past whitespace. Most calls find none (before a comma, a colon, a closing bracket):
    /// those are answered by one look at the byte, every JSON whitespace byte being at most 0x20,
    /// without a call (9,500 calls passing over a forecast's left-out variables, issue 39). In a
    /// document written with `", "` and `": "` (Python's json.dumps by default, and
    /// recordings saved with it; Open-Meteo's own answers are compact) most of the rest find one space before a value: answered by a
    /// look at the next byte, also without a call (~7,000 calls, 0.5 M instructions, of a
    /// `find` + `show` written so).
    @inline(__always) mutating func skipWhitespace() {
        if position < bytes.count && bytes[position] > 0x20 { return }
        if position + 1 < bytes.count && bytes[position] == 0x20 && bytes[position + 1] > 0x20 {
            position += 1
            return
        }
        skipWhitespaceRun()
    }

    @inline(never) private mutating func skipWhitespaceRun() {
        var index = position
        while true {
            switch byte(at: index) {
            case 0x20:
                // Indentation (the recorded answers in Fixtures/ put a newline and a dozen spaces
                // before each value of an array): eight, then four spaces at a time.
                while index + 8 <= bytes.count,
                    bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) == 0x2020_2020_2020_2020
                {
                    index += 8
                }
                if index + 4 <= bytes.count,
                    bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self) == 0x2020_2020
                {
                    index += 4
                }
                while byte(at: index) == 0x20 { index += 1 }
            case 0x09, 0x0A, 0x0D: index += 1
            default:
                position = index
                return
            }
        }
    }

    /// A value. `top`: the document itself or an element of a top-level array, whose members
    /// `selection` names; `filter`: the only members of this object to build.
    private mutating func value(top: Bool = false, filter: Set<String>? = nil) throws(Failure) -> JSONValue {
        guard let byte = current else { throw Failure() }
        values += 1
        if values > Self.maximumValues { throw Failure(tooManyValues: true) }
        switch byte {
        case UInt8(ascii: "{"): return try object(top: top, filter: filter)
        case UInt8(ascii: "["): return try array(elementsAreTop: top && depth == 0)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw Failure()
        }
    }

    mutating func literal(_ word: StaticString) throws(Failure) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count, memcmp(bytes.baseAddress! + position, word.utf8Start, length) == 0
        else {
            throw Failure()
        }
        position += length
    }

    mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw Failure() }
    }

    private mutating func object(top: Bool = false, filter: Set<String>? = nil) throws(Failure) -> JSONValue {
        try enter()
        position += 1
        var members: [String: JSONValue] = [:]
        // An object's arrays are often of one length (an answer's hourly variables: 384 hours).
        var lastArrayCount = 0
        defer { siblingArrayCount = 0 }
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw Failure() }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw Failure() }
            position += 1
            skipWhitespace()
            if let filter, !filter.contains(key) {
                try skipValue()
            } else {
                siblingArrayCount = lastArrayCount
                let member: JSONValue
                if top, let inner = selection?.members[key] {
                    member = try value(filter: inner)
                } else {
                    member = try value()
                }
                if case .array(let items) = member { lastArrayCount = items.count }
                members[key] = member
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            default: throw Failure()
            }
        }
    }

    private mutating func array(elementsAreTop: Bool = false) throws(Failure) -> JSONValue {
        try enter()
        position += 1
        var items: [JSONValue] = []
        // Room for as many items as the array before it in its object held, when the bytes left
        // can hold them (each item and its comma take 2 at least): grown by doubling, each of a
        // forecast's 384-hour variables was copied 9 times over (issue 39).
        if siblingArrayCount > 0 { items.reserveCapacity(min(siblingArrayCount, (bytes.count - position) / 2 + 1)) }
        siblingArrayCount = 0
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(top: elementsAreTop))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(items)
            default: throw Failure()
            }
        }
    }

    /// A string; the opening quote is at `position`.
    mutating func string() throws(Failure) -> String {
        position += 1
        let start = position
        // Fast path: no escapes — the bytes between the quotes are the string.
        var ascii = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                position += 1
                // ASCII is valid UTF-8 as it is; only other bytes need validating (the generic
                // validation costs about a thousand instructions a call, even for "v").
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else { throw Failure() }
                return text
            }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure() }
            position += 1
        }
        // Slow path: unescape into a buffer.
        var buffer = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: buffer, as: UTF8.self) else { throw Failure() }
                return text
            case UInt8(ascii: "\\"):
                guard let escape = current else { throw Failure() }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by an escaped low one.
                        guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                            bytes[position + 1] == UInt8(ascii: "u")
                        else {
                            throw Failure()
                        }
                        position += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Failure() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw Failure()
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw Failure() }
                    buffer.append(contentsOf: String(Character(unicode)).utf8)
                default: throw Failure()
                }
            default:
                if byte < 0x20 { throw Failure() }
                buffer.append(byte)
            }
        }
        throw Failure()
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw Failure() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// 10^`exponent` for 0...15, each exactly a Double; a switch of constants rather than a
    /// global table, whose every use would ask whether it is made yet.
    @inline(__always) private static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
    }

    /// A number in JSON's grammar, read in one pass. A plain decimal ("-12.3", "1013", no
    /// exponent) of at most 15 significant digits is converted exactly as its digits are read:
    /// they form an integer below 2^53 and the divisor is an exact power of ten, so one correctly
    /// rounded division gives the nearest Double (Clinger's fast path). Anything else goes to
    /// strtod (locale-independent for this grammar: the C library's decimal point is '.' in the
    /// C locale wx never changes from). Scanning first and reading the digits again cost a
    /// forecast's ~10,000 numbers 0.2 M instructions more (issue 39).
    private mutating func number() throws(Failure) -> Double {
        guard let base = bytes.baseAddress else { throw Failure() }
        let end = bytes.count
        @inline(__always) func at(_ index: Int) -> UInt8 {
            index < end ? base.load(fromByteOffset: index, as: UInt8.self) : 0
        }
        @inline(__always) func digit(_ byte: UInt8) -> UInt64? {
            byte &- UInt8(ascii: "0") < 10 ? UInt64(byte &- UInt8(ascii: "0")) : nil
        }
        let start = position
        var index = position
        let negative = at(index) == UInt8(ascii: "-")
        if negative { index += 1 }
        // Wrapping: past 15 digits the mantissa is not used (and may overflow).
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        let first = at(index)
        if first == UInt8(ascii: "0") {
            index += 1
            digits = 1
        } else if digit(first) != nil {
            while let value = digit(at(index)) {
                mantissa = mantissa &* 10 &+ value
                digits += 1
                index += 1
            }
        } else {
            throw Failure()
        }
        if at(index) == UInt8(ascii: ".") {
            index += 1
            let point = index
            while let value = digit(at(index)) {
                mantissa = mantissa &* 10 &+ value
                index += 1
            }
            guard index > point else { throw Failure() }
            fraction = index - point
            digits += fraction
        }
        let after = at(index)
        if after != UInt8(ascii: "e") && after != UInt8(ascii: "E") && digits <= 15 {
            position = index
            let value = Double(mantissa) / Self.exactPowerOfTen(fraction)
            return negative ? -value : value
        }
        try scanNumber()
        let length = position - start
        guard length < 64 else {
            // Absurdly long numbers: still exact through Swift's parser.
            return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
                ?? .nan
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            memcpy(buffer.baseAddress!, bytes.baseAddress! + start, length)
            buffer[length] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    /// Moves past a number in JSON's grammar, converting nothing. The bytes are read through a
    /// base address and count taken once: through `byte(at:)` each digit asked again whether
    /// the buffer had a base address, ~10 instructions a digit over a forecast's ~7,000 numbers
    /// (issue 39).
    mutating func scanNumber() throws(Failure) {
        guard let base = bytes.baseAddress else { throw Failure() }
        let end = bytes.count
        @inline(__always) func at(_ index: Int) -> UInt8 {
            index < end ? base.load(fromByteOffset: index, as: UInt8.self) : 0
        }
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        var index = position
        if at(index) == UInt8(ascii: "-") { index += 1 }
        let first = at(index)
        if first == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(first) {
            index += 1
            while isDigit(at(index)) { index += 1 }
        } else {
            throw Failure()
        }
        if at(index) == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while isDigit(at(index)) { index += 1 }
            guard index > digits else { throw Failure() }
        }
        if at(index) | 0x20 == UInt8(ascii: "e") {
            index += 1
            if at(index) == UInt8(ascii: "+") || at(index) == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while isDigit(at(index)) { index += 1 }
            guard index > digits else { throw Failure() }
        }
        position = index
    }
}

/// Which members of a JSON document to build: a provider that reads a few of an answer's
/// variables need not build the rest (Open-Meteo's recorded answers carry 42 hourly variables,
/// of which a forecast reads 15).
package struct JSONSelection: Sendable {
    /// For each member of the top-level object (or of each object of a top-level array) named
    /// here, the names of its own members to build; its other members are read as strictly as
    /// ever — a document that does not parse whole does not parse selected — but left out.
    package var members: [String: Set<String>]

    package init(_ members: [String: Set<String>]) { self.members = members }
}
