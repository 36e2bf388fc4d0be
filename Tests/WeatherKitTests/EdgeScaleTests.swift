import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit

/// Every band edge of every scale wx names, against its source (cited in the code), and the
/// models of issue 13: days without sunrise or sunset, declared units, unnamed places.
@Suite(.tags(.unit)) struct ScaleEdgeTests {
    /// km/h for a speed in m/s.
    func kmh(_ metresPerSecond: Double) -> Double { metresPerSecond * 3.6 }

    @Test("Beaufort: each force starts at the WMO table's m/s bound; 0.1 m/s below is the force before")
    func beaufortEdges() {
        let bounds = [0.3, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7]
        for (index, bound) in bounds.enumerated() {
            #expect(Beaufort.force(kilometresPerHour: kmh(bound)) == index + 1, "\(bound) m/s")
            #expect(Beaufort.force(kilometresPerHour: kmh(bound - 0.1)) == index, "\(bound - 0.1) m/s")
        }
        #expect(Beaufort.force(kilometresPerHour: 0) == 0)
        #expect(Beaufort.force(kilometresPerHour: 1.1) == 1)  // 0.31 m/s: light air, not calm
        // Each force runs from its bound to the next's (trial 54): 1.58 m/s is force 1, not
        // force 2 by rounding to 1.6 m/s; 1.08 km/h (0.3 m/s) is force 1, 1.07 km/h calm.
        #expect(Beaufort.force(kilometresPerHour: 1.58 * 3.6) == 1)
        #expect(Beaufort.force(kilometresPerHour: 1.08) == 1)
        #expect(Beaufort.force(kilometresPerHour: 1.07) == 0)
        #expect(Beaufort.lowerBoundKilometresPerHour(force: 12) == 117.72)
        #expect(Beaufort.name(force: 1) == "light air")
        #expect(Beaufort.force(kilometresPerHour: 400) == 12)
        #expect(Beaufort.name(force: 12) == "hurricane force")
    }

    @Test("European AQI: Open-Meteo's bands, each up to and including its upper bound")
    func europeanAQIEdges() {
        let expected: [(Double, String)] = [
            (0, "good"), (20, "good"), (21, "fair"), (40, "fair"), (41, "moderate"), (60, "moderate"),
            (61, "poor"), (80, "poor"), (81, "very poor"), (100, "very poor"), (101, "extremely poor"),
            (20.4, "good"), (100.4, "very poor"), (100.5, "extremely poor"),
        ]
        for (index, category) in expected {
            #expect(AirQuality.europeanCategory(index) == category, "\(index)")
        }
    }

    @Test("US AQI: the EPA's categories 0–50, 51–100, 101–150, 151–200, 201–300, 301+")
    func usAQIEdges() {
        let expected: [(Double, String)] = [
            (0, "good"), (50, "good"), (51, "moderate"), (100, "moderate"),
            (101, "unhealthy for sensitive groups"), (150, "unhealthy for sensitive groups"),
            (151, "unhealthy"), (200, "unhealthy"), (201, "very unhealthy"), (300, "very unhealthy"),
            (301, "hazardous"), (500, "hazardous"), (50.4, "good"), (50.5, "moderate"),
        ]
        for (index, category) in expected {
            #expect(AirQuality.usCategory(index) == category, "\(index)")
        }
    }

    @Test("UV index: WHO's categories 0–2, 3–5, 6–7, 8–10, 11+")
    func uvIndexEdges() {
        let expected: [(Double, String)] = [
            (0, "low"), (2, "low"), (2.4, "low"), (2.5, "moderate"), (3, "moderate"), (5, "moderate"),
            (6, "high"), (7, "high"), (8, "very high"), (10, "very high"), (11, "extreme"), (14, "extreme"),
        ]
        for (index, category) in expected {
            #expect(UVIndex.category(index) == category, "\(index)")
        }
    }

    @Test("16-point compass: sector edges at 11.25° + k·22.5°, an edge belongs to the sector clockwise of it")
    func compassEdges() {
        let points = CompassDirection.points
        for (index, point) in points.enumerated() {
            let centre = Double(index) * 22.5
            #expect(CompassDirection.name(degrees: centre) == point)
            #expect(CompassDirection.name(degrees: centre + 11.25) == points[(index + 1) % 16], "\(centre + 11.25)°")
            #expect(CompassDirection.name(degrees: centre + 11.24) == point, "\(centre + 11.24)°")
            #expect(CompassDirection.name(degrees: centre - 11.25) == point, "\(centre - 11.25)°")
        }
        #expect(CompassDirection.name(degrees: 360) == "N")
        #expect(CompassDirection.name(degrees: -11.25) == "N")
        #expect(CompassDirection.name(degrees: 348.74) == "NNW")
    }

    @Test("WMO weather codes: the words of Open-Meteo's table, and unknown codes said as such")
    func weatherCodeTable() {
        let documented =
            [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86]
            + [95, 96, 99]
        #expect((0...99).filter { WeatherCode($0).isKnown } == documented)
        #expect(WeatherCode(99).description == "thunderstorm with heavy hail")
        #expect(WeatherCode(42).description == "unknown (42)")
    }
}

