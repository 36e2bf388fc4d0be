import FoundationEssentials

extension JSONValue {
    /// `data` with every bare `nan`, `NaN`, `inf`, `-inf`, `Infinity` or `-Infinity` written
    /// where a value belongs replaced by `null`, so that the strict parser can read the rest.
    ///
    /// Open-Meteo's Ensemble API can write such words into a member's array (a value its
    /// encoder could not represent); as a missing value they do no harm, while refusing the
    /// whole answer would hide every good member. Text inside strings is left alone; the scan
    /// knows strings and escapes only, so anything else that is not JSON stays not JSON.
    ///
    /// - Returns: the bytes, unchanged when there was nothing to replace.
    package static func nullingNonNumbers(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        let words: [[UInt8]] = ["-Infinity", "Infinity", "-inf", "-nan", "inf", "nan", "NaN", "-NaN"].map {
            Array($0.utf8)
        }
        var out: [UInt8] = []
        var index = 0
        var inString = false
        var changed = false
        /// Whether the byte before `position` (skipping spaces) is where a value starts.
        func atValueStart(_ position: Int) -> Bool {
            var back = position - 1
            while back >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[back]) { back -= 1 }
            return back < 0 || [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "[")].contains(bytes[back])
        }
        scan: while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    out.append(byte)
                    out.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                out.append(byte)
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") || byte == UInt8(ascii: "i")
                || byte == UInt8(ascii: "I") || byte == UInt8(ascii: "-"), atValueStart(index)
            {
                for word in words
                where index + word.count <= bytes.count && Array(bytes[index..<index + word.count]) == word {
                    let end = index + word.count
                    // A whole word: followed by a delimiter, not by more letters ("null" is not "nan").
                    let next = end < bytes.count ? bytes[end] : UInt8(ascii: " ")
                    guard
                        [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(next)
                    else { continue }
                    out.append(contentsOf: Array("null".utf8))
                    index = end
                    changed = true
                    continue scan
                }
            }
            out.append(byte)
            index += 1
        }
        return changed ? Data(out) : data
    }
}
