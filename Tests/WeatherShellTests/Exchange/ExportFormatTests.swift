import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// The export format's bytes, pinned: a user's backups must not change when `--json` does.
@Suite(.tags(.unit)) struct ExportFormatTests {
    static let favorites = [
        Favorite(
            name: "Elbphilharmonie", coordinate: Coordinate(latitude: 53.5413, longitude: 9.9842),
            displayName: "Elbphilharmonie, Hamburg, Deutschland", countryCode: "de"),
        Favorite(
            name: "No. 10, \"PM\"", coordinate: Coordinate(latitude: 51.5034, longitude: -0.1277),
            displayName: "Line\nbreak\u{7}", countryCode: nil),
        Favorite(
            name: "東京", coordinate: Coordinate(latitude: 35.6895, longitude: 139), displayName: "東京, 日本",
            countryCode: "jp"),
    ]
    static let snapshots = [
        Snapshot(
            id: 3, savedAt: Date(timeIntervalSince1970: 1_753_585_800), placeName: "Elbphilharmonie",
            coordinate: Coordinate(latitude: 53.5413, longitude: 9.9842),
            utcOffsetSeconds: 7_200, timeZone: "Europe/Berlin",
            reading: SnapshotReading(
                dataTime: Date(timeIntervalSince1970: 1_753_585_200), temperatureCelsius: 16.5,
                precipitationProbabilityPercent: 20, precipitationMillimetres: 0, weatherCode: 3,
                forecastDays: [
                    KeptForecastDay(
                        date: LocalDate(year: 2025, month: 7, day: 27), temperatureMaxCelsius: 24.1,
                        temperatureMinCelsius: 16.3, precipitationSumMillimetres: 0,
                        precipitationProbabilityMaxPercent: 20, weatherCode: 3),
                    KeptForecastDay(
                        date: LocalDate(year: 2025, month: 7, day: 28), temperatureMaxCelsius: nil,
                        temperatureMinCelsius: 17.1, precipitationSumMillimetres: 0.2,
                        precipitationProbabilityMaxPercent: 35, weatherCode: 80),
                ])),
        Snapshot(
            id: 4, savedAt: Date(timeIntervalSince1970: 1_753_600_000), placeName: "Nowhere",
            coordinate: Coordinate(latitude: -33.86, longitude: 151.2),
            utcOffsetSeconds: -12_600, timeZone: nil,
            reading: SnapshotReading(
                dataTime: Date(timeIntervalSince1970: 1_753_599_600), temperatureCelsius: -0.25,
                precipitationProbabilityPercent: nil, precipitationMillimetres: nil, weatherCode: nil)),
    ]
    static let history = [
        HistoryEntry(number: 1, line: "find \"St. John's\"", time: Date(timeIntervalSince1970: 1_753_585_800)),
        HistoryEntry(number: 2, line: "show, then\tsave", time: Date(timeIntervalSince1970: 1_753_585_861)),
    ]

    static func export(_ kind: ExportKind, _ format: ExchangeFormat) -> String {
        switch kind {
        case .favorites: DataExchange.text(DataExchange.objects(favorites: favorites), kind: kind, format: format)
        case .snapshots: DataExchange.text(DataExchange.objects(snapshots: snapshots), kind: kind, format: format)
        case .history: DataExchange.text(DataExchange.objects(history: history), kind: kind, format: format)
        }
    }

    @Test func favoritesBytes() {
        #expect(
            Self.export(.favorites, .json) == #"""
                {"schema_version":4,"what":"favorites","records":[{"name":"Elbphilharmonie","latitude":53.5413,"longitude":9.9842,"display_name":"Elbphilharmonie, Hamburg, Deutschland","country_code":"de"},{"name":"No. 10, \"PM\"","latitude":51.5034,"longitude":-0.1277,"display_name":"Line\nbreak\u0007","country_code":null},{"name":"東京","latitude":35.6895,"longitude":139,"display_name":"東京, 日本","country_code":"jp"}]}

                """#)
        #expect(
            Self.export(.favorites, .csv)
                == "name,latitude,longitude,display_name,country_code\r\nElbphilharmonie,53.5413,9.9842,\"Elbphilharmonie, Hamburg, Deutschland\",de\r\n\"No. 10, \"\"PM\"\"\",51.5034,-0.1277,\"Line\nbreak\u{7}\",\r\n東京,35.6895,139,\"東京, 日本\",jp\r\n"
        )
    }

    @Test func snapshotsBytes() {
        #expect(
            Self.export(.snapshots, .json) == #"""
                {"schema_version":4,"what":"snapshots","records":[{"id":3,"saved_at":"2025-07-27T03:10:00Z","place":{"name":"Elbphilharmonie","latitude":53.5413,"longitude":9.9842},"data_time":"2025-07-27T03:00:00Z","utc_offset_seconds":7200,"temperature_celsius":16.5,"precipitation_probability_percent":20,"precipitation_millimetres":0,"weather_code":3,"condition":"overcast","forecast_days":[{"date":"2025-07-27","temperature_max_celsius":24.1,"temperature_min_celsius":16.3,"precipitation_sum_millimetres":0,"precipitation_probability_max_percent":20,"weather_code":3},{"date":"2025-07-28","temperature_max_celsius":null,"temperature_min_celsius":17.1,"precipitation_sum_millimetres":0.2,"precipitation_probability_max_percent":35,"weather_code":80}],"forecast_days_utc":false},{"id":4,"saved_at":"2025-07-27T07:06:40Z","place":{"name":"Nowhere","latitude":-33.86,"longitude":151.2},"data_time":"2025-07-27T07:00:00Z","utc_offset_seconds":-12600,"temperature_celsius":-0.25,"precipitation_probability_percent":null,"precipitation_millimetres":null,"weather_code":null,"condition":null,"forecast_days":null,"forecast_days_utc":false}]}

                """#)
        #expect(
            Self.export(.snapshots, .csv) == """
                id,saved_at,place_name,place_latitude,place_longitude,data_time,utc_offset_seconds,temperature_celsius,precipitation_probability_percent,precipitation_millimetres,weather_code,condition,forecast_days,forecast_days_utc\r
                3,2025-07-27T03:10:00Z,Elbphilharmonie,53.5413,9.9842,2025-07-27T03:00:00Z,7200,16.5,20,0,3,overcast,"[{""date"":""2025-07-27"",""temperature_max_celsius"":24.1,""temperature_min_celsius"":16.3,""precipitation_sum_millimetres"":0,""precipitation_probability_max_percent"":20,""weather_code"":3},{""date"":""2025-07-28"",""temperature_max_celsius"":null,""temperature_min_celsius"":17.1,""precipitation_sum_millimetres"":0.2,""precipitation_probability_max_percent"":35,""weather_code"":80}]",false\r
                4,2025-07-27T07:06:40Z,Nowhere,-33.86,151.2,2025-07-27T07:00:00Z,-12600,-0.25,,,,,,false\r

                """)
    }

    @Test func historyBytes() {
        #expect(
            Self.export(.history, .json) == #"""
                {"schema_version":4,"what":"history","records":[{"number":1,"line":"find \"St. John's\"","time":"2025-07-27T03:10:00Z"},{"number":2,"line":"show, then\tsave","time":"2025-07-27T03:11:01Z"}]}

                """#)
        #expect(
            Self.export(.history, .csv)
                == "number,line,time\r\n1,\"find \"\"St. John's\"\"\",2025-07-27T03:10:00Z\r\n2,\"show, then\tsave\",2025-07-27T03:11:01Z\r\n"
        )
    }

    @Test func emptyExportsKeepTheirHeader() {
        #expect(
            DataExchange.text([], kind: .favorites, format: .json)
                == #"{"schema_version":4,"what":"favorites","records":[]}"# + "\n")
        #expect(DataExchange.text([], kind: .snapshots, format: .csv).hasPrefix("id,saved_at,"))
        #expect(DataExchange.text([], kind: .history, format: .csv) == "number,line,time\r\n")
    }

    /// The schema names the version and, in order, the fields each record writes.
    @Test func schemaIsVersionedAndListsEachRecordsFields() throws {
        let data = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("schema/wx-export.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(schema["x-wx-export-version"] as? Int == ExportFormatVersion.current)
        let definitions = try #require(schema["$defs"] as? [String: Any])
        func required(_ name: String) -> [String]? { (definitions[name] as? [String: Any])?["required"] as? [String] }
        #expect(required("favorite") == FavoriteExportRecord.template.fields.map(\.name))
        // Fields added after version 1 are optional, so that a file of an earlier version stays valid.
        #expect(
            required("snapshot").map { $0 + ["forecast_days", "forecast_days_utc"] }
                == SnapshotExportRecord.template.fields.map(\.name))
        #expect(required("history_entry") == HistoryExportRecord.template.fields.map(\.name))
    }

    /// What export writes as JSON validates against schema/wx-export.schema.json (python3-jsonschema).
    @Test func jsonExportsValidateAgainstTheExportSchema() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/exports.jsonl"
        let exports =
            ExportKind.allCases.map { Self.export($0, .json) }.joined()
            + DataExchange.text([], kind: .snapshots, format: .json)
        try exports.write(toFile: file, atomically: true, encoding: .utf8)
        let root = TestPaths.packageRoot.path
        let check = try runProgram(
            "/usr/bin/python3", [root + "/scripts/validate-json.py", root + "/schema/wx-export.schema.json", file],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// `import favorites` reads back what `export favorites` wrote, in either format.
    @Test(arguments: ExchangeFormat.allCases) func importReadsWhatExportWrote(_ format: ExchangeFormat) throws {
        var favorites = Self.favorites
        favorites[1].displayName = "Prime Minister’s Office, London"
        let text = DataExchange.text(DataExchange.objects(favorites: favorites), kind: .favorites, format: format)
        let read = try DataExchange.favorites(from: text)
        #expect(read.problems.isEmpty)
        #expect(
            read.favorites.map {
                Favorite(
                    name: $0.name, coordinate: $0.coordinate, displayName: $0.displayName, countryCode: $0.countryCode)
            } == favorites)
    }
}