@Suite(.tags(.unit)) struct SunEventsTests {
    @Test("polar night or midnight sun by declination, undecided near the edge")
    func byLatitudeAndDate() {
        let june = LocalDate(year: 2026, month: 6, day: 21)
        let december = LocalDate(year: 2026, month: 12, day: 21)
        #expect(SunEvents.polarState(latitude: 78.2, date: june) == .midnightSun)
        #expect(SunEvents.polarState(latitude: 78.2, date: december) == .polarNight)
        #expect(SunEvents.polarState(latitude: -78.2, date: june) == .polarNight)
        #expect(SunEvents.polarState(latitude: -78.2, date: december) == .midnightSun)
        #expect(SunEvents.polarState(latitude: 52.5, date: june) == nil)
        #expect(SunEvents.polarState(latitude: 66.6, date: june) == nil)  // at the circle: the edge
        #expect(SunEvents.polarState(latitude: 78.2, date: LocalDate(year: 2026, month: 3, day: 20)) == nil)
    }

    @Test("daylight first, then latitude and date where they decide, then is_day; nothing below the polar circles")
    func evidenceOrder() {
        let june = LocalDate(year: 2026, month: 6, day: 21)
        #expect(
            SunEvents.withoutSunriseOrSunset(daylightSeconds: 0, isDay: true, latitude: 78, date: june) == .polarNight)
        #expect(
            SunEvents.withoutSunriseOrSunset(daylightSeconds: 86_400, isDay: nil, latitude: 78, date: june)
                == .midnightSun)
        // The declination outranks an instant's flag where it decides: 78° N in June is midnight
        // sun whatever an icon's letter says (the old order said polar night); Norilsk (69.35° N)
        // in mid-December is polar night under a "d" icon.
        #expect(
            SunEvents.withoutSunriseOrSunset(daylightSeconds: nil, isDay: false, latitude: 78, date: june)
                == .midnightSun)
        #expect(
            SunEvents.withoutSunriseOrSunset(
                daylightSeconds: nil, isDay: true, latitude: 69.35, date: LocalDate(year: 2026, month: 12, day: 16))
                == .polarNight)
        // Near the edge, where the declination does not decide, the instant's flag does.
        let edge = LocalDate(year: 2026, month: 3, day: 20)
        #expect(SunEvents.polarState(latitude: 66, date: edge) == nil)
        #expect(
            SunEvents.withoutSunriseOrSunset(daylightSeconds: nil, isDay: false, latitude: 66, date: edge)
                == .polarNight)
        #expect(
            SunEvents.withoutSunriseOrSunset(daylightSeconds: nil, isDay: nil, latitude: 78, date: june)
                == .midnightSun)
        #expect(SunEvents.withoutSunriseOrSunset(daylightSeconds: 0, isDay: nil, latitude: 40, date: june) == .unknown)
    }

    @Test("Open-Meteo: sunrise = sunset = local midnight (unixtime) and 1970-01-01T00:00 (ISO) are not times")
    func openMeteoMarks() throws {
        let body = #"""
            {"utc_offset_seconds":3600,"daily_units":{"time":"iso8601","sunrise":"iso8601","sunset":"iso8601","daylight_duration":"s"},
             "daily":{"time":["2026-12-10","2026-12-11","2026-12-12"],
                      "sunrise":["2026-12-10T00:00","1970-01-01T00:00","2026-12-12T09:01"],
                      "sunset":["2026-12-10T00:00","1970-01-01T00:00","2026-12-12T14:59"],
                      "daylight_duration":[0.0,null,21480.0]}}
            """#
        let forecast = try OpenMeteoForecastProvider.forecast(
            from: try JSONValue.parse(Data(body.utf8)), requested: Coordinate(latitude: 78.22, longitude: 15.63))
        #expect(forecast.daily.map(\.sun).prefix(2) == [.polarNight, .polarNight])
        #expect(forecast.daily[0].sunrise == nil && forecast.daily[0].sunset == nil)
        #expect(forecast.daily[2].sunrise == Date(timeIntervalSince1970: 1_797_062_460))
        #expect(forecast.daily[2].sunset == Date(timeIntervalSince1970: 1_797_083_940))
    }
}

@Suite(.tags(.unit)) struct DeclaredUnitTests {
    @Test("every label Open-Meteo declares converts to wx's unit")
    func knownLabels() throws {
        let cases: [(DeclaredUnit.Quantity, String, Double, Double)] = [
            (.temperature, "°C", 10, 10), (.temperature, "°F", 50, 10), (.speed, "km/h", 8, 8),
            (.speed, "m/s", 5, 18), (.speed, "mp/h", 5.2, 8.3685888), (.speed, "mph", 5.2, 8.3685888),
            (.speed, "kn", 10, 18.52),
            (.precipitation, "mm", 1.5, 1.5), (.precipitation, "inch", 0.1, 2.54), (.precipitation, "cm", 1, 10),
            (.distance, "m", 24_140, 24_140), (.distance, "ft", 1_000, 304.8), (.pressure, "hPa", 1_013, 1_013),
            (.percent, "%", 40, 40), (.direction, "°", 270, 270), (.code, "wmo code", 3, 3), (.index, "", 4.2, 4.2),
            (.duration, "s", 56_863, 56_863), (.percent, "undefined", 1, 1), (.speed, "", 5, 5),
        ]
        for (quantity, label, value, expected) in cases {
            let convert = try #require(DeclaredUnit.conversion(label, for: quantity), "\(label)")
            #expect(convert(value) == expected, "\(value) \(label)")
        }
    }

    @Test(
        "an unknown label, or one of another quantity, is not converted; a forecast leaves that variable out, naming it"
    )
    func unknownLabels() {
        #expect(DeclaredUnit.conversion("furlong/fortnight", for: .speed) == nil)
        #expect(DeclaredUnit.conversion("°F", for: .speed) == nil)
        #expect(DeclaredUnit.conversion("km/h", for: .percent) == nil)
        #expect(DeclaredUnit.conversion("index", for: .index) == nil)
        let body =
            #"{"current_units":{"time":"unixtime","wind_speed_10m":"furlong/h"},"current":{"time":0,"wind_speed_10m":5}}"#
        let forecast = try? OpenMeteoForecastProvider.forecast(
            from: try JSONValue.parse(Data(body.utf8)), requested: Coordinate(latitude: 0, longitude: 0))
        #expect(forecast?.current != nil && forecast?.current?.windSpeedKilometresPerHour == nil)
        #expect(
            forecast?.unknownUnits == [UnknownUnit(block: "current", variable: "wind_speed_10m", label: "furlong/h")])
    }
}

@Suite(.tags(.unit)) struct UnnamedPlaceTests {
    @Test("coordinates name a place no geocoder named, with hemispheres, and parse back")
    func hemisphereNames() {
        #expect(Place.unnamed(at: Coordinate(latitude: -5, longitude: -150)).name == "5.0000°S 150.0000°W")
        #expect(Place.unnamed(at: Coordinate(latitude: 90, longitude: 0)).name == "90.0000°N 0.0000°E")
        let near = Place.unnamed(at: Coordinate(latitude: 1.5, longitude: -157.2), near: "Kiritimati")
        #expect(near.label == "1.5000°N 157.2000°W, near Kiritimati")
        #expect(Coordinate(parsing: "5.0000°S 150.0000°W") == Coordinate(latitude: -5, longitude: -150))
        #expect(Coordinate(parsing: "52.52N 13.41E") == Coordinate(latitude: 52.52, longitude: 13.41))
        #expect(Coordinate(parsing: "95N 13E") == nil)
        #expect(Coordinate(parsing: "Paris France") == nil)
    }

    @Test("Nominatim: nothing there is nil; an object far from the coordinates is only what they are near")
    func reverseFarAway() throws {
        let asked = Coordinate(latitude: 1.0, longitude: -157.0)
        #expect(
            try NominatimGeocoder.place(
                fromReverse: try JSONValue.parse(Data(#"{"error":"Unable to geocode"}"#.utf8)), asked: asked) == nil)
        let far =
            #"{"lat":"1.87","lon":"-157.43","name":"Kiritimati","display_name":"Kiritimati, Kiribati","address":{"village":"Kiritimati","country":"Kiribati","country_code":"ki"}}"#
        let place = try #require(
            try NominatimGeocoder.place(fromReverse: try JSONValue.parse(Data(far.utf8)), asked: asked))
        #expect(place.name == "1.0000°N 157.0000°W")
        #expect(place.region == "near Kiritimati, Kiribati")
        #expect(place.coordinate == asked)
        let close = try #require(
            try NominatimGeocoder.place(
                fromReverse: try JSONValue.parse(Data(far.utf8)), asked: Coordinate(latitude: 1.86, longitude: -157.42))
        )
        #expect(close.name == "Kiritimati")
    }
}

@Suite(.tags(.unit)) struct AirQualityUnitTests {
    @Test("the air-quality API's labels are known; another leaves that variable out, named with its label")
    func labels() throws {
        #expect(OpenMeteoAirQualityProvider.knownUnit("\u{3BC}g/m³", for: "pm2_5"))
        #expect(OpenMeteoAirQualityProvider.knownUnit("\u{B5}g/m³", for: "pm10"))
        #expect(OpenMeteoAirQualityProvider.knownUnit("EAQI", for: "european_aqi"))
        #expect(OpenMeteoAirQualityProvider.knownUnit("USAQI", for: "us_aqi"))
        #expect(OpenMeteoAirQualityProvider.knownUnit("grains/m³", for: "birch_pollen"))
        #expect(OpenMeteoAirQualityProvider.knownUnit("", for: "uv_index"))
        #expect(!OpenMeteoAirQualityProvider.knownUnit("ppm", for: "ozone"))
        let body =
            #"{"current_units":{"time":"unixtime","pm2_5":"mg/m³","pm10":"μg/m³"},"current":{"time":0,"pm2_5":60.3,"pm10":92.9}}"#
        let air = try #require(
            try OpenMeteoAirQualityProvider.airQuality(
                from: try JSONValue.parse(Data(body.utf8)), requested: Coordinate(latitude: 31.5, longitude: 74.4),
                at: Date(timeIntervalSince1970: 0)))
        #expect(air.pm25MicrogramsPerCubicMetre == nil)
        #expect(air.pm10MicrogramsPerCubicMetre == 92.9)
        #expect(air.unknownUnits == [UnknownUnit(block: "current", variable: "pm2_5", label: "mg/m³")])
    }
}
