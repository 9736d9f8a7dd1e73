/// Writes `JSONValue`s compactly, in member order, with the lab's number format.
public enum JSONWriter {
    /// The lab's number format: the shortest form that reads back to the same Double (Swift's own
    /// `description`), without a trailing ".0" for integral values (`35`, not `35.0`, as the issue's
    /// examples show); non-finite values as the strings "nan", "inf", "-inf", since JSON has no
    /// literal for them.
    public static func number(_ v: Double) -> String {
        if v.isNaN { return "\"nan\"" }
        if v.isInfinite { return v < 0 ? "\"-inf\"" : "\"inf\"" }
        return plainNumber(v)
    }

    /// The same format for finite values, for tables and messages: non-finite values print bare.
    public static func plainNumber(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        // Integral and exact below 2^53. Negative zero prints as 0: no reader of the lab's output cares
        // about its sign, and "-0" beside a solver's "0" only looks like a difference.
        if v == v.rounded(.towardZero) && abs(v) < 9_007_199_254_740_992 { return String(Int64(v)) }
        return v.description
    }

    public static func string(_ s: String) -> String {
        var out = ""
        string(s, into: &out)
        return out
    }

    /// Appends `s` quoted, escaped as JSON requires. The strings the lab writes (keys, view ids, mask
    /// names) almost never need an escape, so they go in with one append: scalar by scalar, writing a
    /// run's scenarios cost more than the run's compute on one core (`layoutlab-bench --only sweep`,
    /// `begin_run_1_jobs`).
    public static func string(_ s: String, into out: inout String) {
        out += "\""
        if s.utf8.contains(where: needsEscape) {
            escaped(s, into: &out)
        } else {
            out += s
        }
        out += "\""
    }

    /// Whether a UTF-8 byte must be escaped in a JSON string: a control character, a quote, a backslash.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func escaped(_ s: String, into out: inout String) {
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    public static func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    public static func write(_ value: JSONValue, into out: inout String) {
        switch value.kind {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += number(v)
        case .string(let s): string(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                string(m.key, into: &out)
                out += ":"
                write(m.value, into: &out)
            }
            out += "}"
        }
    }
}
