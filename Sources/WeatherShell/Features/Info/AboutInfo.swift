import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

/// Facts for `about`.
package struct AboutInfo: Hashable, Sendable {
    package var version: String
    package var services: [Service]
    package var endpoints: Endpoints
    package var configFolder: String
    package var stateFolder: String
    package var cacheFolder: String
}
