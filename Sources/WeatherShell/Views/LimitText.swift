import FoundationEssentials
import WXBasics
import WeatherKit

/// A limit in words: the one way every command says a threshold it counts or a condition it
/// applies (`chance`'s "rain ≥ 1 mm in an hour", `confidence`'s and `watch`'s "rain ≥ 1 mm over
/// the day", `best`'s "dry (rain < 0.1 mm)", `rain`'s "every hour under 0.1 mm").
package enum LimitText {
    /// A limit's number: `digits` decimals (without trailing zeros), more — up to 9 — where
    /// those would show a limit that is not zero as 0: `snow>=0.0001` is "0.0001 cm", not
    /// "0 cm" (a threshold nobody typed).
    package static func number(_ value: Double, digits: Int = 1) -> String {
        var places = digits
        while value != 0, places < 9, Double(DecimalText.fixed(value, digits: places)) == 0 { places += 1 }
        // Written out, without trailing zeros ("0.0000004", never "4e-07").
        var text = DecimalText.fixed(value, digits: places)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `value` with the fewest decimals, from `digits` up to 3 more, that read back as it (to
    /// 1e-12 of it: conversions leave 298.15000000000003); nil when none does (-3 mph is
    /// -4.828032 km/h, 1 mm is 0.0393700… in).
    package static func exact(_ value: Double, from digits: Int) -> String? {
        guard value.isFinite else { return nil }
        for places in max(0, digits)...min(9, max(0, digits) + 3) {
            let text = number(value, digits: places)
            if let back = Double(text), back == value || abs(back - value) <= 1e-12 * abs(value) { return text }
        }
        return nil
    }

    /// A limit said in the unit shown: `value` (already in `symbol`'s unit) when a short
    /// decimal says it exactly ("1 mm", "10 °C" for 50 °F, "0.5 in"); else the limit as
    /// `defined` (typed or set, exact: "1 mm") with the unit shown's figure after it, said to be
    /// near ("1 mm (about 0.039 in)") — never a rounded figure alone, as "0.04 in" for 1 mm
    /// (1.016 mm), nor four decimals ("0.0394 in (1 mm)" read as a measurement).
    /// `nested`: the limit stands inside parentheses already (`best`'s "dry (…)"), so the
    /// figure follows without another pair: "dry (rain < 0.1 mm ≈ 0.004 in)".
    package static func said(
        _ value: Double, digits: Int, symbol: String, defined: String, nested: Bool = false
    ) -> String {
        if let exact = exact(value, from: digits) { return "\(exact) \(symbol)" }
        let near = "\(number(value, digits: digits)) \(symbol)"
        return nested ? "\(defined) ≈ \(near)" : "\(defined) (about \(near))"
    }

    /// A number as typed or defined, written out ("0.1", "0.0000001", never "1e-07").
    package static func plain(_ value: Double) -> String {
        let text = DecimalText.shortest(value)
        return text.contains("e") ? number(value, digits: 9) : text
    }
}

extension ValueFormatter {
    /// A threshold of precipitation, `millimetres` (defined in mm), as every command says it
    /// (`LimitText.said`): "1 mm", "0.1 mm"; in inches "1 mm (about 0.039 in)", "0.1 mm (about
    /// 0.004 in)", or "0.1 mm ≈ 0.004 in" when `nested` in parentheses. The words around it say
    /// its window ("in an hour", "over the day").
    package func precipitationThreshold(_ millimetres: Double, nested: Bool = false) -> String {
        let unit = units.precipitation
        return LimitText.said(
            unit.convert(millimetres: millimetres), digits: precipitationThresholdDigits, symbol: unit.symbol,
            defined: "\(LimitText.plain(millimetres)) mm", nested: nested)
    }

    /// A threshold's decimals in the unit shown: 1 in mm, 3 in inches ("about 0.039 in").
    package var precipitationThresholdDigits: Int { units.precipitation == .millimetres ? 1 : 3 }
}
