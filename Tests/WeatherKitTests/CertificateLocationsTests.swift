import Testing
import WeatherKit

/// Where transfers look for certificate authorities (`CertificateTrust.locations`): no bundle is
/// parsed unless a variable names one, and a named bundle stands without a folder beside it, so
/// that libcurl parses it once for the process (issue 39). The old code left libcurl's built-in
/// bundle and folder both set, and the bundle was parsed for every connection.
@Suite(.tags(.unit)) struct CertificateLocationsTests {
    static let debian = CertificateLocations(
        bundleFile: "/etc/ssl/certs/ca-certificates.crt", folder: "/etc/ssl/certs")

    func locations(
        _ variables: [String: String], builtIn: CertificateLocations = debian,
        folders: Set<String> = [
            "/etc/ssl/certs", "/company/certs",
        ]
    ) -> CertificateLocations {
        CertificateTrust(variable: { variables[$0] }).locations(builtIn: builtIn) { folders.contains($0) }
    }

    @Test func noVariableUsesTheSystemFolderAndNoBundle() {
        #expect(locations([:]) == CertificateLocations(bundleFile: nil, folder: "/etc/ssl/certs"))
    }

    @Test func aFolderAloneIsUsedWithoutABundle() {
        #expect(
            locations(["SSL_CERT_DIR": "/company/certs"])
                == CertificateLocations(bundleFile: nil, folder: "/company/certs"))
    }

    @Test func aNamedBundleStandsAloneSoThatItIsParsedOnce() {
        for variable in ["CURL_CA_BUNDLE", "SSL_CERT_FILE"] {
            #expect(
                locations([variable: "/company/ca.pem"])
                    == CertificateLocations(bundleFile: "/company/ca.pem", folder: nil), "\(variable)")
        }
        // CURL_CA_BUNDLE wins over SSL_CERT_FILE, as in the curl program.
        #expect(
            locations(["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_FILE": "/b.pem"])
                == CertificateLocations(bundleFile: "/a.pem", folder: nil))
    }

    @Test func aBundleAndAFolderAreBothTrusted() {
        #expect(
            locations(["SSL_CERT_FILE": "/company/ca.pem", "SSL_CERT_DIR": "/company/certs"])
                == CertificateLocations(bundleFile: "/company/ca.pem", folder: "/company/certs"))
    }

    @Test func withoutASystemFolderTheBuiltInBundleIsUsed() {
        // A libcurl built with no folder (Fedora's), or one whose folder is not on this machine.
        let bundleOnly = CertificateLocations(bundleFile: "/etc/pki/tls/certs/ca-bundle.crt", folder: nil)
        #expect(locations([:], builtIn: bundleOnly) == bundleOnly)
        #expect(locations([:], folders: []) == CertificateLocations(bundleFile: Self.debian.bundleFile, folder: nil))
    }
}
