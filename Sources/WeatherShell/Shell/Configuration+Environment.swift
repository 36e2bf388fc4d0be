import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// Reading the configuration from the environment, at the edge: the value itself
/// (Configuration/Configuration.swift) is what the session and the features are given.
extension Configuration {
    /// Every environment variable wx reads and what it does, for the man page.
    package static let variables: [(name: String, effect: String)] =
        [
            (
                "WX_HOME",
                "One folder for state.plist, log.jsonl, wxrc and the cache (cache/ inside it), instead of the XDG folders. The --home option wins over it. Set but empty, it is an error (exit status 2), never the XDG folders."
            ),
            ("XDG_CONFIG_HOME", "Where state.plist and wxrc live, in wx/ (default ~/.config)."),
            ("XDG_STATE_HOME", "Where log.jsonl lives, in wx/ (default ~/.local/state)."),
            ("XDG_CACHE_HOME", "Where cached service answers live, in wx/ (default ~/.cache)."),
            (
                "XDG_RUNTIME_DIR",
                "Where wx keeps the time of the last Nominatim request, shared by every wx of the user (default /tmp/wx-UID)."
            ),
        ]
        + Service.allCases.map { service in
            (
                service.baseURLVariable,
                "Base URL of \(service.displayName); the service's paths are appended to it, so a base with a path of its own works (default \(service.defaultBaseURL))."
            )
        } + [
            (
                "OPENWEATHERMAP_API_KEY",
                "Enables OpenWeatherMap (provider openweathermap, find id:N). Never written to the log, the cache or a message."
            ),
            (
                "WX_TIMEOUT",
                "Seconds a request to one service may take in all, retries included: 1 to 600 (default 20); find may ask a second geocoder after the first fails. Also how long a change waits for another process holding the state folder’s .wx.lock (Ctrl-C cancels it)."
            ),
            (
                "WX_CONTACT",
                "An e-mail address or URL added to the User-Agent, as Nominatim’s usage policy asks of heavy users."
            ),
            (
                "CURL_CA_BUNDLE, SSL_CERT_FILE, SSL_CERT_DIR",
                "Certificate authorities to trust instead of the system’s, as for curl (a company’s TLS-inspecting proxy): a PEM bundle file (CURL_CA_BUNDLE first, read once per process), or a folder of hashed certificates. Unset, the system’s folder is read a certificate at a time, never its whole bundle."
            ),
            (
                "https_proxy, HTTPS_PROXY, http_proxy, all_proxy, no_proxy",
                "A proxy for requests, and hosts that bypass it, read by libcurl as the curl program reads them (HTTP_PROXY in capitals is ignored, as in curl)."
            ),
            (
                "WX_NOW",
                "An ISO 8601 instant used as the current time, so that recorded answers show as current (tests; make demo sets its clock with WX_DEMO)."
            ),
            (
                "WX_DEMO",
                "A demo manifest (make demo sets Fixtures/demo/places.json; set but empty, an error): wx refuses places it has no recording of, before any request, and its clock is the time the place it shows was recorded (for saved verify and saved N, the place's later recorded instant when it has one)."
            ),
            (
                "NO_COLOR",
                "When set and not empty: no colour, whatever else is set. Colour is also off when TERM is dumb and when the output is not a terminal."
            ),
            (
                "CLICOLOR_FORCE",
                "When set and not 0: colour even when the output is not a terminal (a pipe to less -R); NO_COLOR still wins."
            ),
            ("CLICOLOR", "When 0: no colour (CLICOLOR_FORCE and NO_COLOR win over it)."),
            (
                "WX_PAGER, PAGER",
                "The pager for long help, history and favs at the prompt (default less -FRX, run with LESSSECURE=1 unless LESS or LESSSECURE is set); an empty WX_PAGER, or PAGER=cat, pages nothing."
            ),
            ("EDITOR, VISUAL", "The editor of \\e and Ctrl-X Ctrl-E (default vi)."),
            ("EDITRC", "The line editor's settings, read at the interactive start (default ~/.editrc)."),
            (
                "LANG, LC_ALL, LC_CTYPE, LC_MESSAGES",
                "The language asked of the geocoders (language auto), and whether output may use UTF-8 symbols; ASCII otherwise."
            ),
            (
                "COLUMNS",
                "The width to lay output out for when it is not a terminal (at least 40). Without it, find’s labels are never cut and the weather keeps to 80 columns; a terminal’s own width always wins."
            ),
        ]

    /// Reads the configuration from a dictionary of variables (tests).
    package init(environment: [String: String], home: String? = nil, passwordHome: () -> String? = { nil })
        throws(ShellError)
    {
        try self.init(variable: { environment[$0] }, home: home, passwordHome: passwordHome)
    }

