import LabJSON

/// A syntax error in an XML document, with its line and column.
public struct XMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation
    public var description: String { "\(location.line):\(location.column): \(message)" }
}

/// A small, strict XML 1.0 reader for the documents the lab imports: elements, attributes, character
/// data, CDATA, comments, processing instructions, a DOCTYPE without an internal subset, and the five
/// predefined and numeric character references. It keeps the line and column of every element and
/// reports the first error with its position, like the lab's JSON reader; it never crashes on bad
/// input (fuzzed: Fuzz/run.sh).
public enum XMLReader {
    public static func parse(_ text: String) throws(XMLSyntaxError) -> XMLElement {
        var p = Parser(bytes: Array(text.utf8))
        return try p.document()
    }
}

private struct Parser {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    var column = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    var here: SourceLocation { SourceLocation(line: line, column: column) }
    var atEnd: Bool { i >= bytes.count }
    func peek(_ k: Int = 0) -> UInt8? { i + k < bytes.count ? bytes[i + k] : nil }

    func error(_ message: String, at location: SourceLocation? = nil) -> XMLSyntaxError {
        XMLSyntaxError(message: message, location: location ?? here)
    }

    mutating func advance() {
        guard i < bytes.count else { return }
        if bytes[i] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if bytes[i] & 0xC0 != 0x80 {
            column += 1  // count characters, not UTF-8 continuation bytes
        }
        i += 1
    }

    func starts(with s: String) -> Bool {
        let u = Array(s.utf8)
        guard i + u.count <= bytes.count else { return false }
        for k in 0..<u.count where bytes[i + k] != u[k] { return false }
        return true
    }

