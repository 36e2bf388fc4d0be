import Foundation
import Testing
import WeatherTestSupport

/// Issue 22 item 12: wx reachable behind a company network — a private certificate authority
/// from `SSL_CERT_FILE`, `CURL_CA_BUNDLE` or `SSL_CERT_DIR`, and a proxy from `https_proxy`,
/// `HTTPS_PROXY` or `no_proxy`, as curl's users expect. A loopback HTTPS server with a
/// certificate made here, and a loopback proxy (`Fixtures/proxy.py`). On the old code every
/// request to such a server failed whatever the environment said.
@Suite(.serialized, .tags(.endToEnd)) struct NetworkTrustTests {
    let folder = TemporaryFolder()

    /// A self-signed certificate for 127.0.0.1, made with openssl; its file and key. Another
    /// `name` is another authority, with a subject of its own.
    func makeCertificate(named name: String = "ca") throws -> (file: String, key: String) {
        let file = folder.path + "/\(name).pem"
        let key = folder.path + "/\(name)-key.pem"
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", file, "-subj",
            name == "ca" ? "/CN=localhost" : "/CN=wx test \(name)", "-addext",
            "subjectAltName=IP:127.0.0.1,DNS:localhost", "-days", "1",
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        #expect(openssl.terminationStatus == 0)
        return (file, key)
    }

    func find(_ server: FixtureServer, _ environment: [String: String]) throws -> WXResult {
        try runWX(
            ["-c", "find Hamburg"], home: TemporaryFolder(),
            environment: ["WX_NOMINATIM_URL": server.url, "WX_OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:1"]
                .merging(environment) { $1 })
    }

    static let found = "  1  Elbphilharmonie, Hamburg, Deutschland                 53.5413, 9.9842\n"

    @Test func aPrivateAuthorityFromTheEnvironmentIsTrusted() throws {
        let certificate = try makeCertificate()
        let server = try FixtureServer(certificate: certificate)
        let untrusted = try find(server, [:])
        #expect(untrusted.status == 1)
        let port = server.url.split(separator: ":").last.map(String.init) ?? ""
        #expect(
            untrusted.stderr.hasPrefix(
                "error: the certificate of Nominatim at 127.0.0.1:\(port) is not trusted; behind a company proxy, set SSL_CERT_FILE or CURL_CA_BUNDLE to its CA certificate"
            ), "\(untrusted.stderr)")
        for variable in ["SSL_CERT_FILE", "CURL_CA_BUNDLE"] {
            let trusted = try find(server, [variable: certificate.file])
            #expect(trusted.stdout == Self.found, "\(variable): \(trusted.stderr)")
        }
        // A folder of hashed certificates, as `openssl rehash` (c_rehash) makes it.
        let hashed = folder.path + "/certs"
        try FileManager.default.createDirectory(atPath: hashed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: certificate.file, toPath: hashed + "/ca.pem")
        let rehash = Process()
        rehash.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        rehash.arguments = ["openssl", "rehash", hashed]
        try rehash.run()
        rehash.waitUntilExit()
        let fromFolder = try find(server, ["SSL_CERT_DIR": hashed])
        #expect(fromFolder.stdout == Self.found, "SSL_CERT_DIR: \(fromFolder.stderr)")
        // A bundle of another authority and the folder together (some machines preset all
        // three variables): the folder, which wx adds to each connection itself, is trusted too.
        let other = try makeCertificate(named: "other")
        let both = try find(server, ["SSL_CERT_DIR": hashed, "CURL_CA_BUNDLE": other.file])
        #expect(both.stdout == Self.found, "CURL_CA_BUNDLE and SSL_CERT_DIR: \(both.stderr)")
    }

    @Test func aBundleIsReadOncePerProcessForEveryHost() throws {
        // `find` reaches 127.0.0.1; then the bundle is overwritten with another authority's
        // certificate, and `show` opens new connections, to "localhost". Read once, the bundle
        // still holds the authority that signed the server's certificate and show's requests are
        // trusted; the old code read it again for each connection (libcurl keeps no parsed
        // bundle beside its built-in folder) and found the other authority.
        let certificate = try makeCertificate()
        let otherCertificate = try makeCertificate(named: "other")
        let server = try FixtureServer(certificate: certificate)
        let bundle = folder.path + "/bundle.pem"
        try FileManager.default.copyItem(atPath: certificate.file, toPath: bundle)
        let secondHost = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        var environment = server.environment.mapValues { $0.replacingOccurrences(of: server.url, with: secondHost) }
        environment["WX_NOMINATIM_URL"] = server.url
        environment["WX_OPEN_METEO_GEOCODING_URL"] = "http://127.0.0.1:1"
        environment["CURL_CA_BUNDLE"] = bundle
        let home = TemporaryFolder()
        let wx = Process()
        wx.executableURL = URL(fileURLWithPath: TestPaths.wxBinary)
        wx.environment = environment.merging([
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "WX_HOME": home.path,
            "XDG_RUNTIME_DIR": home.path + "/run", "WX_NOW": "2025-07-27T03:10:00Z", "WX_TIMEOUT": "5",
        ]) { $1 }
        let input = Pipe()
        let output = Pipe()
        wx.standardInput = input
        wx.standardOutput = output
        wx.standardError = output
        try wx.run()
        input.fileHandleForWriting.write(Data("find Hamburg\n".utf8))
        var shown = Data()
        while !String(decoding: shown, as: UTF8.self).contains("Elbphilharmonie") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            shown.append(chunk)
        }
        try FileManager.default.removeItem(atPath: bundle)
        try FileManager.default.copyItem(atPath: otherCertificate.file, toPath: bundle)
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try input.fileHandleForWriting.close()
        shown.append(output.fileHandleForReading.readDataToEndOfFile())
        wx.waitUntilExit()
        let text = String(decoding: shown, as: UTF8.self)
        #expect(wx.terminationStatus == 0, "\(text)")
        #expect(text.contains("Elbphilharmonie, Hamburg"), "\(text)")
        #expect(!text.contains("not trusted"), "\(text)")
        #expect(try server.requests().contains { $0.path == "/v1/forecast" })
    }

    @Test func requestsGoThroughTheProxyTheEnvironmentNames() throws {
        let certificate = try makeCertificate()
        let server = try FixtureServer(certificate: certificate)
        let loopbackProxy = try LoopbackProxy()
        let proxyURL = loopbackProxy.url
        let port = server.url.split(separator: ":").last.map(String.init) ?? ""
        func tunnels() throws -> Int {
            try loopbackProxy.handled().filter { $0 == "CONNECT 127.0.0.1:\(port)" }.count
        }
        for variable in ["https_proxy", "HTTPS_PROXY"] {
            let before = try tunnels()
            let run = try find(server, [variable: proxyURL, "SSL_CERT_FILE": certificate.file])
            #expect(run.stdout == Self.found, "\(variable): \(run.stderr)")
            #expect(try tunnels() == before + 1, "\(variable)")
        }
        // no_proxy: the host is reached directly.
        let before = try tunnels()
        let direct = try find(
            server, ["https_proxy": proxyURL, "no_proxy": "127.0.0.1", "SSL_CERT_FILE": certificate.file])
        #expect(direct.stdout == Self.found)
        #expect(try tunnels() == before)
    }
}
