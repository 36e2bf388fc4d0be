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

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
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
    package static func decode(_ text: String) throws(FormatError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoted = false
        var afterQuote = false
        var index = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
            field = ""
            afterQuote = false
        }
        while index < scalars.endIndex {
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
        if quoted { throw FormatError(line: recordLine, message: "a quote that is never closed") }
        if !field.isEmpty || !fields.isEmpty || afterQuote { endRecord() }
        return records
    }
}
