import FoundationEssentials
import WXBasics
import WeatherKit

/// Everything wx reads from its environment, as a plain value: read once at start-up by the
/// shell (Shell/Configuration+Environment.swift) and given to the session as it is.
///
/// The names are the contract in DESIGN.md: `WX_HOME`, the XDG folders, `WX_*_URL` endpoints,
/// `OPENWEATHERMAP_API_KEY`, `WX_NOW`, `NO_COLOR`, `TERM`.
package struct Configuration: Sendable {
    /// Where `state.plist` lives.
    package var configFolder: String
    /// Where `log.jsonl` lives.
    package var stateFolder: String
    /// Where cached service answers live.
    package var cacheFolder: String
    /// Base URL per service, without a trailing slash.
    package var endpoints: Endpoints
    /// `OPENWEATHERMAP_API_KEY`; nil when unset or empty.
    package var openWeatherMapKey: String?
    /// The fixed instant from `WX_NOW`, or nil for the system clock.
    package var fixedNow: Date?
    /// `make demo`'s recorded world (`WX_DEMO`, a manifest): its clock replaces `WX_NOW`'s.
    package var demo: DemoWorld?
    /// Colour is allowed by the environment (`NO_COLOR` unset or empty, `TERM` not `dumb`);
    /// the caller still checks that stdout is a terminal (`colour(outputIsTerminal:)` does both).
    package var colourAllowed: Bool { colourRule.allowed }
    /// What the environment says about colour, and which variable said it.
    package var colourRule = ColourRule()
    /// The proxy variables libcurl reads, to name the proxy a request goes through (`doctor`).
    package var proxies = ProxyEnvironment()
    /// Language for place names ("de"), from `LC_ALL`, `LC_MESSAGES` or `LANG`; "en" otherwise.
    package var localeLanguage: String
    /// The user's time zone: `TZ` when it names a zone of the tz database ("Europe/Berlin",
    /// ":Europe/Berlin"); nil otherwise. `past` counts days in it before it knows the place's.
    package var userTimeZone: String?
    /// The zone of the user's clock: `userTimeZone`, else the zone /etc/localtime links to
    /// ("/usr/share/zoneinfo/Europe/Berlin" → "Europe/Berlin"), as the C library reads the local
    /// time; nil when neither names a zone of the tz database (then UTC). `saved N` says the
    /// time of a save "by your clock" in it.
    package var localTimeZone: String? {
        if let userTimeZone { return userTimeZone }
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
            let range = target.firstRange(of: "zoneinfo/")
        else { return nil }
        let zone = String(target[range.upperBound...])
        return TimeZoneDatabase.shared.zone(zone) != nil ? zone : nil
    }
    /// Whether the locale's character set is UTF-8 (symbols and block characters may be used).
    package var unicodeOutput: Bool
    /// Total time allowed for one request, seconds (`WX_TIMEOUT`, default 20).
    package var requestTimeoutSeconds: Double
    /// A contact (e-mail or URL) added to the User-Agent (`WX_CONTACT`), as Nominatim asks.
    package var contact: String?
    /// A private per-user folder for coordination between wx processes (`$XDG_RUNTIME_DIR/wx`,
    /// else `/tmp/wx-<uid>`).
    package var runtimeFolder: String

    /// The user's home folder, for `~/` in file names the user types: `$HOME` when it is an
    /// absolute path, else the one in the password database (`getpwuid`).
    package var userHome: String?

    /// The line editor's settings, which libedit reads at the interactive start: `$EDITRC`, else
    /// `~/.editrc`; nil when neither can be named.
    package var lineEditorFile: String?

    /// The start-up file (like `.psqlrc`): `wxrc` in the folder of `state.plist`.
    package var startupFile: String { configFolder + "/wxrc" }

    /// `path` as typed (`~/x.csv`, `x.csv`, `/tmp/x.csv`) made absolute.
    package func expandPath(_ path: String) -> String { Self.absolute(path, userHome: userHome) }

    static func absolute(_ path: String, userHome: String?) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return (userHome ?? "") + path.dropFirst() }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
