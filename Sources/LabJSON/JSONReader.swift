/// A JSON syntax error with the line and column of the offending character.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation

    public var description: String { "\(location): \(message)" }
}

/// Reads RFC 8259 JSON into `JSONValue`s that carry source locations. Written for the lab rather than
/// taken from Foundation because the lab's errors must say line and column for *semantic* problems
/// too (an unknown key, a mask above 63), which needs the location of every value.
public enum JSONReader {
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < reader.bytes.count {
            throw reader.error("unexpected text after the JSON value")
        }
        return value
    }
}

private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    var location: SourceLocation { SourceLocation(line: line, column: column) }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, location: location) }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func advance() {
        let b = bytes[index]
        index += 1
        if b == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {  // count scalars, not UTF-8 continuation bytes
            column += 1
        }
    }

    mutating func skipWhitespace() {
        while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { advance() }
    }

    mutating func expect(
        _ literal: String, _ kind: JSONValue.Kind, at start: SourceLocation
    ) throws(JSONSyntaxError) -> JSONValue {
        for expected in literal.utf8 {
            guard peek == expected else { throw error("invalid literal (expected '\(literal)')") }
            advance()
        }
        return JSONValue(kind, at: start)
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 512 else { throw error("nesting deeper than 512 levels") }
        let start = location
        guard let b = peek else { throw error("unexpected end of input, expected a value") }
        switch b {
        case UInt8(ascii: "{"): return try object(depth: depth, start: start)
        case UInt8(ascii: "["): return try array(depth: depth, start: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try string()), at: start)
        case UInt8(ascii: "t"): return try expect("true", .bool(true), at: start)
        case UInt8(ascii: "f"): return try expect("false", .bool(false), at: start)
        case UInt8(ascii: "n"): return try expect("null", .null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try number()), at: start)
        default: throw error("unexpected character '\(Character(Unicode.Scalar(b)))', expected a value")
        }
    }

    mutating func object(depth: Int, start: SourceLocation) throws(JSONSyntaxError) -> JSONValue {
        advance()  // {
        var members: [JSONValue.Member] = []
        var seen: Set<String> = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            advance()
            return JSONValue(.object(members), at: start)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            guard peek == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let key = try string()
            guard seen.insert(key).inserted else {
                throw JSONSyntaxError(message: "duplicate key \"\(key)\"", location: keyLocation)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\"") }
            advance()
            skipWhitespace()
            let v = try value(depth: depth + 1)
            members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: v))
            skipWhitespace()
            if peek == UInt8(ascii: ",") {
                advance()
            } else if peek == UInt8(ascii: "}") {
                advance()
                return JSONValue(.object(members), at: start)
            } else {
                throw error("expected ',' or '}' in object")
            }
        }
    }

    mutating func array(depth: Int, start: SourceLocation) throws(JSONSyntaxError) -> JSONValue {
        advance()  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            advance()
            return JSONValue(.array(items), at: start)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek == UInt8(ascii: ",") {
                advance()
            } else if peek == UInt8(ascii: "]") {
                advance()
                return JSONValue(.array(items), at: start)
            } else {
                throw error("expected ',' or ']' in array")
            }
        }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        advance()  // opening quote
        var out: [UInt8] = []
        while true {
            guard let b = peek else { throw error("unterminated string") }
            switch b {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                guard let e = peek else { throw error("unterminated escape") }
                advance()
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {  // surrogate pair
                        guard peek == UInt8(ascii: "\\") else { throw error("unpaired surrogate in \\u escape") }
                        advance()
                        guard peek == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
                        advance()
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(s)).utf8))
                default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            case 0..<0x20:
                throw error("control character in string (escape it)")
            default:
                out.append(b)
                advance()
            }
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = peek, let d = hexDigit(b) else { throw error("expected four hex digits in \\u escape") }
            v = v * 16 + d
            advance()
        }
        return v
    }

    func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if peek == UInt8(ascii: "-") { advance() }
        guard isDigit(peek) else { throw error("expected a digit") }
        if peek == UInt8(ascii: "0") {
            advance()
            if isDigit(peek) { throw error("leading zeros are not allowed in JSON numbers") }
        } else {
            while isDigit(peek) { advance() }
        }
        if peek == UInt8(ascii: ".") {
            advance()
            guard isDigit(peek) else { throw error("expected a digit after the decimal point") }
            while isDigit(peek) { advance() }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            guard isDigit(peek) else { throw error("expected a digit in the exponent") }
            while isDigit(peek) { advance() }
        }
        let lexeme = String(decoding: bytes[start..<index], as: UTF8.self)
        // Double(String) rounds correctly; out-of-range literals become ±infinity and are left to the
        // caller, which knows whether a non-finite number is acceptable and can name the field.
        guard let v = Double(lexeme) else { throw error("invalid number '\(lexeme)'") }
        return v
    }
}
