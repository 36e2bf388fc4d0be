import FoundationEssentials
import WXBasics

#if canImport(Glibc)
import Glibc
#endif

/// A point on the Earth in WGS 84 degrees.
///
/// Latitude runs −90…90 (north positive), longitude −180…180 (east positive).
package struct Coordinate: Hashable, Sendable, Codable {
    /// Degrees north of the equator, −90…90.
    package var latitude: Double
    /// Degrees east of Greenwich, −180…180.
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and inside their ranges.
    package var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// The coordinate rounded to 4 decimals (about 11 m): the identity of a favorite and the
    /// key of a place in every request, cache entry and snapshot.
    package var rounded: Coordinate {
        Coordinate(latitude: Self.round4(latitude), longitude: Self.round4(longitude))
    }

    /// `"53.5507,9.9930"`: 4 decimals, a decimal point whatever the locale.
    package var text: String {
        "\(DecimalText.fixed(latitude, digits: 4)),\(DecimalText.fixed(longitude, digits: 4))"
    }

    /// Degrees rounded to the 4 decimals coordinates are kept at (`rounded`).
    package static func round4(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    /// `"5.0000°S 150.0000°W"`: 4 decimals with the hemisphere letters, the name of a place
    /// that has no other (0° is N and E).
    package var hemisphereText: String {
        let north = latitude < 0 ? "S" : "N"
        let east = longitude < 0 ? "W" : "E"
        return
            "\(DecimalText.fixed(abs(latitude), digits: 4))°\(north) \(DecimalText.fixed(abs(longitude), digits: 4))°\(east)"
    }

    /// Great-circle distance to `other` in kilometres (haversine, mean Earth radius 6371.0 km).
    package func kilometres(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (other.latitude - latitude) * radians
        let dLongitude = (other.longitude - longitude) * radians
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * 6_371.0 * asin(min(1, a.squareRoot()))
    }

    /// Parses `"lat,lon"` (optionally with spaces, e.g. `"53.55, 9.99"`), or the hemisphere form
    /// wx names unnamed places with (`"5.0000°S 150.0000°W"`, `"5S 150W"`); nil unless both
    /// parts are decimal numbers in range.
    package init?(parsing text: String) {
        if Self.isNeitherForm(text) { return nil }
        if let coordinate = Self.hemispheres(text) {
            self = coordinate
            return
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = DecimalText.parse(parts[0].trimmed),
            let longitude = DecimalText.parse(parts[1].trimmed)
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
        guard isValid else { return nil }
    }
}

extension Coordinate {
    /// Whether ASCII `text` is plainly neither form: not two words (split at spaces and commas)
    /// and not one comma. Told from the bytes without splitting, for the place names `region`
    /// asks about for every favorite in a list; text that is not ASCII is left to the parsers.
    fileprivate static func isNeitherForm(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isNeitherForm)
    }

    private static func isNeitherForm(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var words = 0
        var commas = 0
        var inWord = false
        for byte in bytes {
            guard byte < 0x80 else { return false }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") {
                if byte == UInt8(ascii: ",") { commas += 1 }
                inWord = false
            } else if !inWord {
                inWord = true
                words += 1
            }
        }
        return words != 2 && commas != 1
    }

    /// `"5.0000°S 150.0000°W"` → (−5, −150); nil for anything else.
    fileprivate static func hemispheres(_ text: String) -> Coordinate? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard parts.count == 2 else { return nil }
        func value(_ part: String, positive: Character, negative: Character) -> Double? {
            guard let letter = part.last?.uppercased().first, letter == positive || letter == negative else {
                return nil
            }
            var number = part.dropLast()
            if number.last == "°" { number = number.dropLast() }
            guard let magnitude = DecimalText.parse(number), magnitude >= 0 else { return nil }
            return letter == negative ? -magnitude : magnitude
        }
        guard let latitude = value(parts[0], positive: "N", negative: "S"),
            let longitude = value(parts[1], positive: "E", negative: "W")
        else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }
}

