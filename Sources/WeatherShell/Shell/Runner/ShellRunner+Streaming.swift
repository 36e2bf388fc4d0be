import WXBasics
import WeatherStore

/// Results whose records are read as they are printed — `export` to standard output, `saved`
/// (as text, read twice: its columns measured, then its rows), `saved verify` a place at a
/// time — go out in pieces of about 64 KiB (`TextPieces`) as the log is read, so that
/// their memory does not grow with the log; the text is byte for byte what the renderers make of
/// the whole list. A read of the log that fails on the way is an error after the pieces already
/// printed (none when it fails within the first).
extension ShellRunner {
    /// Prints `result` as it is read, when it is such a result in the current format.
    ///
    /// - Returns: nil when `result` is not printed this way (`emit` prints it); else success, or
    ///   the failure of a read of the log on the way, after the part printed before it.
    func stream(_ result: CommandResult) -> Result<Void, ShellError>? {
        let write: ((String) -> Void) throws(StoreError) -> Void
        // `saved`'s rows, laid out as bytes: handed on as bytes (without a string made of them).
        var writeBytes: (((UnsafeBufferPointer<UInt8>) -> Void) throws(StoreError) -> Void)?
        switch (result, format) {
        case (.exportData(let kind, let exchangeFormat, let records), .text):
            write = { out throws(StoreError) in
                _ = try StreamedText.exportData(records, kind: kind, format: exchangeFormat, to: out)
            }
        case (.exportData(let kind, let exchangeFormat, let records), .json):
            write = { out throws(StoreError) in
                try StreamedText.exportDocument(records, kind: kind, format: exchangeFormat, to: out)
            }
        case (.snapshotList(let snapshots), .json):
            write = { out throws(StoreError) in try StreamedText.snapshotList(snapshots, to: out) }
        case (.snapshotList(let snapshots), .text):
            // The list read twice, its columns measured before its rows are laid out.
            let context = renderContext(for: result)
            let format = ValueFormatter(units: context.units, unicode: context.unicode)
            let style = Style(colour: context.colour)
            write = { _ in }
            writeBytes = { out throws(StoreError) in
                try TextRenderer.snapshotRows(
                    { body throws(StoreError) in try snapshots.forEachRecord(body) }, context: context, format: format,
                    style: style,
                    to: { bytes in
                        guard !context.unicode else { return out(bytes) }
                        var text = TextRenderer.ascii(String(decoding: bytes, as: UTF8.self))
                        text.withUTF8(out)
                    })
            }
        case (.verification(let places, _), .json):
            write = { out in JSONRenderer.verification(places, to: out) }
        case (.verification(let places, _), .text):
            let context = renderContext(for: result)
            let format = ValueFormatter(units: context.units, unicode: context.unicode)
            write = { out in
                TextRenderer.verification(places, format: format, width: context.reportWidth) {
                    out(context.unicode ? $0 : TextRenderer.ascii($0))
                }
            }
        default:
            return nil
        }
        let sink = output
        var pieces = TextPieces { sink.write(utf8: $0) }
        do throws(StoreError) {
            if let writeBytes {
                try writeBytes { pieces.append(utf8: $0) }
            } else {
                try write { pieces.append($0) }
            }
        } catch {
            // What is gathered is dropped: a log that fails within the first piece prints only
            // the error, as before streaming; one that fails later, the pieces printed so far.
            return .failure(ShellError(error))
        }
        pieces.flush()
        return .success(())
    }
}
