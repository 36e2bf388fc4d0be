import WXBasics
import WeatherKit

/// Without a network every weather command failed with the same long “cannot reach …” lines
/// (two, wrapped, when the geocoder fell back), and no next step. Now the first says once that
/// nothing can be reached and what works without a network; the ones after it are short.
extension ShellRunner {
    /// The line an error prints: its description, or, when it is only that a service cannot be
    /// reached, the once-per-session explanation and then a short line.
    func unreachableText(_ error: ShellError) -> String {
        guard let service = error.unreachableService else { return error.description }
        defer { saidUnreachable = true }
        if saidUnreachable { return "cannot reach \(service.displayName) (no network, as said above)" }
        return
            "cannot reach \(service.displayName) — nothing can be reached from here. Without a network, “make demo” (in wx’s source folder) runs wx on recorded answers and “wx --offline” shows what is saved; \(service.baseURLVariable) points wx at another server"
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
