/// The parts of `NSScanner` GNUstep's Visual Format parser uses: white space is skipped before every
/// scan, and a scan that fails leaves the location where it was.
struct FormatScanner {
    let text: String
    private let chars: [Character]
    private var location = 0

    init(_ text: String) {
        self.text = text
        chars = Array(text)
    }

    private func skipped(_ from: Int) -> Int {
        var k = from
        while k < chars.count, chars[k].isWhitespace || chars[k].isNewline { k += 1 }
        return k
    }

    var isAtEnd: Bool { skipped(location) >= chars.count }

    /// `-scanString:intoString:`.
    mutating func scan(_ s: String) -> Bool {
        let start = skipped(location)
        let want = Array(s)
        guard start + want.count <= chars.count, Array(chars[start..<start + want.count]) == want else { return false }
        location = start + want.count
        return true
    }

    /// `-scanCharactersFromSet:intoString:`: one or more characters of the set.
    mutating func scanCharacters(_ set: Set<Character>) -> String? {
        let start = skipped(location)
        var k = start
        while k < chars.count, set.contains(chars[k]) { k += 1 }
        guard k > start else { return nil }
        location = k
        return String(chars[start..<k])
    }

    /// `-scanUpToCharactersFromSet:intoString:`: one or more characters not in the set.
    mutating func scanUpTo(_ set: Set<Character>) -> String? {
        let start = skipped(location)
        var k = start
        while k < chars.count, !set.contains(chars[k]) { k += 1 }
        guard k > start else { return nil }
        location = k
        return String(chars[start..<k])
    }

    /// `-scanDouble:`: an optional sign, digits with an optional fraction, an optional exponent.
    mutating func scanDouble() -> Double? {
        let start = skipped(location)
        var k = start
        if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
        var digits = 0
        while k < chars.count, chars[k].isASCII, chars[k].isNumber {
            k += 1
            digits += 1
        }
        if k < chars.count, chars[k] == "." {
            k += 1
            while k < chars.count, chars[k].isASCII, chars[k].isNumber {
                k += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if k < chars.count, chars[k] == "e" || chars[k] == "E" {
            var e = k + 1
            if e < chars.count, chars[e] == "+" || chars[e] == "-" { e += 1 }
            let first = e
            while e < chars.count, chars[e].isASCII, chars[e].isNumber { e += 1 }
            if e > first { k = e }
        }
        guard let value = Double(String(chars[start..<k])) else { return nil }
        location = k
        return value
    }

    /// `-scanFloat:`.
    mutating func scanFloat() -> Float? { scanDouble().map { Float($0) } }
}