    mutating func skip(_ s: String) { for _ in 0..<s.utf8.count { advance() } }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    static func isNameStart(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "_") || c == UInt8(ascii: ":") || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            || c >= 0x80
    }
    static func isNameChar(_ c: UInt8) -> Bool {
        isNameStart(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || (c >= 0x30 && c <= 0x39)
    }

    mutating func skipSpace() { while let c = peek(), Self.isSpace(c) { advance() } }

    mutating func document() throws(XMLSyntaxError) -> XMLElement {
        if starts(with: "\u{FEFF}") { skip("\u{FEFF}") }
        var root: XMLElement?
        while true {
            skipSpace()
            guard !atEnd else { break }
            if starts(with: "<?") {
                try processingInstruction()
                continue
            }
            if starts(with: "<!--") {
                try comment()
                continue
            }
            if starts(with: "<!DOCTYPE") {
                guard root == nil else { throw error("a DOCTYPE must come before the root element") }
                try doctype()
                continue
            }
            guard peek() == UInt8(ascii: "<") else { throw error("text outside the root element") }
            guard root == nil else { throw error("a second root element") }
            root = try element()
        }
        guard let root else { throw error("the document has no root element") }
        return root
    }

    mutating func processingInstruction() throws(XMLSyntaxError) {
        let start = here
        skip("<?")
        while !atEnd && !starts(with: "?>") { advance() }
        guard !atEnd else { throw error("unterminated processing instruction", at: start) }
        skip("?>")
    }

    mutating func comment() throws(XMLSyntaxError) {
        let start = here
        skip("<!--")
        while !atEnd && !starts(with: "-->") { advance() }
        guard !atEnd else { throw error("unterminated comment", at: start) }
        skip("-->")
    }

    mutating func doctype() throws(XMLSyntaxError) {
        let start = here
        skip("<!DOCTYPE")
        while let c = peek(), c != UInt8(ascii: ">") {
            if c == UInt8(ascii: "[") { throw error("DOCTYPE internal subsets are not supported") }
            advance()
        }
        guard !atEnd else { throw error("unterminated DOCTYPE", at: start) }
        advance()
    }

    mutating func name() throws(XMLSyntaxError) -> String {
        guard let c = peek(), Self.isNameStart(c) else { throw error("expected a name") }
        let start = i
        while let c = peek(), Self.isNameChar(c) { advance() }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func element() throws(XMLSyntaxError) -> XMLElement {
        // An explicit stack instead of recursion: deeply nested input must not overflow the stack.
        var stack: [XMLElement] = []
        while true {
            let start = here
            guard peek() == UInt8(ascii: "<") else { throw error("expected '<'") }
            advance()
            var e = XMLElement(name: try name(), location: start)
            var selfClosing = false
            while true {
                let hadSpace = peek().map(Self.isSpace) ?? false
                skipSpace()
                guard let c = peek() else { throw error("unterminated start tag <\(e.name)>", at: start) }
                if c == UInt8(ascii: ">") {
                    advance()
                    break
                }
                if c == UInt8(ascii: "/") {
                    advance()
                    guard peek() == UInt8(ascii: ">") else { throw error("expected '>' after '/'") }
                    advance()
                    selfClosing = true
                    break
                }
                guard hadSpace else { throw error("expected whitespace before an attribute") }
                let at = here
                let attr = try name()
                skipSpace()
                guard peek() == UInt8(ascii: "=") else { throw error("expected '=' after attribute \(attr)") }
                advance()
                skipSpace()
                let value = try quoted()
                if e[attr] != nil { throw error("duplicate attribute \(attr)", at: at) }
                e.attributes.append((attr, value))
            }
            if !selfClosing {
                stack.append(e)
            } else if stack.isEmpty {
                return e
            } else {
                stack[stack.count - 1].children.append(e)
            }
            // Content until the next child's start tag, or end tags closing elements.
            while let open = stack.last {
                let c = try content()
                stack[stack.count - 1].text += c
                if starts(with: "</") {
                    let at = here
                    skip("</")
                    let closing = try name()
                    skipSpace()
                    guard peek() == UInt8(ascii: ">") else { throw error("expected '>' to end </\(closing)") }
                    advance()
                    guard closing == open.name else {
                        throw error(
                            "</\(closing)> does not close <\(open.name)> (opened at "
                                + "\(open.location.line):\(open.location.column))",
                            at: at)
                    }
                    let done = stack.removeLast()
                    if stack.isEmpty { return done }
                    stack[stack.count - 1].children.append(done)
                    continue
                }
                break  // a child element starts here
            }
        }
    }

    /// Character data, CDATA, comments and processing instructions up to the next tag.
    mutating func content() throws(XMLSyntaxError) -> String {
        var text: [UInt8] = []
        while true {
            guard let c = peek() else { throw error("unexpected end of the document inside an element") }
            if c == UInt8(ascii: "<") {
                if starts(with: "<!--") {
                    try comment()
                    continue
                }
                if starts(with: "<?") {
                    try processingInstruction()
                    continue
                }
                if starts(with: "<![CDATA[") {
                    let start = here
                    skip("<![CDATA[")
                    while !atEnd && !starts(with: "]]>") {
                        text.append(bytes[i])
                        advance()
                    }
                    guard !atEnd else { throw error("unterminated CDATA section", at: start) }
                    skip("]]>")
                    continue
                }
                return String(decoding: text, as: UTF8.self)
            }
            if c == UInt8(ascii: "&") {
                text += Array(try reference().utf8)
                continue
            }
            text.append(c)
            advance()
        }
    }

    mutating func quoted() throws(XMLSyntaxError) -> String {
        guard let q = peek(), q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") else {
            throw error("expected a quoted attribute value")
        }
        let start = here
        advance()
        var value: [UInt8] = []
        while true {
            guard let c = peek() else { throw error("unterminated attribute value", at: start) }
            if c == q {
                advance()
                break
            }
            if c == UInt8(ascii: "<") { throw error("'<' in an attribute value") }
            if c == UInt8(ascii: "&") {
                value += Array(try reference().utf8)
                continue
            }
            value.append(c)
            advance()
        }
        return String(decoding: value, as: UTF8.self)
    }

    mutating func reference() throws(XMLSyntaxError) -> String {
        let start = here
        advance()  // &
        var body: [UInt8] = []
        while let c = peek(), c != UInt8(ascii: ";") {
            guard body.count < 12 else { throw error("unterminated character reference", at: start) }
            body.append(c)
            advance()
        }
        guard peek() == UInt8(ascii: ";") else { throw error("unterminated character reference", at: start) }
        advance()
        let name = String(decoding: body, as: UTF8.self)
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var code: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                code = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                code = UInt32(name.dropFirst(), radix: 10)
            }
            guard let code, code != 0, let scalar = Unicode.Scalar(code) else {
                throw error("unknown entity &\(name);", at: start)
            }
            return String(Character(scalar))
        }
    }
}
