import WeatherKit

/// The base URL of every service. Held in an array by `Service.allCases` order rather than a
/// dictionary: a dictionary keyed by an enum costs start-up a scan of every protocol conformance
/// in the binary (BENCHMARKS.md).
package struct Endpoints: Hashable, Sendable {
    private var urls: [String]

    package init(_ url: (Service) -> String) { urls = Service.allCases.map(url) }

    package subscript(service: Service) -> String {
        urls[Service.allCases.firstIndex(of: service)!]
    }
}
