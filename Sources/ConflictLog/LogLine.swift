/// A physical line of a paste with its decoration set apart: indentation (spaces, tabs, the no-break
/// spaces web pages put in code blocks), `//` or `/*` comment residue, a closing `*/`, a Markdown quote
/// marker `>`, the time since the previous line `flutter run --verbose` puts before each line of the
/// device's log (`[        ] `, `[  +30 ms] `), and trailing space. The content is what a console printed.
struct LogLine {
    let raw: String
    /// The line's Unicode scalars (`raw`'s), which columns count.
    let scalars: [Unicode.Scalar]
    /// Scalar offset of the content in `raw`.
    let start: Int
    /// Scalar offset just past the content in `raw`.
    let end: Int
    let content: String

    init(_ raw: String) {
        self.raw = raw
        let scalars = Array(raw.unicodeScalars)
        self.scalars = scalars
        var i = 0
        func skipSpace() { while i < scalars.count, Self.isSpace(scalars[i]) { i += 1 } }
        skipSpace()
        if let past = Self.pastTimeDelta(scalars, i) {
            i = past
            skipSpace()
        }
        if i + 1 < scalars.count, scalars[i] == "/", scalars[i + 1] == "/" || scalars[i + 1] == "*" {
            i += 2
            skipSpace()
        } else if i < scalars.count, scalars[i] == ">", i + 1 == scalars.count || Self.isSpace(scalars[i + 1]) {
            // A Markdown quote: `> (`; a description's own `>` is never first on a line.
            i += 1
            skipSpace()
        }
        var end = scalars.count
        func trimEnd() { while end > i, Self.isSpace(scalars[end - 1]) { end -= 1 } }
        trimEnd()
        if end - i >= 2, scalars[end - 2] == "*", scalars[end - 1] == "/" {
            end -= 2
            trimEnd()
        }
        start = i
        self.end = end
        content = String(String.UnicodeScalarView(scalars[i..<end]))
    }

    var isBlank: Bool { content.isEmpty }

    /// Just past `[`, spaces, an optional `+12 ms` or `+1,234 ms`, spaces, `]` and a space at `i`: the
    /// column Flutter's tool prints before a device log's line. Nil for any other bracket
    /// (`[LayoutConstraints] ` is the log's own).
    static func pastTimeDelta(_ s: [Unicode.Scalar], _ start: Int) -> Int? {
        var i = start
        guard i < s.count, s[i] == "[" else { return nil }
        i += 1
        while i < s.count, s[i] == " " { i += 1 }
        if i < s.count, s[i] == "+" {
            i += 1
            let digits = i
            while i < s.count, ("0"..."9").contains(s[i]) || s[i] == "," { i += 1 }
            guard i > digits, i + 3 <= s.count, s[i] == " ", s[i + 1] == "m", s[i + 2] == "s" else { return nil }
            i += 3
            while i < s.count, s[i] == " " { i += 1 }
        }
        guard i + 1 < s.count, s[i] == "]", s[i + 1] == " ", i > start + 1 else { return nil }
        return i + 2
    }

    /// Space as pastes carry it: a space, a tab, a no-break space.
    static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\u{A0}" }

    /// Whether the content at `at` (after spaces) begins with `phrase`.
    func has(_ phrase: String, at: Int) -> Bool {
        var j = at
        for u in phrase.unicodeScalars {
            guard j < end, scalars[j] == u else { return false }
            j += 1
        }
        return true
    }

    /// The first offset at or after `at` that is not a space.
    func skippingSpaces(_ at: Int) -> Int {
        var j = at
        while j < end, Self.isSpace(scalars[j]) { j += 1 }
        return j
    }
}
