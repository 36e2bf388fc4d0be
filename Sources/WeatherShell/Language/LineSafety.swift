/// What a typed or piped line must be before any of it runs: not too long, no control
/// characters, nothing that was not UTF-8. A line that is not is refused whole — no command runs with part of it silently
/// removed, and no request is sent with a control byte inside.
package enum LineSafety {
    /// The longest line accepted, in characters; longer ones are refused whole.
    package static let maximumLength = 4_096

    /// The error for a line longer than `maximumLength`: `count` characters and the limit, or
    /// "more than 4096" when nil (the line editor stopped taking them), the limit said once.
    static func tooLong(count: Int?) -> ShellError {
        let length =
            count.map { "\($0) characters (at most \(maximumLength))" } ?? "more than \(maximumLength) characters"
        return .usage("line too long: \(length); nothing was run")
    }

    /// `line` ready to run: without a leading byte-order mark (from an editor) or a trailing
    /// carriage return (a CRLF script).
    ///
    /// - Returns: the line, or a usage error naming what is wrong: its length (in characters)
    ///   or its first control character (as U+XXXX; a tab is allowed), or the column of the
    ///   first byte that was not UTF-8 (which reading turned into U+FFFD).
    static func checked(_ line: String) -> Result<String, ShellError> {
        var text = line
        if text.first == "\u{FEFF}" { text.removeFirst() }
        guard text.count <= maximumLength else { return .failure(tooLong(count: text.count)) }
        if text.unicodeScalars.last == "\r" { text.unicodeScalars.removeLast() }
        // A NUL or ESC in a line is a mistake (a binary file piped in, a stray key).
        if let control = text.unicodeScalars.first(where: {
            ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }) {
            let code = String(control.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            return .failure(.usage("the line has a control character (U+\(padded)); nothing was run"))
        }
        // A byte that is not UTF-8 (a Latin-1 "ü" piped in) was read as U+FFFD: refused, not sent
        // to a service or kept in the history as "M�nchen".
        if let index = text.firstIndex(where: { $0.unicodeScalars.contains("\u{FFFD}") }) {
            let column = text.distance(from: text.startIndex, to: index) + 1
            return .failure(
                .usage(
                    "the line is not UTF-8 text (column \(column) has a byte that is not); nothing was run"))
        }
        return .success(text)
    }
}
