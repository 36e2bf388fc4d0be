import WXBasics
import WeatherKit

/// Without a network every weather command failed with the same long “cannot reach …” lines
/// (two, wrapped, when the geocoder fell back), and no next step. Now, where the public
/// endpoints cannot be reached, the error is one line naming each service once: the first time
/// a session with what works without a network, later shortly (issue 40: `find` said “cannot
/// reach” twice, then the hint on a line of its own).
extension ShellRunner {
    /// What an error prints: its description; for a public endpoint that cannot be reached, one
    /// line naming the services (the one asked instead too) and, the first time, what works
    /// without a network.
    ///
    /// Only for a service's public endpoint: one of `WX_…_URL` that cannot be reached is a server
    /// of the user's that is down, not a missing network (trial 15: the hint followed a loopback
    /// server's refusal).
    func unreachableText(_ error: ShellError) -> String {
        guard let unreachable = error.unreachableService, unreachable.atPublicEndpoint else {
            return error.description
        }
        let names =
            unreachable.service.displayName + (unreachable.alsoAsked.map { ", nor \($0) asked instead" } ?? "")
        guard !saidUnreachable else { return "cannot reach \(names): nothing can be reached from here" }
        saidUnreachable = true
        return
            "cannot reach \(names): nothing can be reached from here; “wx --offline” shows what is saved, and in wx’s source folder “make demo” runs wx on recorded answers"
    }
}

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
