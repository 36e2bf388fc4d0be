import FoundationEssentials

/// A property-list value of any type, kept as it was read: the entries of state.plist this wx
/// does not know (a newer wx or the user wrote them), written back unchanged at the next write.
///
/// An XML `<real>` holding a whole number comes back as an `<integer>`; every other value keeps
/// its type.
package indirect enum PlistValue: Hashable, Sendable, Codable {
    case bool(Bool)
    case string(String)
    case integer(Int)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    package init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? container.decode(String.self) {
                self = .string(value)
                return
            }
            if let value = try? container.decode(Int.self) {
                self = .integer(value)
                return
            }
            if let value = try? container.decode(Double.self) {
                self = .real(value)
                return
            }
            if let value = try? container.decode(Date.self) {
                self = .date(value)
                return
            }
            if let value = try? container.decode(Data.self) {
                self = .data(value)
                return
            }
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [PlistValue] = []
            while !container.isAtEnd { items.append(try container.decode(PlistValue.self)) }
            self = .array(items)
            return
        }
        let container = try decoder.container(keyedBy: PlistKey.self)
        var entries: [String: PlistValue] = [:]
        for key in container.allKeys { entries[key.stringValue] = try container.decode(PlistValue.self, forKey: key) }
        self = .dictionary(entries)
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .dictionary(let entries):
            var container = encoder.container(keyedBy: PlistKey.self)
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                try container.encode(value, forKey: PlistKey(key))
            }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .real(let value): try container.encode(value)
            case .date(let value): try container.encode(value)
            case .data(let value): try container.encode(value)
            case .array, .dictionary: break
            }
        }
    }

    /// The entries of the dictionary `decoder` reads whose keys are not among `known`'s cases.
    static func otherEntries<Known: CodingKey & CaseIterable>(in decoder: any Decoder, known: Known.Type)
        -> [String: PlistValue]
    {
        guard let container = try? decoder.container(keyedBy: PlistKey.self) else { return [:] }
        let names = Set(Known.allCases.map(\.stringValue))
        var entries: [String: PlistValue] = [:]
        for key in container.allKeys where !names.contains(key.stringValue) {
            if let value = try? container.decode(PlistValue.self, forKey: key) { entries[key.stringValue] = value }
        }
        return entries
    }

    /// Adds `entries` to the dictionary `encoder` is writing.
    static func encode(_ entries: [String: PlistValue], to encoder: any Encoder) throws {
        guard !entries.isEmpty else { return }
        var container = encoder.container(keyedBy: PlistKey.self)
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: PlistKey(key))
        }
    }
}

/// Any key of a property-list dictionary.
struct PlistKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