    /// The home folder of the user running wx from the password database, as a shell does
    /// when `HOME` is not set.
    package static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// Reads the configuration.
    ///
    /// - Parameters:
    ///   - variable: looks up one environment variable (`getenv` in the product: no copy of the
    ///     whole environment is made at start-up).
    ///   - home: the `--home DIR` option, which wins over `WX_HOME` and the XDG folders.
    ///   - passwordHome: the home folder when `HOME` is unset or relative (the product asks
    ///     the password database).
    /// - Throws: `ShellError.usage` for a `WX_NOW` that is not an ISO 8601 instant, a `WX_HOME`
    ///   (without `--home`) or `WX_DEMO` that is set but empty, or when
    ///   there is no home folder to keep the state in and no `WX_HOME`/`--home`.
    package init(
        variable: (String) -> String?, home: String? = nil,
        passwordHome: () -> String? = Configuration.passwordDatabaseHome
    ) throws(ShellError) {
        func value(_ name: String) -> String? {
            guard let text = variable(name), !text.isEmpty else { return nil }
            return text
        }
        // The XDG Base Directory specification: a relative path in these variables is invalid
        // and ignored. The same holds for HOME here: state in a folder that depends on the
        // current one would be a different state in every folder.
        func absolute(_ name: String) -> String? { value(name).flatMap { $0.hasPrefix("/") ? $0 : nil } }
        // wx's own path variables set but empty (`WX_HOME=$DIR` with DIR never filled) are
        // refused, as a bad WX_TIMEOUT is: read as unset, WX_HOME= used the user's real folders
        // and WX_DEMO= made real requests, silently.
        func pathVariable(_ name: String, of what: String) throws(ShellError) -> String? {
            guard let text = variable(name) else { return nil }
            guard !text.isEmpty else { throw .usage("\(name) is set but empty: set it to \(what), or unset it") }
            return text
        }
        userHome = absolute("HOME") ?? passwordHome().flatMap { $0.hasPrefix("/") ? $0 : nil }
        lineEditorFile = variable("EDITRC").flatMap { $0.isEmpty ? nil : $0 } ?? userHome.map { $0 + "/.editrc" }
        var home = home
        if home == nil { home = try pathVariable("WX_HOME", of: "a folder for wx’s state") }
        if let home {
            let folder = Self.absolute(home, userHome: userHome)
            configFolder = folder
            stateFolder = folder
            cacheFolder = folder + "/cache"
        } else {
            guard let userHome else {
                throw .usage("no home folder to keep favorites in: set HOME, or WX_HOME (or --home) to a folder for wx")
            }
            configFolder = (absolute("XDG_CONFIG_HOME") ?? userHome + "/.config") + "/wx"
            stateFolder = (absolute("XDG_STATE_HOME") ?? userHome + "/.local/state") + "/wx"
            cacheFolder = (absolute("XDG_CACHE_HOME") ?? userHome + "/.cache") + "/wx"
        }
        for service in Service.allCases {
            if let url = value(service.baseURLVariable), !Self.isHTTPURL(url) {
                throw .usage(
                    "\(service.baseURLVariable) must be an http:// or https:// URL (a port 1–65535 if any), not “\(TerminalText.sanitized(Redaction.displayURL(url)))”"
                )
            }
        }
        endpoints = Endpoints { service in
            var url = value(service.baseURLVariable) ?? service.defaultBaseURL
            while url.hasSuffix("/") { url.removeLast() }
            return url
        }
        openWeatherMapKey = value("OPENWEATHERMAP_API_KEY")?.trimmed
        if let text = value("WX_NOW") {
            guard let date = Self.parseInstant(text) else {
                throw .usage(
                    "WX_NOW must be an ISO 8601 instant such as 2026-02-06T21:40:00Z, not “\(TerminalText.sanitized(text))”"
                )
            }
            fixedNow = date
        }
        if let path = try pathVariable("WX_DEMO", of: "a demo manifest such as Fixtures/demo/places.json") {
            demo = try DemoWorld.load(Self.absolute(path, userHome: userHome))
        }
        colourRule = ColourRule(variable: variable)
        proxies = ProxyEnvironment(variable: variable)
        let locale = value("LC_ALL") ?? value("LC_MESSAGES") ?? value("LANG") ?? "C"
        localeLanguage = Self.language(fromLocale: locale)
        let zone = value("TZ").map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
        userTimeZone = zone.flatMap { TimeZoneDatabase.shared.zone($0) != nil ? $0 : nil }
        let charsetLocale = value("LC_ALL") ?? value("LC_CTYPE") ?? value("LANG") ?? "C"
        unicodeOutput = Self.isUTF8(locale: charsetLocale)
        if let text = value("WX_TIMEOUT") {
            guard let seconds = DecimalText.parse(text), seconds >= 1, seconds <= 600 else {
                throw .usage(
                    "WX_TIMEOUT must be a number of seconds from 1 to 600, not “\(TerminalText.sanitized(text))”")
            }
            requestTimeoutSeconds = seconds
        } else {
            requestTimeoutSeconds = 20
        }
        // Nominatim allows one request a second per application: the last request's time is kept
        // per user, not per state folder, so that every wx of this user shares the budget.
        runtimeFolder = (value("XDG_RUNTIME_DIR").map { $0 + "/wx" }) ?? "/tmp/wx-\(getuid())"
        contact = value("WX_CONTACT")
    }

