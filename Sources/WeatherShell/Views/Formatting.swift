import FoundationEssentials
import WXBasics
import WeatherKit

/// How values look in text output: canonical values in, the user's units out, "—" for missing.
package struct ValueFormatter: Sendable {
    package var units: UnitPreferences
    /// Whether "°" may be written (a UTF-8 terminal); "C" instead of "°C" otherwise.
    package var unicode: Bool

    package init(units: UnitPreferences, unicode: Bool = true) {
        self.units = units
        self.unicode = unicode
    }

    /// "°C", or "C" in ASCII: chosen here, before any padding, so that columns stay aligned.
    package var temperatureSymbol: String {
        unicode ? units.temperature.symbol : units.temperature.symbol.replacingDegreeSign
    }

    package static let missing = "—"

    /// "7.4 °C", "45.3 °F", "—".
    package func temperature(_ celsius: Double?, digits: Int = 1) -> String {
        guard let celsius else { return Self.missing }
        return "\(DecimalText.fixed(units.temperature.convert(celsius: celsius), digits: digits)) \(temperatureSymbol)"
    }

    /// `now − was` as the two temperatures are shown at `digits` decimals in your unit (°C, °F
    /// or K): 18.4 and 21.4 °C shown "65 °F" and "71 °F" differ by 6, not 5.4 rounded to 5
    /// (trial: "65 °F, 5 °F lower (was 71 °F)"). Both °C.
    package func shownTemperatureChange(from was: Double, to now: Double, digits: Int = 0) -> Double {
        Self.shownDifference(
            from: was, digits: digits, to: now, digits: digits, convert: { units.temperature.convert(celsius: $0) })
    }

    /// A difference of two temperatures (°C, from the exact values) in your unit, to be rounded
    /// once where it is written: 1.9 °C is 1.9 K and 3.42 °F — so "2 K cooler" and "2 °C
    /// cooler" agree, where the difference of the rounded figures (290 and 289 K) said 1
    /// (trial 59). `brief`'s tomorrow and `changed`'s highs and lows say it (trial60: 15.4 →
    /// 17.6 °C is "2 °C higher (was 15 °C)" beside "18 °C", not 3 from the figures shown).
    package func temperatureDifference(_ celsius: Double) -> Double {
        units.temperature.convert(celsius: celsius) - units.temperature.convert(celsius: 0)
    }

    /// `now − was` as the two amounts are shown in your unit (mm or in), each at its own
    /// decimals (its column's): 0.114 and 0.0748 in shown "0.11" and "0.075" differ by 0.035,
    /// not 0.0392 rounded to 0.039. Both mm; the difference in the unit shown, exact at the
    /// larger of the two decimals.
    package func shownPrecipitationChange(
        from was: Double, digits wasDigits: Int, to now: Double, digits nowDigits: Int
    )
        -> Double
    {
        Self.shownDifference(
            from: was, digits: wasDigits, to: now, digits: nowDigits,
            convert: { units.precipitation.convert(millimetres: $0) })
    }

    /// The one rule for a difference a reader sees beside its two figures: each value converted
    /// (`convert`), written at its decimals and read back, then the one subtracted from the other
    /// — the difference of the figures shown, never of the unrounded values (`brief`'s earlier runs,
    /// `drift`, the normals' anomaly, `saved N`'s errors; `changed` says the exact difference,
    /// `temperatureDifference`).
    static func shownDifference(
        from was: Double, digits wasDigits: Int, to now: Double, digits nowDigits: Int, convert: (Double) -> Double
    ) -> Double {
        func shown(_ value: Double, _ digits: Int) -> Double {
            Double(DecimalText.fixed(convert(value), digits: digits)) ?? .nan
        }
        return shown(now, nowDigits) - shown(was, wasDigits)
    }

    /// `text` with a leading hyphen-minus made a minus sign (U+2212): the negative end of a
    /// range beside an en dash reads "−3–−2 °C", not "-3–-2 °C" (ASCII output turns it back).
    package static func minusSigned(_ text: String) -> String {
        text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }

    /// The number alone ("7.4"), for tables whose header names the unit.
    package func temperatureValue(_ celsius: Double?, digits: Int = 1) -> String {
        celsius.map { DecimalText.fixed(units.temperature.convert(celsius: $0), digits: digits) } ?? Self.missing
    }

    /// "19 km/h", "5.3 m/s", "4 Bft (gentle breeze)", "—".
    package func windSpeed(_ kilometresPerHour: Double?) -> String {
        guard let kilometresPerHour else { return Self.missing }
        if units.windSpeed == .beaufort {
            let force = Beaufort.force(kilometresPerHour: kilometresPerHour)
            return "\(force) Bft (\(Beaufort.name(force: force)))"
        }
        let value = units.windSpeed.convert(kilometresPerHour: kilometresPerHour)
        return
            "\(DecimalText.fixed(value, digits: units.windSpeed == .metresPerSecond ? 1 : 0)) \(units.windSpeed.symbol)"
    }

    /// A range of wind speeds: "8–12 km/h", "2–3 Bft (light to gentle breeze)" — both ends
    /// named in Beaufort, never the upper's name alone; one value when both ends show the same
    /// ("3 Bft (gentle breeze)").
    package func windSpeedRange(_ lowKilometresPerHour: Double, _ highKilometresPerHour: Double) -> String {
        let high = windSpeed(highKilometresPerHour)
        if units.windSpeed == .beaufort {
            let low = Beaufort.force(kilometresPerHour: lowKilometresPerHour)
            let top = Beaufort.force(kilometresPerHour: highKilometresPerHour)
            guard low != top else { return high }
            // One noun for both when they share it: "light to gentle breeze", "calm to light air".
            var first = Beaufort.name(force: low).split(separator: " ")
            let last = Beaufort.name(force: top)
            if first.count > 1, first.last == last.split(separator: " ").last { first.removeLast() }
            return "\(low)–\(top) Bft (\(first.joined(separator: " ")) to \(last))"
        }
        let low = windSpeed(lowKilometresPerHour).split(separator: " ").first.map(String.init) ?? ""
        return high.hasPrefix(low + " ") ? high : "\(low)–\(high)"
    }

    /// Whether a wind shows as nothing in the user's unit ("0 mph", "0.0 m/s", force 0): such a
    /// wind reads "calm", and a direction beside it would point nowhere.
    package func isCalm(_ kilometresPerHour: Double) -> Bool {
        if units.windSpeed == .beaufort { return Beaufort.force(kilometresPerHour: kilometresPerHour) == 0 }
        let value = units.windSpeed.convert(kilometresPerHour: kilometresPerHour)
        return DecimalText.fixed(abs(value), digits: units.windSpeed == .metresPerSecond ? 1 : 0)
            .allSatisfy { $0 == "0" || $0 == "." }
    }

    /// A wind with where it comes from: "19 km/h SW", "19 km/h SW (225°)" with `degrees`, "calm"
    /// when the speed shows as nothing (`isCalm`), the speed alone without a direction, "—"
    /// without a speed. Speed in km/h, direction in degrees from north.
    package func wind(_ kilometresPerHour: Double?, from direction: Double?, degrees: Bool = false) -> String {
        guard let kilometresPerHour else { return Self.missing }
        if isCalm(kilometresPerHour) { return "calm" }
        var text = windSpeed(kilometresPerHour)
        if let direction, direction.isFinite {
            text += " " + CompassDirection.name(degrees: direction)
            if degrees { text += " (\(DecimalText.fixed(direction, digits: 0))°)" }
        }
        return text
    }

    /// "0.3 mm", "0.01 in", "—".
    package func precipitation(_ millimetres: Double?) -> String {
        guard let millimetres else { return Self.missing }
        return "\(precipitationValue(millimetres)) \(units.precipitation.symbol)"
    }

    /// An amount in the unit shown, without the symbol ("0.3", "0.01", "—"): with `digits`
    /// decimals (a column's, `precipitationDecimals(column:)`), else its own
    /// (`precipitationDecimals(_:)`: 0.1 mm is "0.004" in inches, never "0.00").
    package func precipitationValue(_ millimetres: Double?, digits: Int? = nil) -> String {
        guard let millimetres else { return Self.missing }
        let value = units.precipitation.convert(millimetres: millimetres)
        return DecimalText.fixed(value, digits: digits ?? precipitationDecimals(millimetres, from: nil) ?? 1)
    }

    /// The one rule for an amount's decimals: `from` (else the unit's usual: 1 in mm, 2 in
    /// inches), raised (up to `NearLimit.extraDecimals` more than the usual) until an amount
    /// other than 0 is not shown as 0 — 0.1 mm is 0.0039 in, "0.004", not "0.00". nil for none.
    package func precipitationDecimals(_ millimetres: Double?, from: Int?) -> Int? {
        guard let millimetres else { return nil }
        let value = units.precipitation.convert(millimetres: millimetres)
        let base = units.precipitation == .millimetres ? 1 : 2
        var decimals = from ?? base
        while value != 0, NearLimit.shown(value, decimals: decimals) == 0, decimals < base + NearLimit.extraDecimals {
            decimals += 1
        }
        return decimals
    }

    /// One precision for a column of amounts: the most its amounts need
    /// (`precipitationDecimals(_:from:)`), so that "0.008" stands over "0.004", not "0.00".
    package func precipitationDecimals(column: [Double?]) -> Int {
        column.compactMap { precipitationDecimals($0, from: nil) }.max()
            ?? (units.precipitation == .millimetres ? 1 : 2)
    }

    /// A column of amounts at one precision (`precipitationDecimals(column:)`), "—" for none.
    package func precipitationColumn(_ column: [Double?]) -> [String] {
        let digits = precipitationDecimals(column: column)
        return column.map { precipitationValue($0, digits: digits) }
    }

    /// "1013 hPa", "29.92 inHg", "—".
    package func pressure(_ hectopascals: Double?) -> String {
        guard let hectopascals else { return Self.missing }
        let value = units.pressure.convert(hectopascals: hectopascals)
        return "\(DecimalText.fixed(value, digits: units.pressure == .hectopascals ? 0 : 2)) \(units.pressure.symbol)"
    }

    /// "24 km", "15 mi", "—".
    package func distance(_ metres: Double?) -> String {
        guard let metres else { return Self.missing }
        let value = units.distance.convert(metres: metres)
        return "\(DecimalText.fixed(value, digits: value < 10 ? 1 : 0)) \(units.distance.symbol)"
    }

    /// "40 %", "—".
    package func percent(_ value: Double?) -> String {
        value.map { "\(DecimalText.fixed($0, digits: 0)) %" } ?? Self.missing
    }

    /// "14:05" or "2:05 pm".
    package func clock(_ time: LocalDateTime) -> String { clock(hour: time.hour, minute: time.minute) }

    /// A time of day by the clock setting, of no day: "18:00" or "6:00 pm" — a rule's hours
    /// (frost's night, 18:00 to 09:00) written as the rows beside it write theirs.
    package func clock(hour: Int, minute: Int = 0) -> String {
        switch units.clock {
        case .twentyFourHour:
            return "\(TimeWords.twoDigits(hour)):\(TimeWords.twoDigits(minute))"
        case .twelveHour:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            return "\(twelve):\(TimeWords.twoDigits(minute)) \(hour < 12 ? "am" : "pm")"
        }
    }

    /// `clock(time)`, with the zone when the reading happens twice (`ZoneClock.isRepeated`):
    /// "02:00 CEST" and "02:00 CET" at the end of daylight saving time, "1:30 am UTC+10:30"
    /// where the zone has no lettered abbreviation.
    package func clock(_ time: LocalDateTime, repeated: Bool) -> String {
        repeated ? "\(clock(time)) \(Self.zone(time))" : clock(time)
    }

    /// The zone of a reading as shown beside it: its abbreviation ("CEST", "EDT"), else its UTC
    /// offset ("UTC+10:30"; the tz database names some zones by a number such as "+1030").
    package static func zone(_ time: LocalDateTime) -> String {
        if let abbreviation = time.abbreviation, abbreviation.first?.isLetter == true { return abbreviation }
        return "UTC" + TimeWords.utcOffset(time.utcOffsetSeconds)
    }

    /// The hour alone for a compact column: "17" or "5p".
    package func hourLabel(_ time: LocalDateTime) -> String {
        switch units.clock {
        case .twentyFourHour: return TimeWords.twoDigits(time.hour)
        case .twelveHour:
            let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
            return "\(hour)\(time.hour < 12 ? "a" : "p")"
        }
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    /// The weekdays written out, for a sentence that names a day alone ("Sunday’s high"): "Sun"
    /// alone, lower-cased at a clause's start, read as the sun.
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Fri 06 Feb".
    package func day(_ date: LocalDate) -> String {
        "\(Self.weekdays[date.weekday]) \(TimeWords.twoDigits(date.day)) \(Self.months[date.month - 1])"
    }

    /// "2026-02-06 16:30".
    package func dateTime(_ time: LocalDateTime) -> String {
        guard isSixteenBytes(time) else { return "\(time.date.iso) \(clock(time))" }
        // Written as bytes into one string (one allocation, where the date and the clock were
        // two strings joined).
        return String(unsafeUninitializedCapacity: 16) { Self.writeDateTime(time, into: $0) }
    }

    /// Calls `body` with the bytes of `dateTime(time)`: `saved` copies one into its rows' bytes
    /// for each of tens of thousands of snapshots, with no string made for it.
    package func withDateTimeBytes<Result>(_ time: LocalDateTime, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        guard isSixteenBytes(time) else {
            var text = dateTime(time)
            return text.withUTF8(body)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            let count = Self.writeDateTime(time, into: buffer)
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Whether `dateTime` writes `time` in 16 bytes, as `writeDateTime` does: the 24-hour clock,
    /// a four-digit year.
    private func isSixteenBytes(_ time: LocalDateTime) -> Bool {
        units.clock == .twentyFourHour && (0..<24).contains(time.hour) && (0..<60).contains(time.minute)
            && time.date.isTenBytes
    }

    /// "2026-02-06 16:30" written into the first 16 bytes of `buffer`, for a time that
    /// `isSixteenBytes`; returns 16.
    private static func writeDateTime(_ time: LocalDateTime, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        time.date.writeISO(into: buffer)
        buffer[10] = UInt8(ascii: " ")
        LocalDate.writeDigits(time.hour, 2, at: 11, into: buffer)
        buffer[13] = UInt8(ascii: ":")
        LocalDate.writeDigits(time.minute, 2, at: 14, into: buffer)
        return 16
    }

    /// "2 h 14 min", "5 min", "1 d 2 h", "45 days", "3 years" (see `TimeWords.age`).
    package static func age(seconds: Double) -> String { TimeWords.age(seconds: seconds) }

    /// `date` to the nearest whole minute (30 s rounds up): how clock times given to the second
    /// (sunrise, sunset) are shown, so that 07:32:58 shows as 07:33, not 07:32.
    package static func nearestMinute(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded() * 60)
    }
}

extension String {
    /// Without the degree sign ("°C" → "C").
    var replacingDegreeSign: String { filter { $0 != "°" } }
}

extension Coordinate {
    /// "53.5507, 9.9930": how coordinates are listed.
    package var latitudeLongitudeText: String {
        "\(DecimalText.fixed(latitude, digits: 4)), \(DecimalText.fixed(longitude, digits: 4))"
    }
}
