import Foundation
import Testing
import WeatherTestSupport

/// Issue 38, items 9 and 10: a certificate file the environment names that is not there, and a
/// proxy that cannot be reached, are named as such (the proxy without its password); a redirect
/// is followed only within the service's own host and never from https to http, and a `WX_HOME`
/// wx creates is synced in its parent folder.
@Suite(.tags(.endToEnd)) struct NetworkNamingTests {
    func find(_ server: FixtureServer, _ environment: [String: String]) throws -> WXResult {
        try runWX(
            ["-c", "find Hamburg"], home: TemporaryFolder(),
            environment: ["WX_NOMINATIM_URL": server.url, "WX_OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:1"]
                .merging(environment) { $1 })
    }

    /// It said "the certificate of Nominatim at 127.0.0.1:PORT is not trusted".
    @Test(arguments: ["SSL_CERT_FILE", "CURL_CA_BUNDLE"])
    func aMissingCertificateFileIsNamed(_ variable: String) throws {
        let server = try FixtureServer()
        let missing = TemporaryFolder().path + "/company-ca.pem"
        let https = server.url.replacingOccurrences(of: "http://", with: "https://")
        let run = try runWX(
            ["-c", "find Hamburg"], home: TemporaryFolder(),
            environment: [
                "WX_NOMINATIM_URL": https, "WX_OPEN_METEO_GEOCODING_URL": https, variable: missing,
            ])
        #expect(run.status == 1)
        // One line (the geocoder asked instead says the same of its request).
        #expect(
            run.stderr.hasPrefix(
                "error: \(variable) names \(missing), which cannot be read (No such file or directory); point it at a file of CA certificates (PEM), or unset it"
            ), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// A plain-HTTP server given as https:// (a new user's slip, nu59): said "request to
    /// Open-Meteo failed: SSL connect error", with nothing to try; it names the host, the likely
    /// cause and the variable to check, in one line.
    @Test func aServerThatMakesNoTLSHandshakeIsNamedWithItsVariable() throws {
        let server = try FixtureServer()
        let https = server.url.replacingOccurrences(of: "http://", with: "https://")
        let host = String(server.url.dropFirst("http://".count))
        let run = try runWX(
            ["-c", "show 53.55,9.99"], home: TemporaryFolder(),
            environment: ["WX_OPEN_METEO_URL": https])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "Open-Meteo at \(host) did not complete a TLS handshake (a server that speaks plain http given as https://?); check WX_OPEN_METEO_URL"
            ), "\(run.stderr)")
        #expect(!run.stderr.contains("SSL connect error"))
    }

    /// A plain http:// request makes no TLS connection, so a certificate file that is not there
    /// is no reason to refuse it (the curl program fetches it too). It said "SSL_CERT_FILE names
    /// …, which cannot be read" for a mirror reached over http (issue 39, where the file and
    /// folder were also opened before every request).
    @Test(arguments: ["SSL_CERT_FILE", "CURL_CA_BUNDLE", "SSL_CERT_DIR"])
    func aMissingCertificateFileDoesNotStopAPlainHTTPRequest(_ variable: String) throws {
        let server = try FixtureServer()
        let missing = TemporaryFolder().path + "/company-ca.pem"
        let run = try find(server, [variable: missing])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Hamburg"))
    }

    /// It said "cannot reach Nominatim at 127.0.0.1:PORT", with no word of the proxy.
    @Test func aProxyThatCannotBeReachedIsNamedWithoutItsPassword() throws {
        let server = try FixtureServer()
        let run = try find(server, ["http_proxy": "http://alice:s3cret@127.0.0.1:9", "no_proxy": ""])
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "error: cannot reach the proxy http://***@127.0.0.1:9 (from http_proxy) for Nominatim; check the proxy, or http_proxy and no_proxy"
            ), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains("s3cret"))
    }

    /// A warning feed answering 301 to another host: the request went there. Now not followed,
    /// and the one line names where it led; a redirect within the host is followed.
    @Test func aRedirectToAnotherHostIsNotFollowed() throws {
        let server = try FixtureServer()
        let port = server.url.split(separator: ":").last.map(String.init) ?? ""
        let elsewhere = "http://localhost:\(port)/elsewhere/alerts?lat=52.517&lon=13.3889"
        try server.queue(.init(path: "/alerts", status: 301, body: "", headers: ["Location": elsewhere]))
        let run = try runWX(
            ["warnings", "Berlin"], home: TemporaryFolder(), server: server, now: "2026-03-07T03:00:00Z")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: Bright Sky (DWD) answered with a redirect (HTTP 301) to http://localhost:\(port), another host, which wx does not follow; check WX_BRIGHTSKY_URL\n"
        )
        #expect(try server.requests().filter { $0.path.hasPrefix("/elsewhere") }.isEmpty)

        // Within the same host and port: followed.
        let home = TemporaryFolder()
        try server.queue(
            .init(
                path: "/alerts", status: 302, body: "",
                headers: ["Location": server.url + "/alerts?lat=52.517&lon=13.3889&moved=1"]))
        let followed = try runWX(["warnings", "Berlin"], home: home, server: server, now: "2026-03-07T03:00:00Z")
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(followed.stdout.contains("Frost"))
    }

    /// `WX_HOME` made by wx: its new entry is synced in the parent folder (fsync of the parent
    /// after mkdir), as every file wx acknowledges is.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
    func aNewHomeIsSyncedInItsParent() throws {
        let parent = TemporaryFolder()
        let home = parent.path + "/new-home"
        let trace = parent.path + "/trace"
        let result = try runProgram(
            "/usr/bin/strace",
            ["-f", "-qq", "-e", "trace=mkdir,mkdirat,openat,fsync,close", "-o", trace, TestPaths.wxBinary],
            stdin: "units\n",
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": parent.path, "WX_HOME": home])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = (try? String(contentsOfFile: trace, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        guard let made = lines.firstIndex(where: { $0.contains("mkdir") && $0.contains("\"\(home)\"") }) else {
            Issue.record("no mkdir of \(home)")
            return
        }
        // openat(…, "<parent>", O_RDONLY|O_DIRECTORY…) = FD, then fsync(FD).
        let after = lines[(made + 1)...]
        guard
            let open = after.first(where: { $0.contains("openat(") && $0.contains("\"\(parent.path)\"") }),
            let fd = open.split(separator: "=").last?.trimmingCharacters(in: .whitespaces), Int(fd) != nil
        else {
            Issue.record("the parent folder was not opened after the mkdir")
            return
        }
        #expect(after.contains { $0.contains("fsync(\(fd))") })
    }
}
