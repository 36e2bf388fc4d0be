/// Builds request URLs. Every query value goes through `encode`, the one percent-encoder in wx.
package enum QueryString {
    /// Percent-encodes `value` for a URL query: everything but RFC 3986 unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`) becomes `%XX` of its UTF-8 bytes, so space, `&`, `#`, `+`, `=`,
    /// `%` and "Zürich" or "東京" all survive as one value.
    package static func encode(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// `base` + `path` + `?name=value&…`, each name and value encoded; a trailing slash on `base`
    /// is dropped so that `https://host/` and `https://host` give the same URL.
    package static func url(base: String, path: String, _ items: [(String, String)]) -> String {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let query = items.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        return query.isEmpty ? "\(trimmed)\(path)" : "\(trimmed)\(path)?\(query)"
    }
}
