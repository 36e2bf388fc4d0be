import FoundationEssentials
import WXBasics
import WeatherKit

/// What `doctor` needs from the composition root besides the session's own: how to reach the
/// services, whether it may, and the terminal (which the session does not know).
package struct DoctorEnvironment: Sendable {
    /// The transport the session's services use (libcurl in the product); nil: no network in
    /// this session, nothing asked.
    package var transport: (any HTTPTransport)?
    /// `--offline`: nothing is asked.
    package var offline = false
    /// The User-Agent every request of wx carries.
    package var userAgent = WXVersion.userAgent()
    package var terminal = TerminalFacts()
    /// Whether `doctor` is the whole run (`wx doctor`, `wx -c doctor`): its exit status is then
    /// the run's, and its report names it (`DoctorReport.endsRun`).
    package var endsRun = false

    package init() {}
}

/// `doctor`'s one light request per service: which, and what its answer says.
enum DoctorProbes {
    /// The most one light request may take, seconds, when `WX_TIMEOUT` allows as much: a
    /// service slower than this is said to be.
    static let timeoutSeconds: Double = 10

    /// The most one light request may take under a `WX_TIMEOUT` of `requestTimeoutSeconds`:
    /// `timeoutSeconds`, or less when the user set less (trial 55: `WX_TIMEOUT=3 wx doctor`
    /// waited 10 s for a service that did not answer).
    static func timeoutSeconds(within requestTimeoutSeconds: Double) -> Double {
        min(timeoutSeconds, requestTimeoutSeconds)
    }
    /// Slower than this, milliseconds, an answer is noted as slow.
    static let slowMilliseconds = 2000
    /// A point to ask about where a service needs one: Berlin, 52.52° N 13.41° E.
    static let point = (latitude: "52.52", longitude: "13.41")

    /// The path and query of the lightest request `service` documents (one value at one point,
    /// a status page, one feed), appended to its base URL; nil for OpenWeatherMap without a key
    /// and MeteoAlarm without a country. The ensemble is asked for one variable of one model for
    /// one day: `check --rain`, `chance` and `brief --sure` need it (trial: "All is well." while
    /// it answered 503). The archive, previous runs and air quality — which only some commands
    /// use — are each asked for one variable at one point for one day (trial 61: "All is well."
    /// while drift, skill, past, normal, saved verify and air could not reach them): the
    /// archive for a fixed past day it holds (`archiveDay`), the others for today.
    ///
    /// - Parameters:
    ///   - countrySlug: MeteoAlarm's feed name of the country asked about ("netherlands").
    ///   - key: the OpenWeatherMap key, sent as `appid` and never shown.
    static func lightPath(_ service: Service, countrySlug: String? = nil, key: String? = nil) -> String? {
        let (latitude, longitude) = point
        switch service {
        case .nominatim: return "/status?format=json"
        case .openMeteo: return "/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&current=temperature_2m"
        case .openMeteoGeocoding: return "/v1/search?name=Berlin&count=1"
        case .openWeatherMap:
            guard let key else { return nil }
            return "/data/2.5/weather?lat=\(latitude)&lon=\(longitude)&appid=\(QueryString.encode(key))"
        case .nws: return "/alerts/active?area=DC"
        case .brightSky: return "/alerts?lat=\(latitude)&lon=\(longitude)"
        case .eccc: return "/collections/weather-alerts/items?f=json&limit=1"
        case .metNorway: return "/weatherapi/metalerts/2.0/current.json?lang=en"
        case .meteoAlarm: return countrySlug.map { "/api/v1/warnings/feeds-\($0)" }
        case .openMeteoEnsemble:
            return
                "/v1/ensemble?latitude=\(latitude)&longitude=\(longitude)&hourly=temperature_2m&models=ecmwf_ifs025&forecast_days=1"
        case .openMeteoArchive:
            return
                "/v1/archive?latitude=\(latitude)&longitude=\(longitude)&start_date=\(archiveDay)&end_date=\(archiveDay)&daily=temperature_2m_max"
        case .openMeteoPreviousRuns:
            return
                "/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&hourly=temperature_2m_previous_day1&forecast_days=1"
        case .openMeteoAirQuality:
            return "/v1/air-quality?latitude=\(latitude)&longitude=\(longitude)&hourly=european_aqi&forecast_days=1"
        }
    }

    /// OpenWeatherMap's forecast steps (`/data/2.5/forecast`, one step at `point`), which
    /// `show`, `hourly`, `daily` and the views built from them ask beside its current weather
    /// (`lightPath(.openWeatherMap)`) when it is the provider: a forecast that fails while the
    /// current weather answers fails them all (the key sent as `appid`, never shown).
    static func openWeatherMapForecastPath(key: String) -> String {
        "/data/2.5/forecast?lat=\(point.latitude)&lon=\(point.longitude)&cnt=1&appid=\(QueryString.encode(key))"
    }

    /// The day the archive is asked about: one it holds for good (ERA5 reaches back to 1940),
    /// so the request needs no clock and is the same each time.
    static let archiveDay = "2024-01-01"

