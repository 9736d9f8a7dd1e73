/// What follows a description's body: a content-size constraint's priorities, `(active)` or
/// `(inactive)`, the names its `'|'` and named views stand for, and the closing `>` (`\>` where a
/// Markdown editor escaped it).
extension DescriptionParser {
    /// ` Hug:250 CompressionResistance:750`, `   (active, names: … )`, `(Names: … )`, ` >`, `>`.
    mutating func tail(_ c: inout LoggedConstraint) throws(Failure) {
        if peek(" Hug:") {
            // NSContentSizeLayoutConstraint: `<=` at the hugging priority and `>=` at the compression
            // resistance, required only if both are.
            i += 5
            c.contentHugging = number()
            try expect(" CompressionResistance:")
            c.contentCompressionResistance = number()
            c.priority = min(c.contentHugging ?? 1000, c.contentCompressionResistance ?? 1000)
        }
        let mark = i
        while eat(" ") {}
        if eat("(") {
            if peek("active") || peek("inactive") {
                c.isActive = peek("active")
                i += c.isActive! ? 6 : 8
                if eat(",") {
                    try expect(" names: ")
                    try names(&c)
                }
            } else if peek("Names: ") {
                i += 7
                try names(&c)
            } else {
                throw fail("(active), (inactive) or (Names: …)")
            }
            while eat(" ") {}
            try expect(")")
            while eat(" ") {}
        } else if !peek(">") && !peek("\\>") {
            i = mark
        }
        if peek("\\>") { i += 1 }  // a Markdown editor's escape before the closing `>` (`…]\>`)
        try expect(">")
    }

    /// `'|':UIView:0x…, BackButton:0x…` up to the closing parenthesis.
    mutating func names(_ c: inout LoggedConstraint) throws(Failure) {
        repeat {
            while eat(" ") {}
            if peek(")") { return }
            if eat("'|':") || eat("\u{2018}|\u{2019}:") {
                let (x, _) = try item(inEquation: false)
                c.superview = x
                c.names["|"] = x
            } else {
                guard let name = identifierRun(allowDots: true) else {
                    throw fail("a name ('|':View:0x… or Name:0x…)")
                }
                try expect(":")
                guard let a = hexAddress() else { throw fail("an address 0x…") }
                var x = LoggedItem(className: name, address: a)
                if isAtQuote { x.label = LogText.decodeEscapes(try label()) }
                c.names[name] = x
            }
        } while eat(",")
    }

    /// Items printed by class alone take their address from `names`; `'|'` becomes the superview.
    func resolveNames(_ c: inout LoggedConstraint) {
        func resolve(_ x: LoggedItem) -> LoggedItem {
            if x.className == "|" { return c.superview ?? x }
            if x.address == nil, x.name == nil, let named = c.names[x.className] {
                var y = named
                if y.label == nil { y.label = x.label }
                return y
            }
            if x.address == nil, x.name == nil, let sup = c.superview, sup.className == x.className, sup.address == nil
            {
                return sup
            }
            return x
        }
        c.first = resolve(c.first)
        c.second = c.second.map(resolve)
    }
}
