import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// `export history FILE` is written as it is read; what it writes is what the export of the same
/// history to standard output holds, byte for byte, in either format.
@MainActor
@Suite(.tags(.unit)) struct StreamedExportTests {
    let home = TemporaryFolder()

    nonisolated static let cases: [(ExportKind, ExchangeFormat)] = [
        (.history, .csv), (.history, .json), (.snapshots, .csv), (.snapshots, .json),
    ]

    @Test(arguments: cases)
    func aStreamedExportIsTheSameAsTheWholeOne(kind: ExportKind, format: ExchangeFormat) async throws {
        let session = makeTestSession(home: home)
        for line in ["find Hamburg", #"fav "a, b""#, "=cmd|x", "show Zürich 東京", "history"] {
            try session.recordCommand(line)
        }
        let log = EventLog(folder: session.configuration.stateFolder)
        let time = Date(timeIntervalSince1970: 1_770_414_000)
        for (index, name) in ["Hamburg", "=Lyon, \"Rhône\"", "東京"].enumerated() {
            _ = try log.appendSnapshot(
                placeName: name, coordinate: Coordinate(latitude: 10 + Double(index), longitude: 9.99),
                utcOffsetSeconds: 3_600, timeZone: "Europe/Berlin",
                reading: SnapshotReading(
                    dataTime: time, temperatureCelsius: 7.4, precipitationProbabilityPercent: nil,
                    precipitationMillimetres: 0.3, weatherCode: 3,
                    forecastDays: [
                        KeptForecastDay(
                            date: LocalDate(year: 2026, month: 2, day: 7), temperatureMaxCelsius: 9.1,
                            temperatureMinCelsius: nil, precipitationSumMillimetres: 0.4,
                            precipitationProbabilityMaxPercent: 30, weatherCode: 61)
                    ]),
                at: time)
        }
        _ = try log.deleteSnapshot(2, at: time)
        let file = home.path + "/\(kind.rawValue).\(format.rawValue)"
        let whole = try await session.execute(.export(kind, format: format, path: nil))
        guard case .exportData(_, _, let stream) = whole.first else {
            Issue.record("no export data: \(whole)")
            return
        }
        let records = stream.collected
        let text = DataExchange.text(records, kind: kind, format: format)
        let written = try await session.execute(.export(kind, format: format, path: file))
        guard case .exported(_, let count, _, _) = written.first else {
            Issue.record("not exported: \(written)")
            return
        }
        #expect(count == records.count && count == (kind == .history ? 5 : 2))
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self) == text)
    }
}
