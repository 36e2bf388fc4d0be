import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `save`, `saved`, `saved N` and `saved delete N` as text.
extension TextRenderer {
    /// `save`: the new snapshot's number, place and reading, and — when the reading is one
    /// `show` calls "not now" (its time further than `WeatherPresentation.conditionsBoundSeconds`
    /// from now at the place, `context.now`, the instant `save` judged it at) — how old it is:
    /// "… at 2025-07-27 05:00 — that reading is 5 hours old, not now" (a daily user: a reading
    /// `show` had called not now was kept without a word).
    static func snapshotSaved(_ snapshot: Snapshot, context: RenderContext, format: ValueFormatter) -> [String] {
        let width = context.width
        let reading = snapshot.reading
        let time = format.dateTime(snapshot.localTime(reading.dataTime))
        return wrap(
            "snapshot \(snapshot.id) saved: \(snapshot.placeName) \(format.temperature(reading.temperatureCelsius)), \(format.percent(reading.precipitationProbabilityPercent)), \(format.precipitation(reading.precipitationMillimetres)) at \(time)"
                + readingNotNowText(reading.dataTime, now: context.now),
            indent: 0, width: width)
    }

    /// " — that reading is 5 hours old, not now" (" — that reading is for 4 hours after now,
    /// not now" for a clock set before it) when `time` is further from `now` than `show` calls
    /// the weather now (`WeatherPresentation.conditionsBoundSeconds`); "" otherwise.
    static func readingNotNowText(_ time: Date, now: Date) -> String {
        let age = now.timeIntervalSince(time)
        guard abs(age) > WeatherPresentation.conditionsBoundSeconds else { return "" }
        let span = TimeWords.roughSpan(seconds: age)
        return age >= 0
            ? " — that reading is \(span) old, not now" : " — that reading is for \(span) after now, not now"
    }

    /// `saved delete N`.
    static func snapshotRemoved(_ snapshot: Snapshot) -> [String] {
        ["snapshot \(snapshot.id) deleted (\(snapshot.placeName))"]
    }