/// A geocoded place: what `find` lists and what becomes the current location.
package struct Place: Hashable, Sendable, Codable {
    /// A short name for lists and headings ("Hamburg", "Dunstable"), from the geocoder's name,
    /// its city/town/village/… keys, or the first part of the display name.
    package var name: String
    /// The region and country, comma-separated ("Hamburg, Deutschland"); empty when unknown.
    package var region: String
    /// ISO 3166-1 alpha-2 country code, lowercase ("de"); nil when the geocoder gave none.
    package var countryCode: String?
    /// The coordinate the geocoder gave for the place, rounded to 4 decimals.
    package var coordinate: Coordinate
    /// The geocoder's full label (Nominatim `display_name`), for `find` details.
    package var displayName: String

    package init(
        name: String, region: String, countryCode: String?, coordinate: Coordinate, displayName: String
    ) {
        self.name = name
        self.region = region
        self.countryCode = countryCode
        self.coordinate = coordinate.rounded
        self.displayName = displayName
    }

    /// "Hamburg, Deutschland": the name and the region, or the name alone.
    package var label: String { region.isEmpty ? name : "\(name), \(region)" }

    /// The country as a place's region ends in: the geocoder's country name, else its ISO
    /// 3166-1 code upper-cased ("DE") when that is 2 or 3 ASCII letters — a GeoNames entry
    /// with `country_code` and no `country` showed an empty country in `find` and `favs` —
    /// else nil.
    package static func countryText(name: String?, code: String?) -> String? {
        if let name { return name }
        guard let code, (2...3).contains(code.unicodeScalars.count),
            code.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
        else { return nil }
        return code.uppercased()
    }

    /// Whether the place is named by its coordinates alone (`unnamed(at:near:)`).
    package var isUnnamed: Bool { name == coordinate.rounded.hemisphereText }

    /// A place no geocoder named (open sea, a pole, a geocoder without reverse geocoding): its
    /// coordinates are its name ("5.0000°S 150.0000°W"), and the nearest named place, when a
    /// geocoder gave one, its region ("near Kiritimati").
    ///
    /// - Parameter near: the name of the nearest named place, if any.
    package static func unnamed(at coordinate: Coordinate, near: String? = nil) -> Place {
        let text = coordinate.rounded.hemisphereText
        let region = near.map { "near \($0)" } ?? ""
        return Place(
            name: text, region: region, countryCode: nil, coordinate: coordinate,
            displayName: region.isEmpty ? text : "\(text), \(region)")
    }
}

