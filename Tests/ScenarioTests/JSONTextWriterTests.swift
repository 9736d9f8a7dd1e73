import LabJSON
import Testing

/// `JSONTextWriter`, which writes a run's scenarios token by token, against `JSONWriter` writing the
/// same values as `JSONValue` trees: the same text for every value, escapes and the number format
/// (integral values, eighths, negative zero, non-finite values, 2^40, 2^53 and beyond) included.
@Suite("JSON written token by token")
struct JSONTextWriterTests {
    /// SplitMix64: a seeded generator, so a failure names a reproducible value.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let strings = [
        "", "v0", "flexibleWidth", "a\"b", "back\\slash", "line\nbreak", "tab\t", "\u{1}", "\u{1F}", "\r", "é",
        "日本", "emoji 🙂", "/", "\u{7F}",
    ]

    static let edges: [Double] = [
        0, -0.0, .nan, .infinity, -.infinity, 9_007_199_254_740_992, -18_014_398_509_481_984, 1e15,
        1_099_511_627_776, 1_099_511_627_775.875, -1_099_511_627_775.5, 1_099_511_627_776.5, 0.125, -0.875,
    ]

    static func number(_ r: inout SplitMix) -> Double {
        switch r.below(8) {
        case 0: return edges[r.below(edges.count)]
        case 1: return Double(Int64(bitPattern: r.next()) >> Int64(r.below(64)))  // integral, every magnitude
        case 2: return Double(r.below(2000) - 1000) / 2  // a frame's halves
        case 3: return Double(bitPattern: r.next())  // any double, NaN payloads included
        case 4: return Double(Int64(bitPattern: r.next()) >> Int64(r.below(64))) / 8  // eighths, every magnitude
        case 5: return Double(Int64(r.below(1 << 20)) - (1 << 19)) / Double(1 << r.below(6))  // 1/32s and the like
        default: return Double(r.below(1000))
        }
    }

    static func value(_ r: inout SplitMix, depth: Int) -> JSONValue {
        switch depth > 3 ? r.below(4) : r.below(6) {
        case 0: return .null
        case 1: return .bool(r.below(2) == 0)
        case 2: return .number(number(&r))
        case 3: return .string(strings[r.below(strings.count)])
        case 4: return .array((0..<r.below(5)).map { _ in value(&r, depth: depth + 1) })
        default:
            return .object(
                (0..<r.below(5)).map { k in (strings[r.below(strings.count)] + "\(k)", value(&r, depth: depth + 1)) })
        }
    }

    @Test func writesWhatJSONWriterWrites() {
        var r = SplitMix(state: 23)
        var checked = 0
        for _ in 0..<3000 {
            let v = Self.value(&r, depth: 0)
            var w = JSONTextWriter()
            w.value(v)
            let expected = JSONWriter.write(v)
            #expect(w.text == expected)
            if w.text != expected { break }
            checked += 1
        }
        #expect(checked == 3000)
    }

    @Test func escapesWhatJSONRequires() {
        var w = JSONTextWriter()
        w.beginObject()
        w.key("a\"b")
        w.string("line\nbreak\u{1}\\")
        w.key("n")
        w.number(-0.0)
        w.endObject()
        #expect(w.text == #"{"a\"b":"line\nbreak\u0001\\","n":0}"#)
    }
}
