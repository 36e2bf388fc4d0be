import FoundationEssentials
import WXBasics

/// What a warning feed said about one place, before the shared rules (`WarningRules`).
package struct WarningFeedAnswer: Hashable, Sendable {
    /// Every message the feed gave for the place, as read (tests, updates, green entries included).
    package var warnings: [WeatherWarning]
    /// How the place was matched, when it is not by point: MeteoAlarm's "by region name:
    /// Flevoland", or why nothing matched. Nil for feeds asked by point.
    package var match: String?
    /// Messages the feed carried that wx could not read as warnings (no fields to tell what or
    /// when), so that "no warnings" is never said over them.
    package var setAside: Int
    /// Why they were set aside, in words ("no event, times or area"); nil when none were.
    package var setAsideReason: String?

    package init(warnings: [WeatherWarning], match: String? = nil, setAside: Int = 0, setAsideReason: String? = nil) {
        self.warnings = warnings
        self.match = match
        self.setAside = setAside
        self.setAsideReason = setAside > 0 ? setAsideReason : nil
    }
}

/// Official warnings for a place from one national (or European) service.
package protocol WarningFeed: Sendable {
    /// The service behind it, for messages and attribution.
    var service: Service { get }

    /// The warnings the service has for `place`, at most one request per place (or country)
    /// per `WarningFeeds.cacheSeconds`.
    ///
    /// - Parameter language: the user's language ("de"); feeds that carry several pick it,
    ///   else English, else their own.
    /// - Throws: `ServiceError` (HTML, empty or non-JSON bodies are `.malformedResponse`).
    func warnings(for place: Place, language: String) async throws(ServiceError) -> Fetched<WarningFeedAnswer>
}

/// Every warning feed, and which one covers a country.
package struct WarningFeeds: Sendable {
    package var nws: any WarningFeed
    package var brightSky: any WarningFeed
    package var eccc: any WarningFeed
    package var metNorway: any WarningFeed
    package var meteoAlarm: any WarningFeed

    /// How long a feed's answer is reused: 10 minutes.
    package static let cacheSeconds: Double = 600

    package init(
        nws: any WarningFeed, brightSky: any WarningFeed, eccc: any WarningFeed, metNorway: any WarningFeed,
        meteoAlarm: any WarningFeed
    ) {
        self.nws = nws
        self.brightSky = brightSky
        self.eccc = eccc
        self.metNorway = metNorway
        self.meteoAlarm = meteoAlarm
    }

    /// The real feeds at the given base URLs.
    package init(endpoint: (Service) -> String, context: ServiceContext) {
        self.init(
            nws: NWSWarnings(baseURL: endpoint(.nws), context: context),
            brightSky: BrightSkyWarnings(baseURL: endpoint(.brightSky), context: context),
            eccc: ECCCWarnings(baseURL: endpoint(.eccc), context: context),
            metNorway: MetNorwayWarnings(baseURL: endpoint(.metNorway), context: context),
            meteoAlarm: MeteoAlarmWarnings(baseURL: endpoint(.meteoAlarm), context: context))
    }

    /// The feed for an ISO 3166-1 alpha-2 country code ("de"); nil where no keyless feed
    /// covers the country (or the place has no country).
    package func feed(forCountry code: String?) -> (any WarningFeed)? {
        guard let code = code?.lowercased() else { return nil }
        switch code {
        case "us", "pr", "vi", "gu", "as", "mp": return nws
        case "de": return brightSky
        case "ca": return eccc
        case "no", "sj": return metNorway
        default: return MeteoAlarmWarnings.countrySlugs[code] == nil ? nil : meteoAlarm
        }
    }
}

extension ServiceClient {
    /// A warning feed's answer at `url` (the URL is the cache key: one entry per place, or per
    /// country for MeteoAlarm), reused for `WarningFeeds.cacheSeconds`, read by `read`.
    ///
    /// - Throws: `ServiceError`, redacted.
    func warningAnswer(
        _ service: Service, url: String, read: (JSONValue) throws(ServiceError) -> WarningFeedAnswer
    ) async throws(ServiceError) -> Fetched<WarningFeedAnswer> {
        try await redacting { () async throws(ServiceError) -> Fetched<WarningFeedAnswer> in
            try await answer(
                // Auxiliary: asked beside `show`'s forecast, it must not hold the command up.
                ServiceRequest(service: service, url: url, cacheKey: url, auxiliary: true), read: read,
                validity: { _, _, now in now.addingTimeInterval(WarningFeeds.cacheSeconds) })
        }
    }
}

/// Reading helpers the feed files share.
enum WarningFields {
    /// An ISO 8601 instant with a zone; nil for text without one (a time without a zone is not
    /// guessed), for null and for anything else.
    static func time(_ value: JSONValue?) -> Date? {
        guard let text = value?.nonEmptyString else { return nil }
        return ISOTime.parse(text)
    }

