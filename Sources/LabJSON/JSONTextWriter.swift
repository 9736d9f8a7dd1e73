/// A JSON text written token by token straight into a string, in `JSONWriter`'s format (compact,
/// members in the order written, the lab's number format).
///
/// For the lab's large outputs: a run writes every scenario as JSON before its first unit, and
/// building a `JSONValue` tree for each (a heap box per value, an array per object) and then walking
/// it took most of that time (`layoutlab-bench --only sweep`, `begin_run_1_jobs`).
public struct JSONTextWriter {
    /// UTF-8, appended byte-wise: a `String` append costs a call and flag updates every time.
    private var bytes: [UInt8] = []
    /// Whether the next value or key is preceded by a comma: false just after an opening bracket or a
    /// key, true after any value.
    private var needsComma = false

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    private mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func quoted(_ s: String) {
        var s = s
        let plain = s.withUTF8 { utf8 -> Bool in
            for byte in utf8 where JSONWriter.needsEscape(byte) { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { append(JSONWriter.string(s)) }
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma = true
    }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// An object member's key; its value comes next.
    public mutating func key(_ key: String) {
        separate()
        quoted(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ s: String) {
        separate()
        quoted(s)
    }

    public mutating func number(_ v: Double) {
        separate()
        // Whole numbers and eighths (most of a scenario's frames and a sweep's sizes: points and half
        // points) digit by digit. Below 2^40 an eighth's exact decimal is also its shortest round-trip
        // form (a digit fewer is off by 0.005 or more, far beyond the spacing of doubles there), so the
        // text is JSONWriter's; negative zero prints 0 there too. Everything else goes through it.
        let eighths = v * 8
        if eighths == eighths.rounded(.towardZero) && abs(v) < 1_099_511_627_776 {
            var n = Int64(eighths)
            if n < 0 {
                bytes.append(UInt8(ascii: "-"))
                n = -n
            }
            appendDigits(n / 8)
            if n % 8 != 0 { append(Self.eighthFractions[Int(n % 8)]) }
        } else {
            append(JSONWriter.number(v))
        }
    }

    static let eighthFractions = ["", ".125", ".25", ".375", ".5", ".625", ".75", ".875"]

    /// A non-negative value's decimal digits, formed on the stack and appended at once.
    private mutating func appendDigits(_ value: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var n = value
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
            } while n > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    public mutating func bool(_ b: Bool) {
        separate()
        append(b ? "true" : "false")
    }

    /// A value built as a `JSONValue` (for the rarely present parts of a larger text), token by token.
    public mutating func value(_ v: JSONValue) {
        switch v.kind {
        case .null:
            separate()
            append("null")
        case .bool(let b): bool(b)
        case .number(let x): number(x)
        case .string(let s): string(s)
        case .array(let items):
            beginArray()
            for item in items { value(item) }
            endArray()
        case .object(let members):
            beginObject()
            for m in members { member(m.key, m.value) }
            endObject()
        }
    }

    public mutating func member(_ key: String, _ v: JSONValue) {
        self.key(key)
        value(v)
    }
}