    /// The locale's language as a BCP 47 tag, its region kept: "de-DE" from "de_DE.UTF-8",
    /// "pt-BR" from "pt_BR", "sr-RS" from "sr_RS@latin"; "en" for "C" and "POSIX". The region
    /// is the user's (Brazilian Portuguese is not Portugal's): each service is sent the form it
    /// takes (`LanguageForms`) — Nominatim the whole tag, Open-Meteo's geocoder the language.
    package static func language(fromLocale locale: String) -> String {
        let base = locale.split(separator: ".").first.map(String.init) ?? locale
        let name = base.split(separator: "@").first.map(String.init) ?? base
        if name.isEmpty || name == "C" || name == "POSIX" { return "en" }
        let parts = name.split(separator: "_")
        guard let language = parts.first, language.count >= 2, language.count <= 3,
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return "en" }
        // A region as a tag writes it: two letters (ISO 3166-1) or three digits (UN M.49).
        guard parts.count == 2, let region = parts.last,
            (region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter }))
                || (region.count == 3 && region.allSatisfy({ $0.isASCII && $0.isNumber }))
        else { return language.lowercased() }
        return LanguageForms.acceptLanguage(language + "-" + region)
    }

    /// Whether `text` is an absolute http or https URL with a host and, when it names a port
    /// (`host:port`, `[v6]:port`), a port of 1 to 65535 in digits — so README's placeholder left
    /// in (`http://127.0.0.1:PORT`) is refused here, not by libcurl at the first request.
    static func isHTTPURL(_ text: String) -> Bool {
        isPrintableASCIIHTTPURL(text) ?? isHTTPURLByCharacters(text)
    }

    /// `isHTTPURL` for any text, character by character.
    static func isHTTPURLByCharacters(_ text: String) -> Bool {
        let lower = text.lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let rest = text.dropFirst(scheme.count)
            guard !rest.isEmpty, rest.first != "/", !rest.contains(where: \.isWhitespace) else { return false }
            var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            // An IPv6 address's colons are inside its brackets: a port comes after "]".
            let afterHost = authority.hasPrefix("[") ? authority.drop { $0 != "]" }.dropFirst() : authority
            guard let colon = afterHost.lastIndex(of: ":") else { return !authority.isEmpty }
            let port = afterHost[afterHost.index(after: colon)...]
            guard colon != authority.startIndex, !port.isEmpty, port.count <= 5,
                port.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(port), (1...65535).contains(number)
            else { return false }
            return true
        }
        return false
    }

    /// `isHTTPURL` for a text of printable ASCII (what every such variable holds), by its bytes:
    /// there each character is one byte, none white space, a digit the only number. Nil for any
    /// other text. The characters' walk cost 37,000 instructions a variable, 0.37 M a start with
    /// the loopback's ten (issue 39).
    static func isPrintableASCIIHTTPURL(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
            func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
            for scheme in ["http://", "https://"] {
                let prefix = Array(scheme.utf8)
                guard bytes.count >= prefix.count, zip(bytes, prefix).allSatisfy({ lower($0) == $1 }) else { continue }
                let rest = bytes[prefix.count...]
                guard let first = rest.first, first != UInt8(ascii: "/") else { return false }
                let authorityEnd =
                    rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
                    ?? rest.endIndex
                var authority = rest[..<authorityEnd]
                if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
                // An IPv6 address's colons are inside its brackets: a port comes after "]".
                let afterHost =
                    authority.first == UInt8(ascii: "[")
                    ? authority.drop { $0 != UInt8(ascii: "]") }.dropFirst() : authority
                guard let colon = afterHost.lastIndex(of: UInt8(ascii: ":")) else { return !authority.isEmpty }
                let port = afterHost[(colon + 1)...]
                guard colon != authority.startIndex, !port.isEmpty, port.count <= 5,
                    port.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                else { return false }
                let number = port.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                return (1...65535).contains(number)
            }
            return false
        }
    }

    /// Whether a locale name ("de_DE.UTF-8", "C.utf8") names the UTF-8 character set.
    package static func isUTF8(locale: String) -> Bool {
        guard let dot = locale.firstIndex(of: ".") else { return false }
        let charset = locale[locale.index(after: dot)...].prefix { $0 != "@" }.lowercased()
        return charset == "utf-8" || charset == "utf8"
    }

    /// An ISO 8601 instant: "2026-02-06T21:40:00Z", with fractional seconds or an offset.
    package static func parseInstant(_ text: String) -> Date? { ISOTime.parse(text) }
}
