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
        var out = "\""
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
        return out + "\""
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
        case .string(let s): out += string(s)
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
                out += string(m.key)
                out += ":"
                write(m.value, into: &out)
            }
            out += "}"
        }
    }
}
