import FoundationEssentials

/// Writes log records' JSON by hand, byte for byte as `EventLog.encoded`'s JSONEncoder writes them
/// (keys sorted, slashes not escaped), for the records written at every command: the encoder's
/// generic machinery (its first protocol-conformance lookups and metadata built by name included)
/// cost 1.9 M instructions for a command record and 1.1 M for a look, of a `find` + `show` of
/// ~36 M. Each caller writes its keys in sorted order; tests compare with JSONEncoder.
struct RecordJSON {
    private(set) var bytes: [UInt8] = []
    /// Whether the object being written has a member yet (one entry per open object).
    private var started: [Bool] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// Opens an object (as a value: after `key`, or inside an array, or at the top).
    mutating func open() {
        bytes.append(UInt8(ascii: "{"))
        started.append(false)
    }

    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        started.removeLast()
    }

    /// `"key":` after a comma when the object has a member already.
    mutating func key(_ name: StaticString) {
        if started[started.count - 1] { bytes.append(UInt8(ascii: ",")) }
        started[started.count - 1] = true
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes += #"":"#.utf8
    }

    /// `"key":"value"`; nothing when `value` is nil (JSONEncoder leaves an absent optional out).
    mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// `"key":number`; nothing when `value` is nil.
    mutating func member(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    /// `"key":integer`.
    mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        int(value)
    }

    /// An array of `items`, each written by `write`.
    mutating func array<Item>(_ items: some Sequence<Item>, _ write: (inout RecordJSON, Item) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func int(_ value: Int) { bytes += String(value).utf8 }

    mutating func bool(_ value: Bool) { bytes += (value ? "true" : "false").utf8 }

    /// A finite number as JSONEncoder writes it: Swift's shortest round-trip form without a
    /// trailing ".0" (`21`, `14.7`, `1e-05`, `-0`). Records write only finite numbers (values
    /// are bounded by `PhysicalRange` first, which no NaN or infinity is within).
    mutating func number(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes += text.utf8
    }

    /// `text` as a JSON string the way JSONEncoder writes it: `"` and `\` escaped, backspace,
    /// form feed, newline, carriage return and tab by their letters, the other characters below
    /// U+0020 as `\u00xx` (lower-case hex); everything else, `/` and DEL included, as it is.
    mutating func string(_ text: String) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
