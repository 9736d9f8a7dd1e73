/// A physical line of a paste with its decoration set apart: indentation (spaces, tabs, the no-break
/// spaces web pages put in code blocks), `//` or `/*` comment residue, a closing `*/`, a Markdown quote
/// marker `>`, and trailing space. The content is what a console printed.
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
