import Testing

@testable import WeatherShell

/// `Configuration.isHTTPURL` reads a text of printable ASCII by its bytes (issue 39): it accepts
/// and refuses exactly what the reading by characters does.
@Suite(.tags(.unit))
struct BaseURLCheckTests {
    /// Every way the check can go: schemes in any case, authorities with and without a user,
    /// IPv6 brackets, ports at and past their bounds, paths, queries and fragments.
    static let urls: [String] = {
        let schemes = ["http://", "https://", "HTTP://", "hTTps://", "ftp://", "http:/", "https:", "http//", ""]
        let hosts = [
            "", "host", "127.0.0.1", "[::1]", "[::1", "::1]", "user@host", "user:pw@host", "a@b@host", "@", "[", "]",
            ":",
        ]
        let ports = [
            "", ":", ":0", ":1", ":80", ":8080", ":65535", ":65536", ":99999", ":123456", ":PORT", ":8a", "::80",
        ]
        let tails = ["", "/", "/x/y", "?q=1", "#f", "/a:b", "?x@y", "//"]
        var all: [String] = []
        for scheme in schemes {
            for host in hosts {
                for port in ports {
                    for tail in tails { all.append(scheme + host + port + tail) }
                }
            }
        }
        return all + ["http://", "https://", "http:///x", "http://h ost", "http://host:80 ", "http://höst:80"]
    }()

    @Test func bytesAndCharactersAgree() {
        var accepted = 0
        for url in Self.urls {
            let byCharacters = Configuration.isHTTPURLByCharacters(url)
            #expect(Configuration.isHTTPURL(url) == byCharacters, "\(url)")
            if let byBytes = Configuration.isPrintableASCIIHTTPURL(url) {
                #expect(byBytes == byCharacters, "\(url)")
            }
            if byCharacters { accepted += 1 }
        }
        // Both answers occur, and the bytes' reading is the one taken for printable ASCII.
        #expect(accepted > 100 && accepted < Self.urls.count - 100)
        #expect(Configuration.isPrintableASCIIHTTPURL("http://127.0.0.1:8080") == true)
        #expect(Configuration.isPrintableASCIIHTTPURL("http://127.0.0.1:PORT") == false)
        #expect(Configuration.isPrintableASCIIHTTPURL("http://h ost") == nil)
        #expect(Configuration.isPrintableASCIIHTTPURL("http://höst") == nil)
    }
}
