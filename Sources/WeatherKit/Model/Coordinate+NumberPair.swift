import WXBasics

// Telling a mistyped coordinate pair ("91,0", "nan,nan", "1e308,1") from a place's name, so
// every command that takes a place refuses it as out of range instead of asking a geocoder.
extension Coordinate {
    /// The two numbers of `text` when it reads as “latitude,longitude”: two comma-separated
    /// numbers, each a decimal with or without an exponent (“-33.86”, “1e308”), “nan”, “inf” or
    /// “infinity”, with an optional sign and spaces around it — whatever their values (check
    /// `isValid`). Nil for any other text, hexadecimal among it. `init(parsing:)` takes plain
    /// decimals in range only; this tells a mistyped coordinate (“91,0”, “nan,nan”) from a name.
    package static func numberPair(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = number(parts[0].trimmed), let longitude = number(parts[1].trimmed) else {
            return nil
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// `text` as a number in one of the forms `numberPair` reads; nil for any other.
    private static func number(_ text: String) -> Double? {
        if let value = DecimalText.parse(text) { return value }
        let unsigned = text.lowercased().drop { $0 == "+" || $0 == "-" }
        guard text.count - unsigned.count <= 1 else { return nil }
        if ["nan", "inf", "infinity"].contains(String(unsigned)) { return Double(text) }
        // Digits with at most one point, then an exponent: “1e308”, “2.5E-3”.
        let pieces = unsigned.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        guard pieces.count == 2, let mantissa = pieces.first, mantissa.first != "+", mantissa.first != "-",
            DecimalText.parse(mantissa) != nil, Int(pieces[1]) != nil
        else { return nil }
        // Beyond a Double's range (“1e999”) it is infinite: not finite, as the value says.
        return Double(text) ?? (text.hasPrefix("-") ? -Double.infinity : Double.infinity)
    }
}
