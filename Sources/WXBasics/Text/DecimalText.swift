/// Numbers as text with a decimal point, whatever the process locale: for URLs, files and
/// display. FoundationEssentials has no `String(format:)`, and `LANG=de_DE.UTF-8` must never
/// turn 52.52 into "52,52" in a request.
package enum DecimalText {
    /// `value` rounded half away from zero to `digits` decimals (0…9), e.g. `fixed(-0.04, digits: 1)`
    /// is "0.0" (no negative zero) and `fixed(7.45, digits: 1)` is "7.5". Non-finite values give "nan"/"inf".
    package static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let digits = max(0, min(9, digits))
        var scale: Double = 1
        for _ in 0..<digits { scale *= 10 }
        // Round the decimal text, not the binary value: 7.45 is stored as 7.4499999…, and
        // people expect it to round as written.
        let scaled = (value * scale * (1 + 2 * Double.ulpOfOne)).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9.0e17 else { return String(value) }
        let negative = scaled < 0
        var units = UInt64(abs(scaled))
        // The digits from the last, written into a buffer from its end: a table of tens of
        // thousands of rows formats a number in each of several cells.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var start = buffer.count
            var written = 0
            repeat {
                if written == digits, digits > 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(units % 10)
                units /= 10
                written += 1
            } while units > 0 || written <= digits
            if negative, scaled != 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// The shortest text that reads back as the same `Double` ("52.52", "13.419998", "7"):
    /// for request parameters, where the value should go out exactly as it is held.
    package static func shortest(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)  // Swift prints the shortest round-trip form with a '.'
    }

    /// Parses a plain decimal number ("-33.86", "+151.2", "7", ".5"); nil for anything else,
    /// including "1e5", "nan", "0x10" and numbers with a comma.
    ///
    /// Inlinable because it is generic: called from another module it would otherwise run
    /// unspecialised, through protocol witness tables (see StringTrimming.swift).
    @inlinable
    package static func parse<S: StringProtocol>(_ text: S) -> Double? {
        var sawDigit = false
        var sawPoint = false
        for (offset, character) in text.enumerated() {
            switch character {
            case "0"..."9": sawDigit = true
            case ".": if sawPoint { return nil } else { sawPoint = true }
            case "-", "+": if offset != 0 { return nil }
            default: return nil
            }
        }
        guard sawDigit else { return nil }
        return Double(String(text))
    }
}
