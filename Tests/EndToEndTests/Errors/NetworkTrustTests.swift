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

    /// A self-signed certificate for 127.0.0.1, made with openssl; its file and key.
    func makeCertificate() throws -> (file: String, key: String) {
        let file = folder.path + "/ca.pem"
        let key = folder.path + "/key.pem"
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", file, "-subj",
            "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-days", "1",
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
    }

    @Test func requestsGoThroughTheProxyTheEnvironmentNames() throws {
        let certificate = try makeCertificate()
        let server = try FixtureServer(certificate: certificate)
        let logPath = folder.path + "/proxy.log"
        #expect(FileManager.default.createFile(atPath: logPath, contents: nil))
        let proxy = Process()
        proxy.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        proxy.arguments = [
            "python3", TestPaths.fixtures.appendingPathComponent("proxy.py").path, "--port", "0", "--exit-on-eof",
        ]
        proxy.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        proxy.standardError = FileHandle.nullDevice
        // The proxy exits when this pipe closes, whatever signals the test's thread blocks.
        let input = Pipe()
        proxy.standardInput = input
        try proxy.run()
        defer {
            try? input.fileHandleForWriting.close()
            proxy.waitUntilExit()
        }
        var proxyURL = ""
        for _ in 0..<100 where proxyURL.isEmpty {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            proxyURL = log.split(separator: "\n").first.map { String($0.dropFirst("listening on ".count)) } ?? ""
            if proxyURL.isEmpty { usleep(50_000) }
        }
        #expect(proxyURL.hasPrefix("http://127.0.0.1:"))
        let port = server.url.split(separator: ":").last.map(String.init) ?? ""
        func tunnels() throws -> Int {
            try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n")
                .filter { $0 == "CONNECT 127.0.0.1:\(port)" }.count
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
