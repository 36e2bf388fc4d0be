import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// `import snapshots|history FILE` (issue 24 item 7): what wx exports, wx imports — exactly,
/// whole or not at all, numbered as README says, never twice.
@MainActor
@Suite(.tags(.unit)) struct LogImportTests {
    let old = TemporaryFolder()
    let new = TemporaryFolder()

    nonisolated static let cases: [(LogImportKind, ExchangeFormat)] = [
        (.snapshots, .csv), (.snapshots, .json), (.history, .csv), (.history, .json),
    ]
    static let time = Date(timeIntervalSince1970: 1_770_414_000)
    /// As a script's output: lines whole (at a terminal, one naming a file wraps at its width).
    static let context = RenderContext(
        units: .metric, now: Date(), colour: false, unicode: true, width: 80, fitsWidth: false)

    /// A home with five commands and three snapshots (the first deleted): text a spreadsheet would take
    /// for a formula, quotes and commas, other scripts, a tab, negative and missing values, a
    /// kept forecast and none.
    func filled(_ home: TemporaryFolder) throws -> WeatherSession {
        let session = makeTestSession(home: home)
        for line in ["find Hamburg", #"fav "a, b""#, "=cmd|x", "show Zürich 東京\tx", "-1 history"] {
            try session.recordCommand(line)
        }
        let log = EventLog(folder: session.configuration.stateFolder)
        for (index, name) in ["Hamburg", "=Lyon, \"Rhône\"", "東京"].enumerated() {
            _ = try log.appendSnapshot(
                placeName: name, coordinate: Coordinate(latitude: 10 + Double(index), longitude: -0.1277),
                utcOffsetSeconds: 3_600 * index, timeZone: "Europe/Berlin",
                reading: SnapshotReading(
                    dataTime: Self.time.addingTimeInterval(-600), temperatureCelsius: -7.4 + Double(index),
                    precipitationProbabilityPercent: index == 0 ? nil : 40, precipitationMillimetres: 0.3,
                    weatherCode: index == 1 ? nil : 61,
                    forecastDays: index == 2
                        ? nil
                        : [
                            KeptForecastDay(
                                date: LocalDate(year: 2026, month: 2, day: 7), temperatureMaxCelsius: 9.1,
                                temperatureMinCelsius: nil, precipitationSumMillimetres: 0.4,
                                precipitationProbabilityMaxPercent: 30, weatherCode: 61)
                        ]),
                at: Self.time.addingTimeInterval(Double(index)))
        }
        _ = try log.deleteSnapshot(1, at: Self.time)
        return session
    }

    func exported(_ session: WeatherSession, _ kind: LogImportKind, _ format: ExchangeFormat, to file: String)
        async throws -> String
    {
        _ = try await session.execute(.export(kind.exportKind, format: format, path: file))
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
    }

    func summary(_ results: [CommandResult]) -> LogImportSummary? {
        guard case .importedRecords(let summary) = results.first, results.count == 1 else { return nil }
        return summary
    }

    func logBytes(_ home: TemporaryFolder) -> Data {
        (try? Data(contentsOf: URL(fileURLWithPath: home.path + "/log.jsonl"))) ?? Data()
    }

    @Test func importParsesForEachKindOfTheLog() throws {
        // Today's main: a usage error ("usage: import favorites FILE").
        #expect(try CommandParser.parse("import snapshots s.csv") == .importLog(.snapshots, path: "s.csv"))
        #expect(try CommandParser.parse("import history ~/h.json") == .importLog(.history, path: "~/h.json"))
        #expect(try CommandParser.parse("import hist h.csv") == .importLog(.history, path: "h.csv"))
        #expect(throws: ShellError.self) { try CommandParser.parse("import snapshots") }
        #expect(CommandSpec.import.synopsis == "import <favorites|snapshots|history> FILE")
    }

    /// Export → import into a new home → export again: the same bytes, in both formats, for
    /// both kinds; the ids and numbers are kept, and the result says so.
    @Test(arguments: cases)
    func anExportReadBackIntoANewHomeExportsTheSameBytes(kind: LogImportKind, format: ExchangeFormat) async throws {
        let first = try await exported(try filled(old), kind, format, to: old.path + "/out.\(format.rawValue)")
        let session = makeTestSession(home: new)
        let results = try await session.execute(.importLog(kind, path: old.path + "/out.\(format.rawValue)"))
        let count = kind == .snapshots ? 2 : 5
        #expect(
            summary(results)?.outcome
                == LogImportOutcome(
                    numbers: kind == .snapshots ? [2, 3] : [1, 2, 3, 4, 5], kept: true, alreadyInLog: 0,
                    highestBefore: 0))
        let again = try await exported(session, kind, format, to: new.path + "/again.\(format.rawValue)")
        #expect(again == first)
        #expect(first.contains(kind == .snapshots ? "=Lyon, " : "=cmd|x"))
        let shown = results.map { TextRenderer.render($0, context: Self.context) }
        let noun = kind == .snapshots ? "snapshots" : "commands"
        let kept = kind == .snapshots ? "ids 2–3 kept" : "numbers 1–5 kept"
        #expect(shown == ["\(count) \(noun) imported from \(old.path)/out.\(format.rawValue), \(kept)\n"])
    }

    /// A snapshot's `forecast_days_utc` (export version 4) reads back; a file of version 3,
    /// without it, reads as the place's days, as before.
    @Test func utcDaysReadBackAndAnOlderFileReadsAsThePlacesDays() throws {
        let days = #"[{"date":"2025-07-27","temperature_max_celsius":24.1}]"#
        func record(_ extra: String) -> String {
            #"{"id":1,"saved_at":"2025-07-27T03:10:00Z","place":{"name":"Hamburg","latitude":53.5413,"longitude":9.9842},"data_time":"2025-07-27T03:00:00Z","utc_offset_seconds":7200,"temperature_celsius":16.5,"precipitation_probability_percent":0,"precipitation_millimetres":0,"weather_code":3,"condition":"overcast","forecast_days":"#
                + days + extra + "}"
        }
        let version4 =
            #"{"schema_version":4,"what":"snapshots","records":["# + record(#","forecast_days_utc":true"#) + "]}"
        let version3 = #"{"schema_version":3,"what":"snapshots","records":["# + record("") + "]}"
        #expect(try DataExchange.snapshots(from: version4).map(\.daysAreUTC) == [true])
        #expect(try DataExchange.snapshots(from: version3).map(\.daysAreUTC) == [false])
        let snapshot = try #require(try DataExchange.snapshots(from: version4).first)
        let csv = DataExchange.text(DataExchange.objects(snapshots: [snapshot]), kind: .snapshots, format: .csv)
        #expect(try DataExchange.snapshots(from: csv).map(\.daysAreUTC) == [true])
    }

    /// What `export … --json` prints to standard output reads back too.
    @Test func theJSONDocumentOfExportReadsBack() async throws {
        let session = try filled(old)
        let whole = try await session.execute(.export(.snapshots, format: .json, path: nil))
        try JSONRenderer.render(whole[0], context: Self.context).write(
            toFile: old.path + "/doc.json", atomically: true, encoding: .utf8)
        let results = try await makeTestSession(home: new).execute(.importLog(.snapshots, path: old.path + "/doc.json"))
        #expect(summary(results)?.outcome.numbers == [2, 3])
        // A document of another kind is named, not read as this one.
        await #expect(
            throws: ShellError.unreadableFile(
                "\(old.path)/doc.json: this is an export of snapshots, not of history; nothing imported")
        ) {
            try await makeTestSession(home: new).execute(.importLog(.history, path: old.path + "/doc.json"))
        }
    }

    /// The same file twice adds nothing the second time, and says so; the log is not written.
    @Test(arguments: cases)
    func importingTheSameFileTwiceAddsNothing(kind: LogImportKind, format: ExchangeFormat) async throws {
        let file = old.path + "/out.\(format.rawValue)"
        _ = try await exported(try filled(old), kind, format, to: file)
        let session = makeTestSession(home: new)
        _ = try await session.execute(.importLog(kind, path: file))
        let before = logBytes(new)
        let results = try await session.execute(.importLog(kind, path: file))
        let count = kind == .snapshots ? 2 : 5
        #expect(summary(results)?.outcome.alreadyInLog == count)
        #expect(summary(results)?.outcome.numbers == [])
        #expect(logBytes(new) == before)
        let place =
            kind == .snapshots
            ? "the log already (same place, saved at the same time)"
            : "the history already (same line at the same time)"
        #expect(
            results.map { TextRenderer.render($0, context: Self.context) }
                == ["nothing imported from \(file): all \(count) are in \(place)\n"])
    }

    /// Into a log that has some already: numbered on from the highest (a deleted id counts), in
    /// the file's order, every other field as exported.
    @Test func snapshotsAreRenumberedAfterTheHighestIDInTheLog() async throws {
        let first = try await exported(try filled(old), .snapshots, .csv, to: old.path + "/s.csv")
        let session = makeTestSession(home: new)
        let log = EventLog(folder: session.configuration.stateFolder)
        for index in 0..<2 {
            _ = try log.appendSnapshot(
                placeName: "Here", coordinate: Coordinate(latitude: 1, longitude: 1), utcOffsetSeconds: 0,
                timeZone: nil,
                reading: SnapshotReading(
                    dataTime: Self.time, temperatureCelsius: 1, precipitationProbabilityPercent: nil,
                    precipitationMillimetres: nil, weatherCode: nil),
                at: Self.time.addingTimeInterval(Double(100 + index)))
        }
        _ = try log.deleteSnapshot(2, at: Self.time)
        let results = try await session.execute(.importLog(.snapshots, path: old.path + "/s.csv"))
        #expect(
            summary(results)?.outcome
                == LogImportOutcome(numbers: [3, 4], kept: false, alreadyInLog: 0, highestBefore: 2))
        #expect(
            results.map { TextRenderer.render($0, context: Self.context) }
                == [
                    "2 snapshots imported from \(old.path)/s.csv as 3–4 (numbered on from 2, the highest id in the log)\n"
                ])
        let again = try await exported(session, .snapshots, .csv, to: new.path + "/s.csv")
        let rows = again.components(separatedBy: "\r\n")
        let firstRows = first.components(separatedBy: "\r\n")
        #expect(rows[0] == firstRows[0])
        #expect(rows[1].hasPrefix("1,"))
        #expect(rows[2] == "3" + firstRows[1].dropFirst(1))
        #expect(rows[3] == "4" + firstRows[2].dropFirst(1))
        // The next save numbers on from them.
        #expect(
            try log.appendSnapshot(
                placeName: "Next", coordinate: Coordinate(latitude: 2, longitude: 2), utcOffsetSeconds: 0,
                timeZone: nil,
                reading: SnapshotReading(
                    dataTime: Self.time, temperatureCelsius: nil, precipitationProbabilityPercent: nil,
                    precipitationMillimetres: nil, weatherCode: nil),
                at: Self.time
            ).id == 5)
    }

    @Test func commandsAreNumberedOnFromTheHistoryAndNotRun() async throws {
        _ = try await exported(try filled(old), .history, .json, to: old.path + "/h.json")
        let session = makeTestSession(home: new)
        try session.recordCommand("units")
        try session.recordCommand("about")
        let results = try await session.execute(.importLog(.history, path: old.path + "/h.json"))
        #expect(
            summary(results)?.outcome
                == LogImportOutcome(numbers: [3, 4, 5, 6, 7], kept: false, alreadyInLog: 0, highestBefore: 2))
        let history = session.historyList(last: 10)
        #expect(history.map(\.number) == [1, 2, 3, 4, 5, 6, 7])
        #expect(
            history.suffix(5).map(\.line) == [
                "find Hamburg", #"fav "a, b""#, "=cmd|x", "show Zürich 東京\tx", "-1 history",
            ])
        #expect(history.suffix(5).allSatisfy { $0.time == Recorded.newYorkNow })
        #expect(try session.recordCommand("favs") == 8)
        #expect(session.favorites.isEmpty)  // `fav "a, b"` was not run
    }

    /// One bad row refuses the file: named by its line (CSV) or item (JSON), nothing written.
    @Test func aBadRowRefusesTheWholeFileNamingItsLine() async throws {
        let file = old.path + "/s.csv"
        var rows = try await exported(try filled(old), .snapshots, .csv, to: file).components(separatedBy: "\r\n")
        rows[2] = rows[2].replacingOccurrences(of: ",12,", with: ",north,")
        try rows.joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let session = makeTestSession(home: new)
        await #expect(
            throws: ShellError.unreadableFile(
                "\(file): line 3: place_latitude “north” is not a number; nothing imported")
        ) { try await session.execute(.importLog(.snapshots, path: file)) }
        #expect(logBytes(new).isEmpty)
        let json = old.path + "/h.json"
        try
            #"[{"number":1,"line":"units","time":"2026-02-06T21:40:00Z"},{"number":2,"line":"about","time":"yesterday"}]"#
            .write(toFile: json, atomically: true, encoding: .utf8)
        await #expect(
            throws: ShellError.unreadableFile(
                "\(json): item 2: time “yesterday” is not an ISO 8601 time (2026-02-06T21:40:00Z); nothing imported")
        ) { try await session.execute(.importLog(.history, path: json)) }
        #expect(logBytes(new).isEmpty)
    }

    /// Every field has its bound (README, "Your data"): one beyond it is named, nothing imported.
    @Test(arguments: [
        ("id", "0", "id 0 is not a whole number in 1…9007199254740991"),
        ("id", "1.5", "id 1.5 is not a whole number in 1…9007199254740991"),
        ("place_name", String(repeating: "x", count: 201), "a place name longer than 200 characters"),
        ("place_name", "", "no place_name"),
        ("place_longitude", "181", "1,181 is not a place on Earth (latitude -90…90, longitude -180…180)"),
        ("utc_offset_seconds", "93601", "utc_offset_seconds 93601 is not a whole number in -93600…93600"),
        ("temperature_celsius", "71", "temperature_celsius 71 is outside -100…70"),
        ("precipitation_probability_percent", "101", "precipitation_probability_percent 101 is outside 0…100"),
        ("precipitation_millimetres", "-1", "precipitation_millimetres -1 is outside 0…2000"),
        ("weather_code", "100", "weather_code 100 is not a whole number in 0…99"),
        (
            "saved_at", "1899-12-31T23:59:59Z",
            "saved_at “1899-12-31T23:59:59Z” is not an ISO 8601 time (2026-02-06T21:40:00Z)"
        ),
        ("data_time", "nan", "data_time “nan” is not an ISO 8601 time (2026-02-06T21:40:00Z)"),
        ("forecast_days", "{}", "forecast_days is not a JSON array"),
        ("forecast_days_utc", "yes", "forecast_days_utc “yes” is not true or false"),
        (
            "forecast_days", "[" + Array(repeating: #"{"date":"2026-02-07"}"#, count: 17).joined(separator: ",") + "]",
            "17 forecast days, more than 16"
        ),
        ("forecast_days", #"[{"date":"2026-02-30"}]"#, "forecast day 1: “2026-02-30” is not a date (YYYY-MM-DD)"),
        (
            "forecast_days", #"[{"date":"2026-02-07","temperature_max_celsius":"9"}]"#,
            "forecast day 1: temperature_max_celsius is not a number"
        ),
    ])
    func aSnapshotFieldBeyondItsBoundIsNamed(column: String, value: String, message: String) async throws {
        let columns = DataExchange.columns(.snapshots)
        var cells = [
            "7", "2026-02-06T21:40:00Z", "Hamburg", "1", "2", "2026-02-06T21:30:00Z", "3600", "7.4", "40", "0.3", "3",
            "overcast", "", "false",
        ]
        cells[columns.firstIndex(of: column)!] = value
        let file = old.path + "/s.csv"
        try CSV.encode([columns, cells]).write(toFile: file, atomically: true, encoding: .utf8)
        await #expect(throws: ShellError.unreadableFile("\(file): line 2: \(message); nothing imported")) {
            try await makeTestSession(home: new).execute(.importLog(.snapshots, path: file))
        }
        #expect(logBytes(new).isEmpty)
    }

    @Test(arguments: [
        ("number", "0", "number 0 is not a whole number in 1…9007199254740991"),
        ("number", "9007199254740994", "number 9.007199254740994e+15 is not a whole number in 1…9007199254740991"),
        ("line", String(repeating: "x", count: 4_097), "a line longer than 4096 characters"),
        ("line", "show\u{1B}[31m", "the line has a control character (U+001B)"),
        ("line", "  ", "an empty line"),
        ("time", "2026-02-06", "time “2026-02-06” is not an ISO 8601 time (2026-02-06T21:40:00Z)"),
    ])
    func aCommandFieldBeyondItsBoundIsNamed(column: String, value: String, message: String) async throws {
        var fields = ["number": "1", "line": "units", "time": "2026-02-06T21:40:00Z"]
        fields[column] = value
        let file = old.path + "/h.csv"
        try CSV.encode([
            ["number", "line", "time"], ["2", "about", "2026-02-06T21:40:00Z"],
            ["number", "line", "time"].map { fields[$0]! },
        ])
        .write(toFile: file, atomically: true, encoding: .utf8)
        await #expect(throws: ShellError.unreadableFile("\(file): line 3: \(message); nothing imported")) {
            try await makeTestSession(home: new).execute(.importLog(.history, path: file))
        }
        #expect(logBytes(new).isEmpty)
    }

    @Test func aFileOfTheOtherKindOrNoneIsNamed() async throws {
        let file = old.path + "/h.csv"
        _ = try await exported(try filled(old), .history, .csv, to: file)
        let session = makeTestSession(home: new)
        await #expect(
            throws: ShellError.unreadableFile(
                "\(file): this is an export of history, not of snapshots; nothing imported")
        ) { try await session.execute(.importLog(.snapshots, path: file)) }
        try "name,latitude\r\nx,1\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        await #expect(
            throws: ShellError.unreadableFile(
                "\(file): the CSV header has no “number”, “line”, “time” columns of an export of history (it has: name, latitude); nothing imported"
            )
        ) { try await session.execute(.importLog(.history, path: file)) }
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        await #expect(throws: ShellError.unreadableFile("\(file): the file is empty; nothing imported")) {
            try await session.execute(.importLog(.history, path: file))
        }
        // A header and no rows: nothing to import, said so.
        try "number,line,time\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        let results = try await session.execute(.importLog(.history, path: file))
        #expect(
            results.map { TextRenderer.render($0, context: Self.context) } == [
                "no commands in \(file); nothing imported\n"
            ])
        #expect(logBytes(new).isEmpty)
    }

    /// Trial 4, item 7: a JSON export of another kind is named, as a CSV one is — not read as
    /// records with no id, nor as 56 favorites with no name.
    @Test func aJSONFileOfTheOtherKindIsNamed() async throws {
        let filledSession = try filled(old)
        let history = old.path + "/h.json"
        _ = try await exported(filledSession, .history, .json, to: history)
        let snapshots = old.path + "/s.json"
        _ = try await exported(filledSession, .snapshots, .json, to: snapshots)
        let session = makeTestSession(home: new)
        await #expect(
            throws: ShellError.unreadableFile(
                "\(history): this is an export of history, not of snapshots; nothing imported")
        ) { try await session.execute(.importLog(.snapshots, path: history)) }
        await #expect(
            throws: ShellError.unreadableFile(
                "\(snapshots): this is an export of snapshots, not of history; nothing imported")
        ) { try await session.execute(.importLog(.history, path: snapshots)) }
        await #expect(
            throws: ShellError.unreadableFile(
                "\(history): this is an export of history, not of favorites; nothing imported")
        ) { try await session.execute(.importFavorites(path: history)) }
        #expect(logBytes(new).isEmpty)
    }

    /// A write that fails (a full disk) imports nothing and says so; the next import, once the
    /// disk has room, imports all. The import writes a copy of the log renamed over it (trial
    /// 62), so it is that write that fails.
    @Test func aFailedWriteImportsNothing() async throws {
        let file = old.path + "/s.json"
        _ = try await exported(try filled(old), .snapshots, .json, to: file)
        let files = FailingFileSystem()
        let session = makeTestSession(home: new, fileSystem: files)
        try session.recordCommand("units")
        let before = logBytes(new)
        files.fail([.write], with: ENOSPC, matching: { $0.hasSuffix("/log.jsonl") })
        await #expect(
            throws: ShellError.storage(
                "snapshots not imported: cannot write \(new.path)/log.jsonl: No space left on device")
        ) { try await session.execute(.importLog(.snapshots, path: file)) }
        #expect(logBytes(new) == before)
        files.allow()
        let results = try await session.execute(.importLog(.snapshots, path: file))
        #expect(summary(results)?.outcome.numbers == [2, 3])
    }

    @Test func theJSONResultSaysWhatWasDone() async throws {
        let file = old.path + "/h.csv"
        _ = try await exported(try filled(old), .history, .csv, to: file)
        let results = try await makeTestSession(home: new).execute(.importLog(.history, path: file))
        #expect(
            JSONRenderer.render(results[0], context: Self.context)
                == #"{"type":"import","schema_version":1,"what":"history","path":"\#(file)","imported":5,"already_in_log":0,"numbers_kept":true,"first":1,"last":5}"#
                + "\n")
    }

    /// At the prompt: `import history FILE` alone is not recorded (the history is then the one
    /// exported); `import snapshots FILE` is, as any command; a failed import is an error line
    /// with exit status 1.
    @Test func theLineImportingHistoryIsNotRecorded() async throws {
        let file = old.path + "/h.csv"
        _ = try await exported(try filled(old), .history, .csv, to: file)
        let console = TestConsole()
        let runner = ShellRunner(
            session: makeTestSession(home: new), output: console, format: .text, colour: false, unicode: true)
        #expect(await runner.run(line: "import history \(file)") == .succeeded)
        #expect(await runner.run(line: "import snapshots \(old.path)/missing.csv") == .failed)
        #expect(console.output == "5 commands imported from \(file), numbers 1–5 kept\n")
        #expect(console.errors == "error: cannot read \(old.path)/missing.csv: No such file or directory\n")
        #expect(
            runner.session.historyList(last: 10).map(\.line)
                == [
                    "find Hamburg", #"fav "a, b""#, "=cmd|x", "show Zürich 東京\tx", "-1 history",
                    "import snapshots \(old.path)/missing.csv",
                ])
        #expect(runner.exitStatus == 1)
    }

    /// A snapshot deleted in the log is not "already there": importing it brings it back, with a
    /// new id.
    @Test func aDeletedSnapshotIsImportedAgain() async throws {
        let file = old.path + "/s.json"
        _ = try await exported(try filled(old), .snapshots, .json, to: file)
        let session = makeTestSession(home: new)
        _ = try await session.execute(.importLog(.snapshots, path: file))
        _ = try await session.execute(.snapshotRemove(2))
        let results = try await session.execute(.importLog(.snapshots, path: file))
        #expect(
            summary(results)?.outcome == LogImportOutcome(numbers: [4], kept: false, alreadyInLog: 1, highestBefore: 3))
        #expect(session.log.snapshots().map(\.id) == [3, 4])
    }
}