    /// Asks `url` once (no retry, no cache) and says how it went.
    ///
    /// - Parameters:
    ///   - subject: the line's name ("Nominatim (geocoder)").
    ///   - secrets: what must never be shown (the key), masked in the URL and in any message.
    ///   - requestTimeoutSeconds: `WX_TIMEOUT`, seconds: the request takes at most
    ///     `timeoutSeconds(within:)` of it, and a request that times out says both.
    /// - Returns: ok for a 2xx answer that reads as the service's commands read it (noted when
    ///   slower than `slowMilliseconds`), a problem naming the service's error otherwise; the request, its status and time with it.
    static func ask(
        _ service: Service, subject: String, url: String, secrets: [String], requestTimeoutSeconds: Double,
        environment: DoctorEnvironment, transport: any HTTPTransport, clock: any WXClock, proxies: ProxyEnvironment
    ) async -> DoctorCheck {
        let shownURL = Redaction.displayURL(Redaction.scrubbed(url, secrets: secrets))
        let proxy = proxies.proxy(for: url).map { "\($0.url) (\($0.variable))" }
        var request = DoctorRequest(url: shownURL, proxy: proxy)
        let began = clock.elapsed
        let response: HTTPResponse
        let seconds = timeoutSeconds(within: requestTimeoutSeconds)
        do {
            response = try await transport.send(
                HTTPRequest(
                    url: url, headers: ["User-Agent": environment.userAgent, "Accept": "application/json"],
                    serviceName: service.displayName),
                limits: TransferLimits(totalTimeoutSeconds: seconds, connectTimeoutSeconds: seconds))
        } catch {
            let text = Redaction.scrubbed(
                ServiceError.transport(service, error.sharing(requestTimeoutSeconds)).description, secrets: secrets)
            return DoctorCheck(.service, subject, .problem, text, request: request)
        }
        let milliseconds = Int(((clock.elapsed - began).inSeconds * 1000).rounded())
        request.httpStatus = response.status
        request.milliseconds = milliseconds
        let via = proxy.map { " via \($0)" } ?? ""
        guard (200..<300).contains(response.status) else {
            let error = ServiceError.answered(response, by: service, url: url)
            return DoctorCheck(
                .service, subject, .problem, Redaction.scrubbed(error.description, secrets: secrets), request: request)
        }
        // Read as the commands read it: a status page of bytes `find` fails on is no pass, nor
        // JSON without what the commands read from the answer (trial 60: `{"hello": 1}` for the
        // forecast passed, and `show` failed on it).
        do throws(ServiceError) {
            let json = try ServiceError.decoded(response, by: service, url: url)
            if let missing = Self.missing(in: json, from: service, path: url) {
                throw .malformedResponse(service, detail: missing)
            }
        } catch {
            return DoctorCheck(
                .service, subject, .problem, Redaction.scrubbed(error.description, secrets: secrets), request: request)
        }
        guard milliseconds <= slowMilliseconds else {
            return DoctorCheck(
                .service, subject, .note, "answered, slowly: \(milliseconds) ms\(via)",
                advice: "commands will wait as long; WX_TIMEOUT bounds each request", request: request)
        }
        return DoctorCheck(.service, subject, .ok, "answered in \(milliseconds) ms\(via)", request: request)
    }
}

extension DoctorProbes {
    /// What the answer to `lightPath(service)` lacks that the commands read from the service's
    /// answers, in words ("no current conditions in the answer"); nil when it has it. The keys
    /// are the services' documented ones: Open-Meteo's `current`, `hourly` and `daily` blocks
    /// with their `time`, its geocoder's `results`, Nominatim's status `status`, OpenWeatherMap's `main`,
    /// the GeoJSON feeds' `features` (NWS, ECCC, MET Norway), Bright Sky's `alerts`, MeteoAlarm's
    /// `warnings`; OpenWeatherMap's forecast (`path` `/data/2.5/forecast`…) its `list` of steps.
    static func missing(in json: JSONValue, from service: Service, path: String = "") -> String? {
        guard json.object != nil else { return "expected an object" }
        func has(_ key: String, _ kind: (JSONValue) -> Bool) -> Bool { json[key].map(kind) ?? false }
        let isArray: (JSONValue) -> Bool = { $0.array != nil }
        let isTimed: (JSONValue) -> Bool = { $0["time"] != nil }
        switch service {
        case .openMeteo: return has("current", isTimed) ? nil : "no current conditions in the answer"
        case .openMeteoEnsemble: return has("hourly", isTimed) ? nil : "no hourly values in the answer"
        // No `results` is no place found; `results` not a list is an answer no command reads.
        case .openMeteoGeocoding: return json["results"].map(isArray) ?? true ? nil : "“results” is not a list"
        case .nominatim: return has("status", { $0.int != nil }) ? nil : "no status in the answer"
        case .openWeatherMap where path.contains("/data/2.5/forecast"):
            return has("list", isArray) ? nil : "no forecast steps in the answer"
        case .openWeatherMap: return has("main", { $0.object != nil }) ? nil : "no current conditions in the answer"
        case .nws, .eccc, .metNorway: return has("features", isArray) ? nil : "no list of warnings in the answer"
        case .brightSky: return has("alerts", isArray) ? nil : "no list of warnings in the answer"
        case .meteoAlarm: return has("warnings", isArray) ? nil : "no list of warnings in the answer"
        case .openMeteoArchive: return has("daily", isTimed) ? nil : "no daily values in the answer"
        case .openMeteoPreviousRuns, .openMeteoAirQuality:
            return has("hourly", isTimed) ? nil : "no hourly values in the answer"
        }
    }
}

extension TransportError {
    /// A time-out of a limit shorter than `WX_TIMEOUT` (`whole`, seconds), said as a share of
    /// it ("within 10 s (its share of WX_TIMEOUT's 20 s)"); any other error as it is.
    func sharing(_ whole: Double) -> TransportError {
        switch self {
        case .timedOut(let seconds, nil) where seconds < whole: .timedOut(seconds: seconds, ofWhole: whole)
        case .answerTooSlow(let seconds, nil) where seconds < whole: .answerTooSlow(seconds: seconds, ofWhole: whole)
        default: self
        }
    }
}
