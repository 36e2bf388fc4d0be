import WXBasics
import WeatherKit

/// Without a network every weather command failed with the same long “cannot reach …” lines
/// (two, wrapped, when the geocoder fell back), and no next step. Now the first is followed,
/// once a session, by a line saying that nothing can be reached and what works without a network.
extension ShellRunner {
    /// What an error prints: its description, and the first time a service cannot be reached,
    /// a line saying what works without a network.
    ///
    /// Only for a service's public endpoint: one of `WX_…_URL` that cannot be reached is a server
    /// of the user's that is down, not a missing network (trial 15: the hint followed a loopback
    /// server's refusal).
    func unreachableText(_ error: ShellError) -> String {
        guard let unreachable = error.unreachableService, unreachable.atPublicEndpoint, !saidUnreachable else {
            return error.description
        }
        saidUnreachable = true
        return error.description
            + "\nnothing can be reached from here: “wx --offline” shows what is saved, and in wx’s source folder “make demo” runs wx on recorded answers"
    }
}

/// A service wx could not connect to, and the host it asked.
struct UnreachableService {
    var service: Service
    var host: String

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
        where then.contains("cannot reach"):
            UnreachableService(service: service, host: host)
        default: nil
        }
    }
}
