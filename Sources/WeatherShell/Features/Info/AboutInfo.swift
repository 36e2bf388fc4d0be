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
    /// The start-up file run at the interactive prompt (`wxrc`), and whether it exists now.
    package var startupFile: String
    package var startupFileExists: Bool
    /// The line editor's settings (`$EDITRC`, else `~/.editrc`); nil when no home folder names one.
    package var lineEditorFile: String?
}