    /// `saved`: a row per snapshot, or what to do when there is none.
    static func snapshots(_ snapshots: [Snapshot], context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        var text = ""
        try? snapshotRows(
            { body in snapshots.forEach(body) }, context: context, format: format, style: style,
            to: { text += String(decoding: $0, as: UTF8.self) })
        return text.isEmpty
            ? [] : text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The bytes of laid-out `saved` rows handed to `out` at a time, at least (whole rows).
    static let textAtATime = 64 << 10

    /// Rows of the `saved` list whose cells the measuring reading keeps for the laying out, so
    /// that a list of up to this many is read and formatted once (reading and formatting it twice
    /// took `saved` from 50 to 80–100 ms CPU at a million log lines); about 120 bytes a row
    /// (`SnapshotCellMaker.Rows`).
    static let rowsKept = 32_768

    /// `saved` as text (UTF-8), each line ending in "\n", written to `out` in pieces: `forEachSnapshot`
    /// is read to measure the columns, keeping the cells of the first `keeping` rows, then — only
    /// when there are more — read again for the rest; the rows are laid out into bytes and handed
    /// on `textAtATime` at a time, so that a list of any length is never held whole.
    ///
    /// - Parameter keeping: how many rows' cells the first reading keeps (`rowsKept`).
    static func snapshotRows(
        _ forEachSnapshot: ((Snapshot) -> Void) throws(StoreError) -> Void, context: RenderContext,
        format: ValueFormatter, style: Style, keeping: Int = rowsKept,
        to out: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(StoreError) {
        func write(line: String) {
            var line = line
            line.withUTF8(out)
        }
        let width = context.width
        let columnCount = SnapshotCellMaker.Rows.columns
        // The widest cell of each column, and the widest name.
        var naturals = [Int](repeating: 0, count: columnCount)
        var rows = 0
        // The first `keeping` rows' cells.
        var kept = SnapshotCellMaker.Rows()
        var maker = SnapshotCellMaker(format: format)
        // A row past the kept ones, measured and let go.
        let row = SnapshotCellMaker.Rows()
        try forEachSnapshot { snapshot in
            if rows < keeping {
                maker.append(snapshot, to: kept)
                for index in 0..<columnCount {
                    naturals[index] = max(naturals[index], kept.width(row: rows, column: index))
                }
            } else {
                row.removeAll()
                maker.append(snapshot, to: row)
                for index in 0..<columnCount {
                    naturals[index] = max(naturals[index], row.width(row: 0, column: index))
                }
            }
            rows += 1
        }
        // Wrapped between words as `favs`'s note is (trial 17: the terminal broke it mid-word at 40).
        guard rows > 0 else {
            for line in TextLayout.wrap(
                "no snapshots: “save” keeps the last weather shown", indent: 0, continuation: 2, width: width)
            {
                write(line: line + "\n")
            }
            return
        }
        let table = snapshotTable(widestName: naturals[2], widestCondition: naturals[6], context: context)
        let fitted = table.fitted(naturals: naturals, width: width)
        // Holds the rows laid out and not yet handed on.
        let writer = TextTable.LineWriter(
            fitted.kept.map { table.columns[$0] }, layout: fitted.layout, indent: table.indent,
            capacity: textAtATime + 4096)
        func lay(_ cells: SnapshotCellMaker.Rows, _ row: Int) {
            writer.startLine()
            for column in fitted.kept {
                cells.withCell(row: row, column: column) {
                    writer.add($0, columns: cells.width(row: row, column: column))
                }
            }
            writer.endLine()
            writer.newline()
        }
        let keptRows = min(rows, keeping)
        for index in 0..<keptRows {
            lay(kept, index)
            if writer.count >= textAtATime { writer.take(out) }
        }
        kept = SnapshotCellMaker.Rows()
        if rows > keptRows {
            var skipped = 0
            try withoutActuallyEscaping(out) { (out) throws(StoreError) in
                try forEachSnapshot { snapshot in
                    // The rows kept above were laid out from the first reading.
                    guard skipped == keptRows else {
                        skipped += 1
                        return
                    }
                    row.removeAll()
                    maker.append(snapshot, to: row)
                    lay(row, 0)
                    if writer.count >= textAtATime { writer.take(out) }
                }
            }
        }
        if writer.count > 0 { writer.take(out) }
        // Columns left out are named, as every table view does (trial 9: at 40 columns the
        // chance, amount and condition went without a word).
        for line in leftOutNote(table.leftOutNames(kept: fitted.kept), width: width, style: style) {
            write(line: line + "\n")
        }
    }

    /// The cells of a `saved` row: number, data time, place, temperature, rain chance,
    /// precipitation, condition.
    static func snapshotCells(_ snapshot: Snapshot, format: ValueFormatter) -> [String] {
        let reading = snapshot.reading
        return [
            snapshot.id == 0 ? "new" : String(snapshot.id), format.dateTime(snapshot.localTime(reading.dataTime)),
            snapshot.placeName, format.temperature(reading.temperatureCelsius),
            format.percent(reading.precipitationProbabilityPercent),
            format.precipitation(reading.precipitationMillimetres),
            keptCondition(reading.weatherCode),
        ]
    }

    /// The columns of `saved`, without cells. 65 columns before the condition at 80; narrower,
    /// the words give way, then the amount, the chance and the condition are left out (and named
    /// under the list): a value is never cut. The name takes the columns the condition's widest
    /// leaves spare, so a name that fits is whole.
    ///
    /// - Parameters:
    ///   - widestName: the widest place name, in terminal columns.
    ///   - widestCondition: the widest condition, in terminal columns (nil: as wide as its column
    ///     may be, none spare).
    static func snapshotTable(widestName: Int, widestCondition: Int? = nil, context: RenderContext) -> TextTable {
        let width = context.width
        // "2025-07-27 12:00 pm" is three columns wider than "2025-07-27 12:00": the name
        // gives them up, its narrowest width too, so the 12-hour list keeps the same layout
        // instead of closing up (at 80 columns the name's 14 had made it 83 wide: no padding).
        let dateWidth = context.units.clock == .twelveHour ? 19 : 16
        let clockExtra = dateWidth - 16
        let conditionWidth = max(4, width - 65 - max(0, width - 80))
        // The condition's columns its widest cell does not need: "Elbphilharmonie" (15) was cut
        // to 14 at 80 columns beside "overcast" in a column of 15 (trial61).
        let spare = max(0, conditionWidth - max(4, widestCondition ?? conditionWidth))
        let nameWidth = max(14 - clockExtra, min(width - 66 - clockExtra + spare, widestName))
        let given = max(0, nameWidth - max(14 - clockExtra, min(width - 66 - clockExtra, widestName)))
        return TextTable(
            columns: [
                .init(header: "", cells: [], width: 5, right: true),
                .init(header: "", cells: [], lead: 2, width: dateWidth),
                .init(
                    header: "", cells: [], lead: 2,
                    // No wider than the longest name: at 120 columns the values stood 40
                    // columns from the names (trial 16).
                    width: nameWidth, shrinkable: 8),
                .init(header: "", cells: [], lead: 1, width: 8, right: true),
                .init(header: "", cells: [], lead: 1, width: 5, right: true, dropOrder: 2, name: "rain chance"),
                .init(header: "", cells: [], lead: 1, width: 8, right: true, dropOrder: 1, name: "precipitation"),
                .init(
                    header: "", cells: [], lead: 2, width: conditionWidth - given, shrinkable: 8,
                    dropOrder: 3, name: "condition"),
            ], indent: 0)
    }

    /// `saved N`: the snapshot's reading and how its kept forecast turned out, in `width`
    /// columns: a value that does not fit after its label goes on under it, whole words.
    ///
    /// Its data time and the time it was saved are both written as wx writes a moment
    /// ("2025-07-27 05:00 (UTC+02:00)"), so the two read side by side, each at the UTC offset the
    /// place had at that moment: the data time at `snapshotClock`'s, the saved-at time at
    /// `savedClock`'s.
    static func snapshot(_ snapshot: Snapshot, _ outcome: ForecastOutcome, format: ValueFormatter, width: Int = .max)
        -> [String]
    {
        let reading = snapshot.reading
        func moment(_ clock: LocalDateTime) -> String {
            "\(format.dateTime(clock)) (UTC\(TimeWords.utcOffset(clock.utcOffsetSeconds)))"
        }
        let fields = [
            ("data time", moment(snapshot.localTime(reading.dataTime))),
            ("temperature", format.temperature(reading.temperatureCelsius)),
            ("condition", keptCondition(reading.weatherCode)),
            ("rain chance", format.percent(reading.precipitationProbabilityPercent)),
            ("precipitation", format.precipitation(reading.precipitationMillimetres)),
            ("saved at", savedAtText(snapshot, outcome, moment: moment)),
        ]
        return TextLayout.wrap(
            "snapshot \(snapshot.id): \(snapshot.placeName) (\(snapshot.coordinate.latitudeLongitudeText))", indent: 0,
            continuation: 2, width: width)
            + fields.flatMap { label, value in
                TextLayout.wrap(value, after: "  " + TextLayout.pad(label, to: 13) + " ", width: width)
            }
            + forecastCheck(outcome, format: format, width: width)
    }

    /// The saved-at field: at the place (`savedClock`); or, when the days were judged by a
    /// clock behind it (`recordingClockText`), by the user's clock, in the user's zone
    /// (`ForecastOutcome.yourZone`, UTC without one) — nu61: "20:47 (UTC+01:00), by your clock"
    /// was Berlin's time, where the user's clock read 19:47 UTC.
    static func savedAtText(
        _ snapshot: Snapshot, _ outcome: ForecastOutcome, moment: (LocalDateTime) -> String
    ) -> String {
        let recording = recordingClockText(snapshot, outcome, moment: moment)
        guard !recording.isEmpty else { return moment(savedClock(snapshot)) }
        let yours = ZoneClock(ZoneInfo(identifier: outcome.yourZone, abbreviation: nil, utcOffsetSeconds: 0))
        return moment(yours.localTime(snapshot.savedAt)) + recording
    }

    /// After the saved-at time, when the days were judged by a clock behind it: in `make demo`
    /// the data time and which days have passed go by the recording's clock, the saved-at time
    /// by yours (a record's time is wx's own). `saved 2` read "saved at 2026-12-06 03:32" above
    /// "not passed yet: Fri 06 Feb to Thu 12 Feb": the one clock is named beside the other.
    /// Empty when the days were judged at or after the save, as they are outside the demo.
    static func recordingClockText(
        _ snapshot: Snapshot, _ outcome: ForecastOutcome, moment: (LocalDateTime) -> String
    ) -> String {
        guard let judged = outcome.judgedAt, snapshot.savedAt.timeIntervalSince(judged) > 60 else { return "" }
        let clock = ZoneClock(
            ZoneInfo(identifier: snapshot.timeZone, abbreviation: nil, utcOffsetSeconds: snapshot.utcOffsetSeconds))
        return
            ", by your clock; the data time and the days passed are by the recording’s, \(moment(clock.localTime(judged)))"
    }

    /// When the snapshot was saved, at its place under the offset its zone's rules give for that
    /// instant; under the offset kept with it only when its zone is unknown (an imported snapshot)
    /// or not in the tz database.
    ///
    /// The kept offset is the data time's, which may be months from the save: Berlin's July
    /// reading saved in December kept UTC+02:00, and its saved-at time at that offset read an hour
    /// late (trial 16).
    static func savedClock(_ snapshot: Snapshot) -> LocalDateTime {
        ZoneClock(
            ZoneInfo(identifier: snapshot.timeZone, abbreviation: nil, utcOffsetSeconds: snapshot.utcOffsetSeconds)
        ).localTime(snapshot.savedAt)
    }
}
