/// A JSON value that remembers where it was read. Objects keep their members in file order (the lab
/// prints frames in the order the scenario lists views) and never hold a key twice: the reader rejects
/// duplicate keys instead of silently keeping one, as Foundation's JSONSerialization would.
public struct JSONValue: Sendable {
    public indirect enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSONValue

        public init(key: String, keyLocation: SourceLocation = .none, value: JSONValue) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation = .none) {
        self.kind = kind
        self.location = location
    }

    /// The member named `key` of an object, or nil (also nil when this is not an object).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A name for the value's type, for error messages ("expected a number, found a string").
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// Building values in code, for output.
extension JSONValue {
    public static func number(_ v: Double) -> JSONValue { JSONValue(.number(v)) }
    public static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }
    public static func array(_ items: [JSONValue]) -> JSONValue { JSONValue(.array(items)) }
    public static func bool(_ b: Bool) -> JSONValue { JSONValue(.bool(b)) }
    public static let null = JSONValue(.null)
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        JSONValue(.object(pairs.map { Member(key: $0.key, value: $0.value) }))
    }
    public static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(pairs.map { Member(key: $0.0, value: $0.1) }))
    }
}
