import FoundationEssentials

/// A JSON document to write, with object members in a fixed order: the one writer behind
/// `--json` output and the cache's per-place forecast entries.
package indirect enum JSONOutput: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    package static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.serialized == b.serialized }
    package func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

    /// A parsed document, its object members in key order (so equal values give equal text).
    package init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSONOutput.init))
        case .object(let members): self = .object(members.keys.sorted().map { ($0, JSONOutput(members[$0]!)) })
        }
    }

    /// Compact JSON on one line (RFC 8259): numbers in their shortest round-trip form, `null`
    /// for a number that is not finite; in strings, control characters (C0, DEL and C1) as
    /// `\u00XX`, so the text is safe to print and parses back to the same value.
    package var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += value.isFinite ? DecimalText.shortest(value) : "null"
        case .string(let text): Self.escape(text, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.escape(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func escape(_ text: String, into out: inout String) {
        out += "\""
        // Most text (URLs, keys, names) needs no escape: appended whole, not scalar by scalar
        // (2,550 appends were 0.7 M instructions of a `find` + `show`). 0xC2 leads U+0080–U+00BF,
        // among them the C1 controls: such text takes the scalar path.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xC2 }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// Compact JSON text that `JSONValue.parse` reads back as an equal value.
    package var serialized: String { JSONOutput(self).serialized }
}
