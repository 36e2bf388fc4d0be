import WXBasics
import WeatherKit

/// Without a network every weather command failed with the same long “cannot reach …” lines
/// (two, wrapped, when the geocoder fell back), and no next step. Now, where the public
/// endpoints cannot be reached, the error is one line naming each service once: the first time
/// a session with what works without a network, later shortly (issue 40: `find` said “cannot
/// reach” twice, then the hint on a line of its own).
extension ErrorLines {
    /// What an error prints: its description; for a public endpoint that cannot be reached, one
    /// line naming the services (the one asked instead too) and, the first time, what works
    /// without a network.
    ///
    /// Only for a service's public endpoint: one of `WX_…_URL` that cannot be reached is a server
    /// of the user's that is down, not a missing network (trial 15: the hint followed a loopback
    /// server's refusal).
    mutating func unreachableText(_ error: ShellError) -> String {
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
