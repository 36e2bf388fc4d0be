import Foundation
import Testing
import WeatherTestSupport

/// `compare` at 80 columns with values as wide as they come — place names of 43 and 58
/// letters, -45.5 °C now, today -48.5 … -45.5 °C, a 100 % chance, wind 150 km/h, a
/// thunderstorm — keeps its columns in line under their headers, a space at least between
/// each, and no line past 80. The figures come from compare_extremes_expected.py over the same
/// answer (Fixtures/SOURCES.md, "compare's extreme values").
@Suite(.tags(.endToEnd))
struct CompareExtremeValuesEndToEndTests {
    @Test func wideValuesStayInColumnsAt80() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let favorites = home.path + "/favorites.csv"
        try """
        name,latitude,longitude,display_name,country_code
        Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch,53.2213,-4.2045,"Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, Wales",gb
        McMurdo Station Antarctic Research Facility,-77.85,166.67,"McMurdo Station Antarctic Research Facility, Antarctica",aq

        """.write(toFile: favorites, atomically: true, encoding: .utf8)
        let imported = try runWX(["import", "favorites", favorites], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        try server.queue(
            .init(path: "/v1/forecast", file: "open-meteo-forecast/compare-extremes-hand-edited.json", times: 1))
        let now = "2025-07-27T03:20:00Z"
        let run = try runWX(["compare"], home: home, server: server, now: now, environment: ["COLUMNS": "80"])
        #expect(run.status == 0, "\(run.stderr)")
        let script = try runProgram(
            "/usr/bin/python3",
            [TestPaths.packageRoot.path + "/Fixtures/open-meteo-forecast/compare_extremes_expected.py", now],
            environment: ["PATH": "/usr/bin:/bin"])
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(script.stdout.utf8)) as? [[String: String]], "\(script.stderr)")
        #expect(expected.count == 2)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // Every character here is one column wide ("…", "°" included).
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(run.stdout)")
        let header = try #require(lines.first { $0.hasPrefix("  place") }, "\(run.stdout)")
        let rows = Array(lines.drop { !$0.hasPrefix("  place") }.dropFirst().prefix(2))
        #expect(rows.count == 2, "\(run.stdout)")
        /// Where `value` starts and ends in `line` (character offsets), searching from `from`.
        func span(_ value: String, in line: String, from: Int = 0) -> Range<Int>? {
            let characters = Array(line)
            let wanted = Array(value)
            guard characters.count >= wanted.count else { return nil }
            for start in from...(characters.count - wanted.count)
            where Array(characters[start..<start + wanted.count]) == wanted {
                return start..<start + wanted.count
            }
            return nil
        }
        let headers = ["now °C", "today °C", "rain", "wind"]
        let headerSpans = try headers.map { try #require(span($0, in: header), "\(header)") }
        for (row, values) in zip(rows, expected) {
            var from = 0
            var previousEnd = 0
            for (index, key) in ["now", "today", "rain", "wind"].enumerated() {
                let value = try #require(values[key])
                let found = try #require(span(value, in: row, from: from), "\(value) in \(row)")
                // Numbers right-aligned under their headers; the wind (words) left-aligned.
                if key == "wind" {
                    #expect(found.lowerBound == headerSpans[index].lowerBound, "\(key): \(row) under \(header)")
                } else {
                    #expect(found.upperBound == headerSpans[index].upperBound, "\(key): \(row) under \(header)")
                }
                // A space at least before each value: never run together with the one before.
                #expect(found.lowerBound > previousEnd && Array(row)[found.lowerBound - 1] == " ", "\(row)")
                previousEnd = found.upperBound
                from = found.upperBound
            }
        }
    }
}
