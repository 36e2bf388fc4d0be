import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

/// `NearestZone`'s guess in the large countries with several zones, against the zone each place
/// keeps: the guess is right when its clock is the right zone's in January and in July, as
/// Fixtures/zones/right_zone_offsets.py reads them from Python's zoneinfo. On the nearest
/// principal place alone, Portland and Seattle were given Boise's Mountain time, El Paso and
/// Albuquerque Phoenix's, Dallas, Nashville and New Orleans Eastern time, Alice Springs Eucla's,
/// Kazan Ulyanovsk's; on the anchors before the second set, Lubbock and Amarillo Denver's,
/// Evansville Eastern and South Bend Central time, Marquette Menominee's, Mount Isa and Broome
/// Darwin's, Izhevsk Yekaterinburg's, Penza Saratov's, Khabarovsk Sakhalin's, Blagoveshchensk
/// Vladivostok's, Kisangani Lagos's (trial finding). Kazakhstan's zones are the system tzdata's
/// (Almaty +05:00 since March 2024).
@Suite(.tags(.unit)) struct ZoneGuessTests {
    static let script = TestPaths.packageRoot.path + "/Fixtures/zones/right_zone_offsets.py"

    /// Name, coordinate, country, the zone the place keeps. None of them is one of
    /// `ZoneAnchors`' places, so that the test is not the table read back.
    static let places: [(name: String, latitude: Double, longitude: Double, country: String, zone: String)] = [
        ("Portland", 45.52, -122.67, "us", "America/Los_Angeles"),
        ("Seattle", 47.61, -122.33, "us", "America/Los_Angeles"),
        ("San Francisco", 37.77, -122.42, "us", "America/Los_Angeles"),
        ("Spokane", 47.66, -117.43, "us", "America/Los_Angeles"),
        ("Reno", 39.53, -119.81, "us", "America/Los_Angeles"), ("Phoenix", 33.45, -112.07, "us", "America/Phoenix"),
        ("Tucson", 32.22, -110.97, "us", "America/Phoenix"), ("Denver", 39.74, -104.99, "us", "America/Denver"),
        ("El Paso", 31.76, -106.49, "us", "America/Denver"), ("Albuquerque", 35.08, -106.65, "us", "America/Denver"),
        ("Billings", 45.78, -108.50, "us", "America/Denver"), ("Chicago", 41.88, -87.63, "us", "America/Chicago"),
        ("Dallas", 32.78, -96.80, "us", "America/Chicago"), ("Houston", 29.76, -95.37, "us", "America/Chicago"),
        ("Memphis", 35.15, -90.05, "us", "America/Chicago"), ("New Orleans", 29.95, -90.07, "us", "America/Chicago"),
        ("Kansas City", 39.10, -94.58, "us", "America/Chicago"), ("Detroit", 42.33, -83.05, "us", "America/Detroit"),
        ("Indianapolis", 39.77, -86.16, "us", "America/Indiana/Indianapolis"),
        ("Knoxville", 35.96, -83.92, "us", "America/New_York"), ("Miami", 25.76, -80.19, "us", "America/New_York"),
        ("Boise", 43.62, -116.20, "us", "America/Boise"), ("Anchorage", 61.22, -149.90, "us", "America/Anchorage"),
        ("Fairbanks", 64.84, -147.72, "us", "America/Anchorage"),
        ("Honolulu", 21.31, -157.86, "us", "Pacific/Honolulu"),
        ("Vancouver", 49.28, -123.12, "ca", "America/Vancouver"),
        ("Kelowna", 49.89, -119.50, "ca", "America/Vancouver"),
        ("Calgary", 51.05, -114.07, "ca", "America/Edmonton"), ("Saskatoon", 52.13, -106.67, "ca", "America/Regina"),
        ("Winnipeg", 49.90, -97.14, "ca", "America/Winnipeg"), ("Thunder Bay", 48.38, -89.25, "ca", "America/Toronto"),
        ("Ottawa", 45.42, -75.70, "ca", "America/Toronto"), ("Perth", -31.95, 115.86, "au", "Australia/Perth"),
        ("Kalgoorlie", -30.75, 121.47, "au", "Australia/Perth"),
        ("Adelaide", -34.93, 138.60, "au", "Australia/Adelaide"),
        ("Darwin", -12.46, 130.84, "au", "Australia/Darwin"), ("Yulara", -25.24, 130.99, "au", "Australia/Darwin"),
        ("Brisbane", -27.47, 153.03, "au", "Australia/Brisbane"),
        ("Cairns", -16.92, 145.77, "au", "Australia/Brisbane"),
        ("Canberra", -35.28, 149.13, "au", "Australia/Sydney"), ("Novosibirsk", 55.03, 82.92, "ru", "Asia/Novosibirsk"),
        ("Saint Petersburg", 59.94, 30.31, "ru", "Europe/Moscow"), ("Cheboksary", 56.15, 47.25, "ru", "Europe/Moscow"),
        ("Tolyatti", 53.51, 49.42, "ru", "Europe/Samara"), ("Omsk", 54.99, 73.37, "ru", "Asia/Omsk"),
        ("Irkutsk", 52.29, 104.28, "ru", "Asia/Irkutsk"), ("Manaus", -3.12, -60.02, "br", "America/Manaus"),
        ("Rio de Janeiro", -22.91, -43.17, "br", "America/Sao_Paulo"),
        ("Anapolis", -16.33, -48.95, "br", "America/Sao_Paulo"),
        ("Uberlandia", -18.92, -48.28, "br", "America/Sao_Paulo"),
        ("Porto Velho", -8.76, -63.90, "br", "America/Porto_Velho"),
        ("Lubbock", 33.58, -101.86, "us", "America/Chicago"),
        ("Amarillo", 35.22, -101.83, "us", "America/Chicago"),
        ("Midland TX", 32.00, -102.08, "us", "America/Chicago"),
        ("Evansville", 37.97, -87.57, "us", "America/Chicago"),
        ("South Bend", 41.68, -86.25, "us", "America/Indiana/Indianapolis"),
        ("Fort Wayne", 41.08, -85.14, "us", "America/Indiana/Indianapolis"),
        ("Gary", 41.59, -87.35, "us", "America/Chicago"),
        ("Marquette MI", 46.54, -87.40, "us", "America/Detroit"),
        ("Sault Ste. Marie MI", 46.50, -84.35, "us", "America/Detroit"),
        ("Louisville", 38.25, -85.76, "us", "America/Kentucky/Louisville"),
        ("Bowling Green KY", 36.99, -86.44, "us", "America/Chicago"),
        ("Chattanooga", 35.05, -85.31, "us", "America/New_York"),
        ("Pensacola", 30.42, -87.22, "us", "America/Chicago"),
        ("Sioux Falls", 43.55, -96.73, "us", "America/Chicago"),
        ("Omaha", 41.26, -95.94, "us", "America/Chicago"),
        ("Fargo", 46.88, -96.79, "us", "America/Chicago"),
        ("Las Vegas", 36.17, -115.14, "us", "America/Los_Angeles"),
        ("Juneau", 58.30, -134.42, "us", "America/Juneau"),
        ("Sudbury", 46.49, -80.99, "ca", "America/Toronto"),
        ("Regina", 50.45, -104.62, "ca", "America/Regina"),
        ("Edmonton", 53.55, -113.49, "ca", "America/Edmonton"),
        ("Whitehorse", 60.72, -135.06, "ca", "America/Whitehorse"),
        ("Iqaluit", 63.75, -68.52, "ca", "America/Iqaluit"),
        ("Gander", 48.95, -54.61, "ca", "America/St_Johns"),
        ("Halifax", 44.65, -63.58, "ca", "America/Halifax"),
        ("Montreal", 45.50, -73.57, "ca", "America/Toronto"),
        ("Kenora", 49.77, -94.49, "ca", "America/Winnipeg"),
        ("Mount Isa", -20.73, 139.49, "au", "Australia/Brisbane"),
        ("Townsville", -19.26, 146.82, "au", "Australia/Brisbane"),
        ("Broken Hill", -31.95, 141.45, "au", "Australia/Broken_Hill"),
        ("Hobart", -42.88, 147.33, "au", "Australia/Hobart"),
        ("Melbourne", -37.81, 144.96, "au", "Australia/Melbourne"),
        ("Katherine", -14.47, 132.26, "au", "Australia/Darwin"),
        ("Tennant Creek", -19.65, 134.19, "au", "Australia/Darwin"),
        ("Broome", -17.96, 122.24, "au", "Australia/Perth"),
        ("Izhevsk", 56.85, 53.20, "ru", "Europe/Samara"),
        ("Penza", 53.20, 45.00, "ru", "Europe/Moscow"),
        ("Khabarovsk", 48.48, 135.07, "ru", "Asia/Vladivostok"),
        ("Orenburg", 51.77, 55.10, "ru", "Asia/Yekaterinburg"),
        ("Yaroslavl", 57.63, 39.87, "ru", "Europe/Moscow"),
        ("Krasnodar", 45.04, 38.98, "ru", "Europe/Moscow"),
        ("Kirov", 58.60, 49.66, "ru", "Europe/Kirov"),
        ("Krasnoyarsk", 56.01, 92.89, "ru", "Asia/Krasnoyarsk"),
        ("Tomsk", 56.48, 84.95, "ru", "Asia/Tomsk"),
        ("Barnaul", 53.35, 83.78, "ru", "Asia/Barnaul"),
        ("Yakutsk", 62.03, 129.73, "ru", "Asia/Yakutsk"),
        ("Ulan-Ude", 51.83, 107.58, "ru", "Asia/Irkutsk"),
        ("Chita", 52.03, 113.50, "ru", "Asia/Chita"),
        ("Blagoveshchensk", 50.26, 127.53, "ru", "Asia/Yakutsk"),
        ("Petropavlovsk-Kamchatsky", 53.02, 158.65, "ru", "Asia/Kamchatka"),
        ("Murmansk", 68.97, 33.09, "ru", "Europe/Moscow"),
        ("Arkhangelsk", 64.54, 40.54, "ru", "Europe/Moscow"),
        ("Syktyvkar", 61.67, 50.84, "ru", "Europe/Moscow"),
        ("Salvador", -12.97, -38.50, "br", "America/Bahia"),
        ("Fortaleza", -3.73, -38.52, "br", "America/Fortaleza"),
        ("Cuiaba", -15.60, -56.10, "br", "America/Cuiaba"),
        ("Campo Grande", -20.47, -54.62, "br", "America/Campo_Grande"),
        ("Belem", -1.46, -48.49, "br", "America/Belem"),
        ("Rio Branco", -9.97, -67.81, "br", "America/Rio_Branco"),
        ("Palmas", -10.18, -48.33, "br", "America/Araguaina"),
        ("Boa Vista", 2.82, -60.67, "br", "America/Boa_Vista"),
        ("Kisangani", 0.52, 25.19, "cd", "Africa/Lubumbashi"),
        ("Mbandaka", 0.05, 18.26, "cd", "Africa/Kinshasa"),
        ("Goma", -1.68, 29.22, "cd", "Africa/Lubumbashi"),
        ("Astana", 51.17, 71.43, "kz", "Asia/Almaty"),
        ("Karaganda", 49.80, 73.10, "kz", "Asia/Almaty"),
        ("Pavlodar", 52.29, 76.97, "kz", "Asia/Almaty"),
        ("Shymkent", 42.32, 69.60, "kz", "Asia/Almaty"),
        ("Aktobe", 50.28, 57.21, "kz", "Asia/Aqtobe"),
        ("Uralsk", 51.23, 51.37, "kz", "Asia/Oral"),
        ("Mbuji-Mayi", -6.13, 23.59, "cd", "Africa/Lubumbashi"),
        ("Kikwit", -5.04, 18.82, "cd", "Africa/Kinshasa"),
        ("Matadi", -5.82, 13.45, "cd", "Africa/Kinshasa"),
    ]

    @Test func theGuessKeepsThePlacesClock() throws {
        let input =
            Self.places.map { "\($0.name)|\($0.latitude)|\($0.longitude)|\($0.country)|\($0.zone)" }
            .joined(separator: "\n") + "\n"
        let run = try runProgram(
            "/usr/bin/python3", [Self.script], stdin: input, environment: ["PATH": "/usr/bin:/bin"])
        let expected = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        try #require(expected.count == Self.places.count)
        // 12:00 UTC on 15 January and 15 July 2025, as the script reads the offsets.
        let instants = [1_736_942_400, 1_752_580_800]
        var wrong: [String] = []
        for (place, line) in zip(Self.places, expected) {
            let guess = NearestZone.identifier(
                latitude: place.latitude, longitude: place.longitude, countryCode: place.country)
            let offsets = instants.map { instant in
                guess.flatMap { TimeZoneDatabase.shared.localTime(instant, in: $0)?.utcOffsetSeconds }.map(String.init)
                    ?? "-"
            }
            if offsets != Array(line.dropFirst()) {
                wrong.append("\(place.name): \(guess ?? "-") \(offsets), right \(place.zone) \(line.dropFirst())")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
