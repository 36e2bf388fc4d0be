import Foundation
import Testing
import WeatherTestSupport

/// With `--json`, a notice is never a document of its own: it is one line on stderr, as without
/// `--json`, and stdout holds the command's documents alone. On the old code `wx --json find
/// Hollywood` with Nominatim refusing printed the fallback's notice as a document before the
/// candidates: stdout was two documents, and `json.loads` of it failed.
@Suite(.tags(.endToEnd)) struct JSONNoticeEndToEndTests {
    @Test func theGeocoderFallbackNoticeGoesToStderrAndStdoutIsOneDocument() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/search", status: 403, file: "cases/nominatim-403.html"))
        let run = try runWX(["--json", "find", "Hollywood"], home: TemporaryFolder(), server: server)
        #expect(run.status == 0, "\(run.stderr)")
        // The whole of stdout is one JSON document: the candidates.
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(document["type"] as? String == "candidates")
        #expect(
            run.stderr
                == "warning: Nominatim refused the request (HTTP 403): its usage policy blocks this client for now; wait, or set WX_NOMINATIM_URL to another server; these places are from Open-Meteo geocoding\n"
        )
    }
}
