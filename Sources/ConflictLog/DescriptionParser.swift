/// Reads one constraint description, `<NSLayoutConstraint:0x… 'id' a.leading == b.trailing + 8   (active)>`,
/// in every form the corpus shows (the grammar is the corpus's, `docs/conflict-logs.md`).
/// A failure names the column and what was expected there.
struct DescriptionParser {
    struct Failure: Error {
        var column: Int
        var expected: String
        /// The parser looked past the text's end before it failed: the text may be cut (a paste
        /// that stops there, a line a web page wrapped) rather than wrong.
        var reachedEnd: Bool
    }

    /// Set when a look-ahead runs past the text's end.
    final class EndOfText {
        var reached = false
    }

    let s: [Unicode.Scalar]
    var i = 0
    let end = EndOfText()

    init(_ text: String) { s = Array(text.unicodeScalars) }

    /// The description starting at `i` (at its `<`); on success `i` is just past its closing `>`.
    mutating func parse(line: Int, columnOffset: Int) throws(Failure) -> LoggedConstraint {
        let start = i
        try expect("<")
        let angled = eat("<")  // old SnapKit: <<Module.LayoutConstraint:0x…> <UIView:0x…>.top == …>
        // `< NSLayoutConstraint:…>`: a space typed after the bracket so a web page shows the description.
        if !angled, peek(" "), i + 1 < s.count, s[i + 1].properties.isAlphabetic { i += 1 }
        let cls = try className()
        try expect(":")
        _ = eat(" ")  // OS X 10.7: "NSLayoutConstraint: 0x…"
        var address: String?
        var tag: String?
        if let a = hexAddress() { address = a } else { tag = try masonryKey() }
        if angled { try expect(">") }
        if eat("@") {  // SnapKit: @File.swift#81
            let from = i
            while i < s.count, s[i] != " " { i += 1 }
            tag = String(String.UnicodeScalarView(s[from..<i]))
        }
        try expect(" ")
        var mask: String?
        if peek("h=") {
            let from = i
            i += 2
            for _ in 0..<3 { guard eat("-") || eat("&") else { throw fail("a mask character - or &") } }
            try expect(" v=")
            for _ in 0..<3 { guard eat("-") || eat("&") else { throw fail("a mask character - or &") } }
            mask = String(String.UnicodeScalarView(s[from..<i]))
            try expect(" ")
        }
        let identifier = try identifierIfAny()
        var c = try body(className: cls)
        c.className = cls
        c.address = address
        c.libraryTag = tag
        c.mask = mask
        c.identifier = identifier
        try tail(&c)
        c.text = String(String.UnicodeScalarView(s[start..<i]))
        c.line = line
        c.column = start + columnOffset + 1
        resolveNames(&c)
        return c
    }

    // MARK: Pieces

    mutating func className() throws(Failure) -> String {
        guard let id = identifierRun(allowDots: true) else { throw fail("a class name") }
        return id
    }

    /// `ident(.ident)*` (ObjC, module-qualified Swift, mangled `_Tt…` names).
    mutating func identifierRun(allowDots: Bool) -> String? {
        let from = i
        func isStart(_ c: Unicode.Scalar) -> Bool { c == "_" || c == "$" || c.properties.isAlphabetic }
        func isPart(_ c: Unicode.Scalar) -> Bool { isStart(c) || ("0"..."9").contains(c) }
        guard i < s.count, isStart(s[i]) else { return nil }
        while i < s.count {
            if isPart(s[i]) {
                i += 1
            } else if allowDots, s[i] == ".", i + 1 < s.count, isStart(s[i + 1]) {
                i += 1
            } else if allowDots, s[i] == ".", i + 1 == s.count {
                end.reached = true  // `Module.` at the end: the name may go on
                break
            } else {
                break
            }
        }
        return String(String.UnicodeScalarView(s[from..<i]))
    }

    mutating func hexAddress() -> String? {
        guard peek("0x") else { return nil }
        let from = i
        i += 2
        while i < s.count, s[i].properties.isASCIIHexDigit { i += 1 }
        return i - from > 2 ? String(String.UnicodeScalarView(s[from..<i])) : nil
    }

