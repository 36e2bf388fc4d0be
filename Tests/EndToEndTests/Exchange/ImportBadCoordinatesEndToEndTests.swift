import Foundation
import Testing
import WeatherTestSupport

/// A new user (note 57, item 3): `import favorites` of a JSON file whose item was at latitude
/// 999 said "nothing imported", as `import snapshots` says of a file it refuses whole, while a
/// bad CSV row or a nameless item among good ones was skipped with a line. README's rule for
/// favorites is one: the good rows in, each bad one skipped with its line or item named, exit
/// status 1 — also when no good one is left. Out-of-range latitudes and longitudes, words where
/// numbers go and missing values, in JSON and CSV alike; which records are imported and which
/// skipped comes from Fixtures/cases/import_favorites_expected.py over the same files.
@Suite(.tags(.endToEnd))
struct ImportBadCoordinatesEndToEndTests {
    static func expected() throws -> [String: Any] {
        let run = try runProgram(
            "/usr/bin/python3", [TestPaths.packageRoot.path + "/Fixtures/cases/import_favorites_expected.py"],
            environment: ["PATH": "/usr/bin:/bin"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// What each reason reads as in the skipped line.
    static let wording = [
        "range": "is not a place on Earth (latitude -90…90, longitude -180…180)", "number": "is not a number",
        "missing": ": no l",
    ]

    @Test(arguments: [
        "import-favorites-bad-coordinates.json", "import-favorites-bad-coordinates.csv",
        "import-favorites-one-bad.json", "import-favorites-one-bad.csv",
    ])
    func eachBadRecordIsSkippedAndTheRestImported(file: String) throws {
        let expected = try #require(try Self.expected()[file] as? [String: Any])
        let names = try #require(expected["imported"] as? [String])
        let skipped = try #require(expected["skipped"] as? [[String: String]])
        let path = TestPaths.packageRoot.path + "/Fixtures/cases/" + file
        let home = TemporaryFolder()
        let run = try runWX(["-c", "import favorites \(path)"], home: home)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(!run.stderr.contains("nothing imported"), "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == skipped.count, "\(run.stderr)")
        for (line, record) in zip(lines, skipped) {
            #expect(line.hasPrefix("error: skipped \(record["origin"]!): "), "\(line)")
            #expect(line.contains(Self.wording[record["why"]!]!), "\(line)")
        }
        if names.isEmpty {
            #expect(run.stdout == "no favorites imported from \(path)\n")
        } else {
            #expect(run.stdout == "\(names.count) favorites imported from \(path): \(names.joined(separator: ", "))\n")
        }
        let listed = try runWX(["--json", "-c", "favs"], home: home)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let favorites = try #require(document["favorites"] as? [[String: Any]])
        #expect(favorites.compactMap { $0["name"] as? String } == names)
    }
}
