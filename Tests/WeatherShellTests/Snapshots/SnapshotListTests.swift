import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore
import WeatherTestSupport

@testable import WeatherShell

/// `saved`: the list of snapshots as text, one row each, at the place's local time.
@Suite(.tags(.unit)) struct SnapshotListTests {
    /// 2026-07-01T12:00:00Z.
    let noon = Date(timeIntervalSince1970: 1_782_907_200)

    func snapshot(_ id: Int, _ place: String, offset: Int, zone: String?, temperature: Double? = 21.5) -> Snapshot {
        Snapshot(
            id: id, savedAt: noon, placeName: place, coordinate: Coordinate(latitude: 53.55, longitude: 9.99),
            utcOffsetSeconds: offset, timeZone: zone,
            reading: SnapshotReading(
                dataTime: noon, temperatureCelsius: temperature, precipitationProbabilityPercent: 5,
                precipitationMillimetres: 0, weatherCode: 1))
    }

    func text(_ snapshots: [Snapshot], width: Int = 80) -> String {
        TextRenderer.render(
            .snapshots(snapshots),
            context: RenderContext(units: .metric, now: noon, colour: false, unicode: true, width: width))
    }

    /// The time is the data time under the UTC offset kept with the snapshot (what the service
    /// said for that instant), whatever its zone: as `--json` and `export` give it. "Zürich,
    /// Schweiz" (15 columns) is whole: "mainly clear" leaves the condition's column 3 spare
    /// (trial61: it was cut to "Zürich, Schwe…" in a line of 77).
    @Test func eachRowIsAtTheOffsetKeptWithTheSnapshot() {
        let rows = text([
            snapshot(1, "Hamburg", offset: 7_200, zone: "Europe/Berlin"),
            snapshot(2, "Kept +01:00", offset: 3_600, zone: "America/New_York"),
            snapshot(3, "Kept 0", offset: 0, zone: "Europe/Berlin"),
            snapshot(4, "London", offset: 0, zone: nil, temperature: nil),
            snapshot(12_345, "Zürich, Schweiz", offset: 7_200, zone: "Europe/Zurich", temperature: -0.04),
        ])
        #expect(
            rows == """
                    1  2026-07-01 14:00  Hamburg          21.5 °C   5 %   0.0 mm  mainly clear
                    2  2026-07-01 13:00  Kept +01:00      21.5 °C   5 %   0.0 mm  mainly clear
                    3  2026-07-01 12:00  Kept 0           21.5 °C   5 %   0.0 mm  mainly clear
                    4  2026-07-01 12:00  London                 —   5 %   0.0 mm  mainly clear
                12345  2026-07-01 14:00  Zürich, Schweiz   0.0 °C   5 %   0.0 mm  mainly clear

                """)
    }

    /// `saved N` writes its data time and its saved-at time the same way, as wx writes a moment,
    /// at the place's offset: it wrote the second as ISO 8601 UTC ("2026-07-01T12:30:00Z").
    @Test func savedNWritesBothTimesAlike() {
        var kept = snapshot(1, "Hamburg", offset: 7_200, zone: "Europe/Berlin")
        kept.savedAt = noon.addingTimeInterval(1_800)
        let lines = TextRenderer.render(
            .snapshot(kept, ForecastOutcome(kept: false, days: [], source: nil, problem: nil)),
            context: RenderContext(units: .metric, now: noon, colour: false, unicode: true, width: 80)
        ).split(separator: "\n").map(String.init)
        #expect(lines.contains("  data time     2026-07-01 14:00 (UTC+02:00)"))
        #expect(lines.contains("  saved at      2026-07-01 14:30 (UTC+02:00)"))
    }

    /// A July reading saved in December (trial 16): its saved-at time is at the offset its zone
    /// had in December, not at the data time's kept offset (the demo's Berlin snapshot read
    /// "18:48 (UTC+02:00)" beside Munich's "17:48 (UTC+01:00)", saved the same minute).
    @Test func savedAtIsAtTheOffsetItsZoneHadWhenItWasSaved() {
        var berlin = snapshot(1, "Berlin", offset: 7_200, zone: "Europe/Berlin")
        // 2026-12-02T16:48:00Z.
        berlin.savedAt = Date(timeIntervalSince1970: 1_796_230_080)
        var imported = berlin
        imported.timeZone = nil
        func lines(_ kept: Snapshot) -> [String] {
            TextRenderer.render(
                .snapshot(kept, ForecastOutcome(kept: false, days: [], source: nil, problem: nil)),
                context: RenderContext(units: .metric, now: noon, colour: false, unicode: true, width: 80)
            ).split(separator: "\n").map(String.init)
        }
        #expect(lines(berlin).contains("  data time     2026-07-01 14:00 (UTC+02:00)"))
        #expect(lines(berlin).contains("  saved at      2026-12-02 17:48 (UTC+01:00)"))
        // Without a zone, the kept offset is all there is.
        #expect(lines(imported).contains("  saved at      2026-12-02 18:48 (UTC+02:00)"))
    }

    /// Narrower, the name is cut with "…" and the columns close up; a line is never wider.
    @Test func aNarrowTerminalCutsTheNameNotTheNumbers() {
        let rows = text([snapshot(7, "Sankt Peter-Ording, Nordfriesland", offset: 7_200, zone: nil)], width: 60)
        #expect(TextLayout.columns(String(rows.dropLast())) <= 60)
        #expect(rows.contains("21.5 °C"))
        #expect(rows.contains("Sankt Peter-"))
        #expect(rows.contains("…"))
    }

    /// The list is laid out and handed on in pieces (`textAtATime` bytes) from two readings of
    /// the snapshots (one to measure the columns): the text is the one table of all the rows
    /// would be, at any width.
    @Test(arguments: [40, 58, 80, 120])
    func theListLaidOutInPiecesIsTheWholeTable(width: Int) throws {
        let names = ["Hamburg", "東京都 千代田区", "Saint-Étienne-du-Rouvray, Seine-Maritime", "Kiel", "Zürich"]
        let snapshots = (1...4_103).map {
            snapshot(
                $0, names[$0 % names.count], offset: 3_600, zone: nil,
                temperature: $0 % 3 == 0 ? nil : Double($0 % 60) - 20)
        }
        let context = RenderContext(units: .metric, now: noon, colour: false, unicode: true, width: width)
        let format = ValueFormatter(units: .metric, unicode: true)
        let cells = snapshots.map { TextRenderer.snapshotCells($0, format: format) }
        var table = TextRenderer.snapshotTable(
            widestName: names.map(TextLayout.columns).max() ?? 0,
            widestCondition: cells.map { TextLayout.columns($0[6]) }.max(), context: context)
        for index in table.columns.indices { table.columns[index].cells = cells.map { $0[index] } }
        let laid = table.layout(width: width, header: false)
        let whole =
            ([laid.text] + TextRenderer.leftOutNote(laid.leftOutHeaders, width: width, style: Style(colour: false)))
            .joined(separator: "\n") + "\n"
        // All rows kept from the first reading, none, and some (the rest read again).
        for keeping in [TextRenderer.rowsKept, 0, 2_053] {
            var pieces: [String] = []
            var readings = 0
            try TextRenderer.snapshotRows(
                { body in
                    readings += 1
                    snapshots.forEach(body)
                }, context: context, format: format, style: Style(colour: false), keeping: keeping,
                to: { pieces.append(String(decoding: $0, as: UTF8.self)) })
            #expect(pieces.count > 2)
            #expect(pieces.joined() == whole)
            #expect(readings == (keeping >= snapshots.count ? 1 : 2))
        }
        #expect(text(snapshots, width: width) == whole)
    }

    /// `SnapshotCellMaker` keeps each value's text once made: every row's cells and widths are
    /// those `snapshotCells` makes of it alone, in either preset, in ASCII, for values coming back,
    /// nil, both zeros, and more distinct values than its tables hold.
    @Test(arguments: [UnitPreferences.metric, .imperial])
    func theCellMakerMakesTheCellsOfEachRowAsAlone(units: UnitPreferences) {
        let values: [Double?] = [nil, 0, -0.0, 7.45, -12.25, 0.04, 100, 1e-9, -0.04]
        let names = ["Hamburg", "東京", "Zürich", ""]
        let codes: [Int?] = [0, 1, 3, 45, 61, 95, 7, nil]
        var snapshots: [Snapshot] = []
        for index in 0..<10_000 {
            let temperature: Double? = index < 5_000 ? values[index % values.count] : Double(index) / 8 - 300
            let chance: Double? = values[(index / 3) % values.count].map { abs($0) }
            let amount: Double? = index % 11 == 0 ? nil : Double(index % 700) / 10
            let reading = SnapshotReading(
                dataTime: noon.addingTimeInterval(Double(index) * 3_541), temperatureCelsius: temperature,
                precipitationProbabilityPercent: chance, precipitationMillimetres: amount,
                weatherCode: codes[index % codes.count])
            snapshots.append(
                Snapshot(
                    id: index, savedAt: noon, placeName: names[index % names.count],
                    coordinate: Coordinate(latitude: 53.55, longitude: 9.99),
                    utcOffsetSeconds: (index % 27 - 13) * 3_600, timeZone: nil, reading: reading))
        }
        for unicode in [true, false] {
            let format = ValueFormatter(units: units, unicode: unicode)
            var maker = SnapshotCellMaker(format: format)
            // All rows in one buffer, as the first `rowsKept` are kept, and a row at a time.
            let rows = SnapshotCellMaker.Rows()
            let row = SnapshotCellMaker.Rows()
            for (index, snapshot) in snapshots.enumerated() {
                maker.append(snapshot, to: rows)
                row.removeAll()
                maker.append(snapshot, to: row)
                let alone = TextRenderer.snapshotCells(snapshot, format: format)
                for (cells, at) in [(rows, index), (row, 0)] {
                    let texts = (0..<SnapshotCellMaker.Rows.columns).map { column in
                        cells.withCell(row: at, column: column) { String(decoding: $0, as: UTF8.self) }
                    }
                    let widths = (0..<SnapshotCellMaker.Rows.columns).map { cells.width(row: at, column: $0) }
                    #expect(texts == alone && widths == alone.map { TextLayout.columns($0) }, "\(snapshot.id)")
                    if texts != alone { return }
                }
            }
            #expect(rows.count == snapshots.count)
        }
    }
}