    /// Masonry's `mas_key` in place of an address: `ConflictingConstraint[0]`.
    mutating func masonryKey() throws(Failure) -> String {
        guard var key = identifierRun(allowDots: false) else { throw fail("an address 0x… or a key") }
        if eat("[") {
            let from = i
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
            key += "[" + String(String.UnicodeScalarView(s[from..<i])) + "]"
            try expect("]")
        }
        return key
    }

    /// `'…' ` before the body: the identifier ends at the first `' ` after which a body parses.
    mutating func identifierIfAny() throws(Failure) -> String? {
        guard let close = openingQuote() else { return nil }
        let from = i
        var j = i
        while j < s.count {
            if close.contains(s[j]), j + 1 < s.count, s[j + 1] == " " {
                var probe = self
                probe.i = j + 2
                let reached = end.reached
                defer { end.reached = reached }
                if (try? probe.body(className: "")) != nil {
                    let id = String(String.UnicodeScalarView(s[from..<j]))
                    i = j + 2
                    return id
                }
            }
            j += 1
        }
        end.reached = true
        throw fail("the identifier's closing quote")
    }

    /// An item: `Class:0x…'label'`, `Class:key`, `<Class:0x…>`, or a class alone.
    mutating func item(inEquation: Bool) throws(Failure) -> (LoggedItem, trailingAttribute: String?) {
        let angled = eat("<")
        let from = i
        guard let run = identifierRun(allowDots: true) else { throw fail("a view (Class:0x…)") }
        var item: LoggedItem
        var attribute: String?
        if eat(":") {
            if let a = hexAddress() {
                item = LoggedItem(className: run, address: a)
            } else if let name = identifierRun(allowDots: false) {
                item = LoggedItem(className: run, name: name)
            } else {
                throw fail("an address 0x… or a name")
            }
        } else if inEquation, !angled, let dot = run.lastIndex(of: ".") {
            // `SystemInputAssistantView.height`: no address; the last component is the attribute.
            item = LoggedItem(className: String(run[..<dot]))
            attribute = String(run[run.index(after: dot)...])
        } else {
            item = LoggedItem(className: run)
        }
        _ = from
        if isAtQuote { item.label = LogText.decodeEscapes(try label()) }
        if angled { try expect(">") }
        return (item, attribute)
    }

    /// `'…'`: ends at the first `'` followed by `.`, `]`, `(`, `)`, `,`, ` )`, ` (` or the end.
    mutating func label() throws(Failure) -> String {
        guard let close = openingQuote() else { throw fail("'") }
        let from = i
        while i < s.count {
            if close.contains(s[i]) {
                let next = i + 1 < s.count ? s[i + 1] : ">"
                let after = i + 2 < s.count ? s[i + 2] : ">"
                if [".", "]", "(", ")", ",", ">"].contains(next) || (next == " " && ["(", ")", ">"].contains(after)) {
                    let text = String(String.UnicodeScalarView(s[from..<i]))
                    i += 1
                    return text
                }
            }
            i += 1
        }
        throw fail("the label's closing quote")
    }

    /// A label or an identifier opens with `'`, or with `‘` where a web page set the quotes
    /// typographically (then `’` closes it too).
    var isAtQuote: Bool { peek("'") || peek("\u{2018}") }

    /// Eats an opening quote; the quotes that close it.
    mutating func openingQuote() -> Set<Unicode.Scalar>? {
        if eat("'") { return ["'"] }
        if eat("\u{2018}") { return ["\u{2019}", "'"] }
        return nil
    }

    mutating func attribute() throws(Failure) -> String {
        guard var a = identifierRun(allowDots: false) else { throw fail("an attribute (leading, width, …)") }
        if peek("{id: ") {  // contentHeight{id: 28}
            let from = i
            while i < s.count, s[i] != "}" { i += 1 }
            try expect("}")
            a += String(String.UnicodeScalarView(s[from..<i]))
        }
        return a
    }

    mutating func relation() throws(Failure) -> String {
        for r in ["==", ">=", "<="] where peek(r) {
            i += 2
            return r
        }
        throw fail("a relation ==, >= or <=")
    }

