import WXBasics
import WeatherKit

/// Without a network every weather command failed with the same long “cannot reach …” lines
/// (two, wrapped, when the geocoder fell back), and no next step. Now the first is followed,
/// once a session, by a line saying that nothing can be reached and what works without a network.
extension ShellRunner {
    /// What an error prints: its description, and the first time a service cannot be reached,
    /// a line saying what works without a network.
    func unreachableText(_ error: ShellError) -> String {
        guard error.unreachableService != nil, !saidUnreachable else { return error.description }
        saidUnreachable = true
        return error.description
            + "\nnothing can be reached from here: without a network, “make demo” (in wx’s source folder) runs wx on recorded answers and “wx --offline” shows what is saved"
    }
}

extension ShellError {
    /// The service that could not be connected to, when that is all this error says (also when
    /// the service asked instead could not be reached either); nil for any other error.
    var unreachableService: Service? {
        switch self {
        case .service(.transport(let service, .cannotConnect)): service
        case .fallbackFailed(.transport(let service, .cannotConnect), let then) where then.contains("cannot reach"):
            service
        default: nil
        }
    }
}