/// The place's clock as a forecast gives it: an IANA zone name and the single UTC offset that
/// the whole response was computed with.
package struct ZoneInfo: Hashable, Sendable {
    /// IANA time-zone identifier ("Europe/Berlin"), or "GMT" when the service used none.
    package var identifier: String?
    /// The abbreviation the service sent ("CET", "GMT-5"), for display.
    package var abbreviation: String?
    /// Seconds east of UTC that the service used for every local time in the response
    /// (Open-Meteo `utc_offset_seconds`).
    package var utcOffsetSeconds: Int

    package init(identifier: String?, abbreviation: String?, utcOffsetSeconds: Int) {
        self.identifier = identifier
        self.abbreviation = abbreviation
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}

/// Weather now at a place. Every reading is optional: a service may send `null` or leave it out,
/// and it is then shown as "—", never as 0.
package struct CurrentConditions: Hashable, Sendable {
    /// The instant the values are valid for (Open-Meteo `current.time`, a 15-minute grid).
    package var time: Date
    package var temperatureCelsius: Double?
    /// "Feels like" temperature (Open-Meteo `apparent_temperature`), °C.
    package var apparentTemperatureCelsius: Double?
    package var relativeHumidityPercent: Double?
    package var dewPointCelsius: Double?
    /// Pressure reduced to mean sea level (Open-Meteo `pressure_msl`), hPa.
    package var pressureHectopascals: Double?
    package var cloudCoverPercent: Double?
    package var visibilityMetres: Double?
    package var uvIndex: Double?
    /// Wind speed at 10 m, km/h.
    package var windSpeedKilometresPerHour: Double?
    /// Gusts at 10 m, km/h.
    package var windGustsKilometresPerHour: Double?
    /// Direction the wind blows from, degrees clockwise from north.
    package var windDirectionDegrees: Double?
    /// Precipitation in the preceding interval, mm.
    package var precipitationMillimetres: Double?
    /// The length of that interval, seconds, when the service names it (OpenWeatherMap
    /// `rain.1h` 3,600, `rain.3h` 10,800); nil when it does not.
    package var precipitationPeriodSeconds: Int?
    /// The condition: a WMO 4677 code as Open-Meteo reports it (0…99; may be outside the
    /// table), or unknown when the answer's `weather_code` is null; nil when the answer has no
    /// `weather_code` at all. For OpenWeatherMap, the nearest WMO code to its own condition id.
    package var condition: Condition?
    /// The WMO code of `condition`; nil when unknown or not carried.
    package var weatherCode: Int? { condition?.code }
    /// The provider's own words for the condition, in the requested language (OpenWeatherMap
    /// `weather[0].description`); nil when the provider gives only a code.
    package var conditionText: String?
    /// Snowfall in the preceding `precipitationPeriodSeconds`, mm of water (OpenWeatherMap
    /// `snow.1h`, `snow.3h`).
    package var snowfallMillimetres: Double?
    /// Whether the sun is up at `time` (Open-Meteo `is_day`: 1 day, 0 night); nil when the
    /// service did not say.
    package var isDay: Bool?

    package init(time: Date) { self.time = time }
}

/// One hour of forecast, for the hour starting at `time`.
package struct HourlyForecast: Hashable, Sendable {
    package var time: Date
    package var temperatureCelsius: Double?
    package var apparentTemperatureCelsius: Double?
    package var relativeHumidityPercent: Double?
    package var dewPointCelsius: Double?
    /// Probability of more than 0.1 mm in the hour, %.
    package var precipitationProbabilityPercent: Double?
    /// Precipitation sum of the hour, mm.
    package var precipitationMillimetres: Double?
    /// The hour's condition: a WMO code, unknown for a null `weather_code`, nil when the
    /// answer's `hourly` block has no `weather_code` (see `Condition`).
    package var condition: Condition?
    /// The WMO code of `condition`; nil when unknown or not carried.
    package var weatherCode: Int? { condition?.code }
    package var windSpeedKilometresPerHour: Double?
    package var windGustsKilometresPerHour: Double?
    package var windDirectionDegrees: Double?
    package var pressureHectopascals: Double?
    package var cloudCoverPercent: Double?
    package var visibilityMetres: Double?
    package var uvIndex: Double?
    /// Whether the sun is up at the hour's start (Open-Meteo hourly `is_day`: 1 day, 0 night);
    /// nil when the service did not say.
    package var isDay: Bool?

    package init(time: Date) { self.time = time }
}

/// Precipitation over one 15-minute interval starting at `time` (Open-Meteo `minutely_15`).
package struct QuarterHourPrecipitation: Hashable, Sendable {
    package var time: Date
    /// Sum over the 15 minutes, mm.
    package var precipitationMillimetres: Double?

    package init(time: Date, precipitationMillimetres: Double?) {
        self.time = time
        self.precipitationMillimetres = precipitationMillimetres
    }
}

/// One day of forecast, for the calendar day `date` in the place's time zone.
package struct DailyForecast: Hashable, Sendable {
    package var date: LocalDate
    /// The day's condition: a WMO code, unknown for a null `weather_code`, nil when the
    /// answer's `daily` block has no `weather_code` (see `Condition`).
    package var condition: Condition?
    /// The WMO code of `condition`; nil when unknown or not carried.
    package var weatherCode: Int? { condition?.code }
    package var temperatureMaxCelsius: Double?
    package var temperatureMinCelsius: Double?
    /// Precipitation sum of the day, mm.
    package var precipitationSumMillimetres: Double?
    /// Highest hourly precipitation probability of the day, %.
    package var precipitationProbabilityMaxPercent: Double?
    /// Whether the sun rises and sets this day, and when (see `SunEvents`).
    package var sun: SunEvents = .unknown
    /// Seconds between sunrise and sunset (Open-Meteo `daylight_duration`).
    package var daylightDurationSeconds: Double?
    package var windSpeedMaxKilometresPerHour: Double?
    package var windGustsMaxKilometresPerHour: Double?
    package var windDirectionDominantDegrees: Double?
    package var uvIndexMax: Double?
    /// Whether the day was built from part of its hours (OpenWeatherMap's first and last day,
    /// whose steps cover only some of the local day): its low, high and sums are those hours'.
    package var isPartial = false

    package init(date: LocalDate) { self.date = date }

    /// The instant of sunrise; nil on a day without one (polar night, midnight sun) or when
    /// the service gave none. Setting it makes the day one with sun times.
    package var sunrise: Date? {
        get { if case .times(let sunrise, _) = sun { sunrise } else { nil } }
        set { sun = .times(sunrise: newValue, sunset: sunset) }
    }

    /// The instant of sunset; nil on a day without one or when the service gave none.
    package var sunset: Date? {
        get { if case .times(_, let sunset) = sun { sunset } else { nil } }
        set { sun = .times(sunrise: sunrise, sunset: newValue) }
    }
}

/// Whether the sun rises and sets on a day, and when.
///
/// Services write a day without sunrise or sunset as if it had one: Open-Meteo gives
/// sunrise = sunset = local midnight (older answers 1970-01-01T00:00), OpenWeatherMap
/// `sys.sunrise` equal to `sys.sunset`, or 0. Providers turn that into `.polarNight` or
/// `.midnightSun`, never into clock times.
package enum SunEvents: Hashable, Sendable {
    /// The sun rises and sets; either time may be unknown (nil).
    case times(sunrise: Date?, sunset: Date?)
    /// The sun stays below the horizon all day.
    case polarNight
    /// The sun stays above the horizon all day.
    case midnightSun
    /// The service said nothing about the sun, or marked a day without sunrise and sunset in a
    /// way that does not tell polar night from midnight sun.
    case unknown

    /// The state for a day the service marked as having no sunrise and sunset, from the first
    /// evidence there is: the day's daylight (seconds), else the sun's declination at `date` and
    /// `latitude` where it decides, else whether the sun is up at some instant of that day. The
    /// instant's flag comes last: OpenWeatherMap's icon letter said "d" in Norilsk's polar night
    /// (a new user's case, T2-8's kind), and the words said midnight sun under a moon.
    ///
    /// - Parameters:
    ///   - daylightSeconds: the day's daylight duration (Open-Meteo `daylight_duration`).
    ///   - isDay: whether it is day at an instant of that day (Open-Meteo `is_day`, an
    ///     OpenWeatherMap icon ending in "d" or "n").
    /// - Returns: `.unknown` below `lowestPolarLatitude`, where a day without sunrise and sunset
    ///   cannot be.
    ///   - latitude: degrees north, −90…90.
    ///   - date: the local calendar day.
    package static func withoutSunriseOrSunset(
        daylightSeconds: Double?, isDay: Bool?, latitude: Double, date: LocalDate
    ) -> SunEvents {
        // Neither happens nearer the equator than the polar circles (66.56°, and by refraction
        // a little less): a mark there is not to be believed.
        guard abs(latitude) >= lowestPolarLatitude else { return .unknown }
        if let daylightSeconds {
            return daylightSeconds >= 12 * 3_600 ? .midnightSun : .polarNight
        }
        if let state = polarState(latitude: latitude, date: date) { return state }
        if let isDay { return isDay ? .midnightSun : .polarNight }
        return .unknown
    }

    /// Degrees of latitude below which the sun rises and sets every day of the year: the polar
    /// circle (90° − 23.44°), less the ~0.6° that refraction and the sun's radius lift it by,
    /// less a margin.
    package static let lowestPolarLatitude = 65.0

    /// Polar night or midnight sun at `latitude` on `date` by the sun's declination, or nil
    /// where the sun rises and sets or the day is too near the edge to tell.
    ///
    /// The declination is the usual approximation δ ≈ −23.44° · cos(360°/365 · (d + 10)), d the
    /// day of the year from 0, good to about 1°. The centre of the sun stays above the horizon
    /// all day where latitude > 90° − δ on the sun's side, below it on the other; a margin of
    /// 1.5° (refraction, the sun's radius, the approximation) leaves the edge undecided.
    package static func polarState(latitude: Double, date: LocalDate) -> SunEvents? {
        let dayOfYear = Double(
            CivilCalendar.days(year: date.year, month: date.month, day: date.day)
                - CivilCalendar.days(year: date.year, month: 1, day: 1))
        let declination = -23.44 * cos(2 * Double.pi / 365 * (dayOfYear + 10))
        let margin = 1.5
        guard abs(latitude) > 90 - abs(declination) + margin else { return nil }
        return (latitude > 0) == (declination > 0) ? .midnightSun : .polarNight
    }
}

/// A forecast for one place: the current conditions, hours and days, all in canonical units
/// (°C, km/h, mm, hPa, m, %) whatever units the service answered in.
package struct Forecast: Hashable, Sendable {
    /// The coordinate that was asked for (not the grid cell the service echoes back).
    package var coordinate: Coordinate
    package var zone: ZoneInfo
    /// Height of the grid cell above sea level, m.
    package var elevationMetres: Double?
    package var current: CurrentConditions?
    package var hourly: [HourlyForecast]
    package var daily: [DailyForecast]
    package var quarterHours: [QuarterHourPrecipitation]
    /// Which provider produced it; its `displayName` ("Open-Meteo", "OpenWeatherMap") is what
    /// messages and the JSON `provider` field show.
    package var source: Service
    /// The length of one `hourly` entry, seconds: 3,600 (Open-Meteo's hours), 10,800 for
    /// OpenWeatherMap's 3-hour steps (`/data/2.5/forecast`), whose days are built from them.
    package var hourStepSeconds: Int = 3_600
    /// The parts asked for in requests of their own that did not come; empty when all came.
    package var missingParts: [MissingForecastPart] = []
    /// The series of `hourly` and `daily` the answer does not carry at all (no such variable
    /// in its block); empty when it carries every one wx shows.
    package var uncarried: Set<ForecastSeries> = []
    /// The variables the answer declared in a unit wx does not know: left blank (nil), each
    /// said once beside the rest of the answer (case OM-1's rule); empty when there are none.
    package var unknownUnits: [UnknownUnit] = []
    /// Whether the service answered in UTC (`ZoneInfo.isUTC`: "GMT", offset 0) whatever the
    /// place (case OM-11): `zone` is then the place's own from the tz database
    /// (`takePlacesZone(countryCode:)`), not the answer's.
    package var answeredInUTC = false
    /// Whether `zone` is a guess from the coordinates alone: answered in UTC, the place's own
    /// zone taken nearest to them among every country's, its country not known
    /// (`takePlacesZone(countryCode:)`); false once a country, or an offset a service told,
    /// has decided it.
    package var zoneGuessed = false
    /// What the answer gave as its zone when wx could not read it — "“Mars/Olympus”" (a name
    /// the tz database does not hold), "a UTC offset of 999999 s" (beyond ±18 h) — so that the
    /// zone was read as UTC's and the place's guessed; nil when it read the zone, or none came.
    /// The views then say that, not "answered in GMT".
    package var unreadableZone: String?
    /// Whether `daily`'s days are UTC's calendar days rather than the place's: answered in UTC
    /// for a place whose clock is not UTC's, each day's low, high and sums are over 00:00–24:00
    /// UTC. Instants (hours, sunrise, sunset) are instants whatever the days.
    package var daysAreUTC = false
    /// The place the answer itself names at `coordinate` (OpenWeatherMap's `name` and
    /// `sys.country`: "Москва, RU"), for coordinates no geocoder named; nil when it names none
    /// (Open-Meteo, OpenWeatherMap at sea).
    package var namedPlace: Place?

    package init(
        coordinate: Coordinate, zone: ZoneInfo, elevationMetres: Double? = nil,
        current: CurrentConditions? = nil, hourly: [HourlyForecast] = [], daily: [DailyForecast] = [],
        quarterHours: [QuarterHourPrecipitation] = [], source: Service
    ) {
        self.coordinate = coordinate
        self.zone = zone
        self.elevationMetres = elevationMetres
        self.current = current
        self.hourly = hourly
        self.daily = daily
        self.quarterHours = quarterHours
        self.source = source
    }

    /// The clock of the place: the IANA zone from the tz database, or the response's offset.
    package var clock: ZoneClock { ZoneClock(zone) }

    /// Index of the current hour for instantaneous values: the last hourly entry at or before
    /// `now`, in absolute time (amounts over the hour in progress: `amountHourIndex(at:)`). Nil when every entry is in the future, or when `now` is more than a step past the last.
    package func currentHourIndex(at now: Date) -> Int? {
        var found: Int?
        for (index, hour) in hourly.enumerated() where hour.time <= now { found = index }
        if let found, now.timeIntervalSince(hourly[found].time) >= Double(hourStepSeconds), found == hourly.count - 1 {
            return nil
        }
        return found
    }

    /// Index of the hour whose amounts cover `now`: the first hourly entry strictly after `now`,
    /// whose precipitation, its kinds and its chance are of the step before its label (Open-Meteo's
    /// hourly sums and `precipitation_probability`, OpenWeatherMap's `rain.3h` and `pop`). Nil
    /// when no entry is after `now`, or the first after it is more than a step after `now`.
    /// Instants (temperature, wind, code) take `currentHourIndex(at:)` instead.
    package func amountHourIndex(at now: Date) -> Int? {
        guard let index = hourly.firstIndex(where: { $0.time > now }),
            hourly[index].time.timeIntervalSince(now) <= Double(hourStepSeconds)
        else { return nil }
        return index
    }

    /// The daily entry for the place's calendar day containing `now`.
    package func today(at now: Date) -> DailyForecast? {
        let date = clock.localTime(now).date
        return daily.first { $0.date == date }
    }
}