    /// `12`, `-32.000000`, `1e-05`.
    mutating func number() -> Double? {
        let from = i
        if i < s.count, s[i] == "-" || s[i] == "+" { i += 1 }
        let digits = i
        while i < s.count, ("0"..."9").contains(s[i]) || s[i] == "." { i += 1 }
        guard i > digits else {
            i = from
            return nil
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            let e = i
            i += 1
            if i < s.count, s[i] == "-" || s[i] == "+" { i += 1 }
            let ed = i
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
            if i == ed { i = e }
        }
        return Double(String(String.UnicodeScalarView(s[from..<i])))
    }

    // MARK: The body

    mutating func body(className: String) throws(Failure) -> LoggedConstraint {
        if peek("H:") || peek("V:") { return try visualFormat() }
        return try equation()
    }

    /// An item and its attribute: `A.attr`, or a class with no address whose run of letters ends in
    /// the attribute (`SystemInputAssistantView.height`).
    mutating func itemAndAttribute() throws(Failure) -> (LoggedItem, String) {
        let (item, inline) = try item(inEquation: true)
        if let inline { return (item, inline) }
        try expect(".")
        return (item, try attribute())
    }

    /// `A.attr REL [m*]B.attr ± c`, `A.attr REL [±] c`, then ` @p` and a system-spacing suffix.
    mutating func equation() throws(Failure) -> LoggedConstraint {
        let (first, firstAttribute) = try itemAndAttribute()
        try expect(" ")
        let rel = try relation()
        var c = LoggedConstraint(
            className: "", address: nil, first: first, firstAttribute: firstAttribute, relation: rel)
        // iOS 6 printed an autoresizing centre of 0 with nothing after the relation: `X.midX ==>`.
        var end = i
        while end < s.count, s[end] == " " { end += 1 }
        if end < s.count, s[end] == ">" { return c }
        try expect(" ")
        if let k = signedConstant() {
            c.constant = k
        } else {
            var multiplier = 1.0
            let mark = i
            if let m = number(), eat("*") { multiplier = m } else { i = mark }
            let (second, attr2) = try itemAndAttribute()
            c.second = second
            c.secondAttribute = attr2
            c.multiplier = multiplier
            let mark2 = i
            if eat(" "), i < s.count, s[i] == "+" || s[i] == "-" {
                let negative = s[i] == "-"
                i += 1
                _ = eat(" ")
                guard let k = number() else { throw fail("a constant") }
                c.constant = negative ? -k : k
            } else {
                i = mark2
            }
        }
        let mark3 = i
        if eat(" "), eat("@"), let p = number() { c.priority = p } else { i = mark3 }
        let mark4 = i
        if eat(" "), peek("NSLayoutAnchorConstraintSpace(") || peek("NSSpace(") {
            while s[i] != "(" { i += 1 }
            i += 1
            guard let k = number() else { throw fail("a spacing") }
            try expect(")")
            c.constant += k
            c.isSystemSpacing = true
        } else {
            i = mark4
        }
        return c
    }

    /// `- 16`, `+ 14.5`, `0`, `-32.000000`: a bare constant (with or without a sign and space).
    mutating func signedConstant() -> Double? {
        let mark = i
        var negative = false
        if i < s.count, s[i] == "+" || s[i] == "-" {
            negative = s[i] == "-"
            i += 1
            _ = eat(" ")
        }
        guard i < s.count, ("0"..."9").contains(s[i]) else {
            i = mark
            return nil
        }
        let from = i
        guard let k = number() else {
            i = mark
            return nil
        }
        // `0.5*UIView:0x….width` is a multiplier, not a constant.
        if i < s.count, s[i] == "*" {
            i = from
            i = mark
            return nil
        }
        return negative ? -k : k
    }

    // MARK: Scanning

    func peek(_ text: String) -> Bool {
        var j = i
        for u in text.unicodeScalars {
            guard j < s.count else {
                end.reached = true
                return false
            }
            guard s[j] == u else { return false }
            j += 1
        }
        return true
    }

    mutating func eat(_ text: String) -> Bool {
        guard peek(text) else { return false }
        i += text.unicodeScalars.count
        return true
    }

    mutating func expect(_ text: String) throws(Failure) {
        guard eat(text) else { throw fail("'\(text)'") }
    }

    func fail(_ expected: String) -> Failure {
        Failure(column: i + 1, expected: expected, reachedEnd: end.reached || i >= s.count)
    }
}