    /// A time the feed wrote without a zone ("2026-03-07T00:00:00"), as its date and clock
    /// ("2026-03-07 00:00") for saying it as written (`WeatherWarning.onsetWithoutZone`); nil
    /// for a time with a zone (`time` reads it), for null and for anything else.
    static func timeWithoutZone(_ value: JSONValue?) -> String? {
        guard let text = value?.nonEmptyString, ISOTime.parse(text) == nil else { return nil }
        let characters = Array(text.utf8)
        // YYYY-MM-DDTHH:MM, then seconds (and a fraction) at most.
        guard characters.count >= 16, characters.count <= 26,
            characters.enumerated().allSatisfy({ index, byte in
                switch index {
                case 4, 7: byte == UInt8(ascii: "-")
                case 10: byte == UInt8(ascii: "T") || byte == UInt8(ascii: " ")
                case 13, 16: byte == UInt8(ascii: ":")
                case 19: byte == UInt8(ascii: ".")
                default: byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                }
            })
        else { return nil }
        return String(decoding: characters[0..<10], as: UTF8.self) + " "
            + String(decoding: characters[11..<16], as: UTF8.self)
    }

    /// A time written without a zone (`timeWithoutZone`) as the instants it may be: its clock read
    /// at UTC offsets of +14 h (`earliest`) and −14 h (`latest`), beyond the furthest there are
    /// (+14 h, −12 h); nil when it does not read. A warning's onset is taken at its earliest and its end at its latest:
    /// a zone-less time never makes a warning end sooner or start later than it may (the safer
    /// error), and a warning that ended weeks ago, or starts in months, is not in force (nu60: it
    /// was, with the onset dropped and no end).
    ///
    /// - Parameter written: the time as `timeWithoutZone` gives it ("2026-03-07 00:00").
    static func bounds(written: String) -> (earliest: Date, latest: Date)? {
        guard let asUTC = ISOTime.parse(String(written.map { $0 == " " ? "T" : $0 }) + ":00Z")
        else { return nil }
        return (asUTC.addingTimeInterval(-14 * 3_600), asUTC.addingTimeInterval(14 * 3_600))
    }

    /// The offset, seconds east of UTC, an ISO 8601 time is written with ("…-08:00" → −28 800);
    /// nil for "Z", for a time without an offset and for anything else.
    static func offset(_ value: JSONValue?) -> Int? {
        value?.nonEmptyString.flatMap(ISOTime.writtenOffsetSeconds)
    }

    /// The area a warning is for, cleaned, whole: NWS lists every forecast zone it covers (309
    /// characters for Portland's flood watch), which `line`'s 300 cut ("…South Washington
    /// Cascade…" in the text and the JSON). Bounded far above any area seen, against a feed
    /// that sends megabytes; nil when absent or empty.
    static func areaName(_ value: JSONValue?) -> String? {
        guard let text = value?.string else { return nil }
        let clean = WarningText.line(text, limit: areaLimit)
        return clean.isEmpty ? nil : clean
    }

    /// The most characters of an area kept.
    static let areaLimit = 4_000

    /// A one-line text field, cleaned; nil when absent or empty.
    static func line(_ value: JSONValue?) -> String? { WarningText.optionalLine(value?.string) }

    /// A several-line text field, cleaned; nil when absent or empty.
    static func paragraphs(_ value: JSONValue?) -> String? { WarningText.paragraphs(value?.string) }

    /// A GeoJSON `Polygon` or `MultiPolygon` geometry's outer rings; nil for anything else.
    static func area(_ geometry: JSONValue?) -> WarningArea? {
        guard let geometry, let type = geometry["type"]?.string, let coordinates = geometry["coordinates"]?.array
        else { return nil }
        func ring(_ value: JSONValue) -> [(Double, Double)] {
            (value.array ?? []).compactMap { point in
                guard let pair = point.array, pair.count >= 2, let x = pair[0].double, let y = pair[1].double else {
                    return nil
                }
                return (x, y)
            }
        }
        switch type {
        case "Polygon":
            return coordinates.first.map { WarningArea(rings: [ring($0)]) }
        case "MultiPolygon":
            return WarningArea(rings: coordinates.compactMap { $0.array?.first.map(ring) })
        default:
            return nil
        }
    }

    /// The answer's top-level value must be an object: anything else (an array, a string) is
    /// not the feed's documented shape.
    static func requireObject(_ value: JSONValue, _ service: Service) throws(ServiceError) {
        guard value.object != nil else { throw .malformedResponse(service, detail: "not the documented shape") }
    }

    /// The user's language's two letters ("de" from "de-AT").
    static func base(_ language: String) -> String { LanguageForms.primary(language) }
}
