// The JSON parser's passing over what a selection leaves out (JSONParser.swift has the rest).

// MARK: - Passing over what a selection leaves out

extension JSONParser {
    /// Moves past a value, accepting and refusing exactly what `value()` does (nesting depth and
    /// the count of values included), building nothing.
    mutating func skipValue() throws(Failure) {
        guard let byte = current else { throw Failure() }
        values += 1
        if values > Self.maximumValues { throw Failure(tooManyValues: true) }
        switch byte {
        case UInt8(ascii: "{"): try skipContainer(closing: UInt8(ascii: "}"), keyed: true)
        case UInt8(ascii: "["): try skipArray()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        default: throw Failure()
        }
    }

    /// An object (`keyed`) or an array; its opening bracket is at `position`.
    private mutating func skipContainer(closing: UInt8, keyed: Bool) throws(Failure) {
        try enter()
        position += 1
        skipWhitespace()
        if current == closing {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            if keyed {
                guard current == UInt8(ascii: "\"") else { throw Failure() }
                try skipString()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw Failure() }
                position += 1
                skipWhitespace()
            }
            try skipValue()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case closing:
                position += 1
                depth -= 1
                return
            default: throw Failure()
            }
        }
    }

    /// An array; its opening bracket is at `position`. Its numbers and nulls — what a forecast's
    /// left-out variables hold, some 9,500 of them — are counted and passed over here, each
    /// without a call to `skipValue`; any other element goes through it (issue 39).
    private mutating func skipArray() throws(Failure) {
        try enter()
        position += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            switch byte(at: position) {
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                values += 1
                if values > Self.maximumValues { throw Failure(tooManyValues: true) }
                try scanNumber()
            case UInt8(ascii: "n"):
                values += 1
                if values > Self.maximumValues { throw Failure(tooManyValues: true) }
                try literal("null")
            default: try skipValue()
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return
            default: throw Failure()
            }
        }
    }

    /// A string; the opening quote is at `position`. Plain ASCII is passed over here; one with an
    /// escape or other bytes is read by `string()`, which checks them.
    private mutating func skipString() throws(Failure) {
        let start = position
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            if byte >= 0x80 || byte == UInt8(ascii: "\\") || byte < 0x20 {
                position = start
                _ = try string()
                return
            }
            position += 1
        }
        throw Failure()
    }
}
