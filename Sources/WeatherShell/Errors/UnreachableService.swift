import WXBasics
import WeatherKit

/// A service wx could not connect to, and the host it asked.
struct UnreachableService {
    var service: Service
    var host: String
    /// The service asked instead, which could not be reached either; nil when none was asked.
    var alsoAsked: String?

    /// `ShellError.fallbackFailed`'s words when the service asked instead could not be reached
    /// either ("asked instead, cannot reach Open-Meteo geocoding at HOST either"); `alsoAsked`
    /// reads the name back from them.
    static func alsoUnreachable(_ other: Service, host: String) -> String {
        "asked instead, cannot reach \(other.displayName) at \(TerminalText.sanitized(host)) either"
    }

    /// Whether `host` is the service's public endpoint's (no `WX_…_URL` pointed elsewhere).
    var atPublicEndpoint: Bool {
        let url = service.facts.defaultBaseURL
        let afterScheme = url.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first ?? ""
        return afterScheme.prefix { $0 != ":" }.lowercased() == host.lowercased()
    }
}

extension ShellError {
    /// The service that could not be connected to, when that is all this error says (also when
    /// the service asked instead could not be reached either); nil for any other error.
    var unreachableService: UnreachableService? {
        switch self {
        case .service(.transport(let service, .cannotConnect(let host))):
            UnreachableService(service: service, host: host)
        case .fallbackFailed(.transport(let service, .cannotConnect(let host)), let then)
        where then.hasPrefix("asked instead, cannot reach "):
            // The name between the words `alsoUnreachable` writes around it.
            UnreachableService(
                service: service, host: host,
                alsoAsked: Service.allCases.map(\.displayName).first {
                    then.hasPrefix("asked instead, cannot reach \($0) at ")
                })
        default: nil
        }
    }
}
