/// Comma-separated values as RFC 4180 defines them: fields separated by commas, records by
/// CRLF; a field holding a comma, a double quote, CR or LF is enclosed in double quotes, and a
/// double quote inside it is doubled.
package enum CSV {
    /// `records` as CSV text, every record ended by CRLF.
    package static func encode(_ records: [[String]]) -> String {
        var out = ""
        for record in records {
            out += record.map(field).joined(separator: ",")
            out += "\r\n"
        }
        return out
    }

    /// A field as written: enclosed in quotes when it holds a comma, a quote, CR or LF, or when
    /// it starts with the apostrophe `neutralized` adds (OWASP: quote such cells too).
    static func field(_ text: String) -> String {
        guard
            text.first == "'"
                || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
        else {
            return text
        }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// The first characters that make a spreadsheet read a cell as a formula (OWASP, “CSV
    /// Injection”): `=`, `+`, `-`, `@`, tab and carriage return.
    static func startsFormula(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar == "=" || scalar == "+" || scalar == "-" || scalar == "@" || scalar == "\t" || scalar == "\r"
    }

    /// Whether `text`, after any apostrophes it starts with, starts a formula.
    static func needsApostrophe(_ text: String) -> Bool {
        startsFormula(text.unicodeScalars.first { $0 != "'" })
            && (text.unicodeScalars.first == "'" || startsFormula(text.unicodeScalars.first))
    }

    /// A text cell made safe to open in a spreadsheet: one that starts a formula — or that
    /// starts with apostrophes before one, so that `restored` gives back exactly what was
    /// written — gets an apostrophe in front (`=HYPERLINK(…)` → `'=HYPERLINK(…)`), which
    /// spreadsheets show as text. Only text cells are passed: numbers (a longitude of -0.1277)
    /// stay numbers. Applied to the text as exported, after control characters were stripped.
    package static func neutralized(_ text: String) -> String {
        needsApostrophe(text) ? "'" + text : text
    }

    /// A text cell as `neutralized` had it: the apostrophe it added removed.
    package static func restored(_ cell: String) -> String {
        guard cell.unicodeScalars.first == "'" else { return cell }
        let rest = String(cell.unicodeScalars.dropFirst())
        return needsApostrophe(rest) ? rest : cell
    }

    /// One record read back, with the line of the file it starts on (1-based), for messages.
    package struct Record: Hashable, Sendable {
        package var line: Int
        package var fields: [String]
    }

    /// A quote that does not close, or text after a closing quote, with the line it is on.
    package struct FormatError: Error, Hashable, Sendable {
        package var line: Int
        package var message: String
    }

    /// Reads CSV text. Accepts CRLF or LF line ends, a missing final line end, and quoted fields
    /// across lines; skips empty lines.
    ///
    /// - Throws: `FormatError` for a quote that is never closed or stray text after a closing quote.
    ///
    /// - Parameter stoppingAtCancellation: whether the reading ends, with the records read so
    ///   far, once the task it runs in is cancelled (asked every 1,024th record): the caller
    ///   then sees `Task.isCancelled` and drops them.
    package static func decode(_ text: String, stoppingAtCancellation: Bool = false) throws(FormatError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoted = false
        var afterQuote = false
        var index = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var stopped = false
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            if stoppingAtCancellation, records.count % 1024 == 0, Task.isCancelled { stopped = true }
            fields = []
            field = ""
            afterQuote = false
        }
        while index < scalars.endIndex, !stopped {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if quoted {
                if scalar == "\"" {
                    if index < scalars.endIndex && scalars[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index = scalars.index(after: index)
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
            case "\r":
                if index < scalars.endIndex && scalars[index] == "\n" { continue }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true
            default:
                if afterQuote { throw FormatError(line: line, message: "text after a closing quote") }
                field.unicodeScalars.append(scalar)
            }
        }
        if stopped { return records }
        if quoted { throw FormatError(line: recordLine, message: "a quote that is never closed") }
        if !field.isEmpty || !fields.isEmpty || afterQuote { endRecord() }
        return records
    }
}
