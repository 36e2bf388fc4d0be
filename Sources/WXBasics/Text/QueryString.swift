/// Builds request URLs. Every query value goes through `encode`, the one percent-encoder in wx.
package enum QueryString {
    /// Percent-encodes `value` for a URL query: everything but RFC 3986 unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`) becomes `%XX` of its UTF-8 bytes, so space, `&`, `#`, `+`, `=`,
    /// `%` and "Zürich" or "東京" all survive as one value.
    package static func encode(_ value: String) -> String {
        // Into bytes, then one string: appending scalar by scalar to a String cost about 500
        // instructions a byte (0.73 M of a `find` + `show`, issue 39).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count * 3)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The upper-case hexadecimal digit of `value` (0–15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// `base` + `path` + `?name=value&…`, each name and value encoded; a trailing slash on `base`
    /// is dropped so that `https://host/` and `https://host` give the same URL.
    package static func url(base: String, path: String, _ items: [(String, String)]) -> String {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let query = items.map { "\(encode($0.0))=\(encode($0.1))" }.joinedText(separator: "&")
        return query.isEmpty ? "\(trimmed)\(path)" : "\(trimmed)\(path)?\(query)"
    }
}
