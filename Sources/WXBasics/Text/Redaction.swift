/// Keeps secrets out of what wx shows and keeps: API keys a service echoes back in its messages,
/// keys typed on a command line (before it goes into the history), and the user name and password
/// a URL may carry. The one scrubber: the history, error lines and the JSON error document all
/// go through `scrubbed(_:secrets:)`, so a secret hidden in one is hidden in all.
package enum Redaction {
    /// What a secret is replaced with.
    package static let mask = "***"

    /// The query parameters whose values are secrets wherever they appear in a text
    /// (matched without regard to case, after a character that is not a letter, digit or `_`).
    static let secretParameters = ["appid=", "api_key=", "apikey=", "key=", "token=", "access_token="].map {
        Array($0.utf8)
    }

    /// `text` with every occurrence of each of `secrets` (those of 4 characters or more), the
    /// value of every `appid=`, `api_key=`, `apikey=`, `key=`, `token=` or `access_token=`
    /// parameter, and every word of 32 hexadecimal digits (an OpenWeatherMap key typed
    /// anywhere, `looksLikeKey`) replaced by `***`. A value that is already `***` stays as it is, so scrubbing
    /// twice gives what scrubbing once gave.
    /// A value runs up to `&`, white space, a quote, `<`, `>`, `,`, `;`, `)`, a non-ASCII character
    /// or the end.
    ///
    /// - Parameters:
    ///   - text: a service's message, a transport's error text, a detail.
    ///   - secrets: the configured keys (e.g. `OPENWEATHERMAP_API_KEY`).
    package static func scrubbed(_ text: String, secrets: [String] = []) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            result = result.replacing(secret, with: mask)
        }
        let bytes = Array(result.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            let atBoundary = index == 0 || !isAlphanumeric(bytes[index - 1])
            if atBoundary, let parameter = secretParameters.first(where: { matches($0, in: bytes, at: index) }) {
                output.append(contentsOf: bytes[index..<(index + parameter.count)])
                index += parameter.count
                let valueStart = index
                while index < bytes.count, !endsValue(bytes[index]) { index += 1 }
                if index > valueStart, !bytes[valueStart..<index].elementsEqual(mask.utf8) {
                    output.append(contentsOf: mask.utf8)
                    changed = true
                } else {
                    output.append(contentsOf: bytes[valueStart..<index])
                }
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        let scrubbed = changed ? String(decoding: output, as: UTF8.self) : result
        return keyShapedWords(in: scrubbed).isEmpty ? scrubbed : maskingKeyShapedWords(scrubbed)
    }

    /// How many hexadecimal digits an OpenWeatherMap API key has (a key pasted where a place
    /// belongs is one such word).
    package static let keyDigits = 32

    /// Whether `text` holds what looks like an API key rather than a place: a word of exactly
    /// `keyDigits` hexadecimal digits (an OpenWeatherMap key), or a secret parameter
    /// (`appid=…`, `api_key=…`, `key=…`, `token=…`) pasted with it. Such text is sent to no
    /// geocoder, kept in no cache and printed nowhere (issue 38).
    package static func looksLikeKey(_ text: String) -> Bool {
        if !keyShapedWords(in: text).isEmpty { return true }
        let bytes = Array(text.utf8)
        return bytes.indices.contains { index in
            (index == 0 || !isAlphanumeric(bytes[index - 1]))
                && secretParameters.contains { matches($0, in: bytes, at: index) }
        }
    }

    /// The byte ranges of the words of `text` that are exactly `keyDigits` hexadecimal digits
    /// (a word: between characters that are not letters, digits or `_`).
    static func keyShapedWords(in text: String) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        var found: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard isAlphanumeric(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isAlphanumeric(bytes[end]) { end += 1 }
            if end - index == keyDigits, bytes[index..<end].allSatisfy(isHexDigit) { found.append(index..<end) }
            index = end
        }
        return found
    }

    /// `text` with each key-shaped word (`keyShapedWords`) replaced by `mask`.
    static func maskingKeyShapedWords(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for range in keyShapedWords(in: text).reversed() { bytes.replaceSubrange(range, with: Array(mask.utf8)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// `url` without the user name and password of its authority: `http://user:pass@host/x`
    /// becomes `http://***@host/x`. Anything else is returned as it is.
    package static func displayURL(_ url: String) -> String {
        let authorityStart: String.Index
        if let scheme = url.firstRange(of: "://") {
            authorityStart = scheme.upperBound
        } else {
            authorityStart = url.startIndex
        }
        let authorityEnd =
            url[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? url.endIndex
        guard let at = url[authorityStart..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<authorityStart]) + mask + String(url[at...])
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    static func matches(_ parameter: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard index + parameter.count <= bytes.count else { return false }
        for offset in 0..<parameter.count {
            let byte = bytes[index + offset]
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            if lowered != parameter[offset] { return false }
        }
        return true
    }

    /// Whether `byte` ends a parameter's value: a separator, or the first byte of a non-ASCII
    /// character (keys are ASCII; wx's own quotes “ ” around a typed text are not part of one).
    static func endsValue(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        return switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: ")"):
            true
        default: false
        }
    }
}
