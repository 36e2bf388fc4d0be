import FoundationEssentials
import WXBasics

/// The unit labels the services declare, and how each converts to wx's canonical unit.
///
/// Open-Meteo declares a label per variable (`current_units`, `hourly_units`, `daily_units`),
/// written as in its documentation (open-meteo.com/en/docs): `°C`/`°F`; `km/h`, `m/s`, `mp/h`
/// (its spelling of mph) and `kn`; `mm` and `inch` (`cm` for snowfall); `m` and `ft`; `hPa`;
/// `%`; `°` for directions; `wmo code`; `s` for durations; `iso8601`/`unixtime` for times;
/// `W/m²`, `J/kg`, `µg/m³`… for variables wx does not read. A variable whose whole array is
/// null is declared `"undefined"`; an empty label is no declaration. Any other label is
/// unknown, never read as if it were in wx's unit — 5.2 mph read as 5.2 km/h is a wrong value
/// that looks right: an answer leaves that variable blank and says so (`UnknownUnit`, noted in
/// `UnknownUnits`); only where nothing notes it (normals, air quality) is it refused
/// (`ServiceError.unknownUnit`).
enum DeclaredUnit {
    /// What a variable measures, which decides which labels are known for it.
    enum Quantity {
        case temperature, speed, precipitation, distance, pressure, percent, direction, code, index, duration
        /// Times (`time`, `sunrise`, `sunset`): `iso8601` or `unixtime`, read as they come.
        case time
    }

    /// `value`, a converted one, without the noise of binary arithmetic (3.0479999999999996 for
    /// 0.12 in, which is 3.048 mm): to the nearest 1e-9, far below any decimal wx shows, so it
    /// never decides how a value rounds for display. A product of a service's decimals and a
    /// factor below (at most 3 and 6 decimals) has at most 9 decimals: it comes out exact.
    /// Rounding to 0.01 here rounded twice — 0.49 in (12.446 mm) showed as 12.5 mm, 5.9 mph
    /// (9.4951 km/h) as 10 km/h.
    static func clean(_ value: Double) -> Double {
        guard abs(value) < 1e6 else { return value }
        return (value * 1e9).rounded() / 1e9
    }

    /// The conversion of a value declared in `label` to wx's unit for `quantity` (°C, km/h, mm,
    /// m, hPa, %, degrees, seconds); nil when the label is not one known for the quantity.
    /// Converted values are exact (`clean` only takes off binary noise): they are rounded once,
    /// for display, never before.
    static func conversion(_ label: String?, for quantity: Quantity) -> ((Double) -> Double)? {
        let identity: (Double) -> Double = { $0 }
        guard let label = label?.trimmed, !label.isEmpty, label != "undefined" else { return identity }
        switch quantity {
        case .temperature:
            switch label {
            case "°C", "C", "celsius": return identity
            case "°F", "F", "fahrenheit": return { clean(TemperatureUnit.fahrenheit.celsius(from: $0)) }
            case "K", "kelvin": return { clean(TemperatureUnit.kelvin.celsius(from: $0)) }
            default: return nil
            }
        case .speed:
            switch label {
            case "km/h", "kmh": return identity
            case "m/s", "ms": return { clean($0 * 3.6) }
            // Open-Meteo writes mph as "mp/h" (wind_speed_unit=mph).
            case "mp/h", "mph": return { clean($0 * 1.609_344) }
            case "kn", "kt", "knots": return { clean($0 * 1.852) }
            default: return nil
            }
        case .precipitation:
            switch label {
            case "mm": return identity
            case "inch", "in": return { clean($0 * 25.4) }
            case "cm": return { clean($0 * 10) }
            default: return nil
            }
        case .distance:
            switch label {
            case "m": return identity
            case "ft", "feet": return { clean($0 * 0.3048) }
            case "km": return { $0 * 1000 }
            default: return nil
            }
        case .pressure: return label == "hPa" || label == "mbar" ? identity : nil
        case .percent: return label == "%" ? identity : nil
        case .direction: return label == "°" ? identity : nil
        case .code: return label == "wmo code" ? identity : nil
        // The UV index has no unit; Open-Meteo declares it "".
        case .index: return nil
        case .duration: return label == "s" || label == "seconds" ? identity : nil
        case .time: return label == "iso8601" || label == "unixtime" ? identity : nil
        }
    }

    /// `conversion(label, for:)`, or the error naming the variable and the label.
    static func converter(
        _ label: String?, for quantity: Quantity, variable: String, service: Service = .openMeteo
    ) throws(ServiceError) -> (Double) -> Double {
        guard let convert = conversion(label, for: quantity) else {
            throw .unknownUnit(service, variable: variable, label: label ?? "")
        }
        return convert
    }

    /// Whether `label` is one Open-Meteo uses for times (`time`, `sunrise`, `sunset`).
    ///
    /// - Throws: `ServiceError.unknownUnit` when it is not.
    static func checkTime(_ label: String?, variable: String) throws(ServiceError) {
        _ = try converter(label, for: .time, variable: variable)
    }
}
