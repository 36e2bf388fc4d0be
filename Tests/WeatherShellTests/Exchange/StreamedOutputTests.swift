import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// `export` to standard output and `saved --json` are printed as the log is read (issue 22,
/// item 5): no write the runner makes holds more than a piece of about 64 KiB, however long the
/// list, and what is printed is byte for byte the document the renderers make of the whole list.
/// (The whole document used to be made in memory and written at once.)
@MainActor
@Suite(.tags(.unit)) struct StreamedOutputTests {
    let home = TemporaryFolder()

    /// Remembers what a runner prints, and the longest single write.
    final class MeasuringConsole: OutputSink {
        private(set) var output = ""
        private(set) var errors = ""
        private(set) var largestWrite = 0
        func write(_ text: String) {
            output += text
            largestWrite = max(largestWrite, text.utf8.count)
        }
        func writeError(_ text: String) { errors += text }
    }

    /// A piece of 64 KiB (`TextPieces`) and at most one record more. (Written as a number, so
    /// that this test also builds, and fails, on the code before streaming.)
    static let largestPiece = (64 << 10) + (16 << 10)

    /// A log of `commands` commands and a quarter as many snapshots with a kept forecast (1 MB
    /// for 2,000), one in five of them deleted, written as wx writes its records. (Small enough
    /// not to hold the main actor, which other tests wait on, for long.)
    func writeLargeLog(commands: Int = 2_000) throws {
        let session = makeTestSession(home: home)
        let log = EventLog(folder: session.configuration.stateFolder)
        let time = Date(timeIntervalSince1970: 1_770_414_000)
        let day = KeptForecastDay(
            date: LocalDate(year: 2026, month: 2, day: 7), temperatureMaxCelsius: 9.1, temperatureMinCelsius: nil,
            precipitationSumMillimetres: 0.4, precipitationProbabilityMaxPercent: 30, weatherCode: 61)
        _ = try log.appendSnapshot(
            placeName: "=Lyon, \"Rhône\" 東京", coordinate: Coordinate(latitude: 45.76, longitude: 4.84),
            utcOffsetSeconds: 3_600, timeZone: "Europe/Paris",
            reading: SnapshotReading(
                dataTime: time, temperatureCelsius: 7.4, precipitationProbabilityPercent: nil,
                precipitationMillimetres: 0.3, weatherCode: 3, forecastDays: Array(repeating: day, count: 7)),
            at: time)
        let path = session.configuration.stateFolder + "/log.jsonl"
        let snapshotLine = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[0]
        #expect(snapshotLine.contains(#""id":1,"#))
        var text = ""
        for number in 1...commands {
            text +=
                #"{"kind":"command","line":"show \"Zürich\", 東京, \"St. John's\", =SUM(A1), München #\#(number)","n":\#(number),"#
            text += #""ts":"2026-02-06T21:40:00Z","v":1}"# + "\n"
            if number % 4 == 0 {
                text += snapshotLine.replacingOccurrences(of: #""id":1,"#, with: #""id":\#(number / 4),"#) + "\n"
            }
            if number % 20 == 0 {
                text += #"{"id":\#(number / 4 - 2),"kind":"snapshot.deleted","ts":"2026-02-06T21:40:00Z","v":1}"# + "\n"
            }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// What the runner prints for `line`, checked against the renderers' whole document.
    func check(_ line: String, _ command: Command, format: OutputFormat, records: Int) async throws {
        let console = MeasuringConsole()
        let runner = ShellRunner(
            session: makeTestSession(home: home), output: console, format: format, colour: false, unicode: true,
            fitsWidth: false)
        #expect(await runner.run(line: line) == .succeeded, "\(line): \(console.errors)")
        #expect(console.errors == "")
        // The same command's results, rendered whole by the renderers, as before streaming.
        let session = makeTestSession(home: home)
        session.listsKeptForecasts = format == .json
        let context = RenderContext(
            units: .metric, now: session.now(), colour: false, unicode: true, width: 80, fitsWidth: false)
        let whole = try await session.execute(command).map { result in
            format == .json
                ? JSONRenderer.render(result, context: context) : TextRenderer.render(result, context: context)
        }.joined()
        #expect(console.output.utf8.count > 2 * Self.largestPiece, "\(line): \(console.output.utf8.count) bytes")
        #expect(console.output == whole, "\(line)")
        #expect(console.largestWrite <= Self.largestPiece, "\(line): one write of \(console.largestWrite) bytes")
        if format == .json {
            let document = try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any]
            let listed = (document?["records"] ?? document?["snapshots"]) as? [Any]
            // The history holds each line run before, this one included.
            #expect((listed?.count ?? 0) >= records, "\(line)")
            if document?["type"] as? String == "export" { #expect(document?["count"] as? Int == listed?.count) }
        }
    }

    @Test func exportToStandardOutputIsPrintedAsTheLogIsRead() async throws {
        try writeLargeLog()
        // Each format once as the file's text and once under `--json`.
        let cases: [(ExportKind, ExchangeFormat, OutputFormat)] = [
            (.history, .csv, .text), (.history, .json, .json), (.snapshots, .json, .text), (.snapshots, .csv, .json),
        ]
        for (kind, exchange, output) in cases {
            let line = "export \(kind.rawValue) --format \(exchange.rawValue)"
            let command = Command.export(kind, format: exchange, path: nil)
            try await check(line, command, format: output, records: kind == .history ? 2_000 : 400)
        }
    }

    @Test func savedUnderJSONIsPrintedAsTheLogIsRead() async throws {
        try writeLargeLog()
        try await check("saved", .snapshots, format: .json, records: 400)
    }

    /// A log that fails to be read half way: what was read is printed, then the error, and the
    /// command fails.
    @Test func aReadFailingOnTheWayIsAnErrorAfterWhatWasPrinted() async throws {
        try writeLargeLog(commands: 6_000)
        let files = FailingFileSystem()
        let console = MeasuringConsole()
        let runner = ShellRunner(
            session: makeTestSession(home: home, fileSystem: files), output: console, format: .text, colour: false,
            unicode: true, fitsWidth: false)
        files.failReads(from: 1 << 20) { $0.hasSuffix("/log.jsonl") }
        #expect(await runner.run(line: "export history") == .failed)
        // The records of the first MiB read, not the whole history.
        let printed = console.output.split(separator: "\r\n").count
        #expect(printed > 200 && printed < 6_000, "\(printed) lines")
        #expect(console.errors.contains("log.jsonl"), "\(console.errors)")
    }
}
