import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherStore

@testable import WeatherShell

/// `saved`'s rows are laid out from their cells' bytes (`SnapshotCellMaker.Rows`,
/// `TextTable.LineWriter`): each line must be what padding every cell as text gives
/// (`TextLayout.pad`, which cuts with `TextLayout.truncate`, then trailing spaces removed as
/// characters) — for wide characters, marks, names cut at every width, an empty list and one row.
@Suite(.tags(.unit)) struct SnapshotRowsLayoutTests {
    /// 2026-07-01T12:00:00Z.
    let noon = Date(timeIntervalSince1970: 1_782_907_200)

    static let names = [
        "Hamburg", "東京都 千代田区", "🚀 Rocket City", "👨‍👩‍👧 Family", "e\u{301}cole Saint-Étienne", "Łódź ☂ ✈",
        "한국 서울특별시 중구 세종대로", "北京市海淀区中关村大街一号院二号楼", "A very long place name that is cut somewhere along it",
        "x", "Zürich", "ends in a wide 東", "ends in a mark e\u{301}", "\u{200B}zero width",
        String(repeating: "y", count: 80),
    ]

    func snapshot(_ id: Int, _ name: String, temperature: Double?, code: Int?) -> Snapshot {
        Snapshot(
            id: id, savedAt: noon, placeName: name, coordinate: Coordinate(latitude: 53.55, longitude: 9.99),
            utcOffsetSeconds: 3_600 * (id % 5), timeZone: nil,
            reading: SnapshotReading(
                dataTime: noon.addingTimeInterval(Double(id) * 977), temperatureCelsius: temperature,
                precipitationProbabilityPercent: id % 4 == 0 ? nil : Double(id * 7 % 101),
                precipitationMillimetres: id % 6 == 0 ? nil : Double(id % 50) / 10, weatherCode: code))
    }

    /// The list as `snapshotRows` writes it.
    func laid(_ snapshots: [Snapshot], width: Int, units: UnitPreferences = .metric) throws -> String {
        let context = RenderContext(units: units, now: noon, colour: false, unicode: true, width: width)
        var text = ""
        try TextRenderer.snapshotRows(
            { body in snapshots.forEach(body) }, context: context,
            format: ValueFormatter(units: units, unicode: true), style: Style(colour: false),
            to: { text += String(decoding: $0, as: UTF8.self) })
        return text
    }

    /// The list made of strings: each cell padded (and cut) by `TextLayout.pad` to the layout
    /// `fitted` gives for the widest cells, trailing spaces removed a character at a time.
    func reference(_ snapshots: [Snapshot], width: Int, units: UnitPreferences = .metric) -> String {
        let context = RenderContext(units: units, now: noon, colour: false, unicode: true, width: width)
        let format = ValueFormatter(units: units, unicode: true)
        let cells = snapshots.map { TextRenderer.snapshotCells($0, format: format) }
        var naturals = [Int](repeating: 0, count: 7)
        for row in cells {
            for index in 0..<7 { naturals[index] = max(naturals[index], TextLayout.columns(row[index])) }
        }
        let table = TextRenderer.snapshotTable(widestName: naturals[2], widestCondition: naturals[6], context: context)
        let fitted = table.fitted(naturals: naturals, width: width)
        var text = ""
        for row in cells {
            var line = String(repeating: " ", count: table.indent)
            for (place, index) in fitted.kept.enumerated() {
                let column = table.columns[index]
                line += String(repeating: " ", count: fitted.layout[place].lead)
                line += TextLayout.pad(row[index], to: fitted.layout[place].width, right: column.right)
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        let note = TextRenderer.leftOutNote(
            table.leftOutNames(kept: fitted.kept), width: width, style: Style(colour: false))
        return text + note.map { $0 + "\n" }.joined()
    }

    /// Widths where the narrowest layout fits. (At 24 columns, narrower than any layout, this
    /// reference and wx — before and after the cells went as bytes, byte for byte alike — part
    /// ways; not examined here.)
    @Test(arguments: [40, 52, 58, 66, 80, 120, 200])
    func rowsAreTheCellsPaddedAsText(width: Int) throws {
        let codes: [Int?] = [0, 3, 61, 95, nil, 7]
        let snapshots = (1...90).map {
            snapshot(
                $0, Self.names[$0 % Self.names.count], temperature: $0 % 9 == 0 ? nil : Double($0) * 1.7 - 40,
                code: codes[$0 % codes.count])
        }
        #expect(try laid(snapshots, width: width) == reference(snapshots, width: width))
        #expect(
            try laid(snapshots, width: width, units: .imperial) == reference(snapshots, width: width, units: .imperial))
        // Each name alone: a list of one row, its name the widest.
        for (index, name) in Self.names.enumerated() {
            let one = [snapshot(index + 1, name, temperature: 7.4, code: 3)]
            #expect(try laid(one, width: width) == reference(one, width: width), "\(name)")
        }
    }

    /// The same place row after row, cut at a narrow width: cut once, every row the same.
    @Test func aNameCutInEveryRowIsCutAlike() throws {
        let snapshots = (1...50).map { snapshot($0, "Sankt Peter-Ording, Nordfriesland 東京", temperature: 7.4, code: 3) }
        let text = try laid(snapshots, width: 40)
        #expect(text == reference(snapshots, width: 40))
        #expect(text.contains("…"))
    }

    @Test func anEmptyListSaysHowToSaveOne() throws {
        #expect(try laid([], width: 80) == "no snapshots: “save” keeps the last weather shown\n")
    }
}
